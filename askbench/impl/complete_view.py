"""The complete view, laid out only as far as someone has read it.

``render_prompt_dialog(payload, complete_view_budget(width))`` lays out every
row of a request: for 10 MB of text that is seconds, and for 10 MB of
hostile text (every character a ``⟨U+XXXX⟩`` notation) half a minute. A
pager shows one screenful, so :class:`CompleteView` produces the very same
rows — the property tests hold it to that, row for row, painted or not — but
only up to the last row asked for. Opening the pager and each page down
then cost what the rows on screen cost, whatever the size of the request.

Each fact is laid out from its raw text in chunks. A chunk ends at a place
where cutting changes nothing: between two characters that are a grapheme
boundary in any context (``_breaks_between``), because neutralising,
tab expansion and wrapping all work grapheme by grapheme. Where no such
place is near — inside one grapheme cluster of a million combining marks —
the raw text is neutralised as a growing prefix instead (doubling, so the
work stays linear overall): every character but the last of a prefix comes
out as it would in the whole text, so everything but the last character's
output is kept. Highlighting (a flagged value found inside another field)
is searched for as the text is produced, and a row is finished only once
every occurrence that could reach into it is known.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence
from functools import lru_cache

from wcwidth import iter_graphemes

from .cells import (
    TAB_SIZE,
    cell_width,
    expand_tabs,
    is_grapheme_break,
    without_blank_ends,
    wrap_line,
)
from .command_spans import CommandSpans
from .count_forms import unsettled_from
from .dialog import (
    _TOKEN_CHARS,
    ARROW,
    MAX_LABEL_WIDTH,
    NARROW_INDENT,
    NARROW_VALUE_WIDTH,
    NO_COMMANDS,
    Fact,
    Paint,
    _label_text,
    _paint_row,
    core_facts,
    evidence_facts,
)
from .neutralise import ZWJ, neutralise
from .payload import PromptPayload

__all__ = ["DEFAULT_CHUNK", "CompleteView"]

DEFAULT_CHUNK = 64
"""The fewest raw characters laid out at a time."""

_NOTATION_CELLS = 8
"""Cells one raw character can take (``⟨U+0301⟩``): the first guess of how much text fills a row."""

_READ_AHEAD_STEP = 32
"""Rows laid out between two looks at the reading budget of :meth:`CompleteView.read_ahead`."""

_CUT_LOOKBACK = 64
"""How far back from a chunk's end a cut is looked for before the chunk becomes a growing prefix."""


def _grapheme_count(text: str) -> int:
    return sum(1 for _ in iter_graphemes(text))


@lru_cache(maxsize=65536)
def _pair_breaks(before: str, after: str) -> bool:
    """A grapheme boundary between these two characters in any context.

    UAX #29 decides most boundaries from the two characters alone; three
    rules look further back, and each needs a ``before`` that this rules
    out: an emoji ZWJ sequence (``before`` is ZWJ), a regional-indicator
    pair (both are indicators, which never break when alone), and an Indic
    conjunct (``before`` a mark or virama extending what precedes it,
    ``after`` a consonant of a Brahmic script, all from U+0900 on).
    """
    if before == ZWJ or (_grapheme_count("a" + before) == 1 and after >= "\u0900"):
        return False
    return _grapheme_count(before + after) == 2 and _grapheme_count("a" + after) == 2


def _breaks_between(before: str, after: str) -> bool:
    """Whether cutting between ``before`` and ``after`` is exact for neutralising, tab expansion and wrapping."""
    if " " <= before <= "~" and " " <= after <= "~":
        return True
    if before == "\n" or after == "\n":
        return before != "\r"
    return _pair_breaks(before, after)


def _cut_near(text: str, low: int, target: int) -> int | None:
    """The last exact cut in ``(low, target]``, looking back at most ``_CUT_LOOKBACK``; ``None`` when there is none."""
    if target >= len(text):
        return len(text)
    for index in range(target, max(low, target - _CUT_LOOKBACK), -1):
        if _breaks_between(text[index - 1], text[index]):
            return index
    return None


def _last_cut(text: str, low: int) -> int:
    """The last exact cut in ``text`` after ``low`` (its end excluded: what follows is unknown), or ``low``."""
    for index in range(len(text) - 1, max(low, len(text) - 1 - _CUT_LOOKBACK), -1):
        if _breaks_between(text[index - 1], text[index]):
            return index
    return low


