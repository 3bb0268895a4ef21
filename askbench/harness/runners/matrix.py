"""The results matrix: fixtures × implementations, per width, as Markdown and HTML.

JSONTestSuite's lesson: one table of parsers × cases tells a project where
it stands faster than any log. Each cell is ``ok`` or the names of the
invariants that failed (or CRASH, TIMEOUT, BAD_ANSWER), linked to a text
file with the screen the gate judged, so the reason is one click away.
The reference, in process, is always the first column.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..drivers.adapter_client import AdapterCommand, AdapterSource
from ..drivers.frame_sources import FrameSource
from ..fixtures.loading import Fixture, FixtureProblem, load_corpus
from ..judge.width_run import WIDTHS
from ..reporters.escape import html_text, md_cell, md_code, md_link
from ..terms import WidthResult
from .gate import FixtureResult, run_fixture
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

    def cell(self, index: int, name: str, width: int) -> Cell:
        return self.cells.get((index, name, width), Cell(("ERROR",)))

    def passed(self, name: str, width: int) -> int:
        return sum(1 for index in range(len(self.fixtures)) if self.cell(index, name, width).ok)


def _screen_path(implementation: str, fixture: Fixture, width: int) -> str:
    family, name = (
        re.sub(r"[^A-Za-z0-9._-]", "_", part) for part in (fixture.family, fixture.name)
    )
    return f"{SCREENS_DIR}/{implementation}/{family}/{name}@{width}.txt"


def _capped(rows: list[str]) -> list[str]:
    if len(rows) <= MAX_SCREEN_ROWS:
        return rows
    head, tail = MAX_SCREEN_ROWS - 100, 100
    return rows[:head] + [f"… {len(rows) - head - tail} rows not shown …"] + rows[-tail:]


def screen_file(
    implementation: str, fixture: Fixture, result: FixtureResult, width: WidthResult | None
) -> str:
    """What the gate saw for one failing cell: the violations, then each named view's screen row by row."""
    lines = [
        f"{fixture.family}/{fixture.name} @{width.width if width else '?'} — {implementation}",
        f"fixture: {fixture.path}",
        f"{fixture.description}",
        "",
    ]
    if result.error or width is None:
        lines += ["error:", f"  {result.error}"]
        return "\n".join(lines) + "\n"
    lines.append("violations:")
    lines += [f"  {violation}" for violation in width.violations]
    for view, rows in width.screens.items():
        lines += [
            "",
            f"── {view} @{width.width} ({len(rows)} rows) " + "─" * max(0, width.width - 30),
        ]
        lines += _capped(rows)
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


# ── writing ────────────────────────────────────────────────────────────────


def _runs_as(implementation: Implementation) -> tuple[str, str]:
    """The command an implementation runs as (empty in process) and how: each report marks the command up its own way."""
    if implementation.command is None:
        return "", "in process" if implementation.source is None else "variant, in process"
    return implementation.command.command, implementation.command.mode


def _describe(implementation: Implementation) -> str:
    command, how = _runs_as(implementation)
    return f"`{command}` ({how})" if command else how


def to_markdown(matrix: Matrix) -> str:
    names = [item.name for item in matrix.implementations]
    out = [
        "# askbench matrix",
        "",
        f"{len(matrix.fixtures)} fixtures × {len(names)} implementations at widths "
        f"{', '.join(map(str, matrix.widths))}, every invariant judged on the virtual terminal "
        "(`askbench matrix`). A cell is `ok`, or the invariants that failed — or `CRASH`, `TIMEOUT`, "
        "`BAD_ANSWER` — linked to the screen the gate judged.",
        "",
        *([f"Toolchain: {md_cell(matrix.toolchain.line())}.", ""] if matrix.toolchain else []),
        "| implementation | runs as | " + " | ".join(f"@{width}" for width in matrix.widths) + " |",
        "| --- | --- | " + " | ".join("---:" for _ in matrix.widths) + " |",
    ]
    for item in matrix.implementations:
        counts = " | ".join(
            f"{matrix.passed(item.name, width)}/{len(matrix.fixtures)}" for width in matrix.widths
        )
        out.append(f"| {md_cell(item.name)} | {md_cell(_describe(item))} | {counts} |")
    if matrix.problems:
        out += ["", "Malformed fixtures (not judged):", ""]
        out += [
            f"- {md_code(problem.path)}: {md_cell(problem.field)}: {md_cell(problem.message)}"
            for problem in matrix.problems
        ]
    for width in matrix.widths:
        out += [
            "",
            f"## Width {width}",
            "",
            "| fixture | " + " | ".join(map(md_cell, names)) + " |",
            "| --- | " + " | ".join("---" for _ in names) + " |",
        ]
        for index, fixture in enumerate(matrix.fixtures):
            cells = []
            for name in names:
                cell = matrix.cell(index, name, width)
                cells.append("ok" if cell.ok else md_link(cell.text, cell.screen or ""))
            out.append(
                f"| {md_cell(f'{fixture.family}/{fixture.name}')} | " + " | ".join(cells) + " |"
            )
    return "\n".join(out) + "\n"


