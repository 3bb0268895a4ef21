"""Whether a colour stands out from its background on every theme: WCAG 2's contrast ratio over real palettes.

A character is legible when its foreground and its background differ in
luminance enough to tell them apart; WCAG 2 measures that as the ratio of
their relative luminances (each plus 0.05), from 1:1 (the same) to 21:1
(black on white). ``FLOOR`` is WCAG's least for large text and for parts of
an interface: a renderer may pick softer colours than body text needs, not
colours a reader must squint at.

The colours a style names are resolved on each palette
(``askbench.harness.terminals.palettes``): ``default`` and the sixteen named
colours are the palette's, a 256-colour index is the palette's sixteen below
16 and the standard xterm cube and greys from 16 on, six hex digits are
themselves. Reverse video swaps foreground and background; dim text is
modelled as its foreground blended halfway toward its background, as
xterm.js and VTE draw it (a terminal that dims less only reads better).
"""

from __future__ import annotations

from dataclasses import dataclass

from .palettes import PALETTES, Palette

__all__ = [
    "FLOOR",
    "Shortfall",
    "contrast_ratio",
    "palettes_alike",
    "relative_luminance",
    "shortfall",
]

FLOOR = 3.0

ANSI_NAMES = (
    "black",
    "red",
    "green",
    "brown",
    "blue",
    "magenta",
    "cyan",
    "white",
    *(
        f"bright{name}"
        for name in ("black", "red", "green", "brown", "blue", "magenta", "cyan", "white")
    ),
)
"""pyte's names of ANSI colours 0–15, in order: how a style names a colour the theme chooses."""
_ANSI_INDEX = {name: index for index, name in enumerate(ANSI_NAMES)}


def _channel(value: int) -> float:
    """One sRGB channel, 0–255, linearised as WCAG 2 defines it."""
    srgb = value / 255
    return srgb / 12.92 if srgb <= 0.04045 else ((srgb + 0.055) / 1.055) ** 2.4


def _components(colour: str) -> tuple[int, int, int]:
    return int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16)


def relative_luminance(colour: str) -> float:
    """WCAG 2's relative luminance of six hex digits: 0 for black, 1 for white."""
    red, green, blue = (_channel(value) for value in _components(colour))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(first: str, second: str) -> float:
    """WCAG 2's contrast ratio of two colours (six hex digits each), 1 to 21, whichever is lighter."""
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _dark(colour: str) -> bool:
    return contrast_ratio(colour, "000000") < contrast_ratio(colour, "ffffff")


def palettes_alike(background: str) -> tuple[Palette, ...]:
    """The palettes whose background is dark as ``background`` is dark, or light as it is light.

    A program that asked its terminal for the background chose its colours
    for the answer; it is held to the themes that would give the same one.
    """
    return tuple(palette for palette in PALETTES if _dark(palette.bg) == _dark(background))


def _halfway(colour: str, toward: str) -> str:
    return "".join(
        f"{(a + b) // 2:02x}" for a, b in zip(_components(colour), _components(toward), strict=True)
    )


def _resolved(colour: str, default: str, palette: Palette) -> str | None:
    """Six hex digits for a style's colour on ``palette``; ``None`` for a name nothing defines."""
    if colour == "default":
        return default
    index = _ANSI_INDEX.get(colour)
    if index is not None:
        return palette.ansi[index]
    if len(colour) == 6 and all(char in "0123456789abcdefABCDEF" for char in colour):
        return colour.lower()
    return None


@dataclass(frozen=True)
class Shortfall:
    """A style's colours read below ``FLOOR`` on one palette: the colours as written, as shown there, and the ratio."""

    fg: str
    bg: str
    palette: str
    shown_fg: str
    shown_bg: str
    ratio: float

    def __str__(self) -> str:
        return (
            f"in {_named(self.fg, 'foreground')} on {_named(self.bg, 'background')}: {self.ratio:.2f}:1 on {self.palette} "
            f"(#{self.shown_fg} on #{self.shown_bg}), under {FLOOR:g}:1"
        )


def _named(colour: str, role: str) -> str:
    if colour == "default":
        return f"the default {role}"
    if colour in _ANSI_INDEX:
        return f"ANSI {colour.replace('brown', 'yellow')}"
    return f"#{colour}"


def _shown(fg: str, bg: str, reverse: bool, dim: bool, palette: Palette) -> tuple[str, str] | None:
    """The foreground and background a palette draws, after reverse video and dimming."""
    shown_fg = _resolved(fg, palette.fg, palette)
    shown_bg = _resolved(bg, palette.bg, palette)
    if shown_fg is None or shown_bg is None:
        return None
    if reverse:
        shown_fg, shown_bg = shown_bg, shown_fg
    return (_halfway(shown_fg, shown_bg) if dim else shown_fg), shown_bg


def shortfall(
    fg: str,
    bg: str,
    reverse: bool = False,
    dim: bool = False,
    palettes: tuple[Palette, ...] = PALETTES,
) -> Shortfall | None:
    """Where text in these colours reads worst, if that is under ``FLOOR`` on any of ``palettes``; ``None`` if it
    reads on all.

    ``fg`` and ``bg`` are a style's colours: ``default``, pyte's name of an
    ANSI colour, or six hex digits.
    """
    worst: Shortfall | None = None
    for palette in palettes:
        shown = _shown(fg, bg, reverse, dim, palette)
        if shown is None:
            continue
        ratio = contrast_ratio(*shown)
        if ratio < FLOOR and (worst is None or ratio < worst.ratio):
            worst = Shortfall(fg, bg, palette.name, shown[0], shown[1], ratio)
    return worst