@lru_cache(maxsize=8)
def _neutralised(flag: str) -> str:
    """A flagged value as it appears in neutralised text, its blank ends left out as the dialog's are
    (``dialog._needles``): one per payload, shared by its facts and widths."""
    return without_blank_ends(neutralise(flag))


def _without_last_output(raw: str, out: str) -> str:
    """``out`` (``neutralise(raw)``) without what the last raw character became, which the next one may change."""
    last = raw[-1]
    for candidate in (neutralise(last), last):
        if candidate and out.endswith(candidate):
            return out[: len(out) - len(candidate)]
    return out[:-1]  # an extender kept inside a cluster is one character of output


def _settled_cut(text: str, start: int, low: int, cut: int | None) -> int | None:
    """``cut``, or the last exact cut in ``(low, cut]`` before every ``…`` of ``text[start:cut]`` whose showing the
    text after the cut still decides; ``None`` when there is none."""
    while cut is not None and cut < len(text):
        waiting = unsettled_from(text, start, cut)
        if waiting >= cut:
            return cut
        cut = _cut_near(text, low, waiting) if waiting > low else None
    return cut


class _NeutralisedText:
    """One raw text, neutralised and tab-expanded piece by piece, in order.

    A piece never ends where what follows could still make a ``…`` before it
    open a count row's words (``count_forms.unsettled_from``): that ``…`` is
    set apart or not by the text after it, so it waits for the next piece.
    """

    def __init__(self, raw: str, chunk: int, own: CommandSpans = NO_COMMANDS) -> None:
        self._raw = raw
        self._chunk = chunk
        self._own = own
        self._position = 0  # raw characters consumed up to an exact cut
        self._prefix_end = (
            0  # the end of the growing prefix past ``_position``, when there was no cut
        )
        self._prefix_out = 0  # output of that prefix already handed on
        # expanded text since the last line break, measured only if a tab needs it
        self._column_parts: list[str] = []

    @property
    def size(self) -> int:
        return len(self._raw)

    @property
    def done(self) -> bool:
        return self._position >= len(self._raw)

    @property
    def consumed(self) -> int:
        return max(self._position, self._prefix_end)

    def next_piece(self, size: int) -> str:
        """The next stretch of neutralised, tab-expanded text, from about ``size`` raw characters."""
        start = self._position
        target = max(start + max(self._chunk, size), self._prefix_end)
        # a cut must keep at least what an earlier prefix already handed on: raw[start : prefix_end - 1]
        low = max(start, self._prefix_end - 2)
        cut = _settled_cut(self._raw, start, low, _cut_near(self._raw, low, target))
        end = max(target, start + 2 * (self._prefix_end - start))
        if cut is None and end >= len(self._raw):
            cut = len(self._raw)
        if cut is not None:
            out = self._neutralise(start, cut)[self._prefix_out :]
            self._position, self._prefix_end, self._prefix_out = cut, 0, 0
            return self._expand(out)
        raw = self._raw[start:end]
        out = _without_last_output(raw, self._neutralise(start, end))
        keep = _last_cut(out[: unsettled_from(out)], self._prefix_out)
        piece = out[self._prefix_out : keep]
        self._prefix_end, self._prefix_out = end, keep
        return self._expand(piece)

    def _neutralise(self, start: int, end: int) -> str:
        return neutralise(self._raw[start:end], self._own.owned(start, end))

    def _expand(self, text: str) -> str:
        """Tabs to the next multiple of ``TAB_SIZE`` cells from the start of the line, across pieces."""
        out = []
        for index, line in enumerate(text.split("\n")):
            if index:
                self._column_parts = []
            if "\t" in line:
                pad = self._column() % TAB_SIZE
                line = expand_tabs(" " * pad + line)[pad:]
                self._column_parts = [" " * pad]
            self._column_parts.append(line)
            out.append(line)
        return "\n".join(out)

    def _column(self) -> int:
        """The line's column so far, modulo the tab size, measured by ``expand_tabs`` itself.

        A tab after the text pads it to the next stop, so the padding says the
        column exactly as the dialog's own expansion counts it (cell widths are
        not additive over graphemes, so summing pieces could disagree).
        """
        text = "".join(self._column_parts)
        column = (TAB_SIZE - (len(expand_tabs(text + "\t")) - len(text))) % TAB_SIZE
        self._column_parts = [" " * column]
        return column


