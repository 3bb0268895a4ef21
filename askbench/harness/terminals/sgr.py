"""How a cell is drawn, and how an SGR sequence changes it, in both the semicolon and the colon form.

The judge reads SGR itself rather than through pyte: pyte drops dim and
conceal and misreads the colon form of ITU-T T.416, and both decide whether a
person can read what the frame shows (``Style.unreadable``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

from pyte import graphics

from .contrast import ANSI_NAMES, Shortfall, shortfall

__all__ = ["PLAIN", "Style", "apply_sgr"]


@dataclass(frozen=True)
class Style:
    """How a cell is drawn. Colours are pyte's names (``default``, ``red``, ``brightblue``…) or six hex digits."""

    fg: str = "default"
    bg: str = "default"
    bold: bool = False
    dim: bool = False
    italics: bool = False
    underline: bool = False
    blink: bool = False
    reverse: bool = False
    conceal: bool = False
    strikethrough: bool = False

    @cached_property
    def _hash(self) -> int:
        return hash(tuple(getattr(self, name) for name in _STYLE_FIELDS))

    def __hash__(self) -> int:
        # every row and every SGR sequence looks its style up: hashing ten fields each time is most of that
        return self._hash

    @cached_property
    def painted(self) -> bool:
        """Drawn differently from plain text in any way a person can see."""
        return self != PLAIN and not (self.conceal and replace(self, conceal=False) == PLAIN)

    @cached_property
    def shortfall(self) -> Shortfall | None:
        """Where this style's foreground stands out least from its background, if under the floor on some theme."""
        return shortfall(self.fg, self.bg, self.reverse, self.dim)

    @cached_property
    def invisible(self) -> bool:
        """Drawn so that it cannot be read on some theme: concealed, or its foreground too near its background.

        ``default`` is each theme's own colour, so black on the default
        background is lost on a dark theme and white on a light one, and a
        colour that is a popular theme's background is lost there
        (``askbench.harness.terminals.contrast``).
        """
        return self.conceal or self.shortfall is not None

    @cached_property
    def unreadable(self) -> str | None:
        """Why text in this style does not read as what it says: concealed, too faint on a theme, or struck through
        (read as deleted)."""
        if self.conceal:
            return "invisibly (concealed, SGR 8)"
        if self.shortfall is not None:
            return str(self.shortfall)
        return "struck through, as if deleted" if self.strikethrough else None


_STYLE_FIELDS = tuple(Style.__dataclass_fields__)
PLAIN = Style()


_TEXT_ATTRIBUTES = {
    1: ("bold", True),
    2: ("dim", True),
    3: ("italics", True),
    4: ("underline", True),
    5: ("blink", True),
    7: ("reverse", True),
    8: ("conceal", True),
    9: ("strikethrough", True),
    23: ("italics", False),
    24: ("underline", False),
    25: ("blink", False),
    27: ("reverse", False),
    28: ("conceal", False),
    29: ("strikethrough", False),
}


def _number(text: str) -> int:
    """A parameter as ECMA-48 reads it: empty (or anything but digits) is the default, 0."""
    return int(text) if text.isdigit() else 0


def _indexed(index: int) -> str | None:
    """A 256-colour index: 0–15 are the theme's named colours, 16–255 xterm's cube and greys (pyte's table)."""
    if 0 <= index < len(ANSI_NAMES):
        return ANSI_NAMES[index]
    return graphics.FG_BG_256[index] if 0 <= index < 256 else None


def _hex(values: Sequence[int]) -> str:
    return "".join(f"{min(255, value):02x}" for value in values)


def _colour_of(subs: Sequence[str]) -> str | None:
    """The colour of ``38``/``48``/``58`` in the colon form of ITU-T T.416: ``38:5:N`` or ``38:2:[space]:R:G:B``.

    T.416 puts a colour-space identifier before the three components
    (``38:2::R:G:B``, usually empty); terminals also accept it left out
    (``38:2:R:G:B``), so four or more components read as that form.
    """
    mode = _number(subs[1]) if len(subs) > 1 else -1
    if mode == 5 and len(subs) > 2:
        return _indexed(_number(subs[2]))
    if mode == 2 and len(subs) >= 5:
        components = subs[3:6] if len(subs) >= 6 else subs[2:5]
        return _hex([_number(part) for part in components])
    return None


