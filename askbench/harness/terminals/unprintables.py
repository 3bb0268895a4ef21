"""What of a frame line a terminal must not receive or would not print, and the printable rest.

A frame line may carry SGR colour and printable text, nothing else: every
other control is a containment failure (``foreign_controls``), and text a
terminal would not print — controls, format and bidi characters, lone marks,
unassigned code points — is judged by the judge's own rules
(``unprintable``), never by what some terminal happens to draw for it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from wcwidth import iter_graphemes

from .models import grapheme_width

__all__ = [
    "CONTROL",
    "SGR",
    "LineAudit",
    "foreign_controls",
    "plain_line",
    "printed_text",
    "sgr_runs",
    "unprintable_graphemes",
]

SGR = re.compile(r"\x1b\[([0-9;:]*)m")
"""An SGR sequence, its parameters the one group: the only control a frame may carry."""
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
"""Every control character, after SGR sequences are removed: a frame line holds no CR or LF of its own."""


def plain_line(line: str) -> bool:
    """A line of printable ASCII alone: no escape, no control, one cell a character on every terminal."""
    return line.isascii() and line.isprintable()


def foreign_controls(line: str) -> list[str]:
    """Every control in one frame line that is not an SGR colour sequence, as visible text."""
    if plain_line(line):
        return []
    stripped = SGR.sub("", line)
    if stripped.isascii() and stripped.isprintable():
        return []
    return [repr(match.group()) for match in CONTROL.finditer(stripped)]


def sgr_runs(line: str) -> Iterator[tuple[str, str | None]]:
    """``(text, None)`` and ``("", sgr_parameters)`` in order."""
    position = 0
    for match in SGR.finditer(line):
        if match.start() > position:
            yield line[position : match.start()], None
        yield "", match.group(1)
        position = match.end()
    if position < len(line):
        yield line[position:], None


def printed_text(line: str) -> str:
    """What of a frame line a terminal prints: SGR sequences and control characters removed."""
    if plain_line(line):
        return line
    stripped = SGR.sub("", line)
    return stripped if stripped.isprintable() else CONTROL.sub("", stripped)


_PRINTABLE_FORMAT = frozenset("\u200d")
"""Format characters that belong inside a printable cluster: the zero-width joiner of an emoji sequence."""


_NEVER_PRINTED = frozenset({"Cc", "Cf", "Cs", "Cn", "Co", "Zl", "Zp"})


@lru_cache(maxsize=4096)
def unprintable_graphemes(text: str) -> tuple[str, ...]:
    """``text``'s graphemes a terminal would not print (``_each_unprintable``), in order."""
    return tuple(_each_unprintable(text))


def _each_unprintable(text: str) -> Iterator[str]:
    """Graphemes a terminal would not print: controls, format and bidi characters, separators, surrogates, lone marks.

    Unassigned code points (noncharacters among them) and private-use ones
    count too: terminals draw them as nothing (tmux), one cell or two
    (xterm.js's Unicode 6 table), or as whatever glyph a font has.
    A ZWJ counts as printable only between two wide pictographs (an emoji
    ZWJ sequence), and tag characters only inside a flag sequence.
    """
    for grapheme in iter_graphemes(text):
        first = grapheme[0]
        category = unicodedata.category(first)
        if category in _NEVER_PRINTED or category[0] == "M" or grapheme_width(grapheme) <= 0:
            yield grapheme
            continue
        for index, char in enumerate(grapheme[1:], start=1):
            kind = unicodedata.category(char)
            if kind in _NEVER_PRINTED and kind != "Cf":
                yield grapheme
                break
            if kind == "Cf":
                if char in _PRINTABLE_FORMAT and index + 1 < len(grapheme):
                    continue
                if "\U000e0020" <= char <= "\U000e007f" and first == "\U0001f3f4":
                    continue
                yield grapheme
                break


@dataclass
class LineAudit:
    """What a frame's lines carry that no terminal should receive: controls other than SGR, unprintable text."""

    foreign: list[str] = field(default_factory=list)
    unprintable: list[str] = field(default_factory=list)

    def line(self, line: str) -> None:
        """One line that is neither printable ASCII nor printable ASCII and SGR (those carry neither)."""
        self.foreign += foreign_controls(line)
        if not line.isascii():
            self.unprintable += [
                grapheme
                for text, sgr in sgr_runs(line)
                if sgr is None and not text.isascii()
                for grapheme in unprintable_graphemes(CONTROL.sub("", text))
            ]
