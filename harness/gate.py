"""The gate: every fixture × width through every invariant, and a verdict.

Exit codes mean something: 0 every invariant holds, 1 a violation, 2 input
that could not be judged (a malformed fixture, an unreadable path).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from impl.payload import PayloadError, build_payload

from .checks import WIDTHS, Violation, WidthResult, check_monotone, run_width
from .corpus import Fixture, FixtureProblem, load_corpus
from .sources import FrameSource

EXIT_OK, EXIT_VIOLATION, EXIT_UNUSABLE = 0, 1, 2


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

    @property
    def exit_code(self) -> int:
        if self.problems or any(result.error for result in self.results):
            return EXIT_UNUSABLE
        return EXIT_VIOLATION if any(result.violations for result in self.results) else EXIT_OK


def run_fixture(
    fixture: Fixture, widths: Sequence[int] = WIDTHS, *, source: FrameSource | None = None, keep_screens: bool = False
) -> FixtureResult:
    """One fixture at every width; ``source`` renders it (default: the reference, in process)."""
    result = FixtureResult(fixture)
    try:
        payload = build_payload(fixture.call, fixture.ask)
    except PayloadError as error:
        result.error = f"{fixture.path}: {error}"
        return result
    for width in widths:
        try:
            result.widths.append(
                run_width(payload, width, fixture.max_rows, fixture.field_max_width, fixture.expect,
                          source=source, fixture=fixture, keep_screens=keep_screens)
            )
        except RecursionError:
            result.error = f"{fixture.path}: nested too deeply to render at width {width}"
            return result
    by_width = {judged.width: judged for judged in result.widths}
    for violation in check_monotone(result.widths):  # across the widths of the run: a wider one never shows less
        by_width[violation.width].violations.append(violation)
    return result


def run_gate(
    paths: Iterable[Path],
    widths: Sequence[int] = WIDTHS,
    progress: Callable[[int, int, Fixture], None] | None = None,
    *,
    source: FrameSource | None = None,
    keep_screens: bool = False,
) -> GateRun:
    fixtures, problems = load_corpus(paths)
    results = []
    for index, fixture in enumerate(fixtures):
        if progress:
            progress(index, len(fixtures), fixture)
        results.append(run_fixture(fixture, widths, source=source, keep_screens=keep_screens))
    return GateRun(results, problems)


def _relative(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def merged_violations(violations: Sequence[Violation]) -> list[str]:
    """One line per violation, the terminal models that saw the same thing named together."""
    terminals: dict[tuple[str, str, int, str], list[str]] = {}
    for violation in violations:
        terminals.setdefault((violation.invariant, violation.view, violation.width, violation.message), []).append(
            violation.terminal)
    return [
        f"{invariant} ({view} @{width}, {', '.join(names)}): {message}"
        for (invariant, view, width, message), names in terminals.items()
    ]


def format_table(run: GateRun) -> str:
    """A table a newcomer reads: one row per fixture and width, the reason beside every failure."""
    lines = [f"{'fixture':<58} {'width':>5}  {'legacy':>6} {'bounded':>7} {'complete':>8}  verdict"]
    for result in run.results:
        name = f"{result.fixture.family}/{result.fixture.name}"[:58]
        if result.error:
            lines.append(f"{name:<58} {'':>5}  {'':>6} {'':>7} {'':>8}  ERROR  {result.error}")
            continue
        for width in result.widths:
            verdict = "ok" if not width.violations else "FAIL  " + "; ".join(merged_violations(width.violations)[:2])
            lines.append(
                f"{name:<58} {width.width:>5}  {width.legacy_rows:>6} {width.bounded_rows:>7} {width.complete_rows:>8}  {verdict}"
            )
    for problem in run.problems:
        lines.append(f"MALFORMED  {_relative(problem.path)}: {problem.field}: {problem.message}")
    failed = sum(1 for result in run.results if not result.passed)
    lines.append("")
    lines.append(
        f"{len(run.results)} fixtures, {len(run.results) - failed} passed, {failed} failed, "
        f"{len(run.problems)} malformed"
    )
    return "\n".join(lines)


def to_json(run: GateRun) -> str:
    return json.dumps(
        {
            "exit_code": run.exit_code,
            "fixtures": [
                {
                    "path": _relative(result.fixture.path),
                    "passed": result.passed,
                    "error": result.error,
                    "widths": [
                        {
                            "width": width.width,
                            "rows": {"legacy": width.legacy_rows, "bounded": width.bounded_rows, "complete": width.complete_rows},
                            "elided": width.elided,
                            "render_us": round(width.render_us, 1),
                            "violations": [
                                {"invariant": v.invariant, "view": v.view, "terminal": v.terminal, "message": v.message}
                                for v in width.violations
                            ],
                        }
                        for width in result.widths
                    ],
                }
                for result in run.results
            ],
            "malformed": [{"path": _relative(p.path), "field": p.field, "message": p.message} for p in run.problems],
        },
        indent=2,
        ensure_ascii=False,
    )
