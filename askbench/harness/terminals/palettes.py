"""Real terminal themes, as their authors publish them: the colours ``legible`` holds text to.

A renderer cannot know its user's theme. The sixteen named colours and the
default foreground and background are the theme's, so a colour that reads on
one theme can vanish on another (yellow on a light one, dark blue on a dark
one), and a fixed colour can be a popular theme's own background. Text must
read on each of these, the dark and the light xterm palette standing for the
terminals nobody themed.

Each palette lists ANSI colours 0–15 in order (black, red, green, yellow,
blue, magenta, cyan, white, then their bright forms), six hex digits each.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PALETTES", "Palette"]


@dataclass(frozen=True)
class Palette:
    """A theme's default foreground and background and its sixteen ANSI colours."""

    name: str
    fg: str
    bg: str
    ansi: tuple[str, ...]

    def __post_init__(self) -> None:
        if len(self.ansi) != 16:
            raise ValueError(f"{self.name}: 16 ANSI colours, not {len(self.ansi)}")


# source: https://github.com/ThomasDickey/xterm-snapshots/blob/master/XTerm-col.ad (xterm's color0–color15)
_XTERM = (
    "000000", "cd0000", "00cd00", "cdcd00", "0000ee", "cd00cd", "00cdcd", "e5e5e5",
    "7f7f7f", "ff0000", "00ff00", "ffff00", "5c5cff", "ff00ff", "00ffff", "ffffff",
)  # fmt: skip

# source: https://ethanschoonover.com/solarized/ (the values, and the ANSI assignments of its terminal ports)
_SOLARIZED = (
    "073642", "dc322f", "859900", "b58900", "268bd2", "d33682", "2aa198", "eee8d5",
    "002b36", "cb4b16", "586e75", "657b83", "839496", "6c71c4", "93a1a1", "fdf6e3",
)  # fmt: skip

# source: https://draculatheme.com/spec (ANSI colours, background #282a36, foreground #f8f8f2)
_DRACULA = (
    "21222c", "ff5555", "50fa7b", "f1fa8c", "bd93f9", "ff79c6", "8be9fd", "f8f8f2",
    "6272a4", "ff6e6e", "69ff94", "ffffa5", "d6acff", "ff92df", "a4ffff", "ffffff",
)  # fmt: skip

# source: https://github.com/microsoft/vscode/blob/main/src/vs/workbench/contrib/terminal/common/terminalColorRegistry.ts
# (ansiColorMap, dark defaults; terminal.foreground #cccccc; Dark+'s editor background #1e1e1e)
_VSCODE_DARK = (
    "000000", "cd3131", "0dbc79", "e5e510", "2472c8", "bc3fbc", "11a8cd", "e5e5e5",
    "666666", "f14c4c", "23d18b", "f5f543", "3b8eea", "d670d6", "29b8db", "e5e5e5",
)  # fmt: skip

# source: the same terminalColorRegistry.ts (light defaults; terminal.foreground #333333; background #ffffff)
_VSCODE_LIGHT = (
    "000000", "cd3131", "00bc00", "949800", "0451a5", "bc05bc", "0598bc", "555555",
    "666666", "cd3131", "14ce14", "b5ba00", "0451a5", "bc05bc", "0598bc", "a5a5a5",
)  # fmt: skip

# source: https://github.com/joshdick/onedark.vim/blob/main/autoload/onedark.vim (its colours, as One Dark
# terminal themes assign them: background and black #282c34, foreground and white #abb2bf)
_ONE_DARK = (
    "282c34", "e06c75", "98c379", "e5c07b", "61afef", "c678dd", "56b6c2", "abb2bf",
    "5c6370", "be5046", "98c379", "d19a66", "61afef", "c678dd", "56b6c2", "ffffff",
)  # fmt: skip

# source: https://github.com/primer/github-vscode-theme (GitHub Light Default: terminal.ansi*, terminal.foreground
# #24292f, background #ffffff)
_GITHUB_LIGHT = (
    "24292f", "cf222e", "116329", "4d2d00", "0969da", "8250df", "1b7c83", "6e7781",
    "57606a", "a40e26", "1a7f37", "633c01", "218bff", "a475f9", "3192aa", "8c959f",
)  # fmt: skip

PALETTES: tuple[Palette, ...] = (
    Palette("default dark (xterm on black)", "e5e5e5", "000000", _XTERM),
    Palette("default light (xterm on white)", "000000", "ffffff", _XTERM),
    Palette("Solarized Dark", "839496", "002b36", _SOLARIZED),
    Palette("Solarized Light", "657b83", "fdf6e3", _SOLARIZED),
    Palette("Dracula", "f8f8f2", "282a36", _DRACULA),
    Palette("VS Code Dark+", "cccccc", "1e1e1e", _VSCODE_DARK),
    Palette("VS Code Light+", "333333", "ffffff", _VSCODE_LIGHT),
    Palette("One Dark", "abb2bf", "282c34", _ONE_DARK),
    Palette("GitHub Light", "24292f", "ffffff", _GITHUB_LIGHT),
)
