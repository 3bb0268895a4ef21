"""Laying neutralised text into terminal rows, in cells, never splitting a grapheme.

Terminals disagree about widths. kitty, WezTerm and Ghostty draw a grapheme
cluster as one unit (a ZWJ family emoji is 2 cells); xterm, VTE and tmux
measure each code point alone with the C library's tables (the same family
is 8 cells, a spacing mark such as U+302E takes 1 or 2 cells where a
cluster-aware terminal adds none); CJK-locale terminals draw East Asian
Ambiguous characters — ``…``, ``▶``, ``·``, ``→`` among them — 2 cells wide.
A row that fits one of them can wrap on another, and a wrapped row moves
every row below it: tool input could then push forged rows into view. So
every width here is the *widest* any of those terminals gives a cluster
(``grapheme_cells``), and a row this module calls 80 cells is at most 80
cells on all of them. ASCII text — nearly every real command and file —
takes a path with no grapheme segmentation at all: its cells are its
characters on every terminal.

Wrapping is by cell, not by word: a permission prompt must reproduce the
request exactly, and a word wrapper drops the whitespace at each break.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache

from wcwidth import iter_graphemes
from wcwidth import wcwidth as _codepoint_wcwidth
from wcwidth import width as _wcwidth

from .truncate import ELLIPSIS

TAB_SIZE = 8
_MERGE_GAP = 32
"""Runs closer than this are segmented as one piece: a piece of its own costs about as much as 30 characters."""


def unsafe_runs(safe: str) -> re.Pattern[str]:
    """Runs of characters outside the class ``safe``, joined across gaps shorter than ``_MERGE_GAP``.

    The joining is done by the regex engine, so text dense with escapes is one
    match, not a Python loop over a match per control.
    """
    return re.compile(f"[^{safe}]+(?:[{safe}]{{1,{_MERGE_GAP - 2}}}[^{safe}]+)*")


_NOT_PRINTABLE_ASCII = unsafe_runs("\\x20-\\x7e")


def _codepoint_cells(char: str) -> int:
    """The most cells one code point takes on a terminal that measures code points alone.

    wcwidth gives spacing marks (category Mc) and code points newer than its
    caller's tables no width of their own, as a cluster-aware terminal draws
    them; the C library gives a spacing mark its East Asian width, 1 or 2.
    """
    cells = _codepoint_wcwidth(char, "auto", 2)
    if cells <= 0 and unicodedata.category(char) in ("Mc", "Cn"):
        return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return max(cells, 0)


@lru_cache(maxsize=65536)
def grapheme_cells(grapheme: str) -> int:
    """The widest any terminal draws one grapheme: as a cluster, per code point, or with ambiguous characters wide."""
    clustered = _wcwidth(grapheme, control_codes="ignore", ambiguous_width=2)
    if len(grapheme) == 1:
        return max(clustered, _codepoint_cells(grapheme))
    return max(clustered, sum(_codepoint_cells(char) for char in grapheme))


def cell_width(text: str) -> int:
    """Cells ``text`` occupies on the widest terminal; ``text`` holds no control characters."""
    if text.isascii():
        return len(text)
    return sum(cells for _, cells, _ in _pieces(text))


def grapheme_pieces(text: str, unsafe: re.Pattern[str]) -> Iterator[tuple[int, int]]:
    """Spans of ``text`` that need grapheme segmentation; everything between them is one grapheme per character.

    ``unsafe`` (from ``unsafe_runs``) matches runs of the characters that
    may join a grapheme: it must match every non-ASCII character, CR and
    every other ASCII control but tab and line feed. A boundary between two
    characters it does not match is always a grapheme break (UAX #29 only
    joins CR LF, marks, joiners, prepends, jamo and regional indicators,
    none of them printable ASCII, tab or line feed), and the rules that
    look back (emoji ZWJ,
    regional-indicator pairs, Indic conjuncts) look back only over non-ASCII
    characters. So each match, widened by one character on either side (a
    base before a mark, a letter after a prepend), segments exactly as it
    does in the whole text, and a line with one emoji in 10 MB of ASCII
    costs one emoji's segmentation, not ten million characters'. Runs
    closer than ``_MERGE_GAP`` come as one match (still at safe breaks at
    both ends), so text dense with escapes is not cut into a piece per control.
    """
    end = len(text)
    span_start = span_end = -1
    for match in unsafe.finditer(text):
        low, high = max(0, match.start() - 1), min(end, match.end() + 1)
        if span_end >= 0 and low < span_end:  # one character between two runs: it may belong to either
            span_end = high
            continue
        if span_end >= 0:
            yield span_start, span_end
        span_start, span_end = low, high
    if span_end >= 0:
        yield span_start, span_end


_LOOKBACK = 64
"""How far ``is_grapheme_break`` looks back for a safe break before it gives up and says no."""


def _safe_pair(text: str, index: int) -> bool:
    """A break by UAX #29 from the two neighbours alone: both printable ASCII, or a line feed not after CR."""
    before, after = text[index - 1], text[index]
    if " " <= before <= "~" and " " <= after <= "~":
        return True
    return (before == "\n" or after == "\n") and before != "\r"


