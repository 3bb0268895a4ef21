"""Which of a command's commands a shown text holds, occurrence by occurrence, and what each counted cut hides.

A set of the commands on screen proves too little: ``echo a`` shown once
says nothing of a second ``echo a``, and a cut that says ``… 13 more
commands …`` where it hides 53 misleads as much as a bare ``…``. So the
commands are matched to the text in order, each to an occurrence of its
words of its own that stands after the one before it: one place on screen
shows one command, however many commands' words it matches (``: …`` is
any of forty ``: <padding>`` no-ops). The text is read in the pieces its
counted cuts leave: the first piece holds the commands from its first on,
the last the commands up to its last, a piece between them the commands
after what came before. A cut hides exactly the commands between the last
one shown before it and the first one shown after it; its count must say
that many — more by each shown command the cut falls inside, the last one
before it and the shown commands it stands in (a renderer may count a
command it cuts through as hidden).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace

from .field_match import COUNTED_CUT, MARKER


@dataclass(frozen=True)
class CountedText:
    """A text the commands are looked for in, and where in it stand the counts of hidden commands its renderer
    wrote.

    A payload may hold ``… 3 more commands …`` itself, and a field shown
    whole shows it verbatim: read as a count, it would excuse commands no
    cut hides, or fail a renderer for a count it never wrote. So a count is
    what the reading places structurally — on a row of its own right after
    a cut's marker, or an outline's own line — and the text's other words
    that read like one are its own.
    """

    text: str
    counts: tuple[tuple[int, int, int], ...] = ()
    """``(start, end, stated)`` of each count in ``text``, in order."""


def counted_text(text: str) -> CountedText:
    """``text`` with every count-shaped run in it taken as a count: rows read as they are, with no reading
    to say which are the renderer's."""
    return CountedText(
        text,
        tuple((found.start(), found.end(), int(found[1])) for found in COUNTED_CUT.finditer(text)),
    )


@dataclass(frozen=True)
class Occurrence:
    """Where a command's words begin in a text, and the least they reach to (``start`` where that is not known)."""

    start: int
    end: int


@dataclass(frozen=True)
class CountedCut:
    """A cut's count and the commands it hides, by index: after ``before``, before ``after``."""

    stated: int
    before: int
    after: int
    loose: int
    """How many commands beside it are shown only in part — those before it up to the cut (the last one and the
    shown commands it stands in), the one after it from the cut on — so each may be counted as hidden too: a
    renderer counts every command not shown whole."""
    fragment_of: int | None = None
    """Where the words after the cut's marker read as a command of their own (``…rm ; rm``), the later command
    they may instead be the end of (``rm rm`` cut inside): the cut then hides the commands before that one."""
    cut_short: tuple[int, ...] = ()
    """Commands shown from their start up to this cut and no further (``bash -c 'rm rm rm rm…``): not shown
    whole, so hidden by it, though what they run may stand whole before it."""


@dataclass(frozen=True)
class Alignment:
    """The commands one text shows, by index, and the counted cuts in it."""

    shown: frozenset[int]
    cuts: tuple[CountedCut, ...]
    places: tuple[tuple[int, int], ...] = ()
    """``(index, start)`` of each command a run placed, in the order of the indices."""


Find = Callable[[int, int, int], list[Occurrence]]
"""The occurrences of command ``at``'s words between two places of the text, in order."""

Placed = tuple[int, Occurrence]
"""A command, by index, and the occurrence it is matched to."""

FindCut = Callable[[int, int, int], Occurrence | None]
"""Command ``at`` shown from its start up to the marker that ends the text between two places, cut there."""

Within = Callable[[int, int], bool]
"""Whether command ``at`` stands inside the words of command ``host`` (a substitution in them): bash lists it
after its host's own words, while the screen shows it among them."""

_HOSTS = 8
"""How many commands placed just before one are asked whether it stands inside them."""


