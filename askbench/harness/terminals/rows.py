"""A screen's rows as the judge reads them: ``ScreenRows``, the one row type every reader is handed.

A screen as large as its payload is held while it is judged, so rows are
stored compactly (texts a block at a time, styles as runs, each look once)
and made as they are asked for; a reader that wants only texts or only styles
asks ``ScreenRows`` for them (``texts``, ``texts_between``, ``all_kinds``)
and no row is made.
"""

from __future__ import annotations

import itertools
from array import array
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import overload

from .made_on_access import MadeOnAccess
from .sgr import Style

__all__ = [
    "RowTexts",
    "RowsBuilder",
    "ScreenRow",
    "ScreenRows",
    "StyleRuns",
    "shared_runs",
    "style_kinds",
]


class StyleRuns(Sequence[Style]):
    """A row's per-character styles, stored as runs of one style.

    A row is drawn in a handful of styles, and a reference per character
    costs eight bytes a character: on a frame of millions of characters the
    styles would outweigh the text eightfold. It reads as the tuple it stands
    for (indexing, slicing, iteration, equality with any sequence of styles).
    """

    __slots__ = ("_ends", "_styles")

    def __init__(self, runs: Iterable[tuple[Style, int]] = ()) -> None:
        ends: list[int] = []
        styles: list[Style] = []
        total = 0
        for style, count in runs:
            if count <= 0:
                continue
            total += count
            if styles and styles[-1] == style:
                ends[-1] = total
            else:
                styles.append(style)
                ends.append(total)
        self._ends, self._styles = tuple(ends), tuple(styles)

    @classmethod
    def single(cls, style: Style, count: int) -> StyleRuns:
        """``count`` characters in one style."""
        return shared_runs(((style, count),))

    def runs(self) -> Iterator[tuple[Style, int]]:
        """``(style, characters)`` in order."""
        start = 0
        for style, end in zip(self._styles, self._ends, strict=False):
            yield style, end - start
            start = end

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    @overload
    def __getitem__(self, index: int) -> Style: ...

    @overload
    def __getitem__(self, index: slice) -> StyleRuns: ...

    def __getitem__(self, index: int | slice) -> Style | StyleRuns:
        if isinstance(index, slice):
            return self._slice(index)
        length = len(self)
        at = index + length if index < 0 else index
        if not 0 <= at < length:
            raise IndexError("style index out of range")
        return self._styles[bisect_right(self._ends, at)]

    def _slice(self, index: slice) -> StyleRuns:
        start, stop, step = index.indices(len(self))
        if step == 1 and start == 0 and stop == len(self):
            return self
        if step != 1:
            return StyleRuns((style, 1) for style in tuple(self)[index])
        first = bisect_right(self._ends, start)
        clipped: list[tuple[Style, int]] = []
        begin = start
        for at in range(first, len(self._ends)):
            if begin >= stop:
                break
            end = min(self._ends[at], stop)
            clipped.append((self._styles[at], end - begin))
            begin = end
        return StyleRuns(clipped)

    def __iter__(self) -> Iterator[Style]:
        for style, count in self.runs():
            yield from itertools.repeat(style, count)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, StyleRuns):
            return self._ends == other._ends and self._styles == other._styles
        if isinstance(other, Sequence):
            return len(other) == len(self) and all(
                a == b for a, b in zip(self, other, strict=False)
            )
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"StyleRuns({list(self.runs())!r})"


@dataclass(frozen=True, slots=True)
class ScreenRow:
    """One screen row as read: its text (wide-character stubs dropped, right-stripped) and, per character, how it is drawn."""

    text: str
    styles: Sequence[Style]
    kinds: frozenset[Style] = frozenset()
    """Every style the row's characters use (a row's text may be empty while its styles are not)."""


_BLOCK = 1024
"""Rows whose texts are held as one string: a frame of a million rows is a thousand strings, not a million."""
_ROW_END = "\n"
"""What ends each row's text in its block: no row a layout makes holds one (a frame line holds no line break, and
controls are never laid out), so a block is split into its rows at once."""


