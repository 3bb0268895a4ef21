"""The bounded dialog: every core fact in a bounded number of rows.

The old dialog put the whole tool input inline, so a 200-line here-string
became a 202-row prompt that pushed the transcript out of view. Here the
core facts (who asks, which tool, which rule, what value, what really runs)
each keep their own aligned ``label : value`` line, every field is capped in
terminal cells, and evidence fills the remaining rows whole or not at all.
The complete view is this same function with no caps: one layout, two
budgets, so the two views can never disagree about what the request is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

from .ask import describe_command_context
from .cells import (
    FIELD_ROW_CELLS,
    NAME_KEEP,
    Capped,
    LastStart,
    cap_ends,
    cap_text,
    cell_width,
    clip_to_width,
    expand_text_tabs,
    field_rows,
    forget_kept_pieces,
    head_within,
    is_grapheme_break,
    says_something,
    text_cells,
    without_blank_ends,
    wrap_line,
)
from .command_spans import CommandSpans, hidden_marker, source_reach
from .neutralise import MAX_EXTENDERS, neutralise
from .payload import PromptPayload
from .truncate import ELLIPSIS

PaintRole = Literal["flagged", "label"]
Paint = Callable[[PaintRole, str], str]

DEFAULT_MAX_ROWS = 24
DEFAULT_FIELD_MAX_WIDTH = 400
MAX_LABEL_WIDTH = 20
NARROW_VALUE_WIDTH = 12
"""Below this many cells beside the labels, each label gets a row of its own — and its value rows are this wide,
no wider: a wider terminal switching back to labels beside values then never has narrower value rows, so no
field shows less as the terminal widens."""
NARROW_INDENT = 4
"""Where a value's rows begin when its label stands alone. Never the margin: a value's own lines would then
read as labels, a title or options (``tool : bash``, ``Permission Required``, ``  (y) Yes``); option rows
begin at most two cells in, so four cells keep every value row apart from every chrome row."""
MIN_WIDTH = 20
"""The narrowest terminal the dialog lays out for: a label, its colon and a value row of its own need it."""

ARROW = " \u2192 "
_TOKEN_CHARS = re.compile(r"[\w/.\-]")


@dataclass(frozen=True)
class DialogBudget:
    """``None`` for ``max_rows`` or ``field_max_width`` means unbounded."""

    max_rows: int | None = DEFAULT_MAX_ROWS
    field_max_width: int | None = DEFAULT_FIELD_MAX_WIDTH
    width: int = 120

    def __post_init__(self) -> None:
        if self.width < MIN_WIDTH:
            raise ValueError(
                f"the dialog needs a terminal at least {MIN_WIDTH} columns wide, got {self.width}"
            )


def complete_view_budget(width: int) -> DialogBudget:
    """The budget of the complete view: the same render with nothing capped or dropped."""
    return DialogBudget(max_rows=None, field_max_width=None, width=width)


@dataclass(frozen=True)
class DialogView:
    lines: tuple[str, ...]
    """Already fitted to ``budget.width``: each entry is exactly one screen row."""
    elided: bool
    """True exactly when a field was capped or an evidence entry dropped."""


@dataclass(frozen=True)
class Fact:
    """One labelled line of the dialog, before layout."""

    label: str
    text: str
    detail: str | None = None
    flagged: bool = False
    brief: str | None = None
    """What the bounded view shows instead of ``text`` once the request's value line is cut (``Evidence.brief``)."""
    commands: CommandSpans | None = None
    """Where the commands of ``text`` stand, so its cut can count them (``askbench.impl.command_spans``)."""