@dataclass(frozen=True)
class _Window:
    """Where a run may look: commands from ``low`` up to ``high`` (exclusive), on places strictly between
    ``after`` and ``before``."""

    low: int
    high: int
    after: int
    before: int


class _Pool:
    """The occurrences of one stretch of text, looked for once for each distinct list of words."""

    def __init__(
        self,
        keys: Sequence[Hashable],
        find: Find,
        within: Within,
        floating: frozenset[int],
        nested: frozenset[int],
        start: int,
        end: int,
        find_cut: FindCut | None = None,
    ) -> None:
        self.keys, self.find, self.within, self.start, self.end = keys, find, within, start, end
        self.floating, self.nested = floating, nested
        self.find_cut = find_cut
        self.cut_short: list[int] = []
        """The commands placed cut by the stretch's last marker (``cut``)."""
        self.floated: list[Placed] = []
        """The floating commands placed, apart from the run: they say nothing of where the others stand."""
        self.found: dict[Hashable, tuple[list[Occurrence], list[int]]] = {}

    def occurrences(self, at: int) -> tuple[list[Occurrence], list[int]]:
        key = self.keys[at]
        found = self.found.get(key)
        if found is None:
            occurrences = self.find(at, self.start, self.end)
            found = self.found[key] = (occurrences, [each.start for each in occurrences])
        return found

    def cut(self, at: int, after: int, before: int) -> Occurrence | None:
        """Command ``at`` cut by the marker that ends the places before ``before``, once ``after`` is before it."""
        if self.find_cut is None or after >= before:
            return None
        return self.find_cut(at, after, before)

    def first(self, at: int, window: _Window) -> Occurrence | None:
        """Command ``at``'s first occurrence inside the window's places."""
        occurrences, starts = self.occurrences(at)
        index = bisect_right(starts, window.after)
        if index < len(starts) and starts[index] < window.before:
            return occurrences[index]
        return None

    def last(self, at: int, window: _Window) -> Occurrence | None:
        """Command ``at``'s last occurrence inside the window's places."""
        occurrences, starts = self.occurrences(at)
        index = bisect_right(starts, window.before - 1) - 1
        if index >= 0 and starts[index] > window.after:
            return occurrences[index]
        return None


def _forward(pool: _Pool, window: _Window) -> list[Placed]:
    """The run of commands from the first one the window holds on, each after the one before it.

    The run opens on a command found where a command opens, never on a ``nested`` one, whose words are looked
    for anywhere: a wrapper's ``xargs rm`` matches the same words inside any other command's arguments."""
    anchor = next(
        (
            at
            for at in range(window.low, window.high)
            if at not in pool.floating and at not in pool.nested and pool.first(at, window)
        ),
        window.high,
    )
    run: list[Placed] = []
    after = window.after
    for at in range(anchor, window.high):
        if at in pool.floating:
            _place_floating(pool, at, run, window)
            continue
        if run and at in pool.nested and not pool.within(at, run[-1][0]):
            # read anywhere in its host's words, a command the last one placed does not run stands after that
            # one's words, not among them (``bash -c 'rm /etc/hosts rm'`` shows no later ``rm`` of the host's)
            after = max(after, run[-1][1].end - 1)
        occurrence = pool.first(at, _Window(at, at + 1, after, window.before))
        if occurrence is not None:
            run.append((at, occurrence))
            after = occurrence.start
            continue
        nested = _inside_placed(pool, at, run, window.before)
        if nested is None:
            cut = pool.cut(at, after, window.before)
            if cut is not None:
                run += _cut_short(pool, at, cut, window)
            break
        run.append((at, nested))
    return run


