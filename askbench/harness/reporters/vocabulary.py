"""The words every report shares: how a fixture, a path, a problem and a row count are named.

One vocabulary for row counts everywhere (table, JSON, snapshots, gallery):
*ask rows* are the rows the ask occupies on screen, between the title and
the options — what ``promptMaxRows`` bounds; *frame rows* are the whole
frame: title, ask, the blank rows, the four options and the hint.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..fixtures.loading import ProblemKind
from ..terminals.models import MODELS
from ..terms import Violation

TERMINALS: tuple[str, ...] = tuple(MODELS)
"""The terminal models every frame is judged on (``askbench.harness.terminals.models``): a report gives a verdict for each."""
EVERY_TERMINAL = "all"
"""The terminal a violation names when it needs none: an adapter that crashed, hung or answered nonsense."""

ASK_ROWS = "ask rows"
FRAME_ROWS = "frame rows"
ROWS_LEGEND = (
    "ask rows: the screen rows the ask occupies, between the title and the options (the bound of promptMaxRows); "
    "legacy is the old dialog's message, bounded the ask as shown, complete what ctrl+o shows"
)

PROBLEM_LABELS: dict[ProblemKind, str] = {
    "not found": "NOT FOUND",
    "no fixtures": "NO FIXTURES",
    "malformed": "MALFORMED",
    "family": "NO FAMILY",
}


def shown_path(path: Path) -> str:
    """A path as the person typed it would read: relative to the working directory when it is under it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(path)


def merged_violations(violations: Sequence[Violation]) -> list[str]:
    """One line per violation, the terminal models that saw the same thing named together."""
    terminals: dict[tuple[str, str, int, str], list[str]] = {}
    for violation in violations:
        key = (violation.invariant, violation.view, violation.width, violation.message)
        terminals.setdefault(key, []).append(violation.terminal)
    return [
        f"{invariant} ({view} @{width}, {', '.join(names)}): {message}"
        for (invariant, view, width, message), names in terminals.items()
    ]


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``1 fixture``, ``2 fixtures``: a count a person reads, never ``1 fixtures`` or ``violation(s)``."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"
