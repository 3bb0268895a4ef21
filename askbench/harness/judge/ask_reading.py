"""Reading the ask: which screen rows show which fact, and how much of it.

The judge knows what the prompt must say (``askbench.harness.judge.expected_facts``) and looks for
it on the screen the way a person reads: a fact begins on a row that starts
with its label and a colon — ``tool : bash``, ``tool: bash``, or ``tool :``
with the value on the rows below — and its value runs until the next fact's
label row, a lone ``…`` row (evidence left out) or the end of the ask.
Continuation rows may be indented under the value, at the margin, or by
any fixed amount; the field's text is read back by ``askbench.harness.judge.field_match``.
The request's value alone may stand with no label, as the block of rows
under the header that ``askbench.harness.judge.unlabelled`` places, where no row is
labelled as it.
Nothing here knows how the reference lays out a frame.
"""

from __future__ import annotations

import heapq
import itertools
import re
from array import array
from collections import Counter, deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import overload

from ..terminals.rows import ScreenRow, ScreenRows
from .chrome import is_blank
from .expected_facts import ARROW, CORE_LABELS, ExpectedFact
from .extra_facts import PayloadTruths, extra_rows
from .field_match import MARKER, FieldReading, compare, lone_marker, read_field
from .label_heads import MAX_LABEL_CELLS, HeadIndex, label_head
from .unlabelled import (
    UnlabelledBlock,
    block_indent,
    gutter_column,
    unlabelled_block,
    value_head,
    without_gutter,
    without_prompt,
)
from .work_units import WorkMeter, frame_budget

_ANY_CORE_HEAD = re.compile(
    rf"^({'|'.join(sorted(CORE_LABELS, key=len, reverse=True))}) *:(?: |$)", re.IGNORECASE
)


@dataclass(frozen=True)
class Segment:
    """Part of one screen row that belongs to a field's value: ``rows[row].text[start:]``."""

    row: int
    start: int


class Segments(Sequence[Segment]):
    """A value's segments, one a row on consecutive rows from ``first`` on, kept as the column each starts at.

    A value of a large payload spans as many rows as it has lines; an object per row would outweigh the rows'
    text, so a segment is made only when one is asked for.
    """

    __slots__ = ("_first", "_starts")

    def __init__(self, first: int, starts: Iterable[int] = ()) -> None:
        self._first = first
        self._starts = starts if isinstance(starts, array) else array("I", starts)

    def __len__(self) -> int:
        return len(self._starts)

    @overload
    def __getitem__(self, index: int) -> Segment: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Segment, ...]: ...

    def __getitem__(self, index: int | slice) -> Segment | tuple[Segment, ...]:
        if isinstance(index, slice):
            return tuple(self[at] for at in range(*index.indices(len(self))))
        at = index + len(self) if index < 0 else index
        return Segment(self._first + at, self._starts[index])

    def __iter__(self) -> Iterator[Segment]:
        return (Segment(self._first + at, start) for at, start in enumerate(self._starts))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Segments({list(self)!r})"

    def opened(self, by: int) -> Segments:
        """These segments with the first row's starting ``by`` columns later: past a mark the renderer drew."""
        starts = array("I", self._starts)
        starts[0] += by
        return Segments(self._first, starts)


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
    segments: Sequence[Segment]
    detail_reading: FieldReading | None = None
    closing: int = 0
    """Characters at the end of the last row that are a mark the renderer closed the value with (its quote)."""

    def value_rows(self, rows: Sequence[ScreenRow]) -> Iterator[tuple[Segment, str]]:
        """Each row's segment and the text from its start: the last without the mark the renderer closed it with."""
        last = len(self.segments) - 1
        for at, segment in enumerate(self.segments):
            text = rows[segment.row].text[segment.start :]
            yield (
                segment,
                text.rstrip(" ")[: -self.closing] if self.closing and at == last else text,
            )

    @property
    def capped(self) -> bool:
        return not self.reading.whole or (
            self.detail_reading is not None and not self.detail_reading.whole
        )


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
    """The first lone marker row."""
    silent_gaps: list[ExpectedFact] = field(default_factory=list)
    """Evidence left out between entries that are shown, with no marker where it is left out."""
    unmarked_end: list[ExpectedFact] = field(default_factory=list)
    """Evidence left out after the last fact shown, with no marker after it."""
    stray_rows: list[int] = field(default_factory=list)
    """Rows inside the ask that belong to no fact."""
    extra_rows: list[int] = field(default_factory=list)
    """Rows inside the ask that state a truth of the payload besides its facts (``askbench.harness.judge.extra_facts``)."""

    @property
    def rows(self) -> int:
        return self.end - self.start

    def fact(self, label: str) -> FactOnScreen | None:
        return next((shown for shown in self.facts if shown.fact.label == label), None)


