"""The table a person reads at a terminal: one row per fixture and width, the reason beside every failure."""

from __future__ import annotations

from askbench.impl.cells import cell_width

from ..judge.checks import Violation, WidthResult
from ..runners.gate import FixtureResult, GateRun
from .colour import DIM, GREEN, RED, YELLOW, paint
from .vocabulary import (
    PROBLEM_LABELS,
    ROWS_LEGEND,
    fixture_id,
    merged_violations,
    one_line,
    shown_path,
)

VIOLATIONS_SHOWN = 2
"""Violations a row shows by default (the terminal models that saw the same one on one line);
``--all-violations`` shows every one."""

_COUNTS = ("legacy", "bounded", "complete")


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - cell_width(text))


def _verdict(violations: list[Violation], all_violations: bool, colour: bool) -> str:
    if not violations:
        return paint("ok", GREEN, colour)
    merged = merged_violations(violations)
    shown = merged if all_violations else merged[:VIOLATIONS_SHOWN]
    text = "; ".join(one_line(line) for line in shown)
    hidden = len(merged) - len(shown)
    if hidden:
        text += f"; and {hidden} more (--all-violations)"
    return paint("FAIL", RED, colour) + "  " + text


def _width_row(name: str, name_width: int, width: WidthResult, verdict: str) -> str:
    counts = (width.legacy_rows, width.bounded_rows, width.complete_rows)
    numbers = "  ".join(
        f"{count:>{len(label)}}" for count, label in zip(counts, _COUNTS, strict=True)
    )
    return f"{_pad(name, name_width)}  {width.width:>5}  {numbers}  {verdict}"


def _summary(run: GateRun) -> str:
    failed = len(run.failed)
    parts = [
        f"{len(run.results)} fixtures",
        f"{len(run.results) - failed} passed",
        f"{failed} failed",
    ]
    for kind, label in PROBLEM_LABELS.items():
        count = sum(1 for problem in run.problems if problem.kind == kind)
        if count:
            parts.append(f"{count} {label.lower()}")
    return ", ".join(parts)


def format_table(
    run: GateRun, *, failures_only: bool = False, all_violations: bool = False, colour: bool = False
) -> str:
    """Every fixture × width (only the failing ones with ``failures_only``), the unusable paths, and a summary.

    Names are never cut: the fixture column is as wide as the longest name.
    """
    shown: list[FixtureResult] = [
        result for result in run.results if not (failures_only and result.passed)
    ]
    names = {id(result): one_line(fixture_id(result.fixture)) for result in shown}
    name_width = max([cell_width(name) for name in names.values()] + [len("fixture")])
    counts_width = sum(len(label) for label in _COUNTS) + 2 * (len(_COUNTS) - 1)
    lines = [
        " " * (name_width + 9) + paint(f"{' ask rows ':─^{counts_width}}", DIM, colour),
        f"{_pad('fixture', name_width)}  {'width':>5}  {'  '.join(_COUNTS)}  verdict",
    ]
    for result in shown:
        name = names[id(result)]
        if result.error:
            lines.append(
                f"{_pad(name, name_width)}  {'':>5}  {'':>{counts_width}}  "
                f"{paint('ERROR', RED, colour)}  {one_line(result.error)}"
            )
            continue
        for width in result.widths:
            if failures_only and not width.violations:
                continue
            lines.append(
                _width_row(
                    name, name_width, width, _verdict(width.violations, all_violations, colour)
                )
            )
    for problem in run.problems:
        label = paint(
            f"{PROBLEM_LABELS[problem.kind]:<11}",
            YELLOW if problem.kind != "malformed" else RED,
            colour,
        )
        where = one_line(
            shown_path(problem.path) + (f":{problem.line}" if problem.line is not None else "")
        )
        detail = one_line(
            problem.message
            if problem.field.startswith("(")
            else f"{problem.field}: {problem.message}"
        )
        lines.append(f"{label}  {where}: {detail}")
    lines += ["", paint(ROWS_LEGEND, DIM, colour), _summary(run)]
    if not run.results and not run.problems:
        lines.append("nothing was judged: no fixtures were given")
    return "\n".join(lines)
