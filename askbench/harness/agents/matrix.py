"""What an ``askbench agents`` run found: every CLI × fixture × width, each cell a verdict or not run.

A cell the run did not reach (the CLI is not installed, the run was cut
short) says ``NOT RUN``: the matrix never leaves a cell blank and never
passes one it did not judge. ``askbench.harness.reporters.agents_report``
writes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .profiles import Profile
from .verdicts import Verdict

__all__ = ["NOT_RUN", "AgentMatrix"]

NOT_RUN = "NOT RUN"


@dataclass(frozen=True)
class AgentMatrix:
    """The agent CLIs' verdicts, profile × fixture × width, beside the reference's: what the reports show."""

    profiles: tuple[Profile, ...]
    fixtures: tuple[str, ...]
    widths: tuple[int, ...]
    verdicts: tuple[Verdict, ...]
    reference: Mapping[tuple[str, int], str] = field(default_factory=dict)
    """The askbench reference judged by the gate on the same fixtures: ``PASS`` or ``FAIL: invariants``."""
    missing: Mapping[str, str] = field(default_factory=dict)
    """Profiles not run, with why."""
    context: Mapping[str, str] = field(default_factory=dict)
    """How the run was made: the command, tmux and node versions, the date."""

    def cell(self, profile: str, fixture: str, width: int) -> Verdict | None:
        return self._index.get((profile, fixture, width))

    @property
    def _index(self) -> dict[tuple[str, str, int], Verdict]:
        return {
            (verdict.profile, verdict.fixture, verdict.width): verdict for verdict in self.verdicts
        }
