"""Reading the ask: which screen rows show which fact, and how much of it.

The judge knows what the prompt must say (``harness.facts``) and looks for
it on the screen the way a person reads: a fact begins on a row that starts
with its label and a colon — ``tool : bash``, ``tool: bash``, or ``tool :``
with the value on the rows below — and its value runs until the next fact's
label row, a lone ``…`` row (evidence left out) or the end of the ask.
A label reads in any case (``Tool :``), and the core facts in any order;
evidence in the payload's. Continuation rows may be indented under the value, at the margin, or by
any fixed amount; the field's text is read back by ``harness.readback``.
Nothing here knows how the reference lays out a frame.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from .facts import ARROW, CORE_LABELS, ExpectedFact
from .layout import is_blank
from .readback import MARKER, FieldReading, compare, read_field
from .terminal import MODELS, ScreenRow, cells_on

MAX_LABEL_CELLS = 20
"""A label longer than this may be shown clipped."""
_SEPARATOR = re.compile(r" *:(?: |$)")
_ANY_CORE_HEAD = re.compile(r"^(%s) *:(?: |$)" % "|".join(sorted(CORE_LABELS, key=len, reverse=True)), re.IGNORECASE)


@dataclass(frozen=True)
class Segment:
    """Part of one screen row that belongs to a field's value: ``rows[row].text[start:]``."""

    row: int
    start: int


@dataclass(frozen=True)
class FactOnScreen:
    fact: ExpectedFact
    head: int
    """The row index of the label row."""
    end: int
    """One past the fact's last row."""
    reading: FieldReading
    text: str
    """Which of the fact's texts the screen shows."""
    segments: tuple[Segment, ...]
    detail_reading: FieldReading | None = None

    @property
    def capped(self) -> bool:
        return not self.reading.whole or (self.detail_reading is not None and not self.detail_reading.whole)


@dataclass
class AskReading:
    """The ask as read from one frame's rows."""

    title_rows: int
    start: int
    end: int
    """The ask is ``rows[start:end]``; the title ``rows[:title_rows]``."""
    facts: list[FactOnScreen] = field(default_factory=list)
    missing: list[ExpectedFact] = field(default_factory=list)
    dropped: list[ExpectedFact] = field(default_factory=list)
    marker_row: int | None = None
    stray_rows: list[int] = field(default_factory=list)
    """Rows inside the ask that belong to no fact."""

    @property
    def rows(self) -> int:
        return self.end - self.start

    def fact(self, label: str) -> FactOnScreen | None:
        return next((shown for shown in self.facts if shown.fact.label == label), None)


def _starts_with(row: str, label: str) -> bool:
    """Whether ``row`` begins with ``label`` in any case: ``Tool``, ``TOOL`` and ``tool`` are one label to a reader."""
    return row.startswith(label) or row[: len(label)].casefold() == label.casefold()


def label_head(row: str, label: str) -> int | None:
    """Where a row's value starts when the row begins with ``label`` and a colon, else None.

    A long label may be shown clipped (with or without a marker), and one
    with characters no terminal prints shows them as notations. A label may
    hold a colon of its own, so the whole label is preferred to a clipped one.
    """
    if _starts_with(row, label):
        match = _SEPARATOR.match(row, len(label))
        if match:
            return match.end()
    if not row or label.isascii() and label.isprintable() and not _starts_with(row, label[:1]):
        return None
    flat = label.replace("\n", " ").replace("\t", " ").rstrip(" ")
    clipped: int | None = None
    for colon in (index for index, char in enumerate(row[: 12 * len(label) + 40]) if char == ":"):
        before = row[:colon].rstrip(" ")
        match = _SEPARATOR.match(row, len(before))
        if match is None:
            continue
        shown = before.rstrip(MARKER)
        if not shown:
            if not flat.strip():
                return match.end()  # a label of blanks shows as blanks
            continue
        progress = compare(flat, shown, partial_end=True)
        if not progress.ok or progress.read < len(shown):
            continue
        if progress.done >= len(flat):
            return match.end()
        if max(cells_on(shown, model) for model in MODELS.values()) >= MAX_LABEL_CELLS // 2:
            clipped = match.end()  # only a label that filled its column may be shown cut
    return clipped


