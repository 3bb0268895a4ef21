"""A box drawn around the prompt, taken off before the screen is read.

Claude Code, Codex and Gemini CLI draw their prompts inside a box
(``╭─╮ │ │ ╰─╯``). The box is the renderer's frame, not text: read with it,
every label would stand after a ``│`` and every row would end in one. So
the judge takes it off first, and reads what is inside as if no box were
there. A box drawn right under the header, around the command alone (Gemini
CLI's), is taken off too, every column kept (``unbox_under_header``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from ..terminals.rows import ScreenRow, ScreenRows

__all__ = ["box_bottom", "unbox", "unbox_under_header"]

_TOP = re.compile(
    r"^[\u256d\u250c\u2554\u250f+][\u2500\u2501\u2550\-].*[\u256e\u2510\u2557\u2513+]$"
)
_TOP_CORNERS = ("\u256d", "\u250c", "\u2554", "\u250f", "+")
"""What a top border begins with: rows that begin otherwise are not matched against ``_TOP`` at all."""
_BOTTOM = re.compile(
    r"^[\u2570\u2514\u255a\u2517+][\u2500\u2501\u2550\-].*[\u256f\u2518\u255d\u251b+]$"
)
_SIDES = frozenset("\u2502\u2503\u2551|")
_RULE = frozenset(
    "\u256d\u256e\u2570\u256f\u250c\u2510\u2514\u2518\u2554\u2557\u255a\u255d\u250f\u2513\u2517\u251b+"
    "\u2500\u2501\u2550- "
)
"""The characters a border row is drawn with; what else it holds is text (a title set into the top border)."""
_INNER_RULE = "\u2500"
_SIDE_BLANKS = "  "
"""A box's left side as read once taken off: the two cells the widest terminal draws it in."""
"""What a box's border under the header reads as once taken off: a rule, which separates and says nothing."""


def _sliced(row: ScreenRow, start: int, stop: int) -> ScreenRow:
    text = row.text[start:stop].rstrip(" ")
    styles = row.styles[start : start + len(text)]
    return ScreenRow(text, styles, frozenset(styles))


def _border_text(row: ScreenRow) -> ScreenRow:
    """A border row's own text, the border drawn around it taken off."""
    start = next((index for index, char in enumerate(row.text) if char not in _RULE), len(row.text))
    stop = max(
        (index + 1 for index, char in enumerate(row.text) if char not in _RULE), default=start
    )
    return _sliced(row, start, stop)


def _box_end(rows: Sequence[ScreenRow], top: int) -> int | None:
    """The bottom border of a box whose top border is row ``top``, when every row between is drawn inside its sides."""
    for index in range(top + 1, len(rows)):
        text = rows[index].text
        if _BOTTOM.match(text):
            return index
        if len(text) < 2 or text[0] not in _SIDES or text[-1] not in _SIDES:
            return None
    return None


def box_bottom(rows: ScreenRows, top: int) -> int | None:
    """The bottom border of a box drawn from row ``top`` at column 0, every row between inside its two sides."""
    return _box_end(rows, top) if _TOP.match(rows[top].text) else None


def unbox(rows: ScreenRows) -> ScreenRows:
    """The rows with every box drawn around them at the left edge taken off: its sides, their padding, its borders.

    A box is the renderer's frame: a top border at column 0, a bottom one,
    and every row between them inside two sides. Its rows keep their places
    (a border row keeps the text set into it, or reads blank), so rows are
    still counted as the screen has them; inside, the padding every row
    shares is taken off, and what is indented more stays so. A box that
    does not close, or that stands in from the edge (where only a value can
    put one), is text like any other. Rows with no top border among them are
    ``rows`` themselves.
    """
    index = next(
        (
            at
            for at, text in enumerate(rows.texts_between(0, len(rows)))
            if text.startswith(_TOP_CORNERS) and _TOP.match(text)
        ),
        None,
    )
    if index is None:
        return rows
    out = list(rows)
    while index < len(out):
        bottom = _box_end(out, index) if _TOP.match(out[index].text) else None
        if bottom is None:
            index += 1
            continue
        inside = [_sliced(row, 1, len(row.text) - 1) for row in out[index + 1 : bottom]]
        pad = min(
            (len(row.text) - len(row.text.lstrip(" ")) for row in inside if row.text.strip()),
            default=0,
        )
        out[index + 1 : bottom] = [_sliced(row, pad, len(row.text)) for row in inside]
        out[index] = _border_text(out[index])
        out[bottom] = _border_text(out[bottom])
        index = bottom + 1
    return ScreenRows.of(out)


def unbox_under_header(rows: ScreenRows) -> ScreenRows:
    """The rows with a box drawn right under the header taken off: its borders drawn as rules, its left side
    as two blanks, its right side gone; what it holds keeps its place past the side.

    Gemini CLI draws the command a person approves in a box of its own
    under its one-row header, inside the box around the prompt (``unbox``
    takes that one off first). Where ``unbox`` keeps the text inside a box
    and drops its place, this one keeps every column: the box's rows read
    as the block under the header that ``askbench.harness.judge.unlabelled``
    places, and its borders as the rules that separate it. The left side
    reads as the two cells the widest terminal draws it in, so nothing the
    box holds stands at the option column: a value row ``1. Add …`` inside
    it is the value's, as a person sees it inside the box. A row with text
    after the box's right side is no row of a box; then nothing is taken off, and the rows are ``rows``.
    """
    header = next(
        (index for index, text in enumerate(rows.texts_between(0, len(rows))) if text.strip()),
        len(rows),
    )
    top = header + 1
    bottom = box_bottom(rows, top) if top < len(rows) else None
    if bottom is None:
        return rows
    out = list(rows)
    for index in (top, bottom):
        out[index] = replace(rows[index], text=_INNER_RULE * len(rows[index].text))
    for index in range(top + 1, bottom):
        row = rows[index]
        text = (_SIDE_BLANKS + row.text[1:-1]).rstrip(" ")
        styles = [row.styles[0]] * len(_SIDE_BLANKS) + list(row.styles[1 : len(row.text) - 1])
        out[index] = ScreenRow(text, styles[: len(text)], row.kinds)
    return ScreenRows.of(out)