def core_facts(payload: PromptPayload) -> list[Fact]:
    """The core in its fixed order; an absent fact, or one an earlier line states, has no line."""
    request = payload.request
    facts: list[Fact] = []
    requester = request.requester
    if requester.forwarded:
        session = f" \u00b7 session {requester.session_id}" if requester.session_id else ""
        facts.append(Fact("subagent", f"{requester.agent_name or 'unknown'}{session}"))
    elif requester.agent_name:
        facts.append(Fact("agent", requester.agent_name))
    if request.tool_name:
        invoked = request.invoked_tool_name
        suffix = f" (invoked as {invoked})" if invoked and invoked != request.tool_name else ""
        facts.append(Fact("tool", request.tool_name + suffix))
    if request.surface and request.surface != request.tool_name:
        facts.append(Fact("surface", request.surface))
    if request.matched_pattern:
        facts.append(Fact("rule", request.matched_pattern))
    if request.value and request.value != request.tool_name:
        facts.append(
            Fact(
                request.value_label,
                request.value,
                flagged=request.value in payload.flagged,
                commands=request.value_commands,
            )
        )
    if request.shape:
        facts.append(Fact("shape", request.shape, commands=request.shape_commands))
    if request.executed_unit and request.executed_unit != request.value:
        facts.append(Fact("runs", request.executed_unit))
    if request.command_context:
        facts.append(
            Fact(
                "context",
                describe_command_context(request.command_context) or request.command_context,
            )
        )
    return facts


def evidence_facts(payload: PromptPayload) -> Iterator[Fact]:
    for entry in payload.evidence:
        yield Fact(entry.label, entry.text, entry.detail, brief=entry.brief)


# ── layout ─────────────────────────────────────────────────────────────────


def _lines_end(text: str, lines: int, limit: int) -> int:
    """Where the first ``lines`` line breaks end, or ``limit`` if that comes first.

    A field of ``rows`` rows never shows more than ``rows`` lines from its
    start, so the rest of a 200-line here-string need not be neutralised to
    be cut. A line break always ends a grapheme and ``neutralise`` keeps
    every one, so cutting just after one changes nothing that is kept.
    """
    end = 0
    for _ in range(lines):
        found = text.find("\n", end, limit)
        if found < 0:
            return limit
        end = found + 1
    return end


_BLANKS = " \t\n"
_SCAN = 4096


def _shown_end(text: str) -> int:
    """Where ``text`` ends once trailing blanks are dropped, scanning back only through the blanks."""
    end = len(text)
    while end > 0:
        chunk = text[max(0, end - _SCAN) : end]
        stripped = len(chunk.rstrip(_BLANKS))
        if stripped:
            return end - len(chunk) + stripped
        end -= len(chunk)
    return 0


def _segment_start(text: str, start: int) -> int:
    """The first index at or after ``start`` where a grapheme surely begins (a safe pair), or ``start``."""
    for index in range(max(1, start), min(len(text), start + _LOOKAHEAD)):
        if is_grapheme_break(text, index):
            return index
    return start


_LOOKAHEAD = 64


def _clean(text: str, own: Collection[int] = ()) -> str:
    """``text`` as a value's rows show it: neutralised, its own count lines at ``own`` kept, tabs expanded."""
    return expand_text_tabs(neutralise(text, own))


def _before_closing_lines(text: str, last_break: int, end: int, rows: int, floor: int) -> int:
    """The line break a tail's window opens on when the last lines say nothing (``}``, ``]``): back over them to
    one that does, at most ``rows`` lines (a tail has fewer rows than that) and never below ``floor``.

    The window may then begin among the head's lines; the head shows fewer
    lines than the field has rows, and the tail what is left of them, so the
    two ends still never meet.
    """
    for _ in range(rows):
        earlier = text.rfind("\n", floor, last_break)
        if earlier < 0:
            return last_break
        found = says_something(text[earlier:last_break])
        last_break = earlier
        if found:
            return last_break
    return last_break