def _value_stream(
    rows: Sequence[ScreenRow], head: int, value_start: int, end: int, indent: int, label_alone: bool
) -> tuple[str, list[Segment]] | None:
    """The value's rows joined by ``\\n``, continuation rows without their first ``indent`` spaces.

    A row indented less has all its spaces taken: some renderers continue a
    logical line under the value column but a wrapped row at the margin,
    and whitespace at a wrap is free anyway. ``label_alone``: the label row
    holds no value (it stands on a row of its own); otherwise an empty label
    row is the value's empty first line.
    """
    parts = [rows[head].text[value_start:]]
    segments = [Segment(head, value_start)]
    for index in range(head + 1, end):
        text = rows[index].text
        if is_blank(text):
            parts.append("")
            segments.append(Segment(index, len(text)))
            continue
        taken = min(indent, len(text) - len(text.lstrip(" ")))
        parts.append(text[taken:])
        segments.append(Segment(index, taken))
    if label_alone and not parts[0] and len(parts) > 1:
        parts.pop(0)
        segments.pop(0)
    return "\n".join(parts), segments


def _indents(
    rows: Sequence[ScreenRow], head: int, value_start: int, end: int, text: str, columns: Sequence[int]
) -> list[int]:
    """Where continuation rows may begin: under the value, at the margin, or where the first one does.

    A label row that shows no value lost the space after its colon to the
    screen's right-strip, so the value column is one further than it reads;
    and a label with a character terminals disagree about may stand a cell
    off the others, so the value columns of the facts read so far count too.
    """
    shows_value = bool(rows[head].text[value_start:])
    candidates = [value_start if shows_value else value_start + 1, *columns, 0]
    first = next((rows[index].text for index in range(head + 1, end) if not is_blank(rows[index].text)), None)
    if first is not None:
        lead = len(first) - len(first.lstrip(" "))
        candidates.append(lead)
        for line in text.split("\n", 3)[:3]:
            own = len(line) - len(line.lstrip(" "))
            if 0 < own <= lead:
                candidates.append(lead - own)
    return list(dict.fromkeys(candidates))


def _read_value(fact: ExpectedFact, stream: str, allow_cap: bool) -> tuple[str, FieldReading, FieldReading | None]:
    """The fact's value in ``stream``: one of its texts, with a detail after the arrow read as a field of its own if need be.

    A bounded view may show an evidence entry's brief (its text with the
    value a core line caps left out): that reads as the entry capped.
    """
    best: tuple[str, FieldReading, FieldReading | None] | None = None
    if allow_cap and fact.brief is not None:
        brief = read_field(fact.brief, stream, allow_cap=True)
        if brief.problem is None:
            return fact.text, FieldReading(False, brief.head, 0), None
    for text in fact.texts:
        reading = read_field(text if fact.detail is None else f"{text}{ARROW}{fact.detail}", stream, allow_cap=allow_cap)
        if reading.problem is None:
            return text, reading, None
        if fact.detail is not None:
            for arrow in (position for position in range(len(stream)) if stream.startswith("\u2192", position)):
                left = read_field(text, stream[:arrow].rstrip(" \n"), allow_cap=allow_cap)
                right = read_field(fact.detail, stream[arrow + 1 :].lstrip(" \n"), allow_cap=allow_cap)
                if left.problem is None and right.problem is None:
                    return text, left, right
        if best is None or reading.head > best[1].head:
            best = (text, reading, None)
    assert best is not None
    return best


def _read_fact(
    fact: ExpectedFact, rows: Sequence[ScreenRow], head: int, value_start: int, end: int, allow_cap: bool,
    columns: Sequence[int] = (),
) -> FactOnScreen:
    first: FactOnScreen | None = None
    full = fact.text if fact.detail is None else f"{fact.text}{ARROW}{fact.detail}"
    alone_first = (True, False) if not fact.text.startswith("\n") else (False, True)
    indents = _indents(rows, head, value_start, end, full, columns)
    for indent, label_alone in ((indent, alone) for alone in alone_first for indent in indents):
        if label_alone and rows[head].text[value_start:]:
            continue
        built = _value_stream(rows, head, value_start, end, indent, label_alone)
        if built is None:
            continue
        stream, segments = built
        text, reading, detail = _read_value(fact, stream, allow_cap)
        shown = FactOnScreen(fact, head, end, reading, text, tuple(segments), detail)
        if reading.problem is None and (detail is None or detail.problem is None):
            return shown
        first = first or shown
    if first is None:
        problem = FieldReading(False, 0, 0, "its rows are indented less than its first row")
        first = FactOnScreen(fact, head, end, problem, fact.text, ())
    return first