class ScreenRows(MadeOnAccess[ScreenRow]):
    """A screen's rows, held compactly: each block of rows' texts as one string, a row to a line, with where each
    ends, and each row's styles as an index into the few it is drawn in.

    A row of its own (a string, a ``ScreenRow``, a list slot) costs three
    times its text on a screen of short rows; a screen as large as its
    payload is held while it is judged, so its rows are made as they are
    asked for. ``texts`` reads the rows' texts alone, without making a row.
    It equals any sequence of the same rows.
    """

    __slots__ = ("_blocks", "_ends", "_look", "_looks")

    def __init__(
        self,
        blocks: list[str],
        ends: array[int],
        look: array[int],
        looks: list[tuple[Sequence[Style], frozenset[Style]]],
    ) -> None:
        self._blocks, self._ends, self._look, self._looks = blocks, ends, look, looks

    @classmethod
    def of(cls, rows: Iterable[ScreenRow]) -> ScreenRows:
        """``rows`` held as ``ScreenRows``: a reader that changes some rows hands on the one row type."""
        builder = RowsBuilder()
        for row in rows:
            builder.add(row.text, row.styles, row.kinds)
        return builder.done()

    def __len__(self) -> int:
        return len(self._ends)

    def _item(self, at: int) -> ScreenRow:
        styles, kinds = self._looks[self._look[at]]
        return ScreenRow(self._text(at), styles, kinds)

    def __iter__(self) -> Iterator[ScreenRow]:
        looks, look = self._looks, self._look
        for at, text in enumerate(self.texts):
            styles, kinds = looks[look[at]]
            yield ScreenRow(text, styles, kinds)

    def _text(self, at: int) -> str:
        start = self._ends[at - 1] + 1 if at % _BLOCK else 0
        return self._blocks[at // _BLOCK][start : self._ends[at]]

    def texts_between(self, start: int, stop: int) -> Iterator[str]:
        """The texts of rows ``start`` to ``stop`` (clipped to the rows), a block at a time."""
        start, stop = max(0, start), min(stop, len(self))
        while start < stop:
            first = start // _BLOCK * _BLOCK
            last = min(stop, first + _BLOCK)
            yield from self._blocks[start // _BLOCK].split(_ROW_END)[start - first : last - first]
            start = last

    def all_kinds(self) -> Iterator[frozenset[Style]]:
        """Every row's kinds in order, without making a row."""
        looks = self._looks
        return (looks[look][1] for look in self._look)

    @property
    def texts(self) -> RowTexts:
        """Each row's text, made as it is asked for."""
        return RowTexts(self)


class RowTexts(MadeOnAccess[str]):
    """The texts of ``ScreenRows``, each made as it is asked for; a slice is a list."""

    __slots__ = ("_rows",)

    def __init__(self, rows: ScreenRows) -> None:
        self._rows = rows

    def __len__(self) -> int:
        return len(self._rows)

    def _item(self, at: int) -> str:
        return self._rows._text(at)

    def __iter__(self) -> Iterator[str]:
        return self._rows.texts_between(0, len(self._rows))


class RowsBuilder:
    """``ScreenRows`` as they are laid out, a row at a time; each look (styles and kinds) is stored once."""

    def __init__(self) -> None:
        self._blocks: list[str] = []
        self._pending: list[str] = []
        # where each row ends in its block: a block is far shorter than 4 GiB
        self._ends = array("I")
        self._look = array("I")
        self._looks: list[tuple[Sequence[Style], frozenset[Style]]] = []
        self._known: dict[tuple[int, int], int] = {}
        self._last: tuple[Sequence[Style] | None, frozenset[Style] | None, int] = (None, None, 0)
        self._offset = 0

    def add(self, text: str, styles: Sequence[Style], kinds: frozenset[Style]) -> None:
        """One row; ``styles`` and ``kinds`` are kept by identity, so rows drawn alike share them."""
        last_styles, last_kinds, look = self._last
        if styles is not last_styles or kinds is not last_kinds:
            key = (id(styles), id(kinds))
            known = self._known.get(key)
            if known is None:
                known = self._known[key] = len(self._looks)
                self._looks.append((styles, kinds))
            look = known
            self._last = (styles, kinds, look)
        if _ROW_END in text:
            raise ValueError(f"a screen row holds no line break: {text[:40]!r}")
        self._look.append(look)
        pending = self._pending
        pending.append(text)
        self._ends.append(self._offset + len(text))
        self._offset += len(text) + 1
        if len(pending) == _BLOCK:
            self._blocks.append(_ROW_END.join(pending))
            pending.clear()
            self._offset = 0

    def done(self) -> ScreenRows:
        """The rows added so far, held compactly."""
        if self._pending:
            self._blocks.append(_ROW_END.join(self._pending))
            self._pending.clear()
        return ScreenRows(self._blocks, self._ends, self._look, self._looks)


@lru_cache(maxsize=4096)
def shared_runs(runs: tuple[tuple[Style, int], ...]) -> StyleRuns:
    """One object for every row drawn in the same runs: rows of a long value are nearly all alike."""
    return StyleRuns(runs)


@lru_cache(maxsize=1024)
def style_kinds(kinds: frozenset[Style]) -> frozenset[Style]:
    """One shared set for every row drawn in the same styles: most rows of a frame are."""
    return kinds