_CSS = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; max-width: 100%; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: left; vertical-align: top; font-size: 13px;
  overflow-wrap: anywhere; }
td.ok { white-space: nowrap; }
tbody th { position: sticky; left: 0; background: #fafafa; min-width: 14em; max-width: 24em; font-weight: normal; }
td.fail, td.verdict { min-width: 8em; max-width: 16em; }
td.runs { max-width: 30em; }
thead th { position: sticky; top: 0; background: #f4f4f4; }
td.ok { background: #e6f4ea; color: #1e6b34; }
td.fail { background: #fce8e6; }
td.fail a { color: #a50e0e; }
td.verdict { background: #fff1c2; }
td.verdict a { color: #7a4b00; font-weight: bold; }
code { font-size: 13px; }
"""


def to_html(matrix: Matrix) -> str:
    escape = html_text
    names = [item.name for item in matrix.implementations]
    rows = []
    for item in matrix.implementations:
        counts = "".join(
            f"<td>{matrix.passed(item.name, width)}/{len(matrix.fixtures)}</td>"
            for width in matrix.widths
        )
        command, how = _runs_as(item)
        runs = f"<code>{escape(command)}</code> ({escape(how)})" if command else escape(how)
        rows.append(f'<tr><th>{escape(item.name)}</th><td class="runs">{runs}</td>{counts}</tr>')
    summary = (
        "<table><thead><tr><th>implementation</th><th>runs as</th>"
        + "".join(f"<th>@{width}</th>" for width in matrix.widths)
        + "</tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
    )
    head = (
        "<tr><th rowspan=2>fixture</th>"
        + "".join(f"<th colspan={len(names)}>@{width}</th>" for width in matrix.widths)
        + "</tr><tr>"
        + "".join(f"<th>{escape(name)}</th>" for _ in matrix.widths for name in names)
        + "</tr>"
    )
    body = []
    for index, fixture in enumerate(matrix.fixtures):
        cells = []
        for width in matrix.widths:
            for name in names:
                cell = matrix.cell(index, name, width)
                if cell.ok:
                    cells.append('<td class="ok">ok</td>')
                    continue
                kind = (
                    "verdict"
                    if set(cell.failures) & {"CRASH", "TIMEOUT", "BAD_ANSWER", "ERROR"}
                    else "fail"
                )
                link = f'<a href="{escape(cell.screen or "")}">{escape(cell.text)}</a>'
                cells.append(f'<td class="{kind}">{link}</td>')
        label = escape(f"{fixture.family}/{fixture.name}")
        body.append(
            f'<tr id="f{index}"><th title="{escape(fixture.description)}">{label}</th>{"".join(cells)}</tr>'
        )
    problems = ""
    if matrix.problems:
        problems = (
            "<h2>Malformed fixtures (not judged)</h2><ul>"
            + "".join(
                f"<li><code>{escape(str(problem.path))}</code>: {escape(problem.field)}: {escape(problem.message)}</li>"
                for problem in matrix.problems
            )
            + "</ul>"
        )
    toolchain = f"<p>Toolchain: {escape(matrix.toolchain.line())}.</p>" if matrix.toolchain else ""
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8><title>askbench matrix</title>"
        f"<style>{_CSS}</style></head><body><h1>askbench matrix</h1>"
        f"<p>{len(matrix.fixtures)} fixtures × {len(names)} implementations at widths "
        f"{', '.join(map(str, matrix.widths))}; every invariant judged on the virtual terminal. A cell is "
        "<b>ok</b>, or the invariants that failed (or CRASH, TIMEOUT, BAD_ANSWER), linked to the screen the gate "
        f"judged.</p>{toolchain}"
        f'<div class="scroll">{summary}</div>{problems}'
        f"<div class=\"scroll\"><table><thead>{head}</thead><tbody>{''.join(body)}</tbody></table></div>"
        "</body></html>\n"
    )


def write_matrix(matrix: Matrix, screens: dict[str, str], out: Path) -> list[Path]:
    """``matrix.md``, ``matrix.html`` and the failing screens under ``out``; stale screens are removed first."""
    out.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(out / SCREENS_DIR, ignore_errors=True)
    for relative, text in screens.items():
        path = out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", errors="backslashreplace")
    written = [out / "matrix.md", out / "matrix.html"]
    written[0].write_text(to_markdown(matrix), encoding="utf-8", errors="backslashreplace")
    written[1].write_text(to_html(matrix), encoding="utf-8", errors="backslashreplace")
    return written
