"""Laying neutralised text into terminal rows, in cells, never splitting a grapheme.

Widths come from wcwidth, grapheme by grapheme, which is what the harness's
terminal uses too, so a row this module calls 80 cells is 80 cells on screen.
ASCII text — nearly every real command and file — takes a path with no
grapheme segmentation at all: its cells are its characters.

Wrapping is by cell, not by word: a permission prompt must reproduce the
request exactly, and a word wrapper drops the whitespace at each break.
"""

from __future__ import annotations

from collections.abc import Iterator

from wcwidth import iter_graphemes
from wcwidth import width as _wcwidth

from .truncate import ELLIPSIS

TAB_SIZE = 8


def cell_width(text: str) -> int:
    """Cells ``text`` occupies; ``text`` holds no control characters."""
    return len(text) if text.isascii() else _wcwidth(text)


def _graphemes_with_width(line: str) -> Iterator[tuple[str, int]]:
    for grapheme in iter_graphemes(line):
        yield grapheme, (1 if grapheme.isascii() else _wcwidth(grapheme))


def expand_tabs(line: str) -> str:
    """Tabs to spaces, stops every ``TAB_SIZE`` cells from the start of the line."""
    if "\t" not in line:
        return line
    if line.isascii():
        return line.expandtabs(TAB_SIZE)
    out: list[str] = []
    column = 0
    for grapheme, width in _graphemes_with_width(line):
        if grapheme == "\t":
            pad = TAB_SIZE - column % TAB_SIZE
            out.append(" " * pad)
            column += pad
        else:
            out.append(grapheme)
            column += width
    return "".join(out)


def wrap_line(line: str, row_width: int) -> list[str]:
    """One logical line (no newline, no tab) hard-wrapped to rows of at most ``row_width`` cells.

    A wide character that would straddle the edge moves whole to the next row.
    """
    if line.isascii():
        if len(line) <= row_width:
            return [line]
        return [line[start : start + row_width] for start in range(0, len(line), row_width)]
    rows: list[str] = []
    row: list[str] = []
    column = 0
    for grapheme, width in _graphemes_with_width(line):
        if column + width > row_width and row:
            rows.append("".join(row))
            row, column = [], 0
        row.append(grapheme)
        column += width
    rows.append("".join(row))
    return rows


def wrap_text(text: str, row_width: int) -> list[str]:
    """Every logical line of ``text`` wrapped; an empty line is one empty row."""
    rows: list[str] = []
    for line in text.split("\n"):
        rows.extend(wrap_line(expand_tabs(line), row_width))
    return rows


def cap_text(text: str, cap: int, row_width: int) -> tuple[str, bool]:
    """``text`` cut to the first ``cap`` cells it would occupy in rows of ``row_width``.

    The count is of screen area: a line break costs the rest of its row, so a
    field of a thousand short lines is bounded as surely as one long line.
    A cut is marked with a bare ``…``; the result never exceeds the cap by more
    than that one cell. Returns the text and whether it was cut.
    """
    row_width = max(1, row_width)
    kept: list[str] = []
    row_start = 0  # area before the current row
    for index, raw_line in enumerate(text.split("\n")):
        if index:
            if row_start + row_width > cap:
                return "\n".join(kept) + ELLIPSIS, True
            row_start += row_width
        line = expand_tabs(raw_line)
        if line.isascii():
            room = cap - row_start
            if len(line) > room:
                kept.append(line[: max(0, room)])
                return "\n".join(kept) + ELLIPSIS, True
            row_start += (max(0, len(line) - 1) // row_width) * row_width
            kept.append(line)
            continue
        column = 0
        pieces: list[str] = []
        for grapheme, width in _graphemes_with_width(line):
            if column + width > row_width and column:
                row_start += row_width
                column = 0
            if row_start + column + width > cap:
                kept.append("".join(pieces))
                return "\n".join(kept) + ELLIPSIS, True
            pieces.append(grapheme)
            column += width
        kept.append("".join(pieces))
    return "\n".join(kept), False


def clip_to_width(text: str, max_width: int) -> str:
    """The longest grapheme-aligned prefix of a single row that fits ``max_width`` cells."""
    if text.isascii():
        return text[:max_width]
    out: list[str] = []
    used = 0
    for grapheme, width in _graphemes_with_width(text):
        if used + width > max_width:
            break
        out.append(grapheme)
        used += width
    return "".join(out)