def _at_last_command(
    text: str, last_break: int, tail_from: int | None, rows: int, floor: int
) -> int:
    """The line break a tail's window opens on: ``last_break``, or the break before the line where the last
    command starts (``tail_from``) when that is earlier, at most ``rows`` lines back and never below ``floor``.

    As with ``_before_closing_lines``, the window may begin among the head's
    lines: the tail's rows come out of the head's, so the two never meet.
    """
    if tail_from is None or not floor <= tail_from < last_break:
        return last_break
    found = text.rfind("\n", floor, tail_from)
    if found < 0 or text.count("\n", found, last_break) > rows:
        return last_break
    return found


NO_COMMANDS = CommandSpans(0)
"""A text of no commands, and no count lines of its own."""

COUNTED_FROM_COLUMNS = 40
"""From 40 columns on every command bash runs is owed (``runs``), so a cut counts on any row the count fits
(``COUNT_ROW_CELLS``); below, a prompt owes its first command's start, and a cut counts only on rows that hold
the spaced count (``SPACED_COUNT_CELLS``), where a count row costs the head least."""

SPACED_COUNT_CELLS = 24
"""Value rows that hold ``… 99999 more commands …`` with its blanks."""

COUNT_ROW_CELLS = 18
"""The narrowest value rows a cut counts on: one row holds ``…99 more commands…`` (``hidden_marker``'s form for
a narrow row). Narrower rows (a terminal under 40 columns) are a dozen cells or so, and a count row would take
the head's rows, where the first command stands."""


def counted_field(
    text: str,
    cap: int,
    row_width: int,
    commands: CommandSpans | None = None,
    counting: bool = True,
) -> Capped:
    """A field capped (``_counted``), from the first line that shows something where the whole cannot be shown.

    The blank lines a text opens with show nothing, as those it ends with
    do; a cut's head that spent its rows on them would hide the first
    command behind rows that say nothing. Where what follows them fits
    whole, leaving them out is still a cut, and it is said: a marker on the
    field's first row, the rest on the rows after it (a row fewer for the
    rest, so the field takes no more rows than its cap allows), else the
    rest cut a row shorter. A field of one row keeps its first cut.
    """
    capped = _counted(text, cap, row_width, commands, counting)
    opening = _opening_blank_lines(text) if capped.cut else 0
    if not opening:
        return capped
    after = commands.after(opening) if commands is not None else None
    rest = _counted(text[opening:], cap, row_width, after, counting)
    if rest.cut:
        return rest
    if cap <= FIELD_ROW_CELLS:
        return capped
    shorter = _counted(text[opening:], cap - FIELD_ROW_CELLS, row_width, after, counting)
    if not shorter.cut:
        return Capped("", tail=shorter.shown, cut=True)
    return replace(shorter, head=f"{ELLIPSIS}\n{shorter.head}")


def _opening_blank_lines(text: str) -> int:
    """Where the first line that shows something begins, scanning only through the blanks before it."""
    start = 0
    while start < len(text):
        chunk = text[start : start + _SCAN]
        stripped = len(chunk) - len(chunk.lstrip(_BLANKS))
        if stripped < len(chunk):
            return text.rfind("\n", 0, start + stripped) + 1
        start += len(chunk)
    return text.rfind("\n") + 1