def _value_stream(
    rows: ScreenRows, head: int, value_start: int, end: int, indent: int, label_alone: bool
) -> tuple[str, Segments] | None:
    """The value's rows joined by ``\\n``, continuation rows without their first ``indent`` spaces.

    A row indented less has all its spaces taken: some renderers continue a
    logical line under the value column but a wrapped row at the margin,
    and whitespace at a wrap is free anyway. ``label_alone``: the label row
    holds no value (it stands on a row of its own); otherwise an empty label
    row is the value's empty first line.
    """
    first = head
    if label_alone and not rows[head].text[value_start:] and end > head + 1:
        first += 1
    starts = array("I")
    chunks: list[str] = []
    parts: list[str] = []
    under = " " * indent
    for index, text in enumerate(rows.texts_between(first, max(end, head + 1)), first):
        taken = value_start if index == head else _continuation_taken(text, indent, under)
        parts.append(text[taken:] if taken else text)
        starts.append(taken)
        # the rows' pieces joined as they come: never a piece object per row of a long value
        if len(parts) == _CHUNK_ROWS:
            chunks.append("\n".join(parts))
            parts.clear()
    chunks.append("\n".join(parts))
    return "\n".join(chunks), Segments(first, starts)


_CHUNK_ROWS = 1024


def _continuation_taken(text: str, indent: int, under: str) -> int:
    """The cells a continuation row gives up: a blank row all of them, one under the value its ``indent``,
    any other its leading spaces."""
    if not text or text.isspace():
        return len(text)
    return indent if text.startswith(under) else len(text) - len(text.lstrip(" "))


def _indents(
    rows: ScreenRows,
    head: int,
    value_start: int,
    end: int,
    text: str,
    columns: Sequence[int],
) -> list[int]:
    """Where continuation rows may begin: under the value, at the margin, or where the first one does.

    A label row that shows no value lost the space after its colon to the
    screen's right-strip, so the value column is one further than it reads;
    and a label with a character terminals disagree about may stand a cell
    off the others, so the value columns of the facts read so far count too.
    """
    shows_value = bool(rows[head].text[value_start:])
    candidates = [value_start if shows_value else value_start + 1, *columns, 0]
    first = next(
        (rows[index].text for index in range(head + 1, end) if not is_blank(rows[index].text)), None
    )
    if first is not None:
        lead = len(first) - len(first.lstrip(" "))
        candidates.append(lead)
        for line in text.split("\n", 3)[:3]:
            own = len(line) - len(line.lstrip(" "))
            if 0 < own <= lead:
                candidates.append(lead - own)
    return list(dict.fromkeys(candidates))


