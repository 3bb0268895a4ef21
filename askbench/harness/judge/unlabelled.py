"""Where the request's value may stand with no label: the block of rows under the prompt's header.

Gemini CLI, Claude Code and Codex show the command a person approves as a
block under their header, with no ``command :`` before it. A value without
a label is known only by where it stands, so the place is defined by the
screen's shape alone, narrowly enough that no other text in the prompt can
take it:

- the header is the first row that is not blank, one row, at column 0;
- only blank rows stand between the header and the block, at least one;
- the block begins at the first row after them, which is indented, and runs
  up to the first row that is not blank and stands at column 0 — a labelled
  fact, a lone ``…``, a question, a hint — or up to the options; blank rows
  inside it belong to it, blank rows at its end do not;
- no row of it heads a fact.

The whole block is the value: a row added above, inside or below the
request's text while it stays indented is part of what must read as that
text (``askbench.harness.judge.ask_reading``), and one at column 0 between
the header and the block leaves no block at all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..terminals.models import ScreenRow
from .chrome import is_blank

__all__ = ["UnlabelledBlock", "block_indent", "unlabelled_block"]


@dataclass(frozen=True)
class UnlabelledBlock:
    """The rows a value with no label may stand in: ``rows[start:end]``, under the header ``rows[header]``."""

    header: int
    start: int
    end: int
    """One past the block's last row that is not blank."""
    resume: int
    """The first row after the block that is not blank (a labelled fact, the question), or the options."""


def _indented(text: str) -> bool:
    return text[:1] == " " and not is_blank(text)


def unlabelled_block(
    rows: Sequence[ScreenRow], stop: int, heads_a_fact: Callable[[int], bool]
) -> UnlabelledBlock | None:
    """The block under the header in ``rows[:stop]``, if the screen has one (the module's rules), in one pass."""
    header = next((index for index in range(stop) if not is_blank(rows[index].text)), None)
    if header is None or rows[header].text[:1] == " " or heads_a_fact(header):
        return None
    start = header + 1
    while start < stop and is_blank(rows[start].text):
        start += 1
    if start == header + 1 or start >= stop or not _indented(rows[start].text):
        return None
    end = resume = start + 1
    while resume < stop and (is_blank(rows[resume].text) or _indented(rows[resume].text)):
        if not is_blank(rows[resume].text):
            end = resume + 1
        resume += 1
    if any(heads_a_fact(index) for index in range(start, end)):
        return None
    return UnlabelledBlock(header, start, end, resume)


def block_indent(rows: Sequence[ScreenRow], block: UnlabelledBlock, first_line: str) -> list[int]:
    """The columns the block's value may start at: its least indented row's, or its first row's less the
    blanks the value's own first line begins with — the value's own indentation is text, read exactly."""
    leads = [
        len(rows[index].text) - len(rows[index].text.lstrip(" "))
        for index in range(block.start, block.end)
        if not is_blank(rows[index].text)
    ]
    least = min(leads)
    own = len(first_line) - len(first_line.lstrip(" \t"))
    return [column for column in dict.fromkeys((least, leads[0] - own)) if 1 <= column <= least]
