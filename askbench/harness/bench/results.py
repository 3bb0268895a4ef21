"""The facts one ``askbench bench`` run found: plain frozen records, and the verdicts read from them.

The measurements (``askbench.harness.bench.run``) make them and the Markdown
reporter (``askbench.harness.reporters.bench_report``) reads them, so either can be
tested on hand-made results without the other.
"""

from __future__ import annotations

import os
import platform
from collections.abc import Mapping
from dataclasses import dataclass, field

from .peers import PeerComparison
from .settings import SECTIONS, BenchSettings
from .startup import StartupCost


@dataclass(frozen=True)
class Machine:
    python: str
    implementation: str
    platform: str
    machine: str
    cpus: int

    @classmethod
    def here(cls) -> Machine:
        return cls(
            python=platform.python_version(),
            implementation=platform.python_implementation(),
            platform=platform.platform(),
            machine=platform.machine(),
            cpus=os.cpu_count() or 1,
        )


@dataclass(frozen=True)
class ScalingPoint:
    """One series at one size: median seconds per render of each view."""

    series: str
    size: int
    bounded: float
    complete: float
    legacy: float
    complete_rows: int


@dataclass(frozen=True)
class OutlineCost:
    """Where a command's outline is computed: its cost once per ask (the build) against its cost per render."""

    series: str
    size: int
    outline: float
    """Seconds to parse and outline the command (``askbench.impl.shell.outline``)."""
    build: float
    """Seconds to build the whole payload, the outline included: once per ask."""
    bounded: float
    """The bounded render with the outline already in the payload (from the scaling run)."""


@dataclass(frozen=True)
class WrapComparison:
    """``askbench.impl.cells.wrap_text`` and ``wcwidth.wrap`` on the same ASCII text, median seconds per call."""

    characters: int
    width: int
    ours: float
    theirs: float
    identical: bool
    rows: int

    @property
    def speedup(self) -> float:
        return self.theirs / self.ours


@dataclass(frozen=True)
class GateTiming:
    fixtures: int
    judgements: int
    """Fixture x width pairs, each rendered three ways and read back from pyte."""
    seconds: float
    exit_code: int
    paths: tuple[str, ...]


@dataclass(frozen=True)
class FamilyLatency:
    """Per-fixture medians within one corpus family, at width 120."""

    family: str
    fixtures: int
    bounded_median: float
    bounded_max: float
    slowest: str
    complete_median: float
    complete_max: float


@dataclass(frozen=True)
class PagerPoint:
    """The interactive prompt's pager on one payload: median seconds per key, the frame it draws included."""

    series: str
    size: int
    first_page: float
    """ctrl+o on a prompt that never opened the complete view, and the first page drawn."""
    page_down: float
    """PgDn on the open pager, and the page drawn."""
    collapse: float
    """esc back to the bounded prompt, and its frame."""
    fresh_page: float | None = None
    """PgDn onto rows not laid out yet (past the rows laid out on opening); ``None`` when the view has no such rows."""


@dataclass(frozen=True)
class FrameComparison:
    """The repro's bounded ask and the whole frame around it (title, options, hint, paint), measured taking turns."""

    width: int
    ask: float
    """``render_prompt_dialog`` with the warning paint: the ask alone."""
    frame: float
    """``render_frame``: the same ask, painted, with the styled title, options and hint, as the gate and ``render`` draw it."""
    redraw: float
    """``PermissionPrompt.render`` after a key: the interactive prompt's frame, its ask kept from the first draw."""

    @property
    def ratio(self) -> float:
        return self.frame / self.ask


@dataclass(frozen=True)
class ProfileLine:
    function: str
    calls: int
    own: float
    cumulative: float


@dataclass(frozen=True)
class BenchResults:
    machine: Machine
    settings: BenchSettings
    repro: Mapping[int, float]
    """Width -> median seconds of the repro's bounded render."""
    repro_complete: float | None
    scaling: tuple[ScalingPoint, ...]
    wrap: WrapComparison | None
    gate: GateTiming | None
    families: tuple[FamilyLatency, ...]
    profiles: Mapping[str, tuple[ProfileLine, ...]] = field(default_factory=dict)
    wall_seconds: float = 0.0
    load: tuple[float, float] | None = None
    """The 1-minute load average at the start and the end: how busy the machine was while measured."""
    repro_fastest: Mapping[int, float] = field(default_factory=dict)
    """Width -> the fastest batch of the repro's bounded render: the code's cost with the least interference."""
    pager: tuple[PagerPoint, ...] = ()
    frame: FrameComparison | None = None
    outlines: tuple[OutlineCost, ...] = ()
    peers: PeerComparison | None = None
    startup: tuple[StartupCost, ...] = ()
    sections: frozenset[str] = frozenset(SECTIONS)
    """The sections this run measured (``--only``); the others are absent from the report."""
    repro_first: Mapping[int, float] = field(default_factory=dict)
    """Width -> the median of the repro's bounded render with nothing kept from an earlier render."""

    @property
    def loaded(self) -> bool:
        """The machine was busier than its CPUs while measured: absolute times, and verdicts on them, are suspect."""
        return self.load is not None and max(self.load) > self.machine.cpus

    def verdict(self, ok: bool) -> str:
        """A target's verdict; a miss while the machine was loaded says so instead of standing as a fact."""
        if ok:
            return "**met**"
        return (
            "**not met** (under load: measured while the load average exceeded the CPUs)"
            if self.loaded
            else "**not met**"
        )

    def pager_ratio(self, series: str, attribute: str) -> float:
        """The pager's 10 MB / 10 KB ratio (top / base of ``pager_sizes``) for one key."""
        base, top = self.settings.pager_sizes
        points = {point.size: point for point in self.pager if point.series == series}
        return float(getattr(points[top], attribute) / getattr(points[base], attribute))

    def point(self, series: str, size: int) -> ScalingPoint:
        return next(p for p in self.scaling if p.series == series and p.size == size)

    @property
    def ratio_sizes(self) -> tuple[int, int]:
        """``(base, top)`` of the flatness ratio: 10 KB and the largest size (10 MB in a full run)."""
        sizes = self.settings.sizes
        base = 10_000 if 10_000 in sizes else sizes[0]
        return base, sizes[-1]

    def bounded_ratio(self, series: str, base: int | None = None) -> float:
        low, top = self.ratio_sizes
        return (
            self.point(series, top).bounded
            / self.point(series, base if base is not None else low).bounded
        )


__all__ = [
    "BenchResults",
    "FamilyLatency",
    "FrameComparison",
    "GateTiming",
    "Machine",
    "OutlineCost",
    "PagerPoint",
    "ProfileLine",
    "ScalingPoint",
    "WrapComparison",
]
