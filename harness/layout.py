"""Where the ask stands on the screen, found from the rows themselves.

An external implementation answers with lines, not with where its ask
begins and ends, and the reference's own count is a claim the gate should
not need. So the frame is read the way a person reads it: from the bottom,
the hint is everything after the last blank row; above that blank row stand
the option rows, and above them the blank row that closes the ask; from the
top, the title is every row before the first core label row. Reading from
the bottom first matters: the ask may itself hold blank rows (a here-string's
empty lines) or text dressed as options, but it can never stand below the
real options.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from impl.dialog import MAX_LABEL_WIDTH

OPTION_KEYS = ("y", "s", "n", "r")
_OPTION_ROW = re.compile(r"^\S?\s*\((\w)\) ")
"""An option row: an optional selection marker, then ``(key) label``."""
_ANY_LABEL_ROW = re.compile(r"^\S.{0,%d}? +:(?: |$)" % MAX_LABEL_WIDTH)


@dataclass(frozen=True)
class FrameLayout:
    """Row indices into the frame's screen rows: the ask is ``rows[ask_start:ask_end]``."""

    title_rows: int
    ask_start: int
    ask_end: int
    hint_rows: int
    problem: str | None = None
    """Why the frame does not read title, ask, blank, options, blank, hint — or None when it does."""

    @property
    def ask_rows(self) -> int:
        return self.ask_end - self.ask_start


def _label_row(label: str) -> re.Pattern[str]:
    """``label`` padded to the label column, then `` :`` and the value (or nothing, in the narrow layout)."""
    return re.compile(re.escape(label) + r" +:(?: |$)")


def find_title_rows(rows: Sequence[str], first_label: str | None, limit: int) -> int:
    """Rows before the first core label row (before ``limit``); one when none is found."""
    patterns = ([_label_row(first_label)] if first_label else []) + [_ANY_LABEL_ROW]
    for pattern in patterns:
        for index in range(min(limit, len(rows))):
            if pattern.match(rows[index]):
                return index
    return min(1, max(0, limit))


def find_layout(
    rows: Sequence[str],
    first_label: str | None,
    *,
    title_rows: int | None = None,
    option_keys: Sequence[str] = OPTION_KEYS,
) -> FrameLayout:
    """The frame's parts; ``title_rows`` given (the legacy view, whose ask has no labels) skips the title search.

    When the chrome is not where the contract puts it, the layout falls back
    to the fixed chrome (a blank row, four options, a blank row) and says so
    in ``problem``, so the other invariants still have rows to judge.
    """
    count = len(rows)
    last_blank = next((index for index in range(count - 1, -1, -1) if rows[index] == ""), None)
    problem = None
    if last_blank is None:
        hint_rows = 1
        ask_end = count - hint_rows - 6
        problem = "no blank row stands before the hint"
    else:
        hint_rows = count - last_blank - 1
        above = last_blank - 1
        while above >= 0 and rows[above] != "":
            above -= 1
        block = rows[above + 1 : last_blank]
        keys = [match.group(1) for row in block if (match := _OPTION_ROW.match(row))]
        if above < 0:
            ask_end = count - hint_rows - 6
            problem = "no blank row stands between the ask and the options"
        else:
            ask_end = above
            if not block or not _OPTION_ROW.match(block[0]) or keys != list(option_keys):
                problem = f"the rows above the hint are not the options ({', '.join(f'({key})' for key in option_keys)})"
        if hint_rows == 0:
            problem = problem or "no hint row below the options"
    ask_end = max(0, ask_end)
    if title_rows is None:
        title_rows = find_title_rows(rows, first_label, ask_end)
    ask_start = min(title_rows, ask_end)
    return FrameLayout(title_rows, ask_start, ask_end, hint_rows, problem)
