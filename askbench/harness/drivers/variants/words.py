"""Word wrapping that loses nothing: the wrapping style of most terminal UIs, for a style variant.

A word wrapper usually drops the spaces at each break; a permission prompt
must not lose a character, so here the spaces at a break stay at the end of
the row they follow (invisible there), as many as fit, and the rest begin
the next row. A word wider than a row is hard-wrapped by ``askbench.impl.cells``.
Breaks fall only between graphemes, and widths are ``askbench.impl.cells``' widths.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from wcwidth import iter_graphemes

from askbench.impl.cells import cell_width, wrap_line

_ASCII_TOKENS = re.compile(r" +|[^ ]+")


def tokens(line: str) -> Iterator[str]:
    """Runs of spaces and runs of everything else, each a whole number of graphemes."""
    if line.isascii():
        yield from _ASCII_TOKENS.findall(line)
        return
    run: list[str] = []
    spaces = False
    for grapheme in iter_graphemes(line):
        is_space = grapheme == " "
        if run and is_space != spaces:
            yield "".join(run)
            run = []
        run.append(grapheme)
        spaces = is_space
    if run:
        yield "".join(run)


def word_wrap(line: str, row_width: int) -> list[str]:
    """``line`` (neutralised, tabs expanded) in rows of at most ``row_width`` cells, broken before words."""
    rows: list[str] = []
    row, used = "", 0
    for token in tokens(line):
        width = cell_width(token)
        if used + width <= row_width:
            row, used = row + token, used + width
        elif row and not token.startswith(" ") and width <= row_width:
            rows.append(row)
            row, used = token, width
        else:  # spaces past the edge, or a word no row holds: cut by cell where the row ends
            pieces = wrap_line(row + token, row_width)
            rows += pieces[:-1]
            row = pieces[-1]
            used = cell_width(row)
    rows.append(row)
    return rows


HANG = 2
"""Cells a hanging indent sets a line's wrapped rows in from its first row."""


def hanging(line: str, row_width: int) -> list[str]:
    """``line`` hard-wrapped with a hanging indent: every row after its first set in ``HANG`` cells.

    A layout many pretty-printers use, so a wrapped row never reads as a
    line of its own; the indentation is layout, no part of the text.
    """
    if row_width <= HANG + 1:
        return wrap_line(line, row_width)
    first, *rest = wrap_line(line, row_width)
    rest = wrap_line(line[len(first) :], row_width - HANG) if rest else []
    return [first, *(" " * HANG + row for row in rest)]
