"""A fixture's screens as a person sees them, for golden snapshots, ``check --contrib`` and the gallery.

The frames are the reference's, drawn by the frame source the gate judges
(``askbench.harness.drivers.frame_sources``), and read back on the first
terminal model as the gate reads them. Each screen carries both row counts:
its *ask rows*, read from the screen by the judge's reader
(``askbench.harness.judge.ask_reading``), and its *frame rows*, the whole
frame on the terminal. How they are shown is the reporters' business.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from askbench.impl.payload import PayloadError, build_payload

from ..drivers.frame_sources import ReferenceSource, reference_source, styled_reference_source
from ..drivers.paint import chrome_style
from ..fixtures.loading import Fixture
from ..judge.ask_reading import read_ask
from ..judge.chrome import find_options
from ..judge.expected_facts import expected_facts
from ..judge.what_runs import watched_beyond, watched_reading
from ..judge.width_run import WIDTHS
from ..terminals.frame_reading import read_frame
from ..terms import View
from .results import FixtureScreen, FixtureScreens, StyledScreen

__all__ = ["SHOWN_VIEWS", "fixture_screens", "gallery_screens", "styled_screens"]

SHOWN_VIEWS: tuple[View, ...] = ("bounded", "complete")


def fixture_screens(
    fixture: Fixture, widths: Sequence[int] = WIDTHS, source: ReferenceSource = reference_source
) -> Iterator[FixtureScreen]:
    """Bounded then complete at every width, drawn by ``source`` and read back from the terminal.

    Raises ``PayloadError`` for a fixture with no payload, as building it does.
    """
    payload = build_payload(
        fixture.call, fixture.ask, reader=watched_reading, watcher=watched_beyond
    )
    facts = expected_facts(payload)
    for view in SHOWN_VIEWS:
        for width in widths:
            frame = source(payload, fixture, view, width, fixture.budget(width))
            reading = read_frame(frame.lines, width)
            ask = read_ask(
                reading.screen_rows,
                facts,
                find_options(reading.rows).options_start,
                bounded=view == "bounded",
            )
            yield FixtureScreen(view, width, frame, reading, ask.rows)


def styled_screens(fixture: Fixture, widths: Sequence[int] = WIDTHS) -> FixtureScreens:
    """The fixture's screens with the gate's paint and the prompt's chrome colours, or why it has none."""
    try:
        screens = tuple(
            StyledScreen(
                screen.view,
                screen.width,
                tuple(screen.reading.styled_rows()),
                screen.ask_rows,
                screen.frame_rows,
                screen.frame.elided,
            )
            for screen in fixture_screens(fixture, widths, styled_reference_source(chrome_style))
        )
    except (PayloadError, RecursionError) as error:
        return FixtureScreens(fixture, error=str(error))
    return FixtureScreens(fixture, screens)


def gallery_screens(
    fixtures: Iterable[Fixture], widths: Sequence[int] = WIDTHS
) -> tuple[FixtureScreens, ...]:
    """Every fixture's screens in colour, in order, each made once."""
    return tuple(styled_screens(fixture, widths) for fixture in fixtures)