def _is_head_of(row: str, facts: Sequence[ExpectedFact]) -> bool:
    return any(label_head(row, fact.label) is not None for fact in facts)


def _extents(rows: Sequence[ScreenRow], head: int, stop: int, later: Sequence[ExpectedFact]) -> Iterator[int]:
    """Where a fact's rows may end, in the order to try them (lazily: the first nearly always reads).

    First at each later fact's label row or lone ``…`` row, nearest first: a
    row there usually is what it reads like, but a value wrapped at the
    margin can put its own words there (``base: "main", …`` inside an
    argument summary), and so can a forged line; when the shorter reading
    fails the field is read on through it — a forged core row then stands
    inside a value, where ``labels`` finds it. Last at ``stop``, or short of
    it at a blank row: a hint may stand between the ask and the options.
    """
    last = head
    for index in range(head + 1, stop):
        if rows[index].text == MARKER or _is_head_of(rows[index].text, later):
            last = index
            yield index
    yield stop
    for index in range(stop - 1, last, -1):
        if is_blank(rows[index].text) and not is_blank(rows[index - 1].text):
            yield index


def _reads(shown: FactOnScreen) -> bool:
    return shown.reading.problem is None and (shown.detail_reading is None or shown.detail_reading.problem is None)


def _bring_forward(pending: list[ExpectedFact], row: str) -> None:
    """Core facts stand in any order: a row that heads a later core fact, not the next one, is that fact's."""
    if not pending[0].core or label_head(row, pending[0].label) is not None:
        return  # the core facts come first in ``pending``: none is left once an entry of evidence is next
    core = itertools.takewhile(lambda item: item[1].core, enumerate(pending[1:], 1))
    other = next((index for index, fact in core if label_head(row, fact.label) is not None), None)
    if other is not None:
        pending.insert(0, pending.pop(other))


def read_ask(
    rows: Sequence[ScreenRow], expected: Sequence[ExpectedFact], stop: int, *, bounded: bool
) -> AskReading:
    """Find every expected fact in ``rows[:stop]`` (``stop``: where the options block and its hint begin).

    ``bounded``: values may be capped and evidence left out (marked by a lone
    ``…`` row); otherwise every fact must read whole.
    """
    while stop > 0 and is_blank(rows[stop - 1].text):
        stop -= 1
    first = next((index for index in range(stop) if _is_head_of(rows[index].text, expected)), None)
    if first is None:
        return AskReading(title_rows=min(1, stop), start=min(1, stop), end=stop, missing=[f for f in expected if not f.optional])
    reading = AskReading(title_rows=first, start=first, end=first)
    columns: list[int] = []
    row = first
    pending = list(expected)
    while pending:
        if row < stop:
            _bring_forward(pending, rows[row].text)
        fact = pending[0]
        later = pending[1:]
        if row >= stop:
            pending.pop(0)
            if not fact.core and bounded:
                reading.dropped.append(fact)
            elif not fact.optional:
                reading.missing.append(fact)
            continue
        text = rows[row].text
        value_start = label_head(text, fact.label)
        if value_start is None:
            pending.pop(0)
            if fact.optional:
                continue
            if not fact.core and bounded:
                reading.dropped.append(fact)
                continue
            found = next((index for index in range(row + 1, stop) if label_head(rows[index].text, fact.label) is not None), None)
            if found is None:
                reading.missing.append(fact)
                continue
            reading.stray_rows.extend(range(row, found))
            row = found
            value_start = label_head(rows[row].text, fact.label)
            assert value_start is not None
        else:
            pending.pop(0)
        shown = None
        first_try = None
        for candidate in _extents(rows, row, stop, later):
            shown = _read_fact(fact, rows, row, value_start, candidate, bounded, columns)
            if _reads(shown):
                break
            first_try = first_try or shown
        assert shown is not None
        if not _reads(shown) and first_try is not None:
            shown = first_try
        reading.facts.append(shown)
        if rows[row].text[value_start:] and value_start not in columns:
            columns.append(value_start)
        row = shown.end
        if row < stop and rows[row].text == MARKER and bounded:
            reading.marker_row = row
            row += 1
            if not any(f.core for f in pending):
                reading.dropped.extend(pending)
                pending = []
    reading.end = max(row, reading.start)
    return reading


def core_head_rows(rows: Sequence[ScreenRow], start: int, stop: int) -> list[int]:
    """Rows in ``rows[start:stop]`` that read like a core fact's label row."""
    return [index for index in range(start, stop) if _ANY_CORE_HEAD.match(rows[index].text)]