def _read_value(
    fact: ExpectedFact, stream: str, allow_cap: bool, meter: WorkMeter
) -> tuple[str, FieldReading, FieldReading | None]:
    """The fact's value in ``stream``: one of its texts, with a detail after the arrow read as a field of its own if need be.

    A bounded view may show an evidence entry's brief (its text with the
    value a core line caps left out): that reads as the entry capped, unless
    the brief is the text itself (a value that is only ``…`` leaves nothing out).
    """
    best: tuple[str, FieldReading, FieldReading | None] | None = None
    rows = stream.count("\n") + 1
    if allow_cap and fact.brief is not None and fact.brief not in fact.texts:
        meter.charge(rows)
        brief = read_field(fact.brief, stream, allow_cap=True)
        if brief.problem is None:
            # the brief leaves out a middle, and ends as the text does: what it shows after its marker is the end
            ending = (
                brief.tail if not brief.whole else len(fact.brief) - fact.brief.rfind(MARKER) - 1
            )
            return fact.text, FieldReading(False, brief.head, ending), None
    for text in fact.texts:
        meter.charge(rows)
        # a text and its detail read as one have no piece between two cuts: that would read across the arrow
        reading = read_field(
            text if fact.detail is None else f"{text}{ARROW}{fact.detail}",
            stream,
            allow_cap=allow_cap,
            pieces=fact.detail is None,
        )
        if reading.problem is None:
            return text, reading, None
        if fact.detail is not None:
            for arrow in _arrows(stream):
                meter.charge(2 * rows)
                left = read_field(text, stream[:arrow].rstrip(" \n"), allow_cap=allow_cap)
                if left.problem is not None:
                    continue
                for after in _after_arrow(stream, arrow):
                    right = read_field(fact.detail, after, allow_cap=allow_cap)
                    if right.problem is None:
                        return text, left, right
        if best is None or reading.head > best[1].head:
            best = (text, reading, None)
    assert best is not None
    return best


def _after_arrow(stream: str, arrow: int) -> tuple[str, ...]:
    """What may follow the arrow at ``arrow``: past the blank that is the arrow's own — and, where the detail
    begins a row, past that row break and the next row's indentation too, unless they are the detail's own (a
    detail that opens with a line break begins on the row after the arrow's)."""
    rest = stream[arrow + 1 :].removeprefix(" ")
    if not rest.lstrip(" ").startswith("\n"):
        return (rest,)
    return rest.lstrip(" \n"), rest.lstrip(" ")


MAX_ARROWS = 8
"""Arrows in a value where its detail may begin: the text's own arrows come first, the detail's last."""


def _arrows(stream: str) -> list[int]:
    """Where an arrow stands in ``stream``, the last ``MAX_ARROWS`` of them (a detail follows the text's own)."""
    found: list[int] = []
    at = stream.rfind("\u2192")
    while at >= 0 and len(found) < MAX_ARROWS:
        found.append(at)
        at = stream.rfind("\u2192", 0, at)
    return found[::-1]


def _cannot_grow(fact: ExpectedFact, stream: str) -> bool:
    """Whether no longer extent of this stream can read as the fact: it differs from every text before its last row.

    Reading is left to right, so rows added after the stream cannot mend a
    difference before them — unless they bring a marker or an arrow that
    starts another reading (a cap, a detail), or the fact has a brief.
    """
    if fact.brief is not None or MARKER in stream or "\u2192" in stream:
        return False
    last_row = stream.rfind("\n") + 1
    for text in fact.texts:
        progress = compare(text if fact.detail is None else f"{text}{ARROW}{fact.detail}", stream)
        if progress.ok or progress.read >= last_row:
            return False
    return True


def _read_fact(
    fact: ExpectedFact,
    rows: ScreenRows,
    head: int,
    value_start: int,
    end: int,
    allow_cap: bool,
    columns: Sequence[int],
    meter: WorkMeter,
) -> tuple[FactOnScreen, bool]:
    """The fact read from ``rows[head:end]``, and whether a longer extent cannot read either (``_cannot_grow``)."""
    first: FactOnScreen | None = None
    hopeless = True
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
        text, reading, detail = _read_value(fact, stream, allow_cap, meter)
        shown = FactOnScreen(fact, head, end, reading, text, segments, detail)
        if _reads(shown):
            return shown, False
        enclosed = _enclosed_reading(shown, stream, allow_cap, meter)
        if enclosed is not None:
            return enclosed, False
        meter.charge(stream.count("\n") + 1)
        hopeless = hopeless and _cannot_grow(fact, stream)
        first = first or shown
    if first is None:
        problem = FieldReading(False, 0, 0, "its rows are indented less than its first row")
        first = FactOnScreen(fact, head, end, problem, fact.text, ())
    return first, hopeless