class _Literal:
    """Text of the layout's own between two fields (the ``→`` before a detail): never neutralised."""

    def __init__(self, text: str) -> None:
        self._text = text
        self.done = False

    @property
    def size(self) -> int:
        return len(self._text)

    @property
    def consumed(self) -> int:
        return len(self._text) if self.done else 0

    def next_piece(self, size: int) -> str:
        self.done = True
        return self._text


class _Occurrences:
    """Where the flagged values occur in a fact's text, found as the text is produced.

    The same rule as the dialog's ``_token_spans``: whole tokens only, on
    grapheme boundaries, overlapping or touching occurrences painted as one.
    """

    def __init__(self, needles: Sequence[str]) -> None:
        self._needles = list(needles)
        self._next = [0] * len(self._needles)  # per needle: the next start not yet searched
        # look-behind of the boundary checks
        self._keep = max(map(len, self._needles), default=0) + 66
        self._text = ""
        self._base = 0  # offset of ``_text[0]`` in the whole text
        self._found: list[tuple[int, int]] = []
        self.merged: list[tuple[int, int]] = []
        self.known = 0
        """Every occurrence starting before this offset is in ``merged``."""

    def feed(self, piece: str, final: bool) -> None:
        self._text += piece
        end = self._base + len(self._text)
        for index, needle in enumerate(self._needles):
            # a start needs the character after the match
            last = end - len(needle) - (0 if final else 1)
            start = self._next[index]
            while start <= last:
                found = self._text.find(needle, start - self._base, last - self._base + len(needle))
                if found < 0:
                    break
                found += self._base
                if self._is_token(found, found + len(needle), end, final):
                    self._found.append((found, found + len(needle)))
                start = found + 1
            self._next[index] = max(start, last + 1)
        self.known = end if final else min(self._next, default=end)
        self._commit()
        trim = min(self._next, default=end) - self._keep - self._base
        if trim > len(self._text) // 2:
            self._text, self._base = self._text[trim:], self._base + trim

    def _is_token(self, start: int, stop: int, end: int, final: bool) -> bool:
        text, base = self._text, self._base
        if start > 0 and (
            _TOKEN_CHARS.match(text[start - 1 - base]) or not is_grapheme_break(text, start - base)
        ):
            return False
        if final and stop == end:
            return True
        return not _TOKEN_CHARS.match(text[stop - base]) and is_grapheme_break(text, stop - base)

    def _commit(self) -> None:
        ready = sorted(span for span in self._found if span[0] < self.known)
        self._found = [span for span in self._found if span[0] >= self.known]
        for start, stop in ready:
            if self.merged and start <= self.merged[-1][1]:
                self.merged[-1] = (self.merged[-1][0], max(self.merged[-1][1], stop))
            else:
                self.merged.append((start, stop))

    def hits(self, start: int, stop: int) -> tuple[tuple[int, int], ...]:
        """The painted spans of the row ``[start, stop)``, relative to the row."""
        first = bisect.bisect_right(self.merged, (start, -1)) - 1
        hits = []
        for low, high in self.merged[max(0, first) :]:
            if low >= stop:
                break
            if high > start:
                hits.append((max(low, start) - start, min(high, stop) - start))
        return tuple(hits)


