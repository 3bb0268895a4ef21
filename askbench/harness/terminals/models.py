"""The terminal models the judge reads every frame on: three ways terminals measure text.

Terminals disagree about how wide text is, and a frame that fits one of them
can wrap on another: every wrapped row pushes the rows below it down, and tool
input that knows this can push forged rows into view. So the judge reads each
frame on several terminal *models*, each measuring text its own way, and
shares none of the renderer's measurements:

``grapheme``
    A grapheme cluster is one unit, its width wcwidth's (kitty, WezTerm,
    Ghostty, foot, iTerm2 with Unicode 9+ widths).
``codepoint``
    Each code point is measured alone by glibc 2.36's ``wcwidth(3)``, from
    the table shipped with askbench (``askbench.harness.terminals.cwidth``),
    never the host's C library; a zero-width code point joins the cell before it,
    and a character that does not fit the last column wraps (xterm, VTE —
    GNOME Terminal, Tilix —, tmux, screen, the Linux console). A ZWJ family
    emoji is 8 cells here, 2 on ``grapheme``.
``ambiguous-wide``
    ``codepoint``, with East Asian Ambiguous characters (``…``, ``▶``, ``·``,
    ``→``, ``①``…) 2 cells wide, as CJK-locale terminals are often set (xterm
    ``-cjk_width``, VTE's "ambiguous-width characters: wide", PuTTY, mintty).

Each model is a ``Measure``; laying a frame out on one is
``askbench.harness.terminals.layout``, reading it ``askbench.harness.terminals.frame_reading``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from wcwidth import iter_graphemes
from wcwidth import width as wcwidth_width

from .cwidth import c_wcwidth
from .rows import ScreenRows

__all__ = [
    "AMBIGUOUS_WIDE",
    "CODEPOINT",
    "GRAPHEME",
    "MODELS",
    "Measure",
    "TerminalModel",
    "TerminalScreen",
    "cells_on",
    "grapheme_width",
    "widest_cells",
]

Measure = Callable[[str], Iterator[tuple[str, int]]]
"""Printable text in, ``(piece, cells)`` out; a piece of 0 cells joins the cell before it."""


@dataclass(frozen=True)
class TerminalScreen:
    """A real terminal's screen after a frame: the frame's rows as read, and whether the transcript above held."""

    rows: ScreenRows
    transcript_intact: bool


@dataclass(frozen=True)
class TerminalModel:
    """A way of measuring text that some terminals share, named for the judge's reports."""

    name: str
    stands_for: str
    measure: Measure
    screen: Callable[[Sequence[str], int], TerminalScreen] | None = None
    """A real terminal's own screen for ``(frame lines, width)``; ``None``: the frame is laid out by the judge
    (``askbench.harness.terminals.layout``)."""


def _grapheme_measure(text: str) -> Iterator[tuple[str, int]]:
    for grapheme in iter_graphemes(text):
        yield grapheme, grapheme_width(grapheme)


@lru_cache(maxsize=65536)
def grapheme_width(grapheme: str) -> int:
    """Cells one grapheme cluster takes on ``grapheme``; a control counts as none, since it draws nothing."""
    return wcwidth_width(grapheme, control_codes="ignore")


def _codepoint_cells(char: str, ambiguous: int) -> int:
    cells = c_wcwidth(char)
    if cells < 0:
        # what glibc calls unprintable draws as nothing when it is a control or format character,
        # and as one cell (a replacement, or the glyph a newer font has) when it is merely newer than its tables
        return 0 if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp") else 1
    if cells == 1 and ambiguous == 2 and unicodedata.east_asian_width(char) == "A":
        return 2
    return cells


def _codepoint_measure(ambiguous: int) -> Measure:
    def measure(text: str) -> Iterator[tuple[str, int]]:
        for char in text:
            yield char, _codepoint_cells(char, ambiguous)

    return measure


GRAPHEME = TerminalModel("grapheme", "kitty, WezTerm, Ghostty, foot, iTerm2", _grapheme_measure)
CODEPOINT = TerminalModel(
    "codepoint",
    "xterm, VTE (GNOME Terminal, Tilix), tmux, screen, Linux console",
    _codepoint_measure(1),
)
AMBIGUOUS_WIDE = TerminalModel(
    "ambiguous-wide",
    "CJK-locale terminals: xterm -cjk_width, VTE or PuTTY set to "
    "wide ambiguous characters, mintty",
    _codepoint_measure(2),
)
MODELS: dict[str, TerminalModel] = {
    model.name: model for model in (GRAPHEME, CODEPOINT, AMBIGUOUS_WIDE)
}


def cells_on(text: str, model: TerminalModel) -> int:
    """Cells ``text`` (printable, one row's worth) advances the cursor on ``model``."""
    if text.isascii():
        return len(text)
    return _measured_cells(text, model)


def widest_cells(text: str) -> int:
    """Cells ``text`` takes on the model that draws it widest: what a renderer must leave room for."""
    return max(cells_on(text, model) for model in MODELS.values())


@lru_cache(maxsize=8192)
def _measured_cells(text: str, model: TerminalModel) -> int:
    return sum(cells for _, cells in model.measure(text) if cells > 0)
