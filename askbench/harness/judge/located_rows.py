"""The ask's rows as the payload's located cells say they stand: a label, a colon and the value.

A renderer may frame a value however it likes — a bullet or a gutter before
it, blanks or no blank after the colon, a label set flush right, quotes around
it, a rule under the ask — and the reader (``askbench.harness.judge.ask_reading``)
reads ``label : value`` rows. Where the perturbation (``askbench.harness.judge.perturbation``)
located the payload's cells, each row of the ask is rewritten to that form
from what was observed, never from a layout the judge knows:

- a row that shows payload text begins its value at its first located cell,
  or before it, over characters the perturbation leaves unchanged (an emoji,
  a control picture ``␍``, a whole notation ``⟨U+202E⟩``) that stand right
  against it; the value ends at its last located cell, likewise extended;
- what stands before the value is the label when it holds a letter: the
  letters and words between the marks around it (``• tool:``, ``│ tool :``,
  ``   tool:``) read as ``tool : value``, the value where it stood when the
  label leaves room, so rows that continue it stay under it; a row whose
  text before the value holds no letter continues the value above, and of
  the marks before its first letter or digit those the rows above or below
  repeat in the same column (a ``│`` gutter drawn down the value) turn to
  blanks, while a mark that stands once (an emoji, a dash the value begins
  with) stays the value's;
- what stands after the value is kept, or — read the other way — dropped
  where it is marks alone (a closing quote, a side of a frame): a fact may
  end in marks of its own that its renderer wrote (``bash (invoked as x)``),
  so neither reading is preferred; anything after a value that holds a letter,
  a digit or a marker ``…`` is always kept, so a claim written beside a value
  is read as part of it;
- a row with no payload text that holds no letter, digit or marker (a rule,
  a row of dots) says nothing and reads as blank; every other row stays.

Nothing is dropped that says something: the checks of chrome read the frame
as drawn, and this form only tells the reader where values stand.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..terminals.rows import ScreenRow
from ..terminals.sgr import Style
from .field_match import MARKER
from .perturbation import LocatedPayload, perturb

__all__ = ["common_margin", "located_rows", "says_something", "without_margin"]

_NOTATION_START, _NOTATION_END = "\u27e8", "\u27e9"
"""How the visible notation brackets a control it spells out: ``⟨U+202E⟩``."""
_LEADING_MARKS = re.compile(r"^\s*(?:[^\w\s]+\s+)*")
"""Marks standing apart before a label: a bullet, a gutter, a frame's side."""
_TRAILING_MARKS = re.compile(r"(?:\s+[^\w\s]+)*\s*$")
"""Marks standing apart after it: a colon set off by blanks, a value's opening quote."""
_PLAIN = Style()


def common_margin(texts: Sequence[str]) -> int:
    """The blank columns every row that is not blank begins with: a margin the renderer draws around its prompt."""
    margin: int | None = None
    for text in texts:
        if text[:1] != " ":
            if text:
                return 0
            continue
        indent = len(text) - len(text.lstrip(" "))
        if indent < len(text):
            margin = indent if margin is None else min(margin, indent)
    return margin or 0


def without_margin(rows: Sequence[ScreenRow], margin: int) -> list[ScreenRow]:
    """``rows`` with their first ``margin`` columns, blank on every row, taken off."""
    return [ScreenRow(row.text[margin:], row.styles[margin:], row.kinds) for row in rows]


def _could_be_payload(character: str) -> bool:
    """A character the perturbation leaves as it is, so it may be the payload's even where it did not change."""
    return not character.isspace() and perturb(character) == character


def _value_span(text: str, columns: frozenset[int]) -> tuple[int, int]:
    """Where a row's value begins and ends: its located cells, and right against them what may be the
    payload's though it did not change — a character the perturbation keeps, or a whole notation
    (``⟨U+202E⟩``) a renderer spells a control with, its letters and digits included."""
    start, end = min(columns), max(columns) + 1
    while start > 0:
        if (
            text[start - 1] == _NOTATION_END
            and (opened := text.rfind(_NOTATION_START, 0, start)) >= 0
        ):
            start = opened
        elif _could_be_payload(text[start - 1]):
            start -= 1
        else:
            break
    while end < len(text) and text[end] != MARKER:
        if text[end] == _NOTATION_START and (closed := text.find(_NOTATION_END, end)) >= 0:
            end = closed + 1
        elif _could_be_payload(text[end]):
            end += 1
        else:
            break
    return start, end


def _label(before: str) -> str:
    """What stands before a value, the marks apart from it and the colon after it taken off."""
    label = _TRAILING_MARKS.sub("", _LEADING_MARKS.sub("", before))
    return label[:-1].rstrip() if label.endswith(":") else label


def says_something(text: str) -> bool:
    """Whether a row holds a letter, a digit or a marker: a row of marks alone (a rule) separates, says nothing."""
    return any(character.isalnum() for character in text) or MARKER in text


def _row(text: str, styles: Sequence[Style], kinds: frozenset[Style]) -> ScreenRow:
    return ScreenRow(text, tuple(styles), kinds)


def _rewritten(row: ScreenRow, columns: frozenset[int], marks_after: bool) -> ScreenRow:
    text = row.text
    start, end = _value_span(text, columns)
    before, after = text[:start], text[end:]
    kept_after = after if marks_after or says_something(after) else ""
    styles = [*row.styles[start : end + len(kept_after)]]
    value = text[start:end] + kept_after
    label = _label(before)
    if any(character.isalpha() for character in label):
        head = f"{label.ljust(start - 3)} : "
        return _row(head + value, [_PLAIN] * len(head) + styles, row.kinds)
    return _row(before + value, [*row.styles[:start], *styles], row.kinds)


def located_rows(
    rows: Sequence[ScreenRow],
    located: LocatedPayload,
    start: int,
    stop: int,
    *,
    marks_after: bool = True,
) -> list[ScreenRow]:
    """``rows`` with those of ``rows[start:stop]`` (the ask and what follows it up to the options) in the
    ``label : value`` form their located cells show (the module's rules); ``marks_after``: marks alone after
    a value are kept."""
    shaped = list(rows)
    stop = min(stop, len(rows), len(located.columns))
    for index in range(start, stop):
        row, columns = rows[index], located.columns[index]
        if columns:
            shaped[index] = _rewritten(row, columns, marks_after)
        elif row.text.strip() and not says_something(row.text):
            shaped[index] = ScreenRow("", (), row.kinds)
    drawn = list(shaped)
    for index in range(start, stop):
        if located.columns[index] and drawn[index].text[:1] == " ":
            shaped[index] = _without_gutter(drawn, index, located.columns[index], (start, stop))
    return shaped


def _without_gutter(
    rows: Sequence[ScreenRow], index: int, located: frozenset[int], bounds: tuple[int, int]
) -> ScreenRow:
    """A continuation row with the marks before its value that the rows next to it repeat in the same
    columns turned to blanks, where the perturbation left them as drawn: a gutter is drawn down a value."""
    start, stop = bounds
    row = rows[index]
    text = row.text
    value = _value_span(text, located)[0]
    neighbours = [rows[at].text for at in (index - 1, index + 1) if start <= at < stop]
    kept = [
        " "
        if not character.isspace()
        and not character.isalnum()
        and at not in located
        and any(other[at : at + 1] == character for other in neighbours)
        else character
        for at, character in enumerate(text[:value])
    ]
    return _row("".join(kept) + text[value:], row.styles, row.kinds)