_ENCLOSURES = {
    **{mark: mark for mark in "\"'`"},
    **dict(zip("«»“„‘‚「『【〈《(<[{", "»«”“’‘」』】〉》)>]}", strict=True)),
}
"""Marks a renderer may draw around a whole value, and the one that closes each: quotes and brackets."""


def _enclosed_reading(
    shown: FactOnScreen, stream: str, allow_cap: bool, meter: WorkMeter
) -> FactOnScreen | None:
    """The fact read inside a pair of marks drawn around its whole value (``"…"``, ``«…»``, ``[…]``), if it reads so.

    The marks are tried only where the value does not read with them, so a
    text that is itself quoted reads as it is; a value that reads only
    without them shows its whole text between them, and the marks say nothing
    of it (a quote is no claim). Blanks before the opening mark are layout.
    """
    body = stream.rstrip(" \n")
    opens = len(body) - len(body.lstrip(" "))
    if len(body) < opens + 2 or _ENCLOSURES.get(body[opens]) != body[-1]:
        return None
    meter.charge(stream.count("\n") + 1)
    text, reading, detail = _read_value(shown.fact, body[opens + 1 : -1], allow_cap, meter)
    if reading.problem is not None or (detail is not None and detail.problem is not None):
        return None
    segments = shown.segments
    assert isinstance(segments, Segments)
    return FactOnScreen(
        shown.fact,
        shown.head,
        shown.end,
        reading,
        text,
        segments.opened(opens + 1),
        detail,
        closing=1,
    )


MAX_READ_ON = 12
"""Later label rows a value may be read on through (its own lines posing as labels) before it is read as not there."""
MAX_BLANK_ENDS = 3
"""Blank rows, farthest first, where a value may end short of the options (a hint between): the nearest few."""
_NEAR_COLUMN = 2
"""A value column of an earlier fact counts for this one when it is this near: a label a terminal draws a cell off."""


def _leading_blanks(text: str, start: int = 0) -> int:
    return len(text) - start - len(text[start:].lstrip(" "))


def _past_layout_blanks(text: str, value_start: int, fact: ExpectedFact) -> int:
    """Where the value begins past the blanks after its label's colon that are more than the value's own.

    Blanks between a label and its value are the layout's (``tool:    bash`` aligns values in a column),
    so a value may stand any number of blanks past its colon; the blanks the value itself begins with
    must all be on screen, so only those beyond the most any of its texts begins with are passed over.
    """
    shown = _leading_blanks(text, value_start)
    if shown == len(text) - value_start:
        return value_start
    own = max(_own_leading_cells(line.split("\n", 1)[0]) for line in fact.texts)
    return value_start + max(0, shown - own)


_TAB_CELLS = 8


def _own_leading_cells(line: str) -> int:
    """The most cells the blanks a value begins with may take on screen: a tab up to a tab stop's worth."""
    head = line[: len(line) - len(line.lstrip(" \t"))]
    return head.count(" ") + _TAB_CELLS * head.count("\t")


def _reads(shown: FactOnScreen) -> bool:
    return shown.reading.problem is None and (
        shown.detail_reading is None or shown.detail_reading.problem is None
    )