def _sgr_codes(parameters: str) -> Iterator[tuple[str, str | None]]:
    """``(attribute, colour)`` changes of one SGR sequence, in order, per ECMA-48 and T.416.

    Parameters are separated by ``;``; a parameter may hold sub-parameters
    separated by ``:`` (the colon form: ``38:2::255:255:255``, ``4:3``). The
    semicolon form of an extended colour takes the parameters after it
    (``38;5;N``, ``38;2;R;G;B``). The attribute names are ``reset``, a
    ``Style`` field (``bold``…, ``-bold`` to turn it off), ``fg``, ``bg`` or
    ``ul`` (the underline colour); a malformed extended colour ends the
    sequence, as a terminal stops reading it there.
    """
    params = parameters.split(";") if parameters else [""]
    index = 0
    while index < len(params):
        subs = params[index].split(":")
        index += 1
        code = _number(subs[0])
        target = _EXTENDED.get(code)
        if target is not None:
            if len(subs) > 1:
                colour = _colour_of(subs)
            else:
                mode = _number(params[index]) if index < len(params) else -1
                taken = 2 if mode == 5 else 4 if mode == 2 else 0
                colour = _colour_of(["", *params[index : index + taken]]) if taken else None
                index += taken
            if colour is None:
                return
            yield target, colour
        elif code == 4 and len(subs) > 1:
            yield ("-underline" if _number(subs[1]) == 0 else "underline"), None
        else:
            yield from _plain_code(code)


_EXTENDED = {38: "fg", 48: "bg", 58: "ul"}


def _plain_code(code: int) -> Iterator[tuple[str, str | None]]:
    if code == 0:
        yield "reset", None
    elif code == 22:
        yield from (("-bold", None), ("-dim", None))
    elif code in _TEXT_ATTRIBUTES:
        name, value = _TEXT_ATTRIBUTES[code]
        yield (name if value else f"-{name}"), None
    elif code in graphics.FG_ANSI or code in graphics.FG_AIXTERM:
        yield "fg", graphics.FG_ANSI.get(code) or graphics.FG_AIXTERM[code]
    elif code in graphics.BG_ANSI or code in graphics.BG_AIXTERM:
        yield "bg", graphics.BG_ANSI.get(code) or graphics.BG_AIXTERM[code]


@lru_cache(maxsize=4096)
def apply_sgr(style: Style, parameters: str) -> Style:
    """The style after one ``ESC [ parameters m``, in both the semicolon and the colon form; dim and conceal kept.

    pyte reads only the semicolon form and replaces the colon form's colour
    with another (``38:2::R:G:B`` read as ``38;2;0;R;G``), so the judge reads
    SGR itself (``_sgr_codes``), with pyte's colour tables.
    """
    changes: dict[str, object] = {}
    for name, colour in _sgr_codes(parameters):
        if name == "reset":
            style, changes = PLAIN, {}
        elif name in ("fg", "bg"):
            changes[name] = colour
        elif name != "ul":  # the underline colour changes nothing a reader needs
            changes[name.lstrip("-")] = not name.startswith("-")
    if not changes:
        return style
    changed = replace(style, **changes)  # type: ignore[arg-type]
    known = _STYLES.get(changed)
    if known is None and len(_STYLES) < _KNOWN_STYLES:
        known = _STYLES[changed] = changed
    return known or changed


_STYLES: dict[Style, Style] = {PLAIN: PLAIN}
"""One object for each style frames are drawn in: a row's style after ``ESC[39m`` is ``PLAIN`` itself, so every
cache and table keyed by style finds it by identity, never by comparing ten fields."""
_KNOWN_STYLES = 4096
"""Styles kept as the one object for themselves; a frame of a million colours has its others as they come."""