def _counted(
    text: str, cap: int, row_width: int, commands: CommandSpans | None, counting: bool
) -> Capped:
    """A field capped (``capped_field``); a cut that hides commands of ``commands`` says how many, on a row of its own.

    The row comes out of the field's own rows, so the field takes no more
    rows than any other, except that a two-row field keeps its head and its
    tail, where the first and the last command stand, and takes a third row
    for the count; a field of one row, or rows narrower than
    ``COUNT_ROW_CELLS``, has none to spare and keeps its bare marker. The
    tail opens on the line where the last command starts, not only the last
    line (a command whose words end on an earlier line than the text).
    """
    spans = commands.spans if commands is not None else ()
    last = spans[-1][0] if spans else None
    first_end = spans[0][1] if len(spans) > 1 else None
    own = commands if commands is not None else NO_COMMANDS
    capped = capped_field(text, cap, row_width, tail_from=last, first_end=first_end, own=own)
    if commands is None or not capped.cut:
        return capped
    rows = field_rows(cap)
    if rows < 2 or row_width < COUNT_ROW_CELLS or not counting:
        return capped
    middle, middle_cells = _last_line(text, capped, commands, row_width) if rows > 3 else ("", 0)
    hidden = _hidden(text, capped, commands, middle)
    spare = _count_rows(hidden, row_width) + (1 if middle else 0)
    if not spare or _count_rows(hidden, row_width) > max(1, rows - 2):
        return capped

    def recapped(spare: int, cells: int) -> Capped:
        # the row's cells are the field's, as the ends' are
        return capped_field(
            text,
            cap - cells,
            row_width,
            rows=max(rows - spare, 2),
            tail_from=last,
            first_end=first_end,
            own=own,
        )

    # each row the count or the last command's row takes shortens the head, which may then need the other
    for _ in range(_RECAPS):
        capped = recapped(spare, middle_cells)
        middle, middle_cells = (
            _last_line(text, capped, commands, row_width) if rows > 3 else ("", 0)
        )
        hidden = _hidden(text, capped, commands, middle)
        needed = _count_rows(hidden, row_width) + (1 if middle else 0)
        if needed <= spare:
            break
        spare = needed
    return replace(capped, count=hidden_marker(hidden, row_width) if hidden else "", middle=middle)


def _count_rows(hidden: int, row_width: int) -> int:
    """The rows a count of ``hidden`` commands takes on rows ``row_width`` cells wide: none for none, else one or
    two (``hidden_marker``)."""
    return hidden_marker(hidden, row_width).count("\n") + 1 if hidden else 0


def _hidden(text: str, capped: Capped, commands: CommandSpans, middle: str) -> int:
    """The commands a cut hides: those not shown whole in its head or tail, but the last when a row shows it."""
    hidden = commands.hidden(text, capped.head, capped.tail, _clean)
    return hidden - commands.spans[-1][2] if middle else hidden


def _last_line(
    text: str, capped: Capped, commands: CommandSpans, row_width: int
) -> tuple[str, int]:
    """The row that shows where the last command starts when neither end of a cut does (a heredoc's body, or
    text that never runs, after it, farther back from the end than the tail reaches): its line from its start,
    between markers of its own, and the cells of the text it shows; empty when an end shows it, or the row
    would meet one.

    The first and the last command are what a person must see of a chain, so the last is not left to the
    tail's reach alone; the row only looks at the line and the two ends around it, so its cost does not grow
    with the text.
    """
    if not commands.spans:  # none placed: where the last starts is not known
        return "", 0
    start, words_end, _ = commands.spans[-1]
    line_end = text.find("\n", start, start + _LINE_WINDOW)
    end = start + _LINE_WINDOW if line_end < 0 else line_end
    end = min(end, len(text))
    # a head that stops inside the last command's words on its line shows its start, not the command
    shown_by = start if commands.total < 2 else max(start, min(words_end, end) - 1)
    if not _head_ends_by(text, capped.head, shown_by):
        return "", 0
    tail = capped.tail.removeprefix(ELLIPSIS)
    if not _tail_starts_after(text, tail, end):
        return "", 0
    opening = ELLIPSIS if start and text[start - 1] != "\n" else ""
    room = row_width - cell_width(opening)
    # a row's worth at most, the same at every width: a wider terminal never shows less
    cells = FIELD_ROW_CELLS - 2 * cell_width(ELLIPSIS)
    shown = head_within(_clean(text[start:end], commands.owned(start, end)), cells, 1, room)
    if not says_something(shown):
        return "", 0
    return f"{opening}{shown}{ELLIPSIS}", text_cells(shown)


_RECAPS = 3
"""The count's row and the last command's row, each taken once, and a last plan with both."""

