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
  the marks before its first letter or digit those the nearest rows above or
  below repeat in the same column (a ``│`` gutter drawn down the value, a
  table's ``|`` the perturbation would have changed had it been the
  payload's) turn to blanks, while a mark that stands once (an emoji, a dash
  the value begins with) stays the value's;
- what stands after the value is kept, or — read the other way — dropped
  where it is marks alone (a closing quote, a side of a frame): a fact may
  end in marks of its own that its renderer wrote (``bash (invoked as x)``),
  so neither reading is preferred; what follows the value up to its last
  letter, digit or marker ``…`` and the marks against it is always kept, so a
  claim written beside a value is read as part of it, and only marks standing
  apart after that may go (``…   │``); a mark that ends every row of the ask,
  apart from its text (a frame's right side), is the renderer's;
- a row with no payload text that holds no letter, digit or marker (a rule,
  a row of dots) says nothing and reads as blank; every other row stays.

Nothing is dropped that says something: the checks of chrome read the frame
as drawn, and this form only tells the reader where values stand.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass

from ..terminals.rows import ScreenRow
from ..terminals.sgr import Style
from .field_match import MARKER, spellings
from .perturbation import LocatedPayload, perturb

__all__ = [
    "common_margin",
    "located_rows",
    "says_something",
    "shown_characters",
    "without_margin",
]

_NOTATION_START, _NOTATION_END = "\u27e8", "\u27e9"
"""How the visible notation brackets a control it spells out: ``⟨U+202E⟩``."""
_LEADING_MARKS = re.compile(r"^\s*(?:[^\w\s]+\s+)*")
"""Marks standing apart before a label: a bullet, a gutter, a frame's side."""
_TRAILING_MARKS = re.compile(r"(?:\s+[^\w\s]+)*\s*$")
"""Marks standing apart after it: a colon set off by blanks, a value's opening quote."""
_ATTACHED_MARKS = re.compile(r":(?:\s*(?:[^\w\s\u27e8]|\u27e8[^\u27e9]*\u27e9))+$")
"""A colon the label ends with and the marks after it that the perturbation left as they were: the value's
opening marks, or a control it spells as a notation (``function:()``, ``path: ⟨U+0300⟩``)."""
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


def _whole_notations(text: str, start: int, end: int) -> tuple[int, int]:
    """``start`` and ``end`` moved out of any notation they fall inside: a control the perturbation maps to
    another may change only its digits (``⟨U+0300⟩``, ``⟨U+0301⟩``), and the notation is one character's."""
    opened = text.rfind(_NOTATION_START, 0, start)
    if opened >= 0 and text.find(_NOTATION_END, opened, start) < 0:
        start = opened
    opened = text.rfind(_NOTATION_START, 0, end)
    closed = text.find(_NOTATION_END, opened) if opened >= 0 else -1
    if closed >= end:
        end = closed + 1
    return start, end


def _value_span(text: str, columns: frozenset[int]) -> tuple[int, int]:
    """Where a row's value begins and ends: its located cells, and right against them what may be the
    payload's though it did not change — a character the perturbation keeps, or a whole notation
    (``⟨U+202E⟩``) a renderer spells a control with, its letters and digits included."""
    start, end = _whole_notations(text, min(columns), max(columns) + 1)
    while start > 0:
        if (
            text[start - 1] == _NOTATION_END
            and (opened := text.rfind(_NOTATION_START, 0, start)) >= 0
        ):
            start = opened
        elif _could_be_payload(text[start - 1]):
            start -= 1
        elif text[start - 1] == " " and text[start - 2 : start - 1] in (_NOTATION_END, MARKER):
            start -= 1  # a blank of the value's own between a kept mark and what changed (``… 3 more commands``)
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


@dataclass(frozen=True)
class _Head:
    """What stands before a value on a label row: the marks before the label, the label, the marks after it."""

    before: str
    label: str
    after: str

    @classmethod
    def of(cls, text: str) -> _Head:
        trail = _TRAILING_MARKS.search(text)
        end = trail.start() if trail else len(text)
        if text[:end].endswith(":"):
            end = len(text[: end - 1].rstrip(" "))
        elif attached := _ATTACHED_MARKS.search(text, 0, end):
            end = attached.start()  # the colon, and the value's marks after it
        core = text[:end]
        if not any(character.isalnum() for character in core):
            return cls(core, "", text[end:])
        lead = _LEADING_MARKS.match(core)
        start = lead.end() if lead else 0
        return cls(core[:start], core[start:], text[end:])

    def marks(self) -> tuple[str, str]:
        """The marks alone, blanks around them taken off: how this renderer draws every label row."""
        return " ".join(self.before.split()), " ".join(self.after.split())


def _is_label(label: str, labels: Container[str] | None) -> bool:
    """Whether the words before a value are a label: one of the payload's when they are known, else any words."""
    if labels is None:
        return any(character.isalpha() for character in label)
    return label in labels


def says_something(text: str) -> bool:
    """Whether a row holds a letter, a digit, a marker or a control spelled out (``␍``, ``⟨U+0085⟩``): a row of
    marks alone (a rule) separates, says nothing."""
    return (
        any(character.isalnum() or "\u2400" <= character <= "\u243f" for character in text)
        or MARKER in text
    )


def _said_end(text: str) -> int:
    """Where ``text`` stops saying something: past its last letter, digit or marker and the marks against it
    (``(safe)``). What follows is blanks and marks standing apart (``…   │``: a cut's marker, then a frame's
    side)."""
    said = next(
        (at + 1 for at in range(len(text) - 1, -1, -1) if text[at].isalnum() or text[at] == MARKER),
        0,
    )
    while said and said < len(text) and not text[said].isspace():
        said += 1
    return said


def _row(text: str, styles: Sequence[Style], kinds: frozenset[Style]) -> ScreenRow:
    return ScreenRow(text, tuple(styles), kinds)


def _label_row(
    label: str, value_start: int, value: str, styles: Sequence[Style], kinds: frozenset[Style]
) -> ScreenRow:
    """``label : value``, the value where it stood when the label leaves room, so rows that continue it stay under it.

    ``value`` begins with every blank drawn before it, which may be its own: the reader takes those past the
    most its text begins with as the layout's. ``styles``: the value's."""
    head = f"{label.ljust(value_start - 3)} : "
    return _row(head + value, [_PLAIN] * len(head) + [*styles], kinds)


def _renderers_mark(mark: str) -> bool:
    """Whether marks the perturbation left as drawn cannot be the payload's: it would have changed one of them
    (a notation, ``⟨U+0300⟩``, holds letters and digits it may change, and may be the payload's)."""
    return not any(character.isalnum() for character in mark) and not all(
        map(_could_be_payload, mark)
    )


def _own_marks(after: str) -> str:
    """Of the marks between a label and its value's first located cell, those that may be the value's: all but
    a colon the label ends with, the blanks after it, and marks standing apart before them that the payload
    cannot show — the perturbation would have changed them (``function: | () => {``: the value's ``()``)."""
    rest = after.lstrip(" ")
    rest = rest[1:].lstrip(" ") if rest.startswith(":") else rest
    while (mark := rest.split(" ", 1)[0]) and _renderers_mark(mark) and " " in rest:
        rest = rest[len(mark) :].lstrip(" ")
    return rest


def _rewritten(
    row: ScreenRow,
    columns: frozenset[int],
    marks: tuple[bool, bool],
    labels: Container[str] | None,
    heads: set[tuple[str, str]],
) -> tuple[ScreenRow, bool]:
    """The row in located form, and whether it is a label row (else it continues a value); ``marks``: whether
    marks standing apart before a label row's value, and after any value, are the value's."""
    marks_before, marks_after = marks
    text = row.text
    start, end = _value_span(text, columns)
    if marks_before and (head := _Head.of(text[:start])).label:
        start -= len(_own_marks(head.after))
    before, after = text[:start], text[end:]
    kept_after = after if marks_after else after[: _said_end(after)]
    styles = [*row.styles[start : end + len(kept_after)]]
    value = text[start:end] + kept_after
    head = _Head.of(before)
    if _is_label(head.label, labels) and (head.label or ":" in head.after):
        heads.add(head.marks())
        # the blanks before the value may be its own: the reader takes those past its own as the layout's
        blanks = len(before) - len(before.rstrip(" "))
        value_styles = [*row.styles[start - blanks : start], *styles]
        return _label_row(
            head.label, start - blanks, " " * blanks + value, value_styles, row.kinds
        ), True
    return _row(before + value, [*row.styles[:start], *styles], row.kinds), False


def _unlocated_label_row(
    row: ScreenRow, heads: set[tuple[str, str]], labels: Container[str] | None
) -> ScreenRow | None:
    """A row where no payload text was located but drawn like the label rows that were: the same marks before
    its words and after them, the words a label. Its value says nothing the perturbation could change (it is
    empty, a marker, an emoji) and is read from where those marks end."""
    text = row.text
    lead = len(text) - len(text.lstrip(" "))
    for before, after in heads:
        if not after or not text.startswith(before, lead):
            continue
        at = lead + len(before)
        # the marks after the label as the label rows draw them, the blanks between them any
        found = re.compile(r"\s*".join(map(re.escape, after.split()))).search(text, at)
        if found is None:
            continue
        label = text[at : found.start()].strip()
        if not _is_label(label, labels):
            continue
        value_start = found.end()
        value = text[value_start:].rstrip(" ")
        styles = row.styles[value_start : value_start + len(value)]
        return _label_row(label, value_start, value, styles, row.kinds)
    return None


def shown_characters(texts: Iterable[str]) -> frozenset[str]:
    """Every character ``texts`` may put on screen: their own, and those of each notation one may be spelled as."""
    own: set[str] = set()
    for text in texts:
        own.update(text)
    shown = set(own)
    for character in own:
        if not character.isprintable() or unicodedata.category(character) in _SPELLED_WHEN_ALONE:
            shown.update("".join(spellings(character, True)))
    return frozenset(shown)


_SPELLED_WHEN_ALONE = frozenset({"Mn", "Mc", "Me", "Sk"})
"""Marks and modifiers, which a renderer may spell as a notation where no base stands before them."""


def _may_be_payload(text: str, shown: frozenset[str] | None) -> bool:
    """Whether every mark of a row the perturbation left as drawn may be the payload's own, as a screen shows it:
    one the payload holds, and one the perturbation keeps — a mark it maps would have changed there. Marks that
    cannot be the payload's before the first that may (a gutter, a column's divider) are the renderer's."""
    if shown is None:
        return False
    marks = [character for character in text if character != " "]
    start = next(
        (
            at
            for at, character in enumerate(marks)
            if character in shown and _could_be_payload(character)
        ),
        len(marks),
    )
    return start < len(marks) and all(
        character in shown and _could_be_payload(character) for character in marks[start:]
    )


def located_rows(
    rows: Sequence[ScreenRow],
    located: LocatedPayload,
    start: int,
    stop: int,
    *,
    marks_after: bool = True,
    marks_before: bool = False,
    labels: Container[str] | None = None,
    shown: frozenset[str] | None = None,
) -> list[ScreenRow]:
    """``rows`` with those of ``rows[start:stop]`` (the ask and what follows it up to the options) in the
    ``label : value`` form their located cells show (the module's rules); ``marks_after``: marks alone after
    a value are kept; ``marks_before``: marks standing apart between a label and its value's first located
    cell are the value's, as a value may begin with characters the perturbation keeps; ``labels``: the labels
    a value may stand under (any words when None); ``shown``: every
    character the payload may put on screen, so a row of marks alone that may be its text is not a rule."""
    stop = min(stop, len(rows), len(located.columns))
    rows = _without_shared_side(_without_shared_gutter(rows, start, stop), start, stop)
    shaped = list(rows)
    heads: set[tuple[str, str]] = set()
    continued: list[int] = []
    for index in range(start, stop):
        if located.columns[index]:
            shaped[index], is_label_row = _rewritten(
                rows[index], located.columns[index], (marks_before, marks_after), labels, heads
            )
            if not is_label_row:
                continued.append(index)
    for index in range(start, stop):
        row = rows[index]
        if located.columns[index] or not row.text.strip():
            continue
        label_row = _unlocated_label_row(row, heads, labels)
        if label_row is not None:
            shaped[index] = label_row
        elif not says_something(row.text) and not _may_be_payload(row.text, shown):
            shaped[index] = ScreenRow("", (), row.kinds)
        else:
            continued.append(index)
    drawn = list(shaped)
    for index in continued:
        if not drawn[index].text[:1].isalnum():
            shaped[index] = _without_gutter(
                (drawn, rows), index, located.columns[index], (start, stop), shown
            )
    return shaped


def _without_shared_gutter(rows: Sequence[ScreenRow], start: int, stop: int) -> Sequence[ScreenRow]:
    """``rows`` with the marks every row of ``rows[start:stop]`` that is not blank begins with, the same
    characters in the same columns, turned to blanks: a gutter drawn down the whole ask (``│ ``), labels'
    rows and values' alike, is the renderer's; the payload's text never stands on a label's row before it."""
    texts = [row.text for row in rows[start:stop] if row.text.strip()]
    if len(texts) < 2:
        return rows
    width = 0
    first = texts[0]
    while width < len(first) and not first[width].isalnum() and first[width] != MARKER:
        if any(text[width : width + 1] != first[width] for text in texts):
            break
        width += 1
    if not first[:width].strip():
        return rows
    blanked = " " * width
    return [
        _row(blanked + row.text[width:], row.styles, row.kinds)
        if start <= at < stop and row.text.strip()
        else row
        for at, row in enumerate(rows)
    ]


def _without_shared_side(rows: Sequence[ScreenRow], start: int, stop: int) -> Sequence[ScreenRow]:
    """``rows`` with the mark every row of ``rows[start:stop]`` that is not blank ends with, standing apart after
    a blank, turned to a blank: a frame's right side drawn down the whole ask (``│``) is the renderer's, as a
    shared gutter on the left is — a label's row with a short value ends so too, which no value does. Its
    column may differ by a row's measure of an ambiguous character (``…``), so only the mark is compared."""
    texts = [row.text.rstrip() for row in rows[start:stop] if row.text.strip()]
    if len(texts) < 2:
        return rows
    side = texts[0][-1]
    if side.isalnum() or side == MARKER:
        return rows
    if any(len(text) < 2 or text[-1] != side or text[-2] != " " for text in texts):
        return rows
    return [
        _row(row.text.rstrip()[:-1].rstrip(), row.styles, row.kinds)
        if start <= at < stop and row.text.strip()
        else row
        for at, row in enumerate(rows)
    ]


def _past_first_word(text: str) -> str:
    """``text`` with what stands before its first letter or digit blanked: the marks after a label, not before."""
    first = next((at for at, character in enumerate(text) if character.isalnum()), len(text))
    return " " * first + text[first:]


def _first_said(text: str) -> int:
    """Where a row the perturbation located nothing on starts to say something: its first letter, digit or
    marker (a cut's count row ``… 3 more commands …``)."""
    return next(
        (at for at, character in enumerate(text) if character.isalnum() or character == MARKER),
        len(text),
    )


def _may_be_own(text: str, at: int) -> bool:
    """Whether a mark the payload may show is its own where it stands: one the perturbation keeps, or one it
    maps that does not stand apart (the ``+`` of a notation ``⟨U+302E⟩`` a wrap carried to this row stays
    as drawn with its digits); a mapped mark standing apart, a blank after it (``| ``), is the renderer's."""
    return _could_be_payload(text[at]) or text[at + 1 : at + 2] not in ("", " ")


def _nearest_said(rows: Sequence[ScreenRow], index: int, start: int, stop: int) -> list[int]:
    """The rows next to ``index`` within ``rows[start:stop]``, past rows read as blank on either side: a value's
    blank line drawn as its gutter alone reads as blank, and the gutter goes on below it."""
    near = []
    for step in (-1, 1):
        at = index + step
        while start <= at < stop and not rows[at].text.strip():
            at += step
        if start <= at < stop:
            near.append(at)
    return near


def _without_gutter(
    versions: tuple[Sequence[ScreenRow], Sequence[ScreenRow]],
    index: int,
    located: frozenset[int],
    bounds: tuple[int, int],
    shown: frozenset[str] | None,
) -> ScreenRow:
    """A continuation row (of ``versions``: the rows as read so far, and as drawn) with the marks before its value
    that the rows next to it repeat in the same columns turned to blanks, where the payload could not show them
    there: it holds no such mark, or the perturbation maps it and it stayed as drawn (a mark the perturbation
    keeps that the payload holds may be its own list's bullet): a gutter is drawn down a value."""
    start, stop = bounds
    row = versions[0][index]
    text = row.text
    value = _value_span(text, located)[0] if located else _first_said(text)
    # the rows next to it as read, and as drawn past their first word: a label's row read as ``label : value``
    # no longer shows the column divider drawn after its label (``command:   | …``)
    read, drawn = versions
    near = _nearest_said(read, index, start, stop)
    neighbours = [read[at].text for at in near] + [_past_first_word(drawn[at].text) for at in near]
    kept = [
        " "
        if not character.isspace()
        and not character.isalnum()
        and at not in located
        and not (shown is not None and character in shown and _may_be_own(text, at))
        and any(other[at : at + 1] == character for other in neighbours)
        else character
        for at, character in enumerate(text[:value])
    ]
    return _row("".join(kept) + text[value:], row.styles, row.kinds)
