"""Where the chrome stands on the screen: the options, and what surrounds them.

An implementation answers with lines, not with where its parts are, so the
frame is read as a person reads it. The four options ``(y) (s) (n) (r)`` are
the one thing every prompt has; the ask stands above them, under a title,
and the hint (which keys do what) stands next to them — below, or above
between the ask and the options. Reading starts from the options found
*last* on screen: tool input may dress itself as options, but it always
stands above the real ones. Where the ask itself begins and ends is the
reader's business (``harness.reading``), found from the facts it must show.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

OPTION_KEYS = ("y", "s", "n", "r")
OPTION_ROW = re.compile(r"^(?:\S ?| {0,2})\((\w)\) \S")
"""An option row: a selection marker or up to two spaces, then ``(key)`` and the option's words."""


@dataclass(frozen=True)
class Chrome:
    """Row indices of the option block (``options_start`` up to ``options_end``) and a layout problem, if any."""

    options_start: int
    options_end: int
    problem: str | None = None


def option_key(row: str) -> str | None:
    match = OPTION_ROW.match(row)
    return match.group(1) if match else None


def find_options(rows: Sequence[str], keys: Sequence[str] = OPTION_KEYS) -> Chrome:
    """The last block of rows that offers every option key in order (wrapped option words may sit between them)."""
    count = len(rows)
    last_key = keys[-1]
    for end in range(count - 1, -1, -1):
        if option_key(rows[end]) != last_key:
            continue
        wanted = list(keys[:-1])
        start = end
        index = end - 1
        while wanted and index >= 0:
            key = option_key(rows[index])
            if key == wanted[-1]:
                wanted.pop()
                start = index
            elif key is not None or rows[index] == "":
                break  # another option, or a blank row, before the block is complete
            index -= 1
        if not wanted:
            stop = end + 1
            while stop < count and rows[stop] != "" and option_key(rows[stop]) is None and rows[stop].startswith(" "):
                stop += 1  # the last option's wrapped words
            return Chrome(start, stop)
    return Chrome(count, count, f"no rows offer the options {' '.join(f'({key})' for key in keys)} in order")


def is_blank(row: str) -> bool:
    return not row.strip()
