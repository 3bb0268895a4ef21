"""A frame laid out on a terminal model: the rows its lines occupy, each cell in the style it is drawn in.

A plain frame — printable text and SGR colour — is laid out here, as a
terminal lays it out, and never through pyte: most rows of a frame are alike,
so the common shapes (a line of ASCII, a line of ASCII and SGR that fits one
row) are laid out a row at a time and their styles shared.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from .models import TerminalModel
from .rows import RowsBuilder, ScreenRows, StyleRuns, shared_runs, style_kinds
from .sgr import PLAIN, Style, apply_sgr
from .unprintables import CONTROL, SGR, LineAudit, plain_line, sgr_runs

__all__ = ["TAB_STOP", "place"]


@dataclass
class _Row:
    """The row the cursor is on while a line is laid out: its pieces, their styles, and the cursor's column."""

    parts: list[str] = field(default_factory=list)
    runs: list[tuple[Style, int]] = field(default_factory=list)
    kinds: set[Style] = field(default_factory=set)
    column: int = 0

    def add(self, text: str, style: Style, cells: int) -> None:
        self.parts.append(text)
        self.runs.append((style, len(text)))
        self.kinds.add(style)
        self.column += cells

    def close(self, rows: RowsBuilder) -> None:
        text = "".join(self.parts).rstrip(" ")
        rows.add(
            text,
            shared_runs(tuple(StyleRuns(self.runs)[: len(text)].runs())),
            style_kinds(frozenset(self.kinds)),
        )


def place(
    lines: Sequence[str], width: int, model: TerminalModel, audit: LineAudit | None = None
) -> ScreenRows:
    """The rows ``lines`` occupy on a terminal ``width`` columns wide that measures text like ``model``.

    Each line begins a row (the frame joins lines with CR LF); text reaching
    past the last column wraps onto a new row, a wide character that does not
    fit moves whole, a zero-width piece joins the cell before it (even in the
    last column: the pending-wrap state). A tab moves on to the next tab stop
    as every terminal does; other control characters are skipped here. Each
    line that may carry a control or an unprintable character is told to
    ``audit`` as it goes, so a frame is walked once, however it is read.
    """
    rows = RowsBuilder()
    style = PLAIN
    for line in lines:
        if plain_line(line):
            _plain_rows(rows, line, style, width)
            continue
        painted = _painted_row(rows, line, style, width)
        if painted is not None:
            style = painted
            continue
        if audit is not None:
            audit.line(line)
        row = _Row()
        for text, sgr in sgr_runs(line):
            if sgr is not None:
                style = apply_sgr(style, sgr)
                continue
            for index, piece in enumerate(text.split("\t")):
                if index:
                    _tab(row, width)
                row = _place_text(rows, row, piece, style, width, model)
        row.close(rows)
    return rows.done()


def _plain_rows(rows: RowsBuilder, line: str, style: Style, width: int) -> None:
    """A line of printable ASCII as the rows it fills, ``width`` characters each, in the style it starts in."""
    kinds = _one_kind(style) if line else _NO_KINDS
    if len(line) <= width:
        text = line.rstrip(" ")
        rows.add(text, StyleRuns.single(style, len(text)), kinds)
        return
    for at in range(0, len(line), width):
        text = line[at : at + width].rstrip(" ")
        rows.add(text, StyleRuns.single(style, len(text)), kinds)


_NO_KINDS: frozenset[Style] = frozenset()


@lru_cache(maxsize=256)
def _one_kind(style: Style) -> frozenset[Style]:
    return style_kinds(frozenset((style,)))


def _painted_row(rows: RowsBuilder, line: str, style: Style, width: int) -> Style | None:
    """A line of printable ASCII and SGR sequences that fits one row, added to ``rows``, and the style it ends in;
    ``None`` for any other line, and nothing added."""
    if not line.isascii():
        return None
    parts = SGR.split(line)  # text, parameters, text, parameters, …, text
    texts = parts[0::2]
    printed = "".join(texts)
    if len(printed) > width or not printed.isprintable():
        return None
    text = printed.rstrip(" ")
    runs, kinds, end = _painted_runs(style, tuple(parts[1::2]), tuple(map(len, texts)), len(text))
    rows.add(text, runs, kinds)
    return end


@lru_cache(maxsize=4096)
def _painted_runs(
    style: Style, parameters: tuple[str, ...], lengths: tuple[int, ...], shown: int
) -> tuple[StyleRuns, frozenset[Style], Style]:
    """A painted row's runs (its first ``shown`` characters), its kinds and the style it ends in, from the style it
    starts in, its SGR parameters and the lengths of the texts between them: rows of one value are drawn alike,
    so each such shape is worked out once. The kinds are every style a text is drawn in, blanks stripped off the
    row's end included."""
    runs: list[tuple[Style, int]] = []
    kinds: set[Style] = set()
    for index, length in enumerate(lengths):
        if index:
            style = apply_sgr(style, parameters[index - 1])
        if length:
            runs.append((style, length))
            kinds.add(style)
    return StyleRuns(runs)[:shown], style_kinds(frozenset(kinds)), style


TAB_STOP = 8


def _tab(row: _Row, width: int) -> None:
    """The cursor to the next stop, never past the last column; a tab draws nothing, so the cells it passes read blank."""
    stop = min((row.column // TAB_STOP + 1) * TAB_STOP, width - 1)
    if stop > row.column:
        row.add(" " * (stop - row.column), PLAIN, stop - row.column)


def _place_text(
    rows: RowsBuilder, row: _Row, text: str, style: Style, width: int, model: TerminalModel
) -> _Row:
    """``text`` from the cursor on, full rows appended to ``rows``; the row the cursor ends on."""
    if CONTROL.search(text):
        text = CONTROL.sub("", text)
    if text.isascii():
        # printable ASCII: one cell a character on every terminal, laid out a row at a time
        while text:
            if row.column >= width:
                row.close(rows)
                row = _Row()
            chunk = text[: width - row.column]
            row.add(chunk, style, len(chunk))
            text = text[len(chunk) :]
        return row
    pending: list[str] = []  # pieces for the current row, added at once
    used = 0
    for piece, cells in model.measure(text):
        if cells <= 0:
            if pending or row.parts:
                pending.append(piece)
            continue
        if row.column + used + cells > width and row.column + used:
            row.add("".join(pending), style, used)
            row.close(rows)
            row, pending, used = _Row(), [], 0
        pending.append(piece)
        used += cells
    if pending:
        row.add("".join(pending), style, used)
    return row