_LINE_WINDOW = 512
"""Characters of the last command's line read for its row: more than a row of any terminal holds."""


def _head_ends_by(text: str, head: str, start: int) -> bool:
    """Whether ``head`` (a prefix of the cleaned text) ends at or before source character ``start``: only as much
    of the text is cleaned as the head can stand for, however far into it ``start`` is."""
    if start > source_reach(head):
        return True
    return _clean(text[:start]).startswith(head)


def _tail_starts_after(text: str, tail: str, end: int) -> bool:
    """Whether ``tail`` (a suffix of the cleaned text) starts after source character ``end``."""
    if len(text) - end > source_reach(tail):
        return True
    cleaned = _clean(text[end:]).rstrip(" \t\n")
    return len(cleaned) > len(tail) and cleaned.endswith(tail.rstrip(" \t\n"))


def capped_field(
    text: str,
    cap: int,
    row_width: int,
    rows: int | None = None,
    tail_from: int | None = None,
    first_end: int | None = None,
    own: CommandSpans = NO_COMMANDS,
) -> Capped:
    """A field's head and tail as the bounded view shows them, reading only its two ends.

    A text with more lines than the field has rows, or longer than
    ``limit`` characters, cannot fit; then the head is read from its first
    ``rows + 1`` lines (at most ``limit`` characters: each kept grapheme is
    at least one cell per ``MAX_EXTENDERS + 1`` characters) and the tail
    from its last line (at most ``limit`` characters back), and nothing in
    between is read at all: a 200-line here-string costs its first lines and
    its last, a 10 MB command what a 10 KB one does. One difference with
    reading the whole: the tail of a line longer than ``limit`` starts
    mid-line, where its column is unknown, so its tabs expand from the start
    of the ``limit`` characters read (it is shown after a marker of its own,
    never aligned with the head). ``tail_from``, where the text's last
    command starts, opens the tail's window on that command's line when it
    lies within the window; with ``first_end``, where the first command
    ends, the tail may take more than its half to show the last from its
    start (``LastStart``). ``own`` says where the text's own count lines stand (``CommandSpans.own``).
    """
    rows = field_rows(cap) if rows is None else rows
    runs = tail_from is not None
    if len(text) <= min(cap, rows * max(1, row_width)) and text.isascii() and text.isprintable():
        # one line of printable ASCII that fits: nothing to neutralise, expand or cut
        return Capped(text)
    limit = (cap + 2) * (MAX_EXTENDERS + 1)
    prefix_end = _lines_end(text, rows + 1, min(limit, len(text)))
    many_lines = prefix_end < len(text) and text.count("\n", 0, prefix_end) > rows
    if many_lines or len(text) > 2 * limit + _LOOKAHEAD:
        end = _shown_end(text)
        floor = max(prefix_end, end - limit)
        last_break = text.rfind("\n", floor, end)
        if last_break >= 0 and not says_something(text[last_break:end]):
            last_break = _before_closing_lines(text, last_break, end, rows, max(0, end - limit))
        last_break = _at_last_command(text, last_break, tail_from, rows, max(0, end - limit))
        # the window opens on the last line's break, so the tail knows where its line starts
        if last_break >= 0:
            return cap_ends(
                _clean(text[:prefix_end], own.owned(0, prefix_end)),
                _clean(text[last_break:end], own.owned(last_break, end)),
                cap,
                rows,
                row_width,
                whole=False,
                tail_lines=_lines_after(text, tail_from, last_break),
                last=_last_start(text, cap, tail_from, first_end, last_break),
                runs=runs,
            )
        if end - limit >= prefix_end:
            suffix = text[_segment_start(text, end - limit) : end]
            return cap_ends(
                _clean(text[:prefix_end], own.owned(0, prefix_end)),
                _clean(suffix, own.owned(end - len(suffix), end)),
                cap,
                rows,
                row_width,
                whole=False,
                runs=runs,
            )
        # a short text and then blanks: enough of them to be cut as the whole would be
        return cap_text(
            _clean(text[: end + limit], own.owned(0, end + limit)),
            cap,
            rows,
            row_width,
            _lines_after(text, tail_from, 0),
            _last_start(text, cap, tail_from, first_end, 0),
            runs=runs,
        )
    return cap_text(
        _clean(text, own.own),
        cap,
        rows,
        row_width,
        _lines_after(text, tail_from, 0),
        _last_start(text, cap, tail_from, first_end, 0),
        runs=runs,
    )


