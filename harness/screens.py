"""A fixture's screens as a person sees them, for golden snapshots and the gallery."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from impl.frame import Frame, Style, render_frame
from impl.payload import build_payload

from .checks import WIDTHS
from .corpus import Fixture
from .sources import warning_paint
from .terminal import FrameReading, read_frame


def fixture_readings(
    fixture: Fixture, widths: Sequence[int] = WIDTHS, style: Style | None = None
) -> Iterator[tuple[str, int, Frame, FrameReading]]:
    """``(view, width, frame, reading)``: bounded then complete at every width, read back from the terminal."""
    payload = build_payload(fixture.call, fixture.ask)
    for view in ("bounded", "complete"):
        for width in widths:
            frame = render_frame(payload, view, fixture.budget(width), paint=warning_paint, style=style)
            yield view, width, frame, read_frame(frame.lines, width)


def screen_text(fixture: Fixture, widths: Sequence[int] = WIDTHS) -> str:
    """Every view at every width as plain rows, with a ruler per screen."""
    parts = []
    for view, width, _, reading in fixture_readings(fixture, widths):
        parts.append(f"── {view} @{width} ({reading.frame_rows} rows) " + "─" * max(0, width - 30))
        parts.extend(reading.rows)
    return "\n".join(parts) + "\n"