class _FactRows:
    """One fact's rows, exactly as the dialog emits them, produced on demand."""

    def __init__(
        self,
        fact: Fact,
        *,
        row_width: int,
        head: str,
        indent: str,
        narrow: bool,
        flags: Sequence[str],
        paint: Paint | None,
        chunk: int,
    ) -> None:
        self.rows: list[str] = [head] if narrow else []
        self.done = False
        self._flagged = fact.flagged
        self._row_width = max(1, row_width)
        self._head = None if narrow else head
        self._indent = indent
        self._paint = paint
        self._sources: list[_NeutralisedText | _Literal] = [
            _NeutralisedText(fact.text, chunk, fact.commands or NO_COMMANDS)
        ]
        if fact.detail is not None:
            self._sources += [_Literal(ARROW), _NeutralisedText(fact.detail, chunk)]
        self._current = 0
        # neutralising never shortens text and a notation is at most 10 characters: a longer flag cannot occur here
        longest = 10 * self.raw_size
        self._flags = (
            [] if fact.flagged else [flag for flag in flags if flag and len(flag) <= longest]
        )
        self._occurrences: _Occurrences | None = None
        self._partial = ""
        self._offset = 0  # where the partial row starts in the fact's neutralised text
        # finished rows whose highlighting is not yet known
        self._waiting: list[tuple[str, int]] = []
        # (rows emitted, raw characters consumed), for positions
        self._marks: list[tuple[int, int]] = []

    @property
    def raw_size(self) -> int:
        return sum(source.size for source in self._sources)

    @property
    def consumed(self) -> int:
        """Raw characters read so far."""
        return self._consumed()

    def _consumed(self) -> int:
        return sum(source.consumed for source in self._sources)

    def raw_position(self, row: int) -> int:
        """About how many raw characters lie before the end of ``row``: interpolated between the chunks laid out."""
        marks = [(0, 0), *self._marks]
        index = bisect.bisect_left(marks, (row + 1, -1))
        if index >= len(marks):
            return self._consumed()
        (rows_before, raw_before), (rows_after, raw_after) = marks[max(0, index - 1)], marks[index]
        if rows_after <= rows_before:
            return raw_after
        return raw_before + (raw_after - raw_before) * (row + 1 - rows_before) // (
            rows_after - rows_before
        )

    def ensure(self, count: int) -> None:
        """Produce rows until there are ``count`` or the fact is laid out whole.

        How much raw text makes a row varies eightfold (a notation is eight
        cells for one character), so the first chunk guesses low and later
        ones use the rate seen so far: a screenful costs about a screenful.
        """
        while len(self.rows) < count and not self.done:
            missing = count - len(self.rows)
            consumed, emitted = self._consumed(), len(self.rows)
            if consumed and emitted:
                size = missing * consumed // emitted + missing
            else:
                size = missing * self._row_width // _NOTATION_CELLS
            self._advance(size)
            self._marks.append((len(self.rows), self._consumed()))

    def _advance(self, size: int) -> None:
        sources = self._sources
        piece = sources[self._current].next_piece(size)
        while sources[self._current].done and self._current + 1 < len(sources):
            self._current += 1
            if not isinstance(sources[self._current], _Literal):
                break
            piece += sources[self._current].next_piece(0)
        final = self._current == len(sources) - 1 and sources[self._current].done
        self._feed(piece, final)
        if final:
            self._finish_row(self._partial)
            self._release(final=True)
            self.done = True

    def _feed(self, piece: str, final: bool) -> None:
        # the flags are neutralised only once this fact is read
        if self._flags and self._occurrences is None:
            self._occurrences = _Occurrences(
                [needle for flag in self._flags if (needle := _neutralised(flag))]
            )
        if self._occurrences is not None:
            self._occurrences.feed(piece, final)
        width = self._row_width
        for index, part in enumerate(piece.split("\n")):
            if index:
                self._finish_row(self._partial)
                self._offset += 1
                self._partial = ""
            line = self._partial + part
            rows = [line] if len(line) <= width and line.isascii() else wrap_line(line, width)
            for row in rows[:-1]:
                self._finish_row(row)
            self._partial = rows[-1]
        self._release()

    def _finish_row(self, row: str) -> None:
        self._waiting.append((row, self._offset))
        self._offset += len(row)

    def _release(self, final: bool = False) -> None:
        """Emit every waiting row whose highlighting is settled."""
        occurrences = self._occurrences
        released = 0
        for row, start in self._waiting:
            if occurrences is not None and not final and occurrences.known < start + len(row):
                break
            spans = occurrences.hits(start, start + len(row)) if occurrences is not None else ()
            painted = _paint_row(row, spans, self._flagged, self._paint)
            if self._head is not None:
                self.rows.append(f"{self._head} {painted}")
                self._head = None
            else:
                self.rows.append(self._indent + painted)
            released += 1
        del self._waiting[:released]