def _last_start(
    text: str, cap: int, tail_from: int | None, first_end: int | None, window: int
) -> LastStart | None:
    """Where the last command starts (``tail_from``) on its line, and the cells a tail may take to show it from
    there: all but the first command's start, what the head keeps of it — its first ``NAME_KEEP`` cells, or all
    of it (it ends at ``first_end``) when shorter — and at most ``FIELD_ROW_CELLS``, a row of an 80-column
    terminal, since a tail's cells are the same at every width and more would be cut by the rows it may take;
    ``None`` when the last command starts before the tail's ``window``."""
    if tail_from is None or first_end is None or tail_from < window:
        return None
    line_start = text.rfind("\n", window, tail_from) + 1
    if line_start <= window and window:
        return None
    # past this many characters the first command takes more than NAME_KEEP cells, however it is made
    longest = NAME_KEEP * (MAX_EXTENDERS + 1)
    first = text_cells(_clean(text[:first_end])) if first_end <= longest else NAME_KEEP
    return LastStart(
        _clean(text[line_start:tail_from]), min(cap - min(first, NAME_KEEP), FIELD_ROW_CELLS)
    )


def _lines_after(text: str, tail_from: int | None, window: int) -> int:
    """The line breaks between where the last command starts and the end of what the text shows: the lines its
    tail owes before the last; none when the command starts before the tail's ``window``."""
    if tail_from is None or tail_from < window:
        return 0
    return text.count("\n", tail_from, len(text.rstrip(" \t\n")))


def _visible(
    text: str,
    cap: int | None,
    row_width: int,
    commands: CommandSpans | None = None,
    counting: bool = True,
) -> tuple[str, bool]:
    """Neutralised, tab-expanded and capped to its head and tail."""
    if cap is None:
        return _clean(text, commands.own if commands is not None else ()), False
    capped = counted_field(text, cap, row_width, commands, counting)
    return capped.shown, capped.cut


Span = tuple[int, int]

_SPLIT_BLOCK = 1 << 16
"""Characters of a value split into lines at once: its lines are made a block at a time, never all together."""


def _lines(text: str) -> Iterator[str]:
    """``text.split("\n")``, a block at a time."""
    start = 0
    while True:
        cut = text.find("\n", start + _SPLIT_BLOCK)
        if cut < 0:
            yield from text[start:].split("\n")
            return
        yield from text[start:cut].split("\n")
        start = cut + 1


@dataclass(frozen=True)
class _Block:
    """A fact laid out: its shown text, the spans of it to paint (sorted, disjoint) and the width its rows wrap at."""

    label: str
    text: str
    spans: tuple[Span, ...]
    row_width: int
    flagged_whole: bool

    def rows(self) -> Iterator[tuple[str, tuple[Span, ...]]]:
        """Each row, with the parts of the spans that fall in it, made as it is asked for: a value as long as the
        payload is never held as rows."""
        spans, count, width = self.spans, len(self.spans), self.row_width
        offset = 0
        first = 0  # a span that ends before this row reaches no later one
        for line in _lines(self.text):
            for row in (line,) if len(line) <= width and line.isascii() else wrap_line(line, width):
                if not count:
                    yield row, ()
                    continue
                end = offset + len(row)
                while first < count and spans[first][1] <= offset:
                    first += 1
                yield row, _hits(spans, first, offset, end)
                offset = end
            offset += 1