def _cut_short(pool: _Pool, host: int, cut: Occurrence, window: _Window) -> list[Placed]:
    """Command ``host`` shown from its start up to the stretch's cut, the last a run places — hidden by the cut
    itself — and the commands it runs (listed right after it) that stand whole between its start and the cut."""
    pool.cut_short.append(host)
    placed = [(host, cut)]
    taken = {cut.start}
    for at in range(host + 1, window.high):
        if at not in pool.nested or not pool.within(at, host):
            break
        found = pool.first(at, _Window(at, at + 1, cut.start - 1, window.before))
        if found is not None and found.start not in taken:
            placed.append((at, found))
            taken.add(found.start)
    return placed


def _place_floating(pool: _Pool, at: int, run: list[Placed], window: _Window) -> None:
    """A command with no place in the source (``traced``) on any place of its own in the window, if it shows:
    it neither moves the run along nor ends it."""
    taken = {placed.start for _, placed in (*run, *pool.floated)}
    occurrences, _ = pool.occurrences(at)
    for occurrence in occurrences:
        if window.after < occurrence.start < window.before and occurrence.start not in taken:
            pool.floated.append((at, occurrence))
            return


def _inside_placed(pool: _Pool, at: int, run: list[Placed], before: int) -> Occurrence | None:
    """Command ``at`` on a place of its own inside a command just placed that it stands in, or None."""
    taken = {placed.start for _, placed in run[-_HOSTS:]}
    for host, placed in reversed(run[-_HOSTS:]):
        if pool.within(at, host):
            found = pool.first(at, _Window(at, at + 1, placed.start - 1, before))
            if found is not None and found.start not in taken:
                return found
    return None


def _backward(pool: _Pool, window: _Window) -> list[Placed]:
    """The run of commands up to the last one the window holds, each before the one after it, in order."""
    anchor = next(
        (
            at
            for at in range(window.high - 1, window.low - 1, -1)
            if at not in pool.floating and pool.last(at, window)
        ),
        window.low - 1,
    )
    run: list[Placed] = []
    before = window.before
    for at in range(anchor, window.low - 1, -1):
        if at in pool.floating:
            _place_floating(pool, at, run, window)
            continue
        occurrence = pool.last(at, _Window(at, at + 1, window.after, before))
        if occurrence is None:
            occurrence = _inside_host(pool, at, _Window(window.low, at, window.after, before), run)
            if occurrence is None:
                break
            run.append((at, occurrence))
            continue
        run.append((at, occurrence))
        before = occurrence.start
    return run[::-1]


def _inside_host(pool: _Pool, at: int, hosts: _Window, run: list[Placed]) -> Occurrence | None:
    """Command ``at``, read backward, on a place of its own after a command before it that it stands in and
    that the window shows (so it is placed next), or None."""
    taken = {placed.start for _, placed in run[-_HOSTS:]}
    for host in range(hosts.high - 1, max(hosts.low, hosts.high - _HOSTS) - 1, -1):
        placed = pool.within(at, host) and pool.last(
            host, _Window(host, host + 1, hosts.after, hosts.before)
        )
        if placed:
            found = pool.last(at, _Window(at, at + 1, placed.start, pool.end))
            if found is not None and found.start not in taken:
                return found
    return None


def _stretches(shown: CountedText) -> tuple[list[tuple[int, int]], list[int]]:
    """The text's stretches between counted cuts, and each cut's count."""
    stretches, counts, start = [], [], 0
    for begin, end, stated in shown.counts:
        stretches.append((start, begin))
        counts.append(stated)
        start = end
    stretches.append((start, len(shown.text)))
    return stretches, counts


def _stretch_run(pool: _Pool, floor: int, count: int, *, first: bool, last: bool) -> list[Placed]:
    """The commands one stretch shows: a run from the first it holds at or after ``floor``, and in the last
    stretch a run up to the last command it holds — the head first where the stretch is the whole text."""
    whole = _Window(floor, count, pool.start - 1, pool.end)
    if not last:
        return _forward(pool, whole)
    if first:
        head = _forward(pool, whole)
        if not head:
            return _backward(pool, whole)
        after, low = head[-1][1].start, head[-1][0] + 1
        return head + _backward(pool, _Window(low, count, after, pool.end))
    tail = _backward(pool, whole)
    if not tail:
        return _forward(pool, whole)
    high, before = tail[0]
    return _forward(pool, _Window(floor, high, pool.start - 1, before.start)) + tail


