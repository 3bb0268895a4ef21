"""The cross-width memo: a complete or legacy frame judged at a narrower width, taken as judged at a wider one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..terminals.models import TerminalModel
from ..terms import FailureKind, Invariant, View, Violation, WidthResult

__all__ = ["WiderFrames"]

_Remembered = tuple[int, tuple[tuple["Invariant | FailureKind", str, str], ...], int]
"""The width a view was judged at, its violations (invariant, message, terminal) and the rows of its ask."""


@dataclass
class WiderFrames:
    """Complete and legacy frames judged at a narrower width that every terminal model laid out a row a line.

    Such a frame is read row for row the same at any wider width (each line
    still begins and fits its row), and a complete or legacy view is judged
    on its rows alone: so the same frame at a wider width takes the verdicts
    it had, and a value whose lines fit 120 columns is not judged again at
    160. Frames are told apart by their lines' hash (keyed per process, so no
    payload can aim at it) and count. Real terminals, whose screens are their
    own, and frames holding a tab or a foreign control are judged every time.
    """

    judged: dict[tuple[object, ...], _Remembered] = field(default_factory=dict)

    def key(
        self,
        view: View,
        lines: Sequence[str],
        title_rows: int | None,
        models: Sequence[TerminalModel],
    ) -> tuple[object, ...] | None:
        if view == "bounded" or any(model.screen is not None for model in models):
            return None
        if any("\t" in line for line in lines):
            return None  # a tab's stop is capped at the last column: where it lands depends on the width
        return (view, len(lines), hash(tuple(lines)), title_rows if view == "legacy" else None)

    def take(self, key: tuple[object, ...], view: View, result: WidthResult) -> bool:
        """Give ``result`` the verdicts and rows of the frame ``key`` names, when it was judged at this width or a
        narrower one; ``False`` when it was not."""
        remembered = self.judged.get(key)
        if remembered is None or remembered[0] > result.width:
            return False
        _, found, rows = remembered
        for invariant, message, terminal in found:
            result.violations.append(Violation(invariant, view, result.width, message, terminal))
        if view == "legacy":
            result.legacy_rows = rows
        else:
            result.complete_rows = rows
        return True

    def remember(
        self, key: tuple[object, ...], view: View, result: WidthResult, first: int
    ) -> None:
        """Keep the verdicts ``result`` holds from its ``first`` violation on, and its rows, for the frame ``key``."""
        found = tuple(
            (violation.invariant, violation.message, violation.terminal)
            for violation in result.violations[first:]
        )
        rows = result.legacy_rows if view == "legacy" else result.complete_rows
        self.judged[key] = (result.width, found, rows)