class CompleteView:
    """``render_prompt_dialog(payload, complete_view_budget(width), paint).lines``, row by row, on demand.

    Built once per width and kept: scrolling back, collapsing and opening
    again never lay anything out twice.
    """

    def __init__(
        self,
        payload: PromptPayload,
        width: int,
        paint: Paint | None = None,
        *,
        chunk: int = DEFAULT_CHUNK,
    ) -> None:
        width = max(1, width)
        core = core_facts(payload)
        evidence = list(evidence_facts(payload))
        label_cap = max(0, min(MAX_LABEL_WIDTH, width - 2))
        labels = [_label_text(fact.label, label_cap) for fact in (*core, *evidence)]
        label_width = max((cell_width(label) for label in labels), default=0)
        self.narrow = width - (label_width + 3) < NARROW_VALUE_WIDTH
        indent = " " * (NARROW_INDENT if self.narrow else label_width + 3)
        row_width = NARROW_VALUE_WIDTH if self.narrow else width - len(indent)
        self._facts = [
            _FactRows(
                fact,
                row_width=row_width,
                head=self._head(fact.label, label_width, paint),
                indent=indent,
                narrow=self.narrow,
                flags=payload.flagged,
                paint=paint,
                chunk=max(1, chunk),
            )
            for fact in (*core, *evidence)
        ]
        self.core_count = len(core)
        self._raw_size = sum(fact.raw_size for fact in self._facts)

    @staticmethod
    def _head(label: str, label_width: int, paint: Paint | None) -> str:
        text = _label_text(label, label_width)
        head = text + " " * (label_width - cell_width(text))
        return f"{paint('label', head) if paint else head} :"

    @property
    def head_size(self) -> int:
        """Rows of a fact's first row: the label beside it, or (narrow) on its own row above it."""
        return 2 if self.narrow else 1

    @property
    def total(self) -> int | None:
        """How many rows the complete view has, once it has been laid out to the end."""
        if not all(fact.done for fact in self._facts):
            return None
        return sum(len(fact.rows) for fact in self._facts)

    @property
    def laid_out(self) -> int:
        """Rows produced so far (a lower bound of the total)."""
        count = 0
        for fact in self._facts:
            count += len(fact.rows)
            if not fact.done:
                break
        return count

    def rows(self, start: int, stop: int) -> list[str]:
        """Rows ``start`` to ``stop`` (fewer at the end), laying out no further than ``stop``."""
        out: list[str] = []
        first = 0
        for fact in self._facts:
            if first >= stop:
                break
            fact.ensure(stop - first)
            count = len(fact.rows)
            if first + count > start:
                out.extend(fact.rows[max(0, start - first) : stop - first])
            first += count
        return out

    def read_ahead(self, rows: int, characters: int) -> None:
        """Lay out up to ``rows`` rows, stopping early once ``characters`` raw characters have been read."""
        while self.total is None and self.laid_out < rows and self._consumed() < characters:
            self.rows(0, min(rows, self.laid_out + _READ_AHEAD_STEP))

    def _consumed(self) -> int:
        return sum(fact.consumed for fact in self._facts)

    def __iter__(self) -> Iterator[str]:
        for fact in self._facts:
            fact.ensure(1 << 62)
            yield from fact.rows

    def core_heads(self) -> list[tuple[int | None, tuple[str, ...]]]:
        """Each core fact's first row(s), and where they are in the view when everything before them is laid out."""
        heads: list[tuple[int | None, tuple[str, ...]]] = []
        first: int | None = 0
        for fact in self._facts[: self.core_count]:
            fact.ensure(self.head_size)
            heads.append((first, tuple(fact.rows[: self.head_size])))
            first = first + len(fact.rows) if first is not None and fact.done else None
        return heads

    def head_at(self, row: int) -> tuple[int, tuple[str, ...]] | None:
        """Where the fact holding ``row`` starts, and its first row(s): the label a row away from it reads under.

        ``None`` when ``row`` has not been laid out.
        """
        first = 0
        for fact in self._facts:
            count = len(fact.rows)
            if row < first + count:
                return first, tuple(fact.rows[: self.head_size])
            if not fact.done:
                return None
            first += count
        return None

    def fraction(self, row: int) -> float:
        """About how much of the request's text lies before the end of ``row``: the pager's position before the total is known."""
        if self._raw_size == 0:
            return 1.0
        before = 0
        first = 0
        for fact in self._facts:
            count = len(fact.rows)
            if row < first + count or not fact.done:
                return min(1.0, (before + fact.raw_position(row - first)) / self._raw_size)
            before += fact.raw_size
            first += count
        return 1.0
