"""The judge's own time bound: reading a frame is charged in work units, and a frame that costs more than its
budget is a ``TIMEOUT`` verdict, never a hung run.

Wall-clock time would make a verdict depend on the machine and its load; work units make it a property of
the frame. One unit is one screen row handed to one reading of a field (``askbench.harness.judge.field_match.read_field``) or
scanned once for the labels it begins with. A sound reading spends a few units per row and per fact
(``askbench.harness.judge.ask_reading`` tries a bounded number of extents and indents per fact), so the budget —
``WORK_PER_ROW`` per screen row of the ask plus ``WORK_PER_FACT`` per fact the payload has — is never
reached by a frame the judge can read, and is reached in time linear in the frame by one it cannot.
"""

from __future__ import annotations

from dataclasses import dataclass

WORK_PER_ROW = 64
"""Units a frame may spend per screen row above its options."""
WORK_PER_FACT = 512
"""Units a frame may spend per fact the payload has: each is read at a few extents, indents and texts."""


def frame_budget(rows: int, facts: int) -> int:
    """The work one frame's reading may cost: linear in its rows and in the payload's facts."""
    return WORK_PER_ROW * rows + WORK_PER_FACT * facts


class ReadingTimeout(Exception):
    """Reading one frame cost more than its budget: its verdict is ``TIMEOUT``."""

    def __init__(self, spent: int, limit: int) -> None:
        super().__init__(
            f"reading the screen took more than {limit:,} work units (askbench.harness.judge.work_units)"
        )
        self.spent = spent
        self.limit = limit


@dataclass
class WorkMeter:
    """The work spent reading one frame, against its budget."""

    limit: int
    spent: int = 0

    def charge(self, units: int) -> None:
        self.spent += units
        if self.spent > self.limit:
            raise ReadingTimeout(self.spent, self.limit)


__all__ = ["WORK_PER_FACT", "WORK_PER_ROW", "ReadingTimeout", "WorkMeter", "frame_budget"]
