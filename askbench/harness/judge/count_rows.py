"""``labels``: no row of a value poses as the renderer's own count of the commands a view leaves out.

A cut's count row (``… 19 more commands …``) and an outline's count line are
the renderer's claims that commands are hidden. A value may hold the same
words (a command ``… 3 more commands …``, a body line); drawn as they are,
they read as that claim — with no cut, commands hidden that are not, and
beside a real cut, two counts of which the person cannot tell the true one.
So every run of a fact's rows that reads as a count (``COUNT``: its words
may break over rows) must be the renderer's own. Which cells are the
payload's the judge observes where it can (``askbench.harness.judge.perturbation``):
a count whose words show the payload's text is the payload's, whatever the
reading makes of it — but for an outline's own count lines, which the
payload carries in its shape. Where the payload is not located, a fact's
rows may show no more counts than the reading places there: the cut's
count, and the count lines of an outline's own in what the shape shows.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from .ask_reading import FactOnScreen
from .field_match import MARKER
from .judged_frames import Judged
from .perturbation import LocatedPayload, perturb
from .report import Report
from .runs_checks import outline_counts

__all__ = ["COUNT", "check_count_rows", "outline_lines_shown", "own_counts"]

_BREAK = r"(?:\n\s*)?"
"""A row break inside a word, and the next row's indentation: a person reads a wrapped word whole."""


def _spread(word: str) -> str:
    return _BREAK.join(word)


COUNT = re.compile(
    rf"{MARKER}\s*(?P<number>\d(?:{_BREAK}\d)*)\s+{_spread('more')}\s+{_spread('command')}(?:{_BREAK}s)?\s*{MARKER}"
)
"""A count of hidden commands as the judge reads one (``field_match.COUNTED_CUT``), from its opening marker, its
words whole across a row break too, with its number as a group: the cells that say how many."""
_WORDS = ("more", "command")
"""What a payload text must hold to spell a count's words at all."""


@dataclass(frozen=True)
class _Rows:
    """A fact's rows as one text joined by line breaks, and where each row starts in it."""

    texts: tuple[str, ...]
    text: str
    starts: tuple[int, ...]

    @classmethod
    def of(cls, texts: Sequence[str]) -> _Rows:
        starts, at = [], 0
        for text in texts:
            starts.append(at)
            at += len(text) + 1
        return cls(tuple(texts), "\n".join(texts), tuple(starts))

    def cells(self, start: int, end: int) -> list[tuple[int, int]]:
        """``(row, column)`` of each character of ``text[start:end]`` that is not a line break."""
        out = []
        for at in range(start, end):
            row = bisect_right(self.starts, at) - 1
            column = at - self.starts[row]
            if self.text[at] != "\n":
                out.append((row, column))
        return out


def outline_lines_shown(shown: FactOnScreen, command: str) -> int:
    """How many of an outline's own count lines a shape shows: lines of the payload's outline, not the command's
    words (``runs_checks.outline_counts``), in what the reading finds of it."""
    if shown.fact.label != "shape":
        return 0
    reading, text = shown.reading, shown.text
    tail_from = len(text) - reading.tail
    return sum(
        1
        for start, end, _ in outline_counts(text, command)
        if reading.whole
        or end <= reading.head
        or start >= tail_from
        or any(
            middle.start <= start and end <= middle.start + middle.length
            for middle in reading.middles
        )
    )


def own_counts(shown: FactOnScreen, command: str) -> int:
    """How many counts the reading places in a fact's rows: each cut's own, and an outline's own lines."""
    reading = shown.reading
    cuts = [reading.hidden_commands, *(middle.hidden_commands for middle in reading.middles)]
    return sum(1 for stated in cuts if stated) + outline_lines_shown(shown, command)


def _may_spell_a_count(shown: FactOnScreen, command: str) -> bool:
    """Whether the payload's own text in a fact holds a count's words: a shape's text is the command's words and
    the outline's own count lines, which are the renderer's, so the command stands for it."""
    texts = (
        (command,) if shown.fact.label == "shape" else (*shown.fact.texts, shown.fact.detail or "")
    )
    return any(all(word in text for word in _WORDS) for text in texts)


def _payloads_words(found: re.Match[str], rows: _Rows, head: int, located: LocatedPayload) -> bool:
    """Whether the count is the payload's text on the located screen: every digit of its number is a located
    cell that the perturbed screen shows mapped as the payload's text is (``3`` as ``8``). The perturbation keeps
    a count's words, so a renderer still sets them apart; a renderer's own count says how many commands the
    payload's structure holds, which the map keeps, so its digits never change."""
    digits = [
        (head + row, column)
        for row, column in rows.cells(found.start("number"), found.end("number"))
        if not rows.texts[row][column].isspace()
    ]
    return all(
        row < len(located.perturbed)
        and column in located.columns[row]
        and located.perturbed[row][column : column + 1] == perturb(rows.texts[row - head][column])
        for row, column in digits
    )


def _forged(
    shown: FactOnScreen, rows: _Rows, located: LocatedPayload | None, command: str
) -> re.Match[str] | None:
    """A count on a fact's rows past those the renderer may show: located, the counts in the payload's words
    past an outline's own lines (the payload carries its outline, so those are its text too); not located, every
    count past those the reading places."""
    counts = list(COUNT.finditer(rows.text))
    if located is not None:
        counts = [found for found in counts if _payloads_words(found, rows, shown.head, located)]
        allowed = outline_lines_shown(shown, command)
    else:
        allowed = own_counts(shown, command)
    return counts[allowed] if len(counts) > allowed else None


def check_count_rows(judged: Judged, command: str, report: Report) -> None:
    """No run of a fact's rows reads as a count of hidden commands unless it is the renderer's own count.

    Only a fact whose texts hold a count's words can spell one, so only then
    are its rows searched, and the payload located (a second drawing).
    """
    ask = judged.ask
    if ask is None:
        return
    for shown in ask.facts:
        if not _may_spell_a_count(shown, command):
            continue
        rows = _Rows.of(list(judged.rows.texts_between(shown.head, shown.end)))
        if COUNT.search(rows.text) is None:
            continue
        found = _forged(shown, rows, judged.locate(), command)
        if found is not None:
            row = shown.head + bisect_right(rows.starts, found.start()) - 1
            report(
                "labels",
                f"row {row + 1} of '{shown.fact.label}' poses as the renderer's count of hidden commands: "
                f"{found.group()!r} is the payload's own text",
            )
            return
