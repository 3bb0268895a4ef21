"""Payload text that reads as the renderer's own count row, found so it can be set apart.

A cut writes ``… N more commands …`` on a row of its own (``command_spans``),
and an outline writes the same line where it leaves commands out. A value
may hold those very words: a command ``… 3 more commands …`` (bash runs a
program named ``…``), a body line, a file name. Drawn as they are, the
person cannot tell the payload's words from the renderer's claim that
commands are hidden, nor, beside a real cut, which of two counts is true.
So every ``…`` of a value that opens such a run — however a row may break
it, at any blank between its words or inside a word, since a wrapped row
can begin and end anywhere — is shown in notation (``⟨U+2026⟩``),
exactly as a typed ``⟨`` is: the words stay, reversibly, and no longer
read as a count. The blanks are the ones a neutralised row still shows
(a control between the words is drawn as its picture and breaks the run).
"""

from __future__ import annotations

import re
from collections.abc import Collection

__all__ = ["COUNT_OPENER", "count_openings", "unsettled_from"]

COUNT_OPENER = "\u2026"
_BLANK = "[^\\S\\x0b\\x0c\\r\\x1c-\\x1f\\x85\\u2028\\u2029]"
"""Whitespace that shows as blank once neutralised: the controls and separators among ``\\s`` become notation."""
_BREAK = f"(?:\\n{_BLANK}*)?"
"""A line break inside a word, and the blanks that begin the next line: rows read as one text do not part a word."""


def _spread(word: str) -> str:
    return _BREAK.join(word)


_OPENING = re.compile(
    f"{COUNT_OPENER}(?={_BLANK}*\\d(?:{_BREAK}\\d)*{_BLANK}+{_spread('more')}{_BLANK}+{_spread('command')}"
    f"(?:{_BREAK}s)?{_BLANK}*{COUNT_OPENER})"
)
"""A ``…`` that opens ``… N more command(s) …``: the form the judge reads as a count, digits of any script, a
line break allowed inside a word as well as between words (a row may break anywhere)."""
_MAY_GROW = re.compile(f"(?:{_BLANK}|\\d|[morecands])*")
"""What may follow an opener before the run it opens is complete: its blanks, digits and the letters of its words."""


def count_openings(text: str, own: Collection[int] = ()) -> list[int]:
    """Where in ``text`` a ``…`` opens a count row's words, but for ``own``: the renderer's own count lines."""
    if COUNT_OPENER not in text:
        return []
    return [found.start() for found in _OPENING.finditer(text) if found.start() not in own]


def unsettled_from(text: str, start: int = 0, end: int | None = None) -> int:
    """The first index of ``text[start:end]`` whose showing may still change with what follows ``end``: the last
    ``…`` when all after it could grow into a count row's words; ``end`` when nothing can.

    A text shown in pieces (the complete view) ends a piece only before it,
    so each ``…`` is set apart, or not, knowing everything that decides it.
    """
    end = len(text) if end is None else end
    last = text.rfind(COUNT_OPENER, start, end)
    if last < 0 or not _MAY_GROW.fullmatch(text, last + 1, end):
        return end
    return last
