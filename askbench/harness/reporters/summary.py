"""The one line that ends a run's table: what was judged and how it went, the way pytest and ruff end theirs.

A run that passed says so in one line and nothing else is printed above it
(the rows are there with ``-v``); a run that did not counts what passed,
what failed and every unusable path by its kind, above which the failures
stand in detail.
"""

from __future__ import annotations

from ..runners.results import GateRun
from ..terms import VIEWS
from .vocabulary import PROBLEM_LABELS, counted


def judgements(run: GateRun) -> int:
    """What was judged: every view of every fixture at every width it was rendered at."""
    return sum(len(result.widths) for result in run.results) * len(VIEWS)


def summary_line(run: GateRun) -> str:
    """``399 fixtures × 3 widths: all 3591 judgements passed``, or the counts of what did not."""
    judged = f"{counted(len(run.results), 'fixture')} × {counted(len(run.widths), 'width')}"
    if run.results and run.exit_code == 0:
        return f"{judged}: all {counted(judgements(run), 'judgement')} passed"
    failed = len(run.failed)
    parts = [f"{len(run.results) - failed} passed", f"{failed} failed"]
    for kind, label in PROBLEM_LABELS.items():
        count = sum(1 for problem in run.problems if problem.kind == kind)
        if count:
            parts.append(f"{count} {label.lower()}")
    return f"{judged}: " + ", ".join(parts)
