"""Which screen rows begin with which fact's label, found once per frame.

A fact begins on a row that starts with its label and a colon (``label_head``). Asking that of every row
for every later fact, at every fact, is what made reading a frame of many facts cubic; so each row is read
once for the labels it can begin with — an exact label or a clipped one found by looking up what stands
before each of its colons, and only labels that a screen must spell out checked one by one, among rows
whose first character could start them.
"""

from __future__ import annotations

import bisect
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..terminals.models import widest_cells
from ..terminals.rows import ScreenRows
from .expected_facts import ExpectedFact
from .field_match import MARKER, compare, lone_marker, spellings
from .work_units import WorkMeter

MAX_LABEL_CELLS = 20
"""A label longer than this may be shown clipped."""
_SEPARATOR = re.compile(r" *:(?: |$)")


def _colons(row: str, limit: int) -> Iterator[int]:
    """The columns of the colons in ``row[:limit]``, found by the string search, not a character at a time."""
    at = row.find(":", 0, limit)
    while at >= 0:
        yield at
        at = row.find(":", at + 1, limit)


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
    if not row or _plain(label) and not _starts_with(row, label[:1]):
        return None
    flat = _flat(label)
    clipped: int | None = None
    for colon in _colons(row, 12 * len(label) + 40):
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
        if widest_cells(shown) >= MAX_LABEL_CELLS // 2:
            clipped = match.end()  # only a label that filled its column may be shown cut
    return clipped


def _blank(text: str) -> bool:
    """``chrome.is_blank`` without a stripped copy of the row."""
    return not text or text.isspace()


def _plain(label: str) -> bool:
    return label.isascii() and label.isprintable()


def _flat(label: str) -> str:
    """A label as one line: a line break reads as a blank; a tab stays, one to eight blanks to ``compare``."""
    return label.replace("\n", " ").rstrip(" \t")


