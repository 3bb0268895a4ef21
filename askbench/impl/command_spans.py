"""Where a text's commands stand, so a view that cuts the text can say how many commands the cut hides.

A capped field keeps a command's head and tail; what lies between is one
``…``. For a chain of thirty commands whose fifteenth is ``curl … | sh``
a bare ``…`` reads as "more of the same": the person cannot tell that
commands are hidden, let alone how many. The payload records, once, where
each command the parser found stands in the text (near its two ends, the
only parts a bounded view can show) and how many there are in all; the cut
then writes ``… N more commands …`` on a row of its own, N being every
command not shown whole before or after it.

A command is shown only when all of it is: one the cut runs through is
counted as hidden, so the count may exceed what a reader finds missing,
never fall short of it.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from .cells import text_cells
from .neutralise import MAX_EXTENDERS
from .truncate import ELLIPSIS

__all__ = ["CommandSpans", "END_WINDOW", "hidden_marker", "near_ends", "source_reach"]

END_WINDOW = 8_192
"""Characters from each end of a text within which each command's place is kept: more than the default field
cap reads from either end. A command beyond them that a larger cap shows whole is still counted as hidden."""


@dataclass(frozen=True)
class CommandSpans:
    """How many commands a text holds, and where those near its two ends stand.

    ``spans`` are ``(start, end, weight)`` in characters of the text, sorted
    by start; ``weight`` is 1 for a command, or the count an outline's own
    ``… N more commands …`` line stands for. ``total`` weighs every command
    of the text, the ones no span places included.
    """

    total: int
    spans: tuple[tuple[int, int, int], ...] = ()
    own: tuple[int, ...] = ()
    """Where the text's own count lines open (an outline's ``… N more commands …``): the renderer's count, shown as
    it is, where the same words in a command are set apart (``askbench.impl.count_forms``)."""

    def owned(self, start: int, end: int) -> tuple[int, ...]:
        """The ``own`` count lines in ``text[start:end]``, as places in that piece."""
        return tuple(at - start for at in self.own if start <= at < end)

    def after(self, start: int) -> CommandSpans:
        """The same commands in ``text[start:]``, where none begins before ``start``."""
        return CommandSpans(
            self.total,
            tuple((begin - start, end - start, weight) for begin, end, weight in self.spans),
            tuple(at - start for at in self.own if at >= start),
        )

    def hidden(
        self, text: str, head: str, tail: str, clean: Callable[[str, Collection[int]], str]
    ) -> int:
        """Commands not shown whole in ``head`` (a prefix of ``clean(text)``) or ``tail`` (a suffix of it).

        ``clean`` is the view's own notation: a command shows in the head when
        its text up to its end, so notated, starts the head, and in the tail
        when its text from its start to the text's end ends the tail. Both
        are monotone in the command's place, so a binary search finds the last
        and the first shown, each at the cost of notating one end.
        """
        head_reach = source_reach(head)
        by_end = sorted(
            (span for span in self.spans if span[1] <= head_reach), key=lambda span: span[1]
        )
        in_head = bisect_left(  # the shown come first: the count of them is where the first unshown stands
            by_end,
            True,
            key=lambda span: not head.startswith(clean(text[: span[1]], self.owned(0, span[1]))),
        )
        tail_from = len(text) - source_reach(tail)
        near_tail = [span for span in self.spans if span[0] >= tail_from]
        in_tail = bisect_left(
            near_tail,
            True,
            key=lambda span: tail.endswith(
                clean(text[span[0] :], self.owned(span[0], len(text))).rstrip(" \t\n")
            ),
        )
        in_both = _across(by_end[:in_head], near_tail[in_tail:], self.spans)
        shown = set(by_end[:in_head]) | set(near_tail[in_tail:]) | in_both
        return max(0, self.total - sum(weight for _, _, weight in shown))


def _across(
    in_head: Sequence[tuple[int, int, int]],
    in_tail: Sequence[tuple[int, int, int]],
    spans: Sequence[tuple[int, int, int]],
) -> set[tuple[int, int, int]]:
    """The spans that hold a command shown whole in the head and one shown whole in the tail: a wrapper or a
    shell whose script goes on after the cut (``bash -c '…`` to its closing quote) shows from its start to its
    end on the two sides of it, as a person reads it, and the cut hides what stands between, not it."""
    if not in_head or not in_tail:
        return set()

    def holds(span: tuple[int, int, int], inner: tuple[int, int, int]) -> bool:
        return span != inner and span[0] <= inner[0] and inner[1] <= span[1]

    # only a span from the head's last start to the tail's first end can hold one of each: a few wrappers,
    # so a text of thousands of short commands is not held against every one shown
    latest_start = max(span[0] for span in in_head)
    earliest_end = min(span[1] for span in in_tail)
    reaching = [span for span in spans if span[0] <= latest_start and span[1] >= earliest_end]
    return {
        span
        for span in reaching
        if any(holds(span, head) for head in in_head) and any(holds(span, tail) for tail in in_tail)
    }


def source_reach(shown: str) -> int:
    """The most characters of source ``shown`` can stand for: a cell holds a grapheme of at most
    ``MAX_EXTENDERS`` extenders past its base, and notation only ever lengthens."""
    return (len(shown) + 2) * (MAX_EXTENDERS + 1)


def near_ends(
    spans: Sequence[tuple[int, int, int]], length: int
) -> tuple[tuple[int, int, int], ...]:
    """The spans a cut of a ``length``-character text could show: those starting or ending ``END_WINDOW`` from an end."""
    return tuple(span for span in spans if span[0] < END_WINDOW or span[1] > length - END_WINDOW)


def hidden_marker(count: int, cells: int | None = None) -> str:
    """The line that stands for commands a view leaves out: counted, so none is silently gone.

    On a row of fewer cells than it takes (a narrow terminal beside a wide
    label column) the markers go without their blanks, ``…16 more commands…``,
    and where even that does not fit, it takes two rows, broken between its
    words (``…123 more`` / ``commands…``): a count is never dropped for want of
    a row's width.
    """
    if not count:
        return ELLIPSIS
    noun = f"command{'s' if count != 1 else ''}"
    forms = (
        f"{ELLIPSIS} {count} more {noun} {ELLIPSIS}",
        f"{ELLIPSIS}{count} more {noun}{ELLIPSIS}",
        f"{ELLIPSIS}{count} more\n{noun}{ELLIPSIS}",
    )
    if cells is None:
        return forms[0]
    return next((form for form in forms[:2] if text_cells(form) <= cells), forms[2])