def _token_spans(text: str, needles: Sequence[str]) -> list[tuple[int, int]]:
    """Whole-token occurrences: ``ls`` is not inside ``lsof``, ``/etc/hosts`` not inside ``/etc/hostsbackup``.

    An occurrence must also begin and end on grapheme boundaries: ``0`` is not
    painted in ``0\ufe00``, or the paint would split the variation selector off.
    """
    spans = []
    for needle in needles:
        if not needle or len(needle) > len(text):
            continue
        start = text.find(needle)
        while start != -1:
            end = start + len(needle)
            before_ok = (
                start == 0
                or not _TOKEN_CHARS.match(text[start - 1])
                and is_grapheme_break(text, start)
            )
            after_ok = (
                end == len(text)
                or not _TOKEN_CHARS.match(text[end])
                and is_grapheme_break(text, end)
            )
            if before_ok and after_ok:
                spans.append((start, end))
            start = text.find(needle, start + 1)
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):  # overlapping occurrences paint once, or the text would repeat
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _needles(flagged: Sequence[str], cap: int | None) -> list[str]:
    """The flagged texts, as shown (the blanks around them left out), that a field can show whole: no more cells
    than the cap.

    Counted in cells, not characters: ``000000000`` with a variation selector
    is ten characters and nine cells, whole under a cap of 9. A text of more
    characters than a cluster's extenders could fold into ``cap`` cells is not
    even neutralised.
    """
    needles = []
    for flag in flagged:
        if not flag or cap is not None and len(flag) > cap * (1 + MAX_EXTENDERS):
            continue
        # the blank lines and spaces around a text show nothing, and a field may leave them out
        needle = without_blank_ends(neutralise(flag))
        if needle and (cap is None or text_cells(needle) <= cap):
            needles.append(needle)
    return needles


def _lay_out(
    fact: Fact, cap: int | None, row_width: int, needles: Sequence[str], counting: bool = True
) -> tuple[_Block, bool]:
    text, cut = _visible(fact.text, cap, row_width, fact.commands, counting)
    if fact.detail is not None:
        detail, detail_cut = _visible(fact.detail, cap, row_width)
        text = f"{text}{ARROW}{detail}"
        cut = cut or detail_cut
    spans = () if fact.flagged else tuple(_token_spans(text, needles))
    return _Block(fact.label, text, spans, row_width, fact.flagged), cut


def _hits(spans: Sequence[Span], first: int, offset: int, end: int) -> tuple[Span, ...]:
    """The parts of ``spans[first:]`` within ``offset``..``end``, relative to ``offset``."""
    count = len(spans)
    if first == count or spans[first][0] >= end:
        return ()
    # inside one span: a repeated value's rows
    if spans[first][0] <= offset and spans[first][1] >= end:
        return ((0, end - offset),)
    hits: list[Span] = []
    index = first
    while index < count and spans[index][0] < end:
        start, stop = spans[index]
        hits.append((max(start, offset) - offset, min(stop, end) - offset))
        index += 1
    return tuple(hits)


def _paint_row(row: str, spans: Sequence[tuple[int, int]], whole: bool, paint: Paint | None) -> str:
    if paint is None or not row:
        return row
    if whole:
        return paint("flagged", row)
    if not spans:
        return row
    out, cursor = [], 0
    for start, end in spans:
        out.append(row[cursor:start])
        out.append(paint("flagged", row[start:end]))
        cursor = end
    out.append(row[cursor:])
    return "".join(out)


def _label_text(label: str, max_width: int = MAX_LABEL_WIDTH) -> str:
    # Only the characters that can fit are neutralised: every kept grapheme is at least one cell.
    return _fitted_label(label[: (max_width + 1) * (MAX_EXTENDERS + 1)], max_width)


