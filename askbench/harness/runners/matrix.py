"""The results matrix: fixtures × implementations, per width.

JSONTestSuite's lesson: one table of parsers × cases tells a project where
it stands faster than any log. Each cell is ``ok`` or the names of the
invariants that failed (or CRASH, TIMEOUT, BAD_ANSWER), with the text of
the screen the gate judged, so the reason is one click away in the pages
``askbench.harness.reporters.matrix_report`` writes. The reference, in
process, is always the first column.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..drivers.adapter_client import AdapterCommand, AdapterSource
from ..drivers.frame_sources import FrameSource
from ..fixtures.loading import Fixture, FixtureProblem, load_corpus
from ..judge.width_run import DEFAULT_MODELS, WIDTHS
from ..terms import WidthResult
from .gate import run_fixture
from .results import FixtureResult
from .toolchain import Toolchain, gather_toolchain

REFERENCE = "reference"
SCREENS_DIR = "matrix-screens"
MAX_SCREEN_ROWS = 400
"""Rows of one view written to a screen file; a 10 MB complete view is summarised, head and tail."""
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$")


@dataclass(frozen=True)
class Implementation:
    """A column: its name and how to run it — a command behind the adapter contract, a frame source in
    process (a variant), or neither: the reference, in process."""

    name: str
    command: AdapterCommand | None = None
    source: FrameSource | None = None


def parse_implementation(text: str, mode: str = "session", timeout: float = 10.0) -> Implementation:
    """``NAME=CMD`` as given to ``--impl``; raises ValueError with the reason."""
    name, sep, command = text.partition("=")
    name, command = name.strip(), command.strip()
    if not sep or not command:
        raise ValueError(f"expected NAME=CMD, got {text!r}")
    if not _NAME.match(name):
        raise ValueError(
            f"an implementation name is letters, digits, '.', '_' or '-' (at most 40), got {name!r}"
        )
    if name == REFERENCE:
        raise ValueError(
            f"{REFERENCE!r} is the in-process reference's column; name the command otherwise"
        )
    return Implementation(name, AdapterCommand(command, mode, timeout))  # type: ignore[arg-type]


@dataclass(frozen=True)
class Cell:
    """One fixture × implementation × width: ``ok``, or what failed and where its screen is."""

    failures: tuple[str, ...] = ()
    screen: str | None = None
    """Path of the screen file, relative to the report."""

    @property
    def ok(self) -> bool:
        return not self.failures

    @property
    def text(self) -> str:
        return "ok" if self.ok else ", ".join(self.failures)


@dataclass
class Matrix:
    fixtures: list[Fixture]
    problems: list[FixtureProblem]
    implementations: list[Implementation]
    widths: list[int]
    cells: dict[tuple[int, str, int], Cell] = field(default_factory=dict)
    """(fixture index, implementation name, width) → cell."""
    toolchain: Toolchain | None = None
    """What every column's verdicts rest on: one judge, one toolchain (``run_matrix`` records it)."""
    terminals: tuple[str, ...] = tuple(model.name for model in DEFAULT_MODELS)
    """The terminal models every frame was read on: a screen is what one of them showed."""

    def cell(self, index: int, name: str, width: int) -> Cell:
        return self.cells.get((index, name, width), Cell(("ERROR",)))

    def passed(self, name: str, width: int) -> int:
        return sum(1 for index in range(len(self.fixtures)) if self.cell(index, name, width).ok)


def _screen_path(implementation: str, fixture: Fixture, width: int) -> str:
    family, name = (
        re.sub(r"[^A-Za-z0-9._-]", "_", part) for part in (fixture.family, fixture.name)
    )
    return f"{SCREENS_DIR}/{implementation}/{family}/{name}@{width}.txt"


def _capped(rows: Sequence[str]) -> list[str]:
    if len(rows) <= MAX_SCREEN_ROWS:
        return list(rows)
    head, tail = MAX_SCREEN_ROWS - 100, 100
    return [*rows[:head], f"… {len(rows) - head - tail} rows not shown …", *rows[-tail:]]


def screen_file(
    implementation: str, fixture: Fixture, result: FixtureResult, width: WidthResult | None
) -> str:
    """What the gate saw for one failing cell: the violations, then each named view's screen row by row as a
    terminal showed it (a box the renderer drew kept), headed with the terminals that showed it so."""
    lines = [
        f"{fixture.id} @{width.width if width else '?'} — {implementation}",
        f"fixture: {fixture.path}",
        f"{fixture.description}",
        "",
    ]
    if result.error or width is None:
        lines += ["error:", f"  {result.error}"]
        return "\n".join(lines) + "\n"
    lines.append("violations:")
    lines += [f"  {violation}" for violation in width.violations]
    for view, screen in width.screens.items():
        heading = f"── {screen.heading(view, width.width)} ({len(screen.rows)} rows) "
        lines += ["", heading + "─" * max(0, width.width - len(heading))]
        lines += _capped(screen.rows)
    return "\n".join(lines) + "\n"


def _cells(
    matrix: Matrix, index: int, implementation: str, result: FixtureResult, screens: dict[str, str]
) -> None:
    for width in matrix.widths:
        found = next((item for item in result.widths if item.width == width), None)
        if result.error or found is None:
            failures: tuple[str, ...] = ("ERROR",)
        else:
            failures = tuple(dict.fromkeys(violation.invariant for violation in found.violations))
        if not failures:
            matrix.cells[(index, implementation, width)] = Cell()
            continue
        path = _screen_path(implementation, result.fixture, width)
        screens[path] = screen_file(implementation, result.fixture, result, found)
        matrix.cells[(index, implementation, width)] = Cell(failures, path)


def run_matrix(
    paths: Iterable[Path],
    implementations: Sequence[Implementation],
    widths: Sequence[int] = WIDTHS,
    progress: Callable[[str, int, int, Fixture], None] | None = None,
) -> tuple[Matrix, dict[str, str]]:
    """Every fixture through the reference and each implementation; the matrix and its screen files' text."""
    fixtures, problems = load_corpus(paths)
    columns = [Implementation(REFERENCE)] + [
        item for item in implementations if item.name != REFERENCE
    ]
    matrix = Matrix(fixtures, problems, columns, list(widths), toolchain=gather_toolchain())
    screens: dict[str, str] = {}
    for implementation in columns:
        adapter = AdapterSource(implementation.command) if implementation.command else None
        source = adapter if adapter is not None else implementation.source
        try:
            for index, fixture in enumerate(fixtures):
                if progress:
                    progress(implementation.name, index, len(fixtures), fixture)
                result = run_fixture(fixture, widths, source=source, keep_screens=True)
                _cells(matrix, index, implementation.name, result, screens)
        finally:
            if adapter is not None:
                adapter.close()
    return matrix, screens