def is_grapheme_break(text: str, index: int) -> bool:
    """Whether a grapheme boundary falls just before ``text[index]``.

    Paint may only start or stop at one: a colour change between a base and
    its variation selector or mark hands the terminal a lone extender. Looks
    back at most ``_LOOKBACK`` characters for a safe break to segment from
    (see ``grapheme_pieces``); past that it answers no, which only costs a
    highlight, never a split grapheme.
    """
    if index <= 0 or index >= len(text):
        return True
    if _safe_pair(text, index):
        return True
    start = index - 1
    while start > 0 and not _safe_pair(text, start):
        start -= 1
        if index - start > _LOOKBACK:
            return False
    position = start
    for grapheme in iter_graphemes(text[start : index + 1]):
        if position >= index:
            break
        position += len(grapheme)
    return position == index


def _pieces(line: str) -> Iterator[tuple[str, int, bool]]:
    """``(text, cells, whole)``: printable-ASCII runs (one cell per character, ``whole`` false) and graphemes."""
    position = 0
    for start, end in grapheme_pieces(line, _NOT_PRINTABLE_ASCII):
        if start > position:
            yield line[position:start], start - position, False
        for grapheme in iter_graphemes(line[start:end]):
            yield grapheme, (1 if grapheme.isascii() else grapheme_cells(grapheme)), True
        position = end
    if position < len(line):
        yield line[position:], len(line) - position, False


def expand_tabs(line: str) -> str:
    """Tabs to spaces, stops every ``TAB_SIZE`` cells from the start of the line."""
    if "\t" not in line:
        return line
    if line.isascii():
        return line.expandtabs(TAB_SIZE)
    out: list[str] = []
    column = 0
    for piece, width, _ in _pieces(line):
        if piece == "\t":
            pad = TAB_SIZE - column % TAB_SIZE
            out.append(" " * pad)
            column += pad
        else:
            out.append(piece)
            column += width
    return "".join(out)


def expand_text_tabs(text: str) -> str:
    """``expand_tabs`` on every line of ``text``: tab stops restart at each line break."""
    if "\t" not in text:
        return text
    return "\n".join(expand_tabs(line) for line in text.split("\n"))


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
    for piece, width, whole in _pieces(line):
        if whole:
            if column + width > row_width and row:
                rows.append("".join(row))
                row, column = [], 0
            row.append(piece)
            column += width
            continue
        position = 0
        while position < width:  # printable ASCII: as many characters as the row has cells left
            if column + 1 > row_width and row:
                rows.append("".join(row))
                row, column = [], 0
            chunk = piece[position : position + max(1, row_width - column)]
            row.append(chunk)
            column += len(chunk)
            position += len(chunk)
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
        for piece, width, whole in _pieces(line):
            if whole:
                if column + width > row_width and column:
                    row_start += row_width
                    column = 0
                if row_start + column + width > cap:
                    kept.append("".join(pieces))
                    return "\n".join(kept) + ELLIPSIS, True
                pieces.append(piece)
                column += width
                continue
            position = 0
            while position < width:  # printable ASCII: to the end of the row or the cap, whichever is first
                if column + 1 > row_width and column:
                    row_start += row_width
                    column = 0
                fits = min(width - position, row_width - column)
                room = cap - row_start - column
                if fits > room:
                    pieces.append(piece[position : position + max(0, room)])
                    kept.append("".join(pieces))
                    return "\n".join(kept) + ELLIPSIS, True
                pieces.append(piece[position : position + fits])
                column += fits
                position += fits
        kept.append("".join(pieces))
    return "\n".join(kept), False


def clip_to_width(text: str, max_width: int) -> str:
    """The longest grapheme-aligned prefix of a single row that fits ``max_width`` cells."""
    if text.isascii():
        return text[:max_width]
    out: list[str] = []
    used = 0
    for piece, width, whole in _pieces(text):
        if used + width > max_width:
            if not whole:  # a run of printable ASCII: the characters that still fit
                out.append(piece[: max(0, max_width - used)])
            break
        out.append(piece)
        used += width
    return "".join(out)
