"""What no screen can hold: a bounded frame judged on a terminal's size, never on its own.

A bounded frame is owed to fit a screen, so its cost to the judge is owed
the same bound: a frame with far more lines than any terminal shows, or a
line far longer than its row can print, already fails ``fit`` (a line is
one row) and ``rows`` (the ask is bounded), and reading it — laying every
character out on every terminal model — would cost what the answer costs,
not what a screen does. Such a frame is told apart by its line count and
by each of its first lines' length, never by reading it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from askbench.impl.neutralise import MAX_EXTENDERS

SCREEN_ROWS = 1_000
"""More rows than a terminal shows: a bounded frame taller than this is not read."""
ROW_CHARACTERS = (MAX_EXTENDERS + 1) + 48
"""The most characters one cell of a row may take: a grapheme of ``MAX_EXTENDERS`` extenders past its base,
and the SGR colour before it (``\\x1b[38;2;255;255;255;48;2;255;255;255m`` and a reset). A line longer than a
row's worth of these cannot print on one row."""


@dataclass(frozen=True)
class BeyondScreen:
    """Why a frame is more than a screen holds, as ``fit`` and (a bounded frame's) ``rows`` report it."""

    fit: str
    rows: str


def beyond_screen(lines: Sequence[str], width: int, *, bounded: bool) -> BeyondScreen | None:
    """Whether ``lines`` (a frame at ``width`` columns) are more than a screen can hold; ``None`` when the frame
    is to be read. Any view's line is owed one row; only a ``bounded`` frame is owed a screen's rows, so only its
    lines are counted, and then at most ``SCREEN_ROWS`` lengths are measured."""
    if bounded and len(lines) > SCREEN_ROWS:
        return BeyondScreen(
            f"{len(lines)} frame lines: more than a screen of {SCREEN_ROWS} rows holds, not read",
            f"the frame has {len(lines)} lines, more than a screen of {SCREEN_ROWS} rows holds",
        )
    reach = max(1, width) * ROW_CHARACTERS
    for number, line in enumerate(lines, 1):
        if len(line) > reach:
            return BeyondScreen(
                f"frame line {number} has {len(line)} characters: more than {width} columns can print"
                " on one row, not read",
                f"frame line {number} ({len(line)} characters) takes more rows than a screen holds",
            )
    return None
