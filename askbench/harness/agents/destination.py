"""Where a matrix is written: the published report only when the run was whole, or when asked.

``reports/agents.md`` is what the project publishes; a run of one CLI, of a
few fixtures or widths, or one cut short would replace it with a matrix of
``NOT RUN`` cells (it happened once, committed by mistake). So a partial
run writes to ``reports/agents-partial/`` and says why; ``--publish``
writes the published report anyway, and an explicit ``--out`` is always
obeyed.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path

from .profiles import PROFILES

__all__ = ["PUBLISHED", "PARTIAL", "DEFAULT_WIDTHS", "partial_reasons", "report_path"]

PUBLISHED = Path("reports/agents.md")
PARTIAL = Path("reports/agents-partial/agents.md")
DEFAULT_WIDTHS = (80, 120, 160)


def partial_reasons(
    clis: Collection[str],
    fixtures_given: bool,
    widths: Sequence[int],
    not_run: int,
    interrupted: bool,
) -> tuple[str, ...]:
    """Why this run's matrix is not the whole one (none when it is)."""
    reasons = []
    if set(clis) != set(PROFILES):
        reasons.append("not every pinned CLI (--cli)")
    if fixtures_given:
        reasons.append("fixtures named instead of the curated set (PATH)")
    if sorted(set(widths)) != list(DEFAULT_WIDTHS):
        reasons.append("widths other than 80,120,160 (--widths)")
    if not_run:
        reasons.append(f"{not_run} cells not run")
    if interrupted:
        reasons.append("interrupted")
    return tuple(reasons)


def report_path(out: Path | None, publish: bool, reasons: Sequence[str]) -> Path:
    """``--out`` when given; else the published report for a whole run or with ``--publish``; else the scratch one."""
    if out is not None:
        return out
    return PARTIAL if reasons and not publish else PUBLISHED