@lru_cache(maxsize=256)
def _fitted_label(prefix: str, max_width: int) -> str:
    """A label as one row of known width: a line break or a tab (which the terminal would expand) is a space.

    Kept per label text and width: a dialog measures every label to align
    the column and then writes each one, and a payload's labels are few.
    """
    return clip_to_width(neutralise(prefix).replace("\n", " ").replace("\t", " "), max_width)


def forget_kept() -> None:
    """Forget what renders keep between them (short lines' pieces, fitted labels), so the next render is a first one.

    For measuring a first render and counting its work: a host never needs it,
    as nothing kept depends on anything but the text it was kept for.
    """
    _fitted_label.cache_clear()
    forget_kept_pieces()


Laid = Iterable[tuple[str, tuple[Span, ...]]]
"""A block's rows, each with its spans: ``_Block.rows`` as it makes them, or a list of them already made."""


def _emit(
    block: _Block, laid: Laid, label_width: int, narrow: bool, paint: Paint | None
) -> Iterator[str]:
    """The block's lines from its rows ``laid``, each row painted and indented as it comes."""
    label = _label_text(block.label, label_width)
    head = label + " " * (label_width - cell_width(label))
    head = f"{paint('label', head) if paint else head} :"
    rows = (_paint_row(row, spans, block.flagged_whole, paint) for row, spans in laid)
    if narrow:
        yield head
        indent = " " * NARROW_INDENT
    else:
        first = next(rows, None)
        if first is None:
            return
        yield f"{head} {first}"
        indent = " " * (label_width + 3)
    for row in rows:
        yield indent + row


def render_prompt_dialog(
    payload: PromptPayload, budget: DialogBudget, paint: Paint | None = None
) -> DialogView:
    """The ask as rows no wider than ``budget.width``, within ``budget.max_rows`` unless the core alone is taller."""
    width = budget.width
    core = core_facts(payload)
    lookahead = len(payload.evidence) if budget.max_rows is None else budget.max_rows
    labels = [fact.label for fact in core] + [entry.label for entry in payload.evidence[:lookahead]]
    # a label never takes more than the row minus its " :", so a narrow layout still fits
    label_cap = max(0, min(MAX_LABEL_WIDTH, width - 2))
    label_width = max((cell_width(_label_text(label, label_cap)) for label in labels), default=0)
    narrow = width - (label_width + 3) < NARROW_VALUE_WIDTH
    row_width = NARROW_VALUE_WIDTH if narrow else width - (label_width + 3)
    extra_rows = 1 if narrow else 0
    cap = budget.field_max_width
    needles = _needles(payload.flagged, cap)

    lines: list[str] = []
    elided = False
    value_cut = False
    counting = width >= COUNTED_FROM_COLUMNS or row_width >= SPACED_COUNT_CELLS
    for fact in core:
        block, cut = _lay_out(fact, cap, row_width, needles, counting)
        elided |= cut
        value_cut |= cut and fact.label == payload.request.value_label
        lines.extend(_emit(block, block.rows(), label_width, narrow, paint))

    remaining = None if budget.max_rows is None else budget.max_rows - len(lines)
    total = len(payload.evidence)
    for index, fact in enumerate(evidence_facts(payload)):
        if remaining is not None and remaining <= 0:
            elided = True
            break
        # the core shows the value; the entry need not repeat it
        if value_cut and fact.brief is not None:
            fact = replace(fact, text=fact.brief)
            elided = True
        block, cut = _lay_out(fact, cap, row_width, needles)
        laid: Laid = block.rows()
        if remaining is not None:  # counted before it is taken: its rows are made once, for both
            laid = list(laid)
            needed = len(laid) + extra_rows
            reserve = 0 if index == total - 1 else 1
            if needed + reserve > remaining:
                elided = True
                lines.append(ELLIPSIS)
                break
            remaining -= needed
        elided |= cut
        lines.extend(_emit(block, laid, label_width, narrow, paint))
    return DialogView(tuple(lines), elided)
