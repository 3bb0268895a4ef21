"""A fixture's screens as plain rows, as its golden snapshot holds them and ``check --contrib`` shows them.

Each screen stands under a ruler naming its view, its width and both row
counts of the shared vocabulary (``reporters.vocabulary``): *ask rows*, what
the gate's table counts and ``promptMaxRows`` bounds, and *frame rows*, the
whole frame on the terminal. The screens are made in
``askbench.harness.runners.fixture_screens``.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..runners.results import FixtureScreen
from .vocabulary import ASK_ROWS, FRAME_ROWS

__all__ = ["rows_label", "screen_text"]


def rows_label(ask_rows: int, frame_rows: int) -> str:
    return f"{ask_rows:,} {ASK_ROWS}, {frame_rows:,} {FRAME_ROWS}"


def screen_text(screens: Iterable[FixtureScreen]) -> str:
    """Every screen as plain rows, each under a ruler naming it and its row counts."""
    parts = []
    for screen in screens:
        head = (
            f"── {screen.view} @{screen.width}: {rows_label(screen.ask_rows, screen.frame_rows)} "
        )
        parts.append(head + "─" * max(3, screen.width - len(head)))
        parts.extend(screen.rows)
    return "\n".join(parts) + "\n"
