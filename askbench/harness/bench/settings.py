"""What ``askbench bench`` measures and how hard: the sections ``--only`` chooses from, the rounds, the sizes.

Kept apart from the measurements so that the command line, the report and
the tests read the same settings without importing the renderer.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..fixtures.loading import BUILTIN_CORPUS
from .peers import expected_seconds
from .series import REPRO

WIDTH = 120
"""The upstream's figures are at width 120; so are ours."""
PAGER_HEIGHT = 40
"""The terminal the pager is measured in: 120 x 40."""


@dataclass(frozen=True)
class BenchSettings:
    """How much to measure. ``QUICK`` exists so a test can run the whole report in seconds."""

    sizes: tuple[int, ...] = (1_000, 10_000, 100_000, 1_000_000, 10_000_000)
    bounded_rounds: int = 31
    bounded_batch: int = 40
    repro_rounds: int = 51
    repro_batch: int = 100
    complete_rounds: int = 5
    complete_rounds_large: int = 3
    """Rounds for the complete view and the legacy dialog from 1 MB up, where one render takes tens of ms."""
    wrap_lines: int = 100
    wrap_line_length: int = 1_000
    wrap_rounds: int = 5
    family_rounds: int = 5
    gate_paths: tuple[Path, ...] = (BUILTIN_CORPUS,)
    profile: bool = True
    quick: bool = False
    pager_sizes: tuple[int, int] = (10_000, 10_000_000)
    pager_rounds: int = 9
    frame_rounds: int = 51
    frame_batch: int = 100
    peer_rounds: int = 51
    peer_fixtures: tuple[Path, ...] = (REPRO,)
    startup_rounds: int = 9


FULL = BenchSettings()
QUICK = BenchSettings(
    sizes=(1_000, 10_000, 100_000),
    bounded_rounds=3,
    bounded_batch=3,
    repro_rounds=3,
    repro_batch=3,
    complete_rounds=1,
    complete_rounds_large=1,
    wrap_lines=5,
    wrap_line_length=300,
    wrap_rounds=1,
    family_rounds=1,
    gate_paths=(BUILTIN_CORPUS / "skill",),
    profile=False,
    quick=True,
    pager_sizes=(1_000, 10_000),
    pager_rounds=1,
    frame_rounds=3,
    frame_batch=3,
    peer_rounds=2,
    startup_rounds=1,
)

SECTIONS: dict[str, float] = {
    "startup": 10,
    "repro": 5,
    "peers": 0,
    "scaling": 75,
    "wrap": 3,
    "families": 10,
    "frame": 4,
    "pager": 20,
    "profiles": 10,
    "gate": 6,
}
"""Every section ``--only`` can choose, in the order they run, with its rough seconds on an idle 2-core machine
in a full run (``peers`` depends on how many are given: ``peers.expected_seconds``)."""


def parse_only(text: str) -> frozenset[str]:
    """``--only repro,peers``: known section names, comma-separated; a ValueError names the known ones."""
    chosen = frozenset(part.strip() for part in text.split(",") if part.strip())
    unknown = sorted(chosen - set(SECTIONS))
    if not chosen or unknown:
        raise ValueError(
            f"unknown section {', '.join(map(repr, unknown)) or '(none)'}; the sections are {', '.join(SECTIONS)}"
        )
    return chosen


def expected_run(settings: BenchSettings, sections: frozenset[str], peers: int) -> float:
    """The rough seconds a run of ``sections`` takes on an idle machine (a quick run: a second or so each)."""
    total = 0.0
    for name in sections:
        if name == "peers":
            total += expected_seconds(peers, len(settings.peer_fixtures), settings.peer_rounds)
        else:
            total += 1.0 if settings.quick else SECTIONS[name]
    return total


OUTLINED_SERIES = ("here-string", "single-line", "command-chain", "padding")
"""The bash series: each has an outline, computed when the payload is built."""


__all__ = [
    "FULL",
    "OUTLINED_SERIES",
    "PAGER_HEIGHT",
    "QUICK",
    "SECTIONS",
    "WIDTH",
    "BenchSettings",
    "expected_run",
    "parse_only",
]