@dataclass
class _Walk:
    """One pass down the rows, fact by fact in the payload's order, each fact read from where the last one ended."""

    rows: ScreenRows
    expected: Sequence[ExpectedFact]
    stop: int
    bounded: bool
    heads: HeadIndex
    meter: WorkMeter
    reading: AskReading
    row: int = 0
    columns: list[int] = field(default_factory=list)
    covered: bool = False
    """A lone marker stands at this place: entries left out here are marked."""
    unmarked: list[tuple[int, ExpectedFact]] = field(default_factory=list)
    """Entries left out where no marker stands, with the count of facts read before them."""
    read_already: int = -1
    """The position of a fact read before the walk (the value under the header, ``_unlabelled_value``)."""

    def run(self) -> None:
        pending = deque(item for item in enumerate(self.expected) if item[0] != self.read_already)
        labels_pending = Counter(fact.label for _, fact in pending)
        positions = _Positions(position for position, _ in pending)
        while pending:
            self._skip_extras()
            if self.row < self.stop:
                self._bring_forward(pending)
            position, fact = pending.popleft()
            labels_pending[fact.label] -= 1
            earliest = positions.taken(position)
            # a row heading a pending fact ends it
            self._fact(
                position if earliest > position else earliest - 1,
                fact,
                shares_label=labels_pending[fact.label] > 0,
            )
        self._skip_extras()
        read = len(self.reading.facts)
        self.reading.silent_gaps = [fact for before, fact in self.unmarked if before < read]
        self.reading.unmarked_end = [fact for before, fact in self.unmarked if before == read]
        self.reading.end = max(self.row, self.reading.start)

    def _skip_extras(self) -> None:
        """Rows that state a truth of the payload are read as such wherever the next fact could begin."""
        while self.row < self.stop and self.row in self.heads.extras:
            self.reading.extra_rows.append(self.row)
            self.row += 1

    def _pass_over(self, stop: int) -> None:
        """The rows before ``stop`` the walk steps over to a fact's label row: extra facts where they stand, others stray."""
        for index in range(self.row, stop):
            (
                self.reading.extra_rows if index in self.heads.extras else self.reading.stray_rows
            ).append(index)
        self.row = stop

    def _bring_forward(self, pending: deque[tuple[int, ExpectedFact]]) -> None:
        """Core facts stand in any order: a row that heads a later core fact, not the next one, is that fact's."""
        text = self.rows[self.row].text
        if not pending[0][1].core or label_head(text, pending[0][1].label) is not None:
            return  # the core facts come first: none is left once an entry of evidence is next
        core = itertools.takewhile(
            lambda item: item[1][1].core, enumerate(itertools.islice(pending, 1, None), 1)
        )
        other = next(
            (index for index, (_, fact) in core if label_head(text, fact.label) is not None), None
        )
        if other is not None:
            brought = pending[other]
            del pending[other]
            pending.appendleft(brought)

    def _left_out(self, fact: ExpectedFact) -> None:
        self.reading.dropped.append(fact)
        if not self.covered:
            self.unmarked.append((len(self.reading.facts), fact))

    def _fact(self, position: int, fact: ExpectedFact, *, shares_label: bool = False) -> None:
        value_start = (
            label_head(self.rows[self.row].text, fact.label) if self.row < self.stop else None
        )
        if value_start is None:
            if fact.optional:
                return
            if not fact.core and self.bounded:
                self._left_out(fact)
                return
            found = (
                self.heads.next_row(fact.label, self.row + 1, self.stop)
                if self.row < self.stop
                else None
            )
            if found is None:
                self.reading.missing.append(fact)
                return
            self._pass_over(found)
            value_start = label_head(self.rows[self.row].text, fact.label)
            assert value_start is not None
        value_start = _past_layout_blanks(self.rows[self.row].text, value_start, fact)
        shown = self._read(fact, position, value_start)
        if shares_label and not fact.core and self.bounded and not _reads(shown):
            # the row is a later entry's of the same label: this one is left out here
            self._left_out(fact)
            return
        self.reading.facts.append(shown)
        self.covered = False
        if self.rows[self.row].text[value_start:] and value_start not in self.columns:
            self.columns.append(value_start)
        self.row = shown.end
        self.marker()

    def marker(self) -> None:
        """A lone marker after a fact marks what is left out after it."""
        self._skip_extras()  # a marker after an extra fact still marks what is left out after this fact
        if self.row < self.stop and lone_marker(self.rows[self.row].text) and self.bounded:
            if self.reading.marker_row is None:
                self.reading.marker_row = self.row
            self.row += 1
            self.covered = True

    def _extents(self, position: int) -> Iterator[int]:
        """Where the fact at ``self.row`` may end, in the order to try them (lazily: the first nearly always reads).

        First at each later fact's label row or lone ``…`` row, nearest first: a
        row there usually is what it reads like, but a value wrapped at the
        margin can put its own words there (``base: "main", …`` inside an
        argument summary), and so can a forged line; when the shorter reading
        fails the field is read on through it, up to ``MAX_READ_ON`` of them — a
        forged core row then stands inside a value, where ``labels`` finds it.
        Then at ``stop``, or short of it at a blank row: a hint may stand
        between the ask and the options. A value with more label rows after it
        than ``MAX_READ_ON`` ends at one of them, or does not read.
        """
        last = self.row
        for count, index in enumerate(self.heads.breaks(self.row, self.stop, position)):
            if count == MAX_READ_ON:
                return
            last = index
            yield index
        yield self.stop
        for count, index in enumerate(self.heads.blank_ends(last, self.stop)):
            if count == MAX_BLANK_ENDS:
                return
            yield index

    def _read(self, fact: ExpectedFact, position: int, value_start: int) -> FactOnScreen:
        shown: FactOnScreen | None = None
        first_try: FactOnScreen | None = None
        near = [column for column in self.columns if abs(column - value_start) <= _NEAR_COLUMN]
        for candidate in self._extents(position):
            shown, hopeless = _read_fact(
                fact, self.rows, self.row, value_start, candidate, self.bounded, near, self.meter
            )
            if _reads(shown):
                return shown
            first_try = first_try or shown
            if hopeless and candidate < self.stop and self.heads.is_break(candidate):
                break  # the extents after a label row only grow
        assert first_try is not None
        return first_try


