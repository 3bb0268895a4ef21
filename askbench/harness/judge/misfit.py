"""Why a frame does not fit a terminal: the line that wraps, its cells there, and the characters that widened it.

``fit`` is the first invariant a renderer that measures text its own way
breaks, and "14 frame lines occupy 15 screen rows" does not tell its author
where to look. Terminals disagree only about some characters (East Asian
Ambiguous ones such as ``→``, ``…`` and box drawing are two cells on a
CJK-locale terminal, an emoji sequence is one cluster on some terminals and
several on others), so the line is named with its cells on the terminal that
wrapped it and every character that takes more than one cell there: the
characters the renderer measured narrower than that terminal draws them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..terminals.models import TerminalModel, cells_on
from ..terminals.unprintables import printed_text

__all__ = ["Misfit", "Widener", "find_misfit"]

SHOWN_CHARACTERS = 60
"""Characters of the line quoted in the message; the rest is left out behind ``…``."""
SHOWN_WIDENERS = 5
"""Distinct wide characters named; a line of CJK text would otherwise be quoted whole again."""


@dataclass(frozen=True)
class Widener:
    """A character (a grapheme cluster on a terminal that measures clusters) wider than one cell on a terminal."""

    text: str
    cells: int
    count: int
    """How often it stands on the line."""

    def said(self, terminal: str) -> str:
        points = " ".join(f"U+{ord(char):04X}" for char in self.text)
        times = "" if self.count == 1 else f" ({self.count} on the line)"
        return f"{self.text} {points} is {self.cells} cells on {terminal}{times}"


@dataclass(frozen=True)
class Misfit:
    """The first frame line wider than the terminal, as that terminal measures it."""

    terminal: str
    width: int
    """The terminal's columns."""
    number: int
    """1-based, as the frame's lines are counted."""
    text: str
    """What of the line the terminal prints: SGR and controls left out."""
    cells: int
    wideners: tuple[Widener, ...]
    others: int
    """How many later lines do not fit either."""

    def said(self) -> str:
        terminal, width = self.terminal, self.width
        shown = (
            self.text if len(self.text) <= SHOWN_CHARACTERS else self.text[:SHOWN_CHARACTERS] + "…"
        )
        out = (
            f"frame line {self.number} is {self.cells} cells on {terminal}, over its {width} columns: "
            f"{shown!r}"
        )
        if self.wideners:
            named = ", ".join(widener.said(terminal) for widener in self.wideners[:SHOWN_WIDENERS])
            more = len(self.wideners) - SHOWN_WIDENERS
            out += f"; the characters that widened it: {named}" + (
                f", and {more} more" if more > 0 else ""
            )
        else:
            out += "; no character on it is wider than a cell there"
        if self.others:
            out += f"; {self.others} more line{'s' if self.others > 1 else ''} do not fit"
        return out


def _wideners(text: str, model: TerminalModel) -> tuple[Widener, ...]:
    cells: dict[str, int] = {}
    counts: dict[str, int] = {}
    for piece, width in model.measure(text):
        if width > 1:
            cells[piece] = width
            counts[piece] = counts.get(piece, 0) + 1
    found = [Widener(piece, cells[piece], counts[piece]) for piece in cells]
    # the most frequent first: a box's two sides widen every row, the characters a renderer mismeasured this one
    return tuple(sorted(found, key=lambda widener: -widener.count))


def find_misfit(lines: Sequence[str], width: int, model: TerminalModel) -> Misfit | None:
    """The first of ``lines`` wider than ``width`` cells on ``model``, or ``None`` when each fits as measured.

    Only asked once a frame is known not to fit, so every line is measured: the later ones are counted.
    """
    first: tuple[int, str, int] | None = None
    others = 0
    for number, line in enumerate(lines, 1):
        text = printed_text(line)
        cells = cells_on(text, model)
        if cells <= width:
            continue
        if first is None:
            first = (number, text, cells)
        else:
            others += 1
    if first is None:
        return None
    number, text, cells = first
    return Misfit(model.name, width, number, text, cells, _wideners(text, model), others)
