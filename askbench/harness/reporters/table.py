"""The table a person reads at a terminal: a row per failing fixture and width, the reason beside it.

As pytest and ruff do, a run that passed is one line; what failed is shown
in full, and ``verbose`` (``askbench check -v``) shows a row for every
fixture and width, passed or not.
"""

from __future__ import annotations

from askbench.impl.cells import cell_width

from ..runners.results import FixtureResult, GateRun
from ..terms import Violation, WidthResult
from .colour import DIM, GREEN, RED, YELLOW, paint
from .escape import one_line
from .summary import summary_line
from .vocabulary import (
    PROBLEM_LABELS,
    ROWS_LEGEND,
    merged_violations,
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


def format_table(
    run: GateRun,
    *,
    verbose: bool = False,
    failures_only: bool = False,
    all_violations: bool = False,
    colour: bool = False,
) -> str:
    """The failing fixtures × widths (every one with ``verbose``, unless ``failures_only``), the unusable
    paths, and a summary line; a run where nothing failed is its summary alone.

    Names are never cut: the fixture column is as wide as the longest name.
    """
    failures_only = failures_only or not verbose
    shown: list[FixtureResult] = [
        result for result in run.results if not (failures_only and result.passed)
    ]
    rows = _rows(shown, failures_only, all_violations, colour)
    if rows:
        rows += ["", paint(ROWS_LEGEND, DIM, colour)]
    return "\n".join([*rows, *_problems(run, colour), _ending(run)])


def _rows(
    shown: list[FixtureResult], failures_only: bool, all_violations: bool, colour: bool
) -> list[str]:
    """The column headings and a row per fixture × width; nothing when no fixture is shown."""
    if not shown:
        return []
    names = {id(result): one_line(result.fixture.id) for result in shown}
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
    return lines


def _problems(run: GateRun, colour: bool) -> list[str]:
    lines: list[str] = []
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
    return lines


def _ending(run: GateRun) -> str:
    if not run.results and not run.problems:
        return "nothing was judged: no fixtures were given"
    return summary_line(run)
