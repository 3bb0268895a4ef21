"""A fixture's screens as a person sees them, for golden snapshots and the gallery.

Each screen carries both row counts of the shared vocabulary
(``reporters.vocabulary``): *ask rows*, what the gate's table counts and
``promptMaxRows`` bounds, read from the screen as the judge reads them
(``askbench.harness.judge.ask_reading``, on the first terminal model), and *frame rows*, the
whole frame on the terminal.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from askbench.impl.frame import Frame, Style, render_frame
from askbench.impl.payload import build_payload

from ..bash.reading import read_words
from ..drivers.paint import warning_paint
from ..fixtures.loading import Fixture
from ..judge.ask_reading import read_ask
from ..judge.chrome import find_options
from ..judge.expected_facts import expected_facts
from ..judge.width_run import WIDTHS
from ..terminals.frame_reading import FrameReading, read_frame
from ..terms import View
from .vocabulary import ASK_ROWS, FRAME_ROWS

SHOWN_VIEWS: tuple[View, ...] = ("bounded", "complete")


@dataclass(frozen=True)
class FixtureScreen:
    """One view of a fixture at one width: the frame, the terminal's reading of it, and its ask rows."""

    view: View
    width: int
    frame: Frame
    reading: FrameReading
    ask_rows: int

    @property
    def frame_rows(self) -> int:
        return self.reading.frame_rows

    @property
    def rows_label(self) -> str:
        return f"{self.ask_rows:,} {ASK_ROWS}, {self.frame_rows:,} {FRAME_ROWS}"


def fixture_screens(
    fixture: Fixture, widths: Sequence[int] = WIDTHS, style: Style | None = None
) -> Iterator[FixtureScreen]:
    """Bounded then complete at every width, read back from the terminal."""
    payload = build_payload(fixture.call, fixture.ask, reader=read_words)
    facts = expected_facts(payload)
    for view in SHOWN_VIEWS:
        for width in widths:
            frame = render_frame(
                payload, view, fixture.budget(width), paint=warning_paint, style=style
            )
            reading = read_frame(frame.lines, width)
            ask = read_ask(
                reading.screen_rows,
                facts,
                find_options(reading.rows).options_start,
                bounded=view == "bounded",
            )
            yield FixtureScreen(view, width, frame, reading, ask.rows)


def screen_text(fixture: Fixture, widths: Sequence[int] = WIDTHS) -> str:
    """Every view at every width as plain rows, each under a ruler naming it and its row counts."""
    parts = []
    for screen in fixture_screens(fixture, widths):
        head = f"── {screen.view} @{screen.width}: {screen.rows_label} "
        parts.append(head + "─" * max(3, screen.width - len(head)))
        parts.extend(screen.reading.rows)
    return "\n".join(parts) + "\n"