def read_ask(
    rows: ScreenRows,
    expected: Sequence[ExpectedFact],
    stop: int,
    *,
    bounded: bool,
    meter: WorkMeter | None = None,
    truths: PayloadTruths | None = None,
) -> AskReading:
    """Find every expected fact in ``rows[:stop]`` (``stop``: where the options block and its hint begin).

    ``bounded``: values may be capped and evidence left out (marked by a lone
    ``…`` row where it is left out, or at the end); otherwise every fact must
    read whole. With the payload's ``truths``, a row that states one of them
    under a label of no fact is read as an extra fact where it stands (also
    just above the first fact, below the title) and belongs to the ask. The reading costs work linear in the rows and the facts
    (``askbench.harness.judge.work_units``); past the frame's budget it raises ``ReadingTimeout``.
    """
    while stop > 0 and is_blank(rows[stop - 1].text):
        stop -= 1
    meter = meter or WorkMeter(frame_budget(stop, len(expected)))
    heads = HeadIndex(rows, expected, stop, meter, extra_rows(rows, stop, truths))
    unlabelled = _unlabelled_walk(rows, expected, stop, bounded, heads, meter)
    if unlabelled is not None:
        unlabelled.run()
        return unlabelled.reading
    first = _first_fact_row(heads)
    if first is None:
        return AskReading(
            title_rows=min(1, stop),
            start=min(1, stop),
            end=stop,
            missing=[f for f in expected if not f.optional],
        )
    walk = _Walk(
        rows,
        expected,
        stop,
        bounded,
        heads,
        meter,
        AskReading(title_rows=first, start=first, end=first),
        row=first,
    )
    walk.run()
    return walk.reading