def align(
    counted: str | CountedText,
    keys: Sequence[Hashable],
    find: Find,
    within: Within,
    floating: frozenset[int] = frozenset(),
    nested: frozenset[int] = frozenset(),
    find_cut: FindCut | None = None,
) -> Alignment:
    """The commands ``counted`` shows, each on an occurrence of its own, and what its counted cuts hide.

    ``keys[at]`` names command ``at``'s words (equal words, equal keys): occurrences are looked for once a key.
    A command that stands inside another's words is looked for from where that one stands; a ``floating`` one
    (no place in the source) anywhere; a ``nested`` one (``find`` places it anywhere in its host's words, not
    only where a command opens) opens no forward run. A plain ``str`` is read as ``counted_text`` reads it.
    Where a run reaches a command not shown whole, ``find_cut`` may find it cut by the stretch's last marker
    (``bash -c 'rm rm…``), so the commands it runs that stand whole before the cut are still read.
    """
    counted = counted_text(counted) if isinstance(counted, str) else counted
    text = counted.text
    count = len(keys)
    stretches, counts = _stretches(counted)
    runs: list[list[Placed]] = []
    floated: set[int] = set()
    cut_through: list[tuple[int | None, tuple[int, ...]]] = []
    resumed_within: list[bool] = []
    cut_short: list[tuple[int, ...]] = []
    floor = 0
    for number, (start, end) in enumerate(stretches):
        pool = _Pool(keys, find, within, floating, nested, start, end, find_cut)
        run = _stretch_run(pool, floor, count, first=number == 0, last=number == len(stretches) - 1)
        runs.append(run)
        floated.update(at for at, _ in pool.floated)
        cut_through.append(_cut_through(pool, text, start, end, run))
        resumed_within.append(_resumes_within(text, start, end, run))
        cut_short.append(tuple(pool.cut_short))
        floor = max([floor, *(at + 1 for at, _ in run)])
    short = frozenset(at for stretch in cut_short for at in stretch)
    placed = frozenset(at for run in runs for at, _ in run) - short | floated
    shown = placed | _floating_elsewhere(text, find, floating, placed, runs)
    loose = [
        _through_hidden(nested, through, runs[number + 1 :])
        for number, through in enumerate(cut_through)
    ]
    cuts = _counted(runs, counts, loose, resumed_within, count)
    places = {at: placed.start for run in runs for at, placed in run}
    return Alignment(
        shown,
        tuple(replace(cut, cut_short=cut_short[at]) for at, cut in enumerate(cuts)),
        tuple(sorted(places.items())),
    )


def _floating_elsewhere(
    text: str,
    find: Find,
    floating: frozenset[int],
    placed: frozenset[int],
    runs: list[list[Placed]],
) -> frozenset[int]:
    """The floating commands no run reached (they stand before the first command a run anchors on, or after
    the last), each shown on any place no other floating command took: it has no place in the source to
    keep, and may stand where a command of the source does, as a floating command a run places may — the
    same bytes read another way (a locale's), or a string's command inside another's words."""
    taken = {where.start for run in runs for at, where in run if at in floating}
    shown = set()
    for at in sorted(floating - placed):
        free = [each.start for each in find(at, 0, len(text)) if each.start not in taken]
        if free:
            taken.add(free[0])
            shown.add(at)
    return frozenset(shown)


_SEPARATOR = re.compile(r"[;&|]")


