"""A fixture's screens as a person sees them, for golden snapshots and galleries."""

from __future__ import annotations

from collections.abc import Sequence

from impl.dialog import DialogBudget
from impl.frame import render_frame
from impl.payload import build_payload

from .checks import WIDTHS
from .sources import warning_paint
from .corpus import Fixture
from .terminal import read_frame


def screen_text(fixture: Fixture, widths: Sequence[int] = WIDTHS) -> str:
    """Every view at every width, read back from the virtual terminal, with a ruler per screen."""
    payload = build_payload(fixture.call, fixture.ask)
    parts = []
    for view in ("bounded", "complete"):
        for width in widths:
            budget = DialogBudget(max_rows=fixture.max_rows, field_max_width=fixture.field_max_width, width=width)
            frame = render_frame(payload, view, budget, paint=warning_paint)
            reading = read_frame(frame.lines, width)
            parts.append(f"── {view} @{width} ({reading.frame_rows} rows) " + "─" * max(0, width - 30))
            parts.extend(reading.rows)
    return "\n".join(parts) + "\n"
