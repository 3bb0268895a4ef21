"""Where the request's value may stand with no label: the block of rows under the prompt's header.

Gemini CLI, Claude Code and Codex show the command a person approves as a
block under their header, with no ``command :`` before it. A value without
a label is known only by where it stands, so the place is defined by the
screen's shape alone, narrowly enough that no other text in the prompt can
take it:

- the header is the first row that is not blank, one row, at column 0;
- only separators stand between the header and the block, at least one: a
  blank row, or a rule drawn across the row (``╌╌╌``, ``───``) that says nothing;
- the block begins at the first row after them, which is indented, and runs
  up to the first row that is not blank and stands at column 0 — a labelled
  fact, a lone ``…``, a question, a hint, a rule — or up to the options; blank
  rows inside it belong to it, blank rows at its end do not; separators may
  follow it;
- no row of it heads a fact.

The block may be drawn inside a box of its own right under the header
(Gemini CLI's): ``askbench.harness.judge.box.unbox_under_header`` takes it
off before the screen is read, its borders left as rules, so the block is
exactly what the box holds.

The header may repeat the block's first row after a gap of two blanks or
more (``? Shell  cd /srv/app``), as Gemini CLI's does: that text is the
value's, so it must read as the block's first row (or its head and a bare
``…``); a header that shows another text there leaves no block.

A gutter drawn down the block (Claude Code's ``│``) is the block's frame, not
its text, when every row of it but the blank ones has the same mark at the
same column with only blanks before it and a blank or the row's end after;
so is a shell prompt ``$ `` before its first row (Codex's). Each is read
both ways: taken off, and as text.

The whole block is the value: a row added above, inside or below the
request's text while it stays indented is part of what must read as that
text (``askbench.harness.judge.ask_reading``), and one at column 0 between
the header and the block leaves no block at all.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..terminals.rows import ScreenRows
from .chrome import is_blank

__all__ = [
    "UnlabelledBlock",
    "block_indent",
    "gutter_column",
    "unlabelled_block",
    "value_head",
    "without_gutter",
    "without_prompt",
]

_RULE = frozenset("\u2500\u2501\u2504\u2505\u2508\u2509\u254c\u254d\u2550")
"""Horizontal rules a separator row may be drawn with, at column 0, where the block's indented rows never stand."""
PROMPT = "$"
"""A shell prompt before a command's first row."""
_GUTTER = frozenset("\u2502\u2503\u2506\u250a\u258e\u258f")
"""Marks a gutter down the block may be drawn with."""
_ECHO = re.compile(r"\S {2,}(?=\S)")
"""Where a header's own words end and its repeat of the value's first row begins."""
_CUT = "\u2026"


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


def _separator(text: str) -> bool:
    """A blank row, or a rule across it at column 0 that says nothing."""
    return is_blank(text) or text[:1] in _RULE and set(text.rstrip(" ")) <= _RULE


def unlabelled_block(
    rows: ScreenRows, stop: int, heads_a_fact: Callable[[int], bool]
) -> UnlabelledBlock | None:
    """The block under the header in ``rows[:stop]``, if the screen has one (the module's rules), in one pass."""
    header = next((index for index in range(stop) if not is_blank(rows[index].text)), None)
    if header is None or rows[header].text[:1] == " " or heads_a_fact(header):
        return None
    start = header + 1
    while start < stop and _separator(rows[start].text):
        start += 1
    if start == header + 1 or start >= stop or not _indented(rows[start].text):
        return None
    end = resume = start + 1
    while resume < stop and (is_blank(rows[resume].text) or _indented(rows[resume].text)):
        if not is_blank(rows[resume].text):
            end = resume + 1
        resume += 1
    while resume < stop and _separator(rows[resume].text):
        resume += 1
    if any(heads_a_fact(index) for index in range(start, end)) or not _echo_agrees(
        rows[header].text, rows[start].text
    ):
        return None
    return UnlabelledBlock(header, start, end, resume)


def _echo_agrees(header: str, first: str) -> bool:
    """Whether what the header repeats after a gap (if it repeats anything) reads as the block's first row:
    as drawn, or with a gutter or prompt mark before it taken off; whole, or its head and a bare ``…``."""
    gap = _ECHO.search(header)
    if gap is None:
        return True
    echo, shown = header[gap.end() :], first.strip(" ")
    drawn = [shown]
    if shown[:1] in _GUTTER | {PROMPT} and shown[1:2] in ("", " "):
        drawn.append(shown[1:].lstrip(" "))
    return any(echo == text or echo.endswith(_CUT) and text.startswith(echo[:-1]) for text in drawn)


def gutter_column(rows: ScreenRows, block: UnlabelledBlock) -> int | None:
    """The column of a gutter drawn down the block, if every row of it that is not blank has one there."""
    drawn: tuple[int, str] | None = None
    for index in range(block.start, block.end):
        text = rows[index].text
        if is_blank(text):
            continue
        at = len(text) - len(text.lstrip(" "))
        if text[at] not in _GUTTER or text[at + 1 : at + 2] not in ("", " "):
            return None
        if drawn is not None and drawn != (at, text[at]):
            return None
        drawn = (at, text[at])
    return drawn[0] if drawn else None


def without_gutter(rows: ScreenRows, block: UnlabelledBlock, column: int) -> ScreenRows:
    """The rows with the block's gutter drawn as a blank: every column stays where it is."""
    out = list(rows)
    for index in range(block.start, block.end):
        row = rows[index]
        if len(row.text) > column:
            out[index] = replace(row, text=f"{row.text[:column]} {row.text[column + 1 :]}")
    return ScreenRows.of(out)


def without_prompt(rows: ScreenRows, block: UnlabelledBlock) -> ScreenRows | None:
    """The rows with a shell prompt ``$`` before the block's first row drawn as a blank, if one is there: the
    mark, then a blank or the row's end (a value whose first line is empty)."""
    row = rows[block.start]
    at = len(row.text) - len(row.text.lstrip(" "))
    if row.text[at] != PROMPT or row.text[at + 1 : at + 2] not in ("", " "):
        return None
    out = list(rows)
    out[block.start] = replace(row, text=f"{row.text[:at]} {row.text[at + 1 :]}")
    return ScreenRows.of(out)


def value_head(rows: ScreenRows, block: UnlabelledBlock, newlines: int) -> int:
    """Where a value that begins with ``newlines`` line breaks begins: on the blank rows right above the
    block, one of them left under the header when nothing else separates it."""
    blanks = 0
    while block.start - blanks - 1 > block.header and is_blank(rows[block.start - blanks - 1].text):
        blanks += 1
    kept = 1 if block.start - blanks - 1 == block.header else 0
    return block.start - min(newlines, max(0, blanks - kept))


def block_indent(rows: ScreenRows, block: UnlabelledBlock, first_line: str) -> list[int]:
    """The columns the block's value may start at: its least indented row's, or its first row's less the
    blanks the value's own first line begins with — the value's own indentation is text, read exactly."""
    leads = [
        len(rows[index].text) - len(rows[index].text.lstrip(" "))
        for index in range(block.start, block.end)
        if not is_blank(rows[index].text)
    ]
    if not leads:
        return [1]
    least = min(leads)
    own = len(first_line) - len(first_line.lstrip(" \t"))
    return [column for column in dict.fromkeys((least, leads[0] - own)) if column >= 1]