def _resumes_within(text: str, start: int, end: int, run: list[Placed]) -> bool:
    """Whether the stretch after a cut opens inside a command: the first command shown after the cut is read
    from the cut's own marker on (a long word capped ``…xxx``), or right after a word the cut began, so it is
    shown only from its middle."""
    stretch = text[start:end]
    opening = start + len(stretch) - len(stretch.lstrip(" \n"))
    if not run or not text.startswith(MARKER, opening):
        return False
    first, after = min(placed.start for _, placed in run), opening + len(MARKER)
    # read from the marker on (a capped word), or from right after it: either may be a command's rest
    if first in (opening, after):
        return True
    # or past one word the cut began, which the command opens after (``…oc rm rm``: ``coproc``'s end)
    between = text[after:first]
    return between.endswith(" ") and len(between.split()) == 1 and not _SEPARATOR.search(between)


def _through_hidden(
    nested: frozenset[int], through: tuple[int | None, tuple[int, ...]], later: list[list[Placed]]
) -> int:
    """How many of the commands a cut falls inside it may count as hidden: the last one before it (unless it is
    cut short, which the cut hides whole), and each command that last one stands in unless a command standing in
    that one is shown after the cut too (``bash -c '…`` whose script goes on in the tail, to its closing quote:
    the shell is not hidden). What a command runs is listed right after it, so the commands standing in one are
    those up to the next that stands in none."""
    last, hosts = through
    shown_after = [at for run in later for at, _ in run]

    def goes_on(host: int) -> bool:
        end = next(
            (at for at in range(host + 1, max([host, *shown_after]) + 1) if at not in nested), None
        )
        return any(host < at != last and (end is None or at < end) for at in shown_after)

    return (last is not None) + sum(1 for host in hosts if not goes_on(host))


def _cut_through(
    pool: _Pool, text: str, start: int, end: int, run: list[Placed]
) -> tuple[int | None, tuple[int, ...]]:
    """The last command shown before the cut at ``end`` if the cut falls inside it, and the shown commands it is
    nested in that open after the last list separator: the stretch ends at a bare marker, with no separator
    between the last command's start and it (``xargs sh -c 'rm x…``: the script's ``rm``, and the wrapper and the
    shell it runs). A last command cut short is hidden by the cut whole, so it is not among them; every command
    it stands in still is, a substitution's host as well (``echo "$(ls | wc -…``: the ``echo``)."""
    if not run or not text[start:end].rstrip(" \n").endswith(MARKER):
        return None, ()
    separator = _last_separator(text, start, end)
    last_at, last = max(run, key=lambda placed: placed[1].start)
    if last.start <= separator:
        return None, ()
    short = last_at in pool.cut_short
    if not (short or last_at in pool.nested):
        return last_at, ()
    hosts = tuple(
        at
        for at, placed in run
        if at != last_at
        and at not in pool.cut_short
        and placed.start > separator
        and pool.within(last_at, at)
    )
    return (None if short else last_at), hosts


def _last_separator(text: str, start: int, end: int) -> int:
    """Where the last list separator before ``end`` stands outside quotes, the quotes read from ``start`` (a ``;``
    inside a quoted script, ``ssh host 'a; b'``, is the one command's word), or ``start - 1``."""
    quote, last = "", start - 1
    for at in range(start, end):
        char = text[at]
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif _SEPARATOR.match(char):
            last = at
    return last


def _counted(
    runs: list[list[Placed]],
    counts: list[int],
    cut_through: list[int],
    resumed_within: list[bool],
    count: int,
) -> tuple[CountedCut, ...]:
    cuts = []
    for number, stated in enumerate(counts):
        before = max((at for run in runs[: number + 1] for at, _ in run), default=-1)
        after = min((at for run in runs[number + 1 :] for at, _ in run), default=count)
        loose = cut_through[number] + resumed_within[number + 1]
        later = sorted(at for run in runs[number + 1 :] for at, _ in run)
        fragment_of = (
            later[1] - 1
            if resumed_within[number + 1] and len(later) > 1 and later[1] - 1 > later[0]
            else None
        )
        cuts.append(CountedCut(stated, before, after, loose, fragment_of))
    return tuple(cuts)