def _label_spellings(labels: Iterable[str]) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Per label: the folded forms a printable ASCII label may show as (whole, or clipped from its
    ``MAX_LABEL_CELLS // 2``-th character on), and for any other, the first characters its row may start with."""
    shown_as: dict[str, set[str]] = defaultdict(set)
    odd: dict[str, set[str]] = defaultdict(set)
    for label in labels:
        flat = _flat(label)
        if _plain(label):
            for end in range(MAX_LABEL_CELLS // 2, len(flat) + 1):
                shown_as[flat[:end].casefold()].add(label)
            shown_as[flat.casefold()].add(label)
            continue
        first = flat[:1] or " "
        for spelling in spellings(first, False) + ((" ",) if first == "\t" else ()):
            odd[spelling[0]].add(label)
            odd[spelling[0].swapcase()].add(label)
    return shown_as, odd


class HeadIndex:
    """For each row of ``rows[:stop]``: the facts whose label it begins with, as positions in ``facts``.

    A printable ASCII label is found by what stands before a row's colons
    (``label_head`` reads such a label exactly, or clipped from its
    ``MAX_LABEL_CELLS // 2``-th character on), any other by ``label_head``
    itself on the rows whose first character can begin it.
    """

    def __init__(
        self,
        rows: ScreenRows,
        facts: Sequence[ExpectedFact],
        stop: int,
        meter: WorkMeter,
        extras: frozenset[int] = frozenset(),
    ) -> None:
        self._positions: dict[str, list[int]] = defaultdict(list)
        for position, fact in enumerate(facts):
            self._positions[fact.label].append(position)
        self._folded: dict[str, set[str]] = defaultdict(set)
        for label in self._positions:
            self._folded[label.casefold()].add(label)
        self._shown_as, self._odd = _label_spellings(self._positions)
        self.last_position: list[int] = []
        """Per row, the latest position in ``facts`` of a fact it heads, or -1."""
        self._rows_of: dict[str, list[int]] = defaultdict(list)
        limit = 12 * max(map(len, self._positions), default=0) + 40
        extra: set[int] = set()
        self._breaks: list[int] = []
        """Rows a value may end before: each heads a fact, is a lone marker or an extra fact."""
        self._blank_ends: list[int] = []
        """Blank rows after a row that is not."""
        blank_before = True
        meter.charge(stop)  # a unit a row
        for index, text in enumerate(rows.texts_between(0, stop)):
            position = -1
            if text[:1] in self._odd or text.find(":", 0, limit) >= 0:
                labels = self._labels_of(text, limit, meter)
                for label in labels:
                    self._rows_of[label].append(index)
                position = max((self._positions[label][-1] for label in labels), default=-1)
            self.last_position.append(position)
            if position < 0 and index in extras:
                extra.add(index)
            if position >= 0 or lone_marker(text) or index in extra:
                self._breaks.append(index)
            blank = _blank(text)
            if blank and not blank_before:
                self._blank_ends.append(index)
            blank_before = blank
        self.extras = frozenset(extra)
        """Rows that state a truth of the payload besides its facts (``askbench.harness.judge.extra_facts``) and head none."""

    def _labels_of(self, text: str, limit: int, meter: WorkMeter) -> set[str]:
        """The labels ``text`` begins with: exactly, clipped, or spelled with characters no terminal prints.

        Asked only of a row with a colon where a label's may stand, or whose first character begins a label a
        screen must spell out: any other begins none, and most rows of a long value are such rows.
        """
        odd = self._odd.get(text[:1], set())
        clipped = {
            label
            for label in self._clipped(text, limit, self._shown_as)
            if label_head(text, label) is not None
        }
        meter.charge(len(odd))
        return (
            self._exact(text, limit)
            | clipped
            | {label for label in odd if label_head(text, label) is not None}
        )

    def _exact(self, text: str, limit: int) -> set[str]:
        found = set()
        for colon in _colons(text, limit):
            if colon + 1 < len(text) and text[colon + 1] != " ":
                continue
            start = colon
            while start > 0 and text[start - 1] == " ":
                start -= 1
            found |= {
                label
                for end in range(start, colon + 1)
                for label in self._folded.get(text[:end].casefold(), ())
            }
        return found

    @staticmethod
    def _clipped(text: str, limit: int, shown_as: dict[str, set[str]]) -> set[str]:
        found: set[str] = set()
        for colon in _colons(text, limit):
            before = text[:colon].rstrip(" ")
            if _SEPARATOR.match(text, len(before)):
                found |= shown_as.get(before.rstrip(MARKER).casefold(), set())
        return found

    def first_row(self) -> int | None:
        return next((index for index, last in enumerate(self.last_position) if last >= 0), None)

    def next_row(self, label: str, start: int, stop: int) -> int | None:
        """The first row in ``[start, stop)`` that ``label`` heads."""
        rows = self._rows_of.get(label, [])
        at = bisect.bisect_left(rows, start)
        return rows[at] if at < len(rows) and rows[at] < stop else None

    def breaks(self, head: int, stop: int, position: int) -> Iterator[int]:
        """Rows in ``(head, stop)`` that head a fact after ``position``, are a lone marker or an extra fact, nearest first."""
        at = bisect.bisect_right(self._breaks, head)
        while at < len(self._breaks) and self._breaks[at] < stop:
            index = self._breaks[at]
            if self.last_position[index] > position or self.last_position[index] < 0:
                yield index
            at += 1

    def is_break(self, index: int) -> bool:
        at = bisect.bisect_left(self._breaks, index)
        return at < len(self._breaks) and self._breaks[at] == index

    def blank_ends(self, after: int, stop: int) -> Iterator[int]:
        """Blank rows after a row that is not, in ``(after, stop)``, farthest first: where an ask may end before a hint."""
        at = bisect.bisect_left(self._blank_ends, stop) - 1
        while at >= 0 and self._blank_ends[at] > after:
            yield self._blank_ends[at]
            at -= 1


def _words(label: str) -> str:
    """A label as its words: any case, ``-`` and ``_`` as blanks."""
    return " ".join(label.replace("-", " ").replace("_", " ").casefold().split())


@dataclass(frozen=True)
class LabelVocabulary:
    """The labels a payload's facts may be shown under, to tell a label from words of a value.

    A renderer frames its labels as it likes, but the labels are the contract's: what stands before a
    value is a label only when it spells one of them (in any case, whole or clipped).
    """

    folded: frozenset[str]
    odd: tuple[str, ...]
    """Labels a screen must spell out (not printable ASCII): asked of ``label_head`` one by one."""

    @classmethod
    def of(cls, labels: Iterable[str]) -> LabelVocabulary:
        unique = set(labels)
        shown_as, _ = _label_spellings(unique)
        folded = {*shown_as, *(_words(label) for label in unique)}
        return cls(frozenset(folded), tuple(label for label in unique if not _plain(label)))

    def __contains__(self, shown: object) -> bool:
        if not isinstance(shown, str):
            return False
        if shown.rstrip(MARKER).casefold() in self.folded or _words(shown) in self.folded:
            return True
        row = f"{shown} : "
        return any(label_head(row, label) is not None for label in self.odd)


__all__ = ["MAX_LABEL_CELLS", "HeadIndex", "LabelVocabulary", "label_head"]