def _first_fact_row(heads: HeadIndex) -> int | None:
    """The first fact's row, taking in the extra facts just above it, but never the title's row, whatever
    it reads like."""
    first = heads.first_row()
    while first is not None and first > 1 and first - 1 in heads.extras:
        first -= 1
    return first


def _unlabelled_walk(
    rows: ScreenRows,
    expected: Sequence[ExpectedFact],
    stop: int,
    bounded: bool,
    heads: HeadIndex,
    meter: WorkMeter,
) -> _Walk | None:
    """The walk of an ask whose value stands with no label under the header (``askbench.harness.judge.unlabelled``).

    Only the request's value may, and only when no row is labelled as it:
    the value is read from the block, and every other fact from the rows
    after it, by its label as anywhere else. The rows between the block and
    the first labelled row are blank, or belong to no fact.
    """
    position = next((index for index, fact in enumerate(expected) if fact.value), None)
    if position is None or heads.next_row(expected[position].label, 0, stop) is not None:
        return None
    block = unlabelled_block(rows, stop, lambda index: heads.last_position[index] >= 0)
    if block is None:
        return None
    shown = _unlabelled_value(expected[position], rows, block, bounded, meter)
    resume = block.resume if heads.first_row() is not None else block.end
    reading = AskReading(block.header + 1, shown.head, shown.end, facts=[shown])
    walk = _Walk(
        rows, expected, stop, bounded, heads, meter, reading, row=resume, read_already=position
    )
    walk.marker()
    return walk


def _unlabelled_value(
    fact: ExpectedFact,
    rows: ScreenRows,
    block: UnlabelledBlock,
    bounded: bool,
    meter: WorkMeter,
) -> FactOnScreen:
    """The value read from the whole block, its gutter or prompt (if one is drawn) and its rows' shared indent
    taken off; a text that begins with line breaks may begin on the blank rows above the block."""
    newlines = len(fact.text) - len(fact.text.lstrip("\n"))
    first_line = fact.text.lstrip("\n").split("\n", 1)[0]
    gutter = gutter_column(rows, block)
    layouts = [rows] if gutter is None else [without_gutter(rows, block, gutter), rows]
    layouts += [prompted for prompted in (without_prompt(rows, block),) if prompted is not None]
    first: FactOnScreen | None = None
    for shown_rows in layouts:
        head = value_head(shown_rows, block, newlines)
        for column in block_indent(shown_rows, block, first_line):
            built = _value_stream(shown_rows, head, column, block.end, column, False)
            assert built is not None
            stream, segments = built
            text, reading, detail = _read_value(fact, stream, bounded, meter)
            shown = FactOnScreen(fact, head, block.end, reading, text, tuple(segments), detail)
            if _reads(shown):
                return shown
            first = first or shown
    assert first is not None
    return first


def core_head_rows(rows: ScreenRows, start: int, stop: int) -> list[int]:
    """Rows in ``rows[start:stop]`` that read like a core fact's label row."""
    return [index for index in range(start, stop) if _ANY_CORE_HEAD.match(rows[index].text)]


__all__ = [
    "MAX_LABEL_CELLS",
    "AskReading",
    "FactOnScreen",
    "Segment",
    "Segments",
    "core_head_rows",
    "label_head",
    "read_ask",
]


class _Positions:
    """The positions of the facts still to read, the earliest found in logarithmic time as facts are taken in
    any order: a payload of thousands of entries is read in one pass, not one pass per entry."""

    def __init__(self, positions: Iterable[int]) -> None:
        self._heap = list(positions)
        heapq.heapify(self._heap)
        self._taken: set[int] = set()

    def taken(self, position: int) -> int:
        """Take ``position``; the earliest position left, or ``position`` when none is."""
        self._taken.add(position)
        while self._heap and self._heap[0] in self._taken:
            heapq.heappop(self._heap)
        return self._heap[0] if self._heap else position
