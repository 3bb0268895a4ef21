"""What the runners hand on: the gate's run and the screens a person sees, data alone.

The reporters format these and the front-ends act on them; neither needs the
code that made them, so they import this module and never a runner that runs
(``gate``, ``fixture_screens``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..exit_codes import EXIT_OK, EXIT_UNUSABLE, EXIT_VIOLATION
from ..fixtures.loading import Fixture, FixtureProblem
from ..judge.width_run import DEFAULT_MODELS, WIDTHS
from ..terminals.frame_reading import FrameReading, StyledRun
from ..terms import RenderedFrame, View, Violation, WidthResult
from .toolchain import Toolchain

__all__ = ["FixtureResult", "FixtureScreen", "FixtureScreens", "GateRun", "StyledScreen"]


@dataclass
class FixtureResult:
    fixture: Fixture
    widths: list[WidthResult] = field(default_factory=list)
    error: str | None = None

    @property
    def violations(self) -> list[Violation]:
        return [violation for result in self.widths for violation in result.violations]

    @property
    def passed(self) -> bool:
        return self.error is None and not self.violations


@dataclass
class GateRun:
    results: list[FixtureResult]
    problems: list[FixtureProblem]
    widths: tuple[int, ...] = WIDTHS
    terminals: tuple[str, ...] = tuple(model.name for model in DEFAULT_MODELS)
    """The terminals every frame was read on (``--terminal``)."""
    toolchain: Toolchain | None = None
    """What the verdicts rest on; ``run_gate`` always records it, a run put together by hand may not."""

    @property
    def exit_code(self) -> int:
        if self.problems or not self.results or any(result.error for result in self.results):
            return EXIT_UNUSABLE
        return EXIT_VIOLATION if any(result.violations for result in self.results) else EXIT_OK

    @property
    def failed(self) -> list[FixtureResult]:
        return [result for result in self.results if not result.passed]


@dataclass(frozen=True)
class FixtureScreen:
    """One view of a fixture at one width: the frame, the terminal's reading of it, and its ask rows (what the
    gate's table counts and ``promptMaxRows`` bounds, read as the judge reads them)."""

    view: View
    width: int
    frame: RenderedFrame
    reading: FrameReading
    ask_rows: int

    @property
    def frame_rows(self) -> int:
        return self.reading.frame_rows

    @property
    def rows(self) -> Sequence[str]:
        return self.reading.rows


@dataclass(frozen=True)
class StyledScreen:
    """One view of one fixture at one width as the terminal shows it, colours included: its rows as runs of one
    style, kept alone (not the terminal's reading) so a whole corpus of them fits in memory."""

    view: View
    width: int
    rows: tuple[tuple[StyledRun, ...], ...]
    ask_rows: int
    frame_rows: int
    elided: bool


@dataclass(frozen=True)
class FixtureScreens:
    """A fixture's screens in colour, bounded then complete at every width, or why it has none."""

    fixture: Fixture
    screens: tuple[StyledScreen, ...] = ()
    error: str = ""
