"""``askbench bench``: every measurement in one process, written to ``reports/bench.md``.

The issue's targets are ratios measured in one run (bounded 10 MB / 10 KB,
ours against ``wcwidth.wrap``), because absolute times on a shared 2-core
machine move by tens of percent from one minute to the next while a ratio
of two interleaved measurements does not. Absolute numbers are reported as
context. A peer implementation is measured only through the adapter path, side by side with
the reference in the same run (``--impl NAME=CMD``, ``askbench.harness.peer_bench``): no peer's figure is typed in.

This is a report generator, not a test: it times with ``time.perf_counter``
and takes medians of repeated batches; ``benchmarks/`` holds the
pytest-benchmark suite over the same payloads.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import functools
import gc
import os
import platform
import pstats
import statistics
import sys
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TypeVar

from wcwidth import wrap as wcwidth_wrap

from askbench.impl.cells import wrap_text
from askbench.impl.dialog import DialogBudget, complete_view_budget, render_prompt_dialog
from askbench.impl.frame import render_frame
from askbench.impl.keys import CTRL_O, ESC, PAGE_DOWN
from askbench.impl.legacy import wrap_message
from askbench.impl.payload import PayloadError, PromptPayload, build_payload
from askbench.impl.prompt import LOOKAHEAD_CHARACTERS, LOOKAHEAD_ROWS, PermissionPrompt
from askbench.impl.shell import outline

from .checks import WIDTHS
from .bench_xdist import kept_section, splice, write_xdist_section
from .corpus import BUILTIN_CORPUS, load_corpus
from .gate import run_gate
from .peer_bench import Peer, PeerComparison, expected_seconds, format_peers, measure_peers, parse_peer, peer_targets
from .startup_bench import StartupCost, measure_startup, startup_lines, startup_targets
from .series import PAGER_SERIES, PANEL, REPRO, SERIES, build_point, repro_payload, size_label
from .sources import chrome_style, warning_paint

WIDTH = 120
"""The upstream's figures are at width 120; so are ours."""
PAGER_HEIGHT = 40
"""The terminal the pager is measured in: 120 x 40."""


# ── what is measured, and how hard ─────────────────────────────────────────


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
    "startup": 10, "repro": 5, "peers": 0, "scaling": 75, "wrap": 3, "families": 10, "frame": 4, "pager": 20, "profiles": 10, "gate": 6,
}
"""Every section ``--only`` can choose, in the order they run, with its rough seconds on an idle 2-core machine
in a full run (``peers`` depends on how many are given: ``peer_bench.expected_seconds``)."""


def parse_only(text: str) -> frozenset[str]:
    """``--only repro,peers``: known section names, comma-separated, or an argparse error naming the known ones."""
    chosen = frozenset(part.strip() for part in text.split(",") if part.strip())
    unknown = sorted(chosen - set(SECTIONS))
    if not chosen or unknown:
        raise argparse.ArgumentTypeError(
            f"unknown section {', '.join(map(repr, unknown)) or '(none)'}; the sections are {', '.join(SECTIONS)}")
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


# ── facts ──────────────────────────────────────────────────────────────────


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

    @property
    def loaded(self) -> bool:
        """The machine was busier than its CPUs while measured: absolute times, and verdicts on them, are suspect."""
        return self.load is not None and max(self.load) > self.machine.cpus

    def verdict(self, ok: bool) -> str:
        """A target's verdict; a miss while the machine was loaded says so instead of standing as a fact."""
        if ok:
            return "**met**"
        return "**not met** (under load: measured while the load average exceeded the CPUs)" if self.loaded else "**not met**"

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
        return self.point(series, top).bounded / self.point(series, base if base is not None else low).bounded


# ── timing ─────────────────────────────────────────────────────────────────


Clock = Callable[[], float]


def median_time(fn: Callable[[], object], rounds: int, batch: int = 1, clock: Clock = time.perf_counter) -> float:
    """Median seconds per call over ``rounds`` batches of ``batch`` calls."""
    samples = []
    for _ in range(max(1, rounds)):
        start = clock()
        for _ in range(max(1, batch)):
            fn()
        samples.append((clock() - start) / max(1, batch))
    return statistics.median(samples)


Key = TypeVar("Key", bound=Hashable)


def interleaved_samples(
    fns: Mapping[Key, Callable[[], object]], rounds: int, batch: int, clock: Clock = time.perf_counter
) -> dict[Key, list[float]]:
    """Seconds per call of each function in every round, the functions taking turns round by round.

    Taking turns is what makes a ratio trustworthy on a busy machine: a slow
    minute slows every size alike instead of whichever was being timed.
    """
    samples: dict[Key, list[float]] = {key: [] for key in fns}
    for _ in range(max(1, rounds)):
        for key, fn in fns.items():
            start = clock()
            for _ in range(max(1, batch)):
                fn()
            samples[key].append((clock() - start) / max(1, batch))
    return samples


def interleaved_medians(
    fns: Mapping[Key, Callable[[], object]], rounds: int, batch: int, clock: Clock = time.perf_counter
) -> dict[Key, float]:
    """Median seconds per call of each function, measured taking turns (``interleaved_samples``)."""
    return {key: statistics.median(values) for key, values in interleaved_samples(fns, rounds, batch, clock).items()}


# ── the measurements ───────────────────────────────────────────────────────


def _bounded_at(payload: PromptPayload, width: int) -> Callable[[], object]:
    """The bounded render at one width, the budget built per call as a host builds it."""
    return lambda: render_prompt_dialog(payload, DialogBudget(width=width))


def _complete_of(payload: PromptPayload) -> Callable[[], object]:
    """The complete view at the bench width, its budget built per call."""
    return lambda: render_prompt_dialog(payload, complete_view_budget(WIDTH))


def measure_repro(settings: BenchSettings) -> tuple[dict[int, float], dict[int, float], float]:
    """Bounded at every gate width (median and fastest batch), and the complete view at 120."""
    payload = repro_payload()
    samples: dict[int, list[float]] = interleaved_samples(
        {width: _bounded_at(payload, width) for width in WIDTHS},
        settings.repro_rounds,
        settings.repro_batch,
    )
    complete = median_time(lambda: render_prompt_dialog(payload, complete_view_budget(WIDTH)), settings.repro_rounds, 10)
    medians = {width: statistics.median(values) for width, values in samples.items()}
    return medians, {width: min(values) for width, values in samples.items()}, complete


def measure_series(series: str, settings: BenchSettings) -> list[ScalingPoint]:
    """One series at every size: bounded interleaved across sizes, complete and legacy size by size."""
    points = {size: build_point(series, size) for size in settings.sizes}
    budget = DialogBudget(width=WIDTH)
    gc.collect()
    bounded = interleaved_medians(
        {size: partial(render_prompt_dialog, point.payload, budget) for size, point in points.items()},
        settings.bounded_rounds,
        settings.bounded_batch,
    )
    out = []
    for size, point in points.items():
        rounds = settings.complete_rounds_large if size >= 1_000_000 else settings.complete_rounds
        payload = point.payload
        gc.collect()
        complete = median_time(_complete_of(payload), rounds)
        rows = len(render_prompt_dialog(payload, complete_view_budget(WIDTH)).lines)
        gc.collect()
        legacy = median_time(partial(wrap_message, payload.legacy_message, WIDTH), rounds)
        out.append(ScalingPoint(series, size, bounded[size], complete, legacy, rows))
    return out


def _opened_prompt(payload: PromptPayload) -> PermissionPrompt:
    """A prompt as the host has it once the first frame is on screen: the bounded view drawn, nothing paged yet."""
    prompt = PermissionPrompt(payload, paint=warning_paint, style=chrome_style)
    prompt.render(WIDTH, PAGER_HEIGHT)
    prompt.shown(0.0)
    return prompt


def _timed(prompt: PermissionPrompt, key: str, at: float, clock: Clock) -> float:
    """One key as the host handles it: the key, then the frame it leads to."""
    start = clock()
    prompt.handle_key(key, at=at)
    prompt.render(WIDTH, PAGER_HEIGHT)
    seconds = clock() - start
    prompt.shown(at)
    return seconds


def _fresh_page(prompt: PermissionPrompt, clock: Clock) -> float | None:
    """Page down, untimed, to the end of what opening laid out, then time the PgDn that lays out new rows."""
    prompt.handle_key(CTRL_O, at=4.0)
    prompt.render(WIDTH, PAGER_HEIGHT)
    view = prompt.complete_view(WIDTH)
    for press in range(200):
        before = view.laid_out
        seconds = _timed(prompt, PAGE_DOWN, 5.0 + press, clock)
        if view.laid_out > before:
            return seconds
        if view.total is not None and prompt.offset + PAGER_HEIGHT >= view.total:
            return None
    return None


def measure_pager(settings: BenchSettings, clock: Clock = time.perf_counter) -> list[PagerPoint]:
    """Each pager series at both sizes, sizes taking turns round by round; every sample on a fresh prompt, so
    the first page is always a first page (nothing laid out yet, nothing cached)."""
    out = []
    for series in PAGER_SERIES:
        payloads = {size: build_point(series, size).payload for size in settings.pager_sizes}
        samples: dict[int, list[tuple[float, float, float]]] = {size: [] for size in payloads}
        gc.collect()
        fresh: dict[int, list[float]] = {size: [] for size in payloads}
        for _ in range(max(1, settings.pager_rounds)):
            for size, payload in payloads.items():
                prompt = _opened_prompt(payload)
                first = _timed(prompt, CTRL_O, 1.0, clock)
                down = _timed(prompt, PAGE_DOWN, 2.0, clock)
                back = _timed(prompt, ESC, 3.0, clock)
                samples[size].append((first, down, back))
                seconds = _fresh_page(prompt, clock)
                if seconds is not None:
                    fresh[size].append(seconds)
        for size, rows in samples.items():
            first, down, back = (statistics.median(column) for column in zip(*rows, strict=True))
            out.append(PagerPoint(series, size, first, down, back, statistics.median(fresh[size]) if fresh[size] else None))
        del payloads
    return out


def measure_frame(settings: BenchSettings) -> FrameComparison:
    """The repro's ask and its whole frame at width 120, interleaved, so that their ratio is like for like."""
    payload = repro_payload()
    budget = DialogBudget(width=WIDTH)
    prompt = PermissionPrompt(payload, paint=warning_paint, style=chrome_style)
    prompt.render(WIDTH, PAGER_HEIGHT)
    medians = interleaved_medians(
        {
            "ask": lambda: render_prompt_dialog(payload, budget, warning_paint),
            "frame": lambda: render_frame(payload, "bounded", budget, paint=warning_paint, style=chrome_style),
            "redraw": lambda: prompt.render(WIDTH, PAGER_HEIGHT),
        },
        settings.frame_rounds,
        settings.frame_batch,
    )
    return FrameComparison(WIDTH, medians["ask"], medians["frame"], medians["redraw"])




OUTLINED_SERIES = ("here-string", "single-line", "command-chain", "padding")
"""The bash series: each has an outline, computed when the payload is built."""


def measure_outlines(settings: BenchSettings, scaling: Sequence[ScalingPoint]) -> list[OutlineCost]:
    """The outline's cost at the flatness ratio's two sizes, and the whole build's, for each bash series.

    The render only reads the outline's capped ends, so its cost is the
    scaling run's bounded time; computed in the render instead, every
    render would pay ``outline``.
    """
    base = 10_000 if 10_000 in settings.sizes else settings.sizes[0]
    out = []
    for series in OUTLINED_SERIES:
        for size in (base, settings.sizes[-1]):
            call, ask = SERIES[series](size)
            command = str(call["input"]["command"])  # type: ignore[index]
            rounds = 3 if size >= 1_000_000 else settings.complete_rounds
            gc.collect()
            parse = median_time(functools.partial(outline, command), rounds)
            build = median_time(functools.partial(build_payload, call, ask), rounds)
            bounded = next(p.bounded for p in scaling if p.series == series and p.size == size)
            out.append(OutlineCost(series, size, parse, build, bounded))
    return out


def wcwidth_rows(text: str, width: int) -> list[str]:
    """``wcwidth.wrap`` paragraph by paragraph (its documented way to keep line breaks), no hyphen breaks."""
    return [row for line in text.split("\n") for row in wcwidth_wrap(line, width, break_on_hyphens=False)]


def measure_wrap(settings: BenchSettings, width: int = 80) -> WrapComparison:
    """Text with no spaces and no hyphens, where word wrap and hard wrap must give the same rows."""
    line = (PANEL * (settings.wrap_line_length // len(PANEL) + 1))[: settings.wrap_line_length]
    text = "\n".join([line] * settings.wrap_lines)
    ours_rows = wrap_text(text, width)
    identical = ours_rows == wcwidth_rows(text, width)
    times = interleaved_medians(
        {"ours": lambda: wrap_text(text, width), "theirs": lambda: wcwidth_rows(text, width)}, settings.wrap_rounds, 1
    )
    return WrapComparison(len(text), width, times["ours"], times["theirs"], identical, len(ours_rows))


def measure_gate(settings: BenchSettings) -> GateTiming:
    gc.collect()
    start = time.perf_counter()
    run = run_gate(list(settings.gate_paths), WIDTHS)
    seconds = time.perf_counter() - start
    judged = sum(len(result.widths) for result in run.results)
    return GateTiming(len(run.results), judged, seconds, run.exit_code, tuple(_shown_path(p) for p in settings.gate_paths))


def measure_families(settings: BenchSettings) -> list[FamilyLatency]:
    fixtures, _ = load_corpus(list(settings.gate_paths))
    by_family: dict[str, list[tuple[str, float, float]]] = {}
    for fixture in fixtures:
        try:
            payload = build_payload(fixture.call, fixture.ask)
        except PayloadError:
            continue
        budget = fixture.budget(WIDTH)
        bounded = median_time(partial(render_prompt_dialog, payload, budget), settings.family_rounds, 5)
        complete = median_time(_complete_of(payload), settings.family_rounds)
        by_family.setdefault(fixture.path.parent.name, []).append((fixture.name, bounded, complete))
    out = []
    for family, cases in sorted(by_family.items()):
        slowest = max(cases, key=lambda case: case[1])
        out.append(FamilyLatency(
            family,
            len(cases),
            statistics.median(case[1] for case in cases),
            slowest[1],
            slowest[0],
            statistics.median(case[2] for case in cases),
            max(case[2] for case in cases),
        ))
    return out


def profile_top(fn: Callable[[], object], repeat: int, limit: int = 6) -> tuple[ProfileLine, ...]:
    """The functions with the most own time under cProfile (which inflates small calls, so read the order, not the µs)."""
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(repeat):
        fn()
    profiler.disable()
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    lines = []
    for (filename, line, name), (_, calls, own, cumulative, _) in stats.items():
        where = f"{Path(filename).parent.name}/{Path(filename).name}:{line}" if filename != "~" else ""
        lines.append(ProfileLine(f"{where} {name}".strip(), calls // repeat, own / repeat, cumulative / repeat))
    return tuple(sorted(lines, key=lambda item: item.own, reverse=True)[:limit])


def measure_profiles() -> dict[str, tuple[ProfileLine, ...]]:
    repro = repro_payload()
    big = build_point("here-string", 10_000_000).payload
    return {
        "bounded render of the repro at width 120 (per render)": profile_top(
            lambda: render_prompt_dialog(repro, DialogBudget(width=WIDTH)), 2_000
        ),
        "complete view of the 10 MB here-string at width 120 (per render)": profile_top(
            lambda: render_prompt_dialog(big, complete_view_budget(WIDTH)), 1
        ),
        "whole bounded frame of the repro at width 120, painted and styled (per frame)": profile_top(
            lambda: render_frame(repro, "bounded", DialogBudget(width=WIDTH), paint=warning_paint, style=chrome_style), 2_000
        ),
    }


def run_bench(
    settings: BenchSettings = FULL,
    log: Callable[[str], None] | None = None,
    peers: Sequence[Peer] = (),
    only: frozenset[str] | None = None,
) -> BenchResults:
    """The chosen sections (every one by default), in one process, in an order that keeps the big payloads'
    memory apart."""
    say = log or (lambda message: None)
    chosen = frozenset(SECTIONS) if only is None else only
    started = time.perf_counter()
    load_before = _load()
    startup = _section(chosen, "startup", "start-up", say, lambda: measure_startup(REPRO, settings.startup_rounds)) or ()
    repro: dict[int, float] = {}
    repro_fastest: dict[int, float] = {}
    repro_complete: float | None = None
    if "repro" in chosen:
        say("the seed's repro")
        repro, repro_fastest, repro_complete = measure_repro(settings)
    comparison = None
    if "peers" in chosen:
        say("the reference adapter" + "".join(f" and {peer.name}" for peer in peers) + ", request by request")
        comparison = measure_peers(peers, settings.peer_fixtures, WIDTH, settings.peer_rounds)
    scaling: list[ScalingPoint] = []
    outlines: list[OutlineCost] = []
    if "scaling" in chosen:
        for series in SERIES:
            say(f"series {series}")
            scaling.extend(measure_series(series, settings))
        say("outlines")
        outlines = measure_outlines(settings, scaling)
    wrap = _section(chosen, "wrap", "wrapping against wcwidth.wrap", say, lambda: measure_wrap(settings))
    families = _section(chosen, "families", "corpus families", say, lambda: measure_families(settings)) or []
    frame = _section(chosen, "frame", "the whole frame against the ask", say, lambda: measure_frame(settings))
    pager = _section(chosen, "pager", "the pager", say, lambda: measure_pager(settings)) or []
    profiles = (_section(chosen, "profiles", "profiles", say, measure_profiles) if settings.profile else None) or {}
    gate = _section(chosen, "gate", "the gate", say, lambda: measure_gate(settings))
    load_after = _load()
    return BenchResults(
        Machine.here(), settings, repro, repro_complete, tuple(scaling), wrap, gate, tuple(families), profiles,
        time.perf_counter() - started,
        (load_before, load_after) if load_before is not None and load_after is not None else None,
        repro_fastest,
        tuple(pager),
        frame,
        tuple(outlines),
        comparison,
        startup,
        chosen,
    )


Measured = TypeVar("Measured")


def _section(chosen: frozenset[str], name: str, title: str, say: Callable[[str], None],
             measure: Callable[[], Measured]) -> Measured | None:
    if name not in chosen:
        return None
    say(title)
    return measure()


def _load() -> float | None:
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):  # not every platform has one
        return None


# ── the report ─────────────────────────────────────────────────────────────

TARGET_RATIO = 1.2
TARGET_WRAP = 3
TARGET_GATE_S = 30
TARGET_FRAME_RATIO = 2
TARGET_PAGER_RATIO = 2


def _shown_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(BUILTIN_CORPUS.parent))
    except ValueError:
        return str(path)


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:,.1f} µs"


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:,.1f} ms" if seconds >= 1e-3 else _us(seconds)


def _mb_s(size: int, seconds: float) -> float:
    return size / seconds / 1e6


def format_report(results: BenchResults) -> str:
    """``reports/bench.md``: machine, ratios and targets, the side-by-side run, then every table behind them."""
    r = results
    lines = [
        "# askbench bench",
        "",
        "Written by `askbench bench` (`make bench`): every number below comes from one process and one run.",
        "Ratios are the targets (two interleaved measurements on the same busy machine); absolute times are context.",
        "",
    ]
    if r.settings.quick:
        lines += ["> **Quick mode**: tiny sizes and few rounds, for tests. These numbers are not a measurement.", ""]
    if r.sections != frozenset(SECTIONS):
        lines += [f"> **Sections measured** (`--only`): {', '.join(name for name in SECTIONS if name in r.sections)}; "
                  "the others are not in this report.", ""]
    if r.loaded and r.load is not None:
        lines += [f"> **Warning: a loaded machine.** The load average reached {max(r.load):.2f} on {r.machine.cpus} "
                  "CPUs while measuring: other work shared the cores, so absolute times are inflated and a "
                  "missed target may be load noise. Verdicts below say so where they are misses.", ""]
    lines += _machine_lines(r)
    lines += ["## Ratios measured in this run", "", *_ratio_lines(r), "",
              "## Targets", "", *_targets_table(_target_rows(r)), ""]
    if "peers" in r.sections:
        lines += format_peers(r.peers)
    if r.startup:
        lines += startup_lines(r.startup)
    lines += _scaling_lines(r)
    lines += _repro_lines(r)
    lines += _family_lines(r)
    lines += _wrap_lines(r)
    lines += _prompt_sections(r)
    if r.profiles:
        lines += ["## Where the time goes (cProfile)", "",
                  "Own time per render under the profiler, which inflates small calls: read the order, not the µs.", ""]
        for title, profile in r.profiles.items():
            lines += [f"**{title}**", "", "| function | calls | own | cumulative |", "| --- | ---: | ---: | ---: |"]
            lines += [f"| `{line.function}` | {line.calls:,} | {_ms(line.own)} | {_ms(line.cumulative)} |" for line in profile]
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _targets_table(rows: list[str]) -> list[str]:
    if not rows:
        return ["No target is judged from the sections measured."]
    return ["| target | goal | measured | |", "| --- | --- | --- | --- |", *rows]


def _machine_lines(r: BenchResults) -> list[str]:
    m = r.machine
    return [
        "## Machine",
        "",
        "| | |",
        "| --- | --- |",
        f"| Python | {m.implementation} {m.python} |",
        f"| platform | {m.platform} ({m.machine}) |",
        f"| CPUs | {m.cpus} |",
        f"| run | {r.wall_seconds:,.1f} s wall for the whole report |",
        *([(f"| load average (1 min) | {r.load[0]:.2f} at the start, {r.load[1]:.2f} at the end "
           f"({m.cpus} CPUs: a load near the CPU count means other work shared them) |")] if r.load else []),
        "",
    ]


def _ratio_lines(r: BenchResults) -> list[str]:
    lines = []
    if r.scaling:
        base, top = r.ratio_sizes
        sizes = r.settings.sizes
        big = sizes[-1]
        lines += [
            f"- bounded render {size_label(top)} / {size_label(base)}: "
            + ", ".join(f"{series} {r.bounded_ratio(series):.2f}×" for series in SERIES),
            "- complete-view throughput (here-string): "
            + ", ".join(f"{_mb_s(size, r.point('here-string', size).complete):,.0f} MB/s at {size_label(size)}"
                        for size in sizes if size >= 1_000_000 or size == big),
        ]
    if r.wrap is not None:
        lines.append(
            f"- our wrap vs `wcwidth.wrap`: {r.wrap.speedup:,.1f}× faster, rows "
            + ("identical" if r.wrap.identical else "**differ** (the ratio is not like for like)")
            + f" ({r.wrap.rows:,} rows of {r.wrap.characters:,} ASCII characters at width {r.wrap.width})")
    if r.gate is not None:
        gate_s = r.gate.seconds
        lines.append(
            f"- gate wall time: {gate_s:,.1f} s for {r.gate.fixtures} fixtures × {len(WIDTHS)} widths "
            f"({r.gate.judgements / gate_s:,.1f} judgements/s) on {', '.join(r.gate.paths)}, exit {r.gate.exit_code}")
    if r.peers is not None:
        for peer in r.peers.peers:
            lines.append(f"- per request, {peer.name} / reference: bounded {r.peers.request_ratio(peer.name, 'bounded'):.2f}×, "
                         f"complete {r.peers.request_ratio(peer.name, 'complete'):.2f}×")
        if not r.peers.peers:
            lines.append("- no peer implementation given (`--impl NAME=CMD`): no ratio against a peer")
    return lines + _prompt_ratio_lines(r)


def _target_rows(r: BenchResults) -> list[str]:
    rows = []
    if r.scaling:
        base, top = r.ratio_sizes
        ratios = {series: r.bounded_ratio(series) for series in SERIES}
        worst = max(ratios, key=ratios.__getitem__)
        rows.append(
            f"| bounded {size_label(top)} / {size_label(base)}, every series | ≤ {TARGET_RATIO} | worst {ratios[worst]:.2f}× ({worst}) "
            f"| {r.verdict(all(ratio <= TARGET_RATIO for ratio in ratios.values()))} |")
    if r.wrap is not None:
        rows.append(f"| our wrap vs `wcwidth.wrap`, identical rows | ≥ {TARGET_WRAP}× | {r.wrap.speedup:,.1f}× "
                    f"| {r.verdict(r.wrap.identical and r.wrap.speedup >= TARGET_WRAP)} |")
    if r.gate is not None:
        rows.append(f"| `askbench check` on {', '.join(r.gate.paths)} | ≤ {TARGET_GATE_S} s | {r.gate.seconds:,.1f} s "
                    f"| {r.verdict(r.gate.seconds <= TARGET_GATE_S and r.gate.exit_code == 0)} |")
    if r.peers is not None:
        rows += peer_targets(r.peers, r.verdict)
    rows += startup_targets(r.startup, r.verdict)
    return rows + _prompt_targets(r)


def _scaling_lines(r: BenchResults) -> list[str]:
    if not r.scaling:
        return []
    lines = [
        f"## Scaling, {size_label(r.settings.sizes[0])} → {size_label(r.settings.sizes[-1])}",
        "",
        ("Median time per render at width 120. Bounded: interleaved across sizes, "
        f"rounds × batch = {r.settings.bounded_rounds} × {r.settings.bounded_batch}. Complete and legacy: "
        f"rounds = {r.settings.complete_rounds} ({r.settings.complete_rounds_large} from 1 MB). "
        "Plot: [bench-latency.svg](bench-latency.svg)."),
        "",
        "| series | size | bounded | complete | complete MB/s | complete rows | legacy |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for p in r.scaling:
        lines.append(
            f"| {p.series} | {size_label(p.size)} | {_us(p.bounded)} | {_ms(p.complete)} | {_mb_s(p.size, p.complete):,.0f} "
            f"| {p.complete_rows:,} | {_ms(p.legacy)} |"
        )
    if r.outlines:
        lines += [
            "",
            "## The outline: computed once per ask, never in the render",
            "",
            ("A bash command's outline (`shape`) is parsed by tree-sitter when the payload is built; the bounded "
             "render only reads its capped ends. Below, the outline's own cost and the whole build's at the ratio's "
             "two sizes, and what the bounded render's ratio would be if every render parsed the command."),
            "",
            "| series | size | outline | build (once per ask) | bounded render | render if it parsed |",
            "| --- | ---: | ---: | ---: | ---: | ---: |",
        ]
        for cost in r.outlines:
            lines.append(f"| {cost.series} | {size_label(cost.size)} | {_ms(cost.outline)} | {_ms(cost.build)} "
                         f"| {_us(cost.bounded)} | {_ms(cost.bounded + cost.outline)} |")
        lines.append("")
        for series in OUTLINED_SERIES:
            low, high = (cost for cost in r.outlines if cost.series == series)
            lines.append(
                f"- {series}: bounded {size_label(high.size)} / {size_label(low.size)} {high.bounded / low.bounded:.2f}× "
                f"with the outline built once; {(high.bounded + high.outline) / (low.bounded + low.outline):,.0f}× "
                "if the render parsed it.")
    return [*lines, ""]


def _repro_lines(r: BenchResults) -> list[str]:
    if not r.repro:
        return []
    return [
        "## The seed's repro",
        "",
        "The bare render in process (`render_prompt_dialog`), without the adapter path; the side-by-side section "
        "compares implementations through it.",
        "",
        "| width | bounded, median | fastest batch |",
        "| ---: | ---: | ---: |",
        *[f"| {width} | {_us(seconds)} | {_us(r.repro_fastest[width]) if width in r.repro_fastest else ''} |"
          for width, seconds in sorted(r.repro.items())],
        "",
        *([f"Complete view at {WIDTH}: {_us(r.repro_complete)}.", ""] if r.repro_complete is not None else []),
    ]


def _family_lines(r: BenchResults) -> list[str]:
    if not r.families:
        return []
    lines = [
        "## Corpus families",
        "",
        "Per-fixture medians at width 120 within each family; the slowest fixture is named.",
        "",
        "| family | fixtures | bounded median | bounded max | slowest (bounded) | complete median | complete max |",
        "| --- | ---: | ---: | ---: | --- | ---: | ---: |",
    ]
    for f in r.families:
        lines.append(
            f"| {f.family} | {f.fixtures} | {_us(f.bounded_median)} | {_us(f.bounded_max)} | {f.slowest} "
            f"| {_ms(f.complete_median)} | {_ms(f.complete_max)} |"
        )
    return [*lines, ""]


def _wrap_lines(r: BenchResults) -> list[str]:
    if r.wrap is None:
        return []
    return [
        "## Wrapping against `wcwidth.wrap`",
        "",
        (f"{r.wrap.characters:,} characters of ASCII without spaces or hyphens ({r.settings.wrap_lines} lines of "
        f"{r.settings.wrap_line_length:,}), width {r.wrap.width}: there word wrap and hard wrap must agree, and the rows "
        f"{'are' if r.wrap.identical else 'are **not**'} identical. `askbench.impl.cells.wrap_text` {_ms(r.wrap.ours)}, "
        f"`wcwidth.wrap` per paragraph {_ms(r.wrap.theirs)}: {r.wrap.speedup:,.1f}×. On text with spaces the two "
        "rules give different rows by design (a prompt keeps the whitespace a word wrapper drops), so no ratio is claimed there."),
        "",
    ]


def _prompt_ratio_lines(r: BenchResults) -> list[str]:
    lines = []
    if r.frame is not None:
        lines.append(f"- whole bounded frame of the repro / its ask: {r.frame.ratio:.2f}× at width {r.frame.width}")
    if r.pager:
        base, top = (size_label(size) for size in r.settings.pager_sizes)
        for key, attribute in (("first page", "first_page"), ("PgDn", "page_down")):
            lines.append(
                f"- pager {key} {top} / {base}: "
                + ", ".join(f"{series} {r.pager_ratio(series, attribute):.2f}×" for series in PAGER_SERIES)
            )
    return lines


def _prompt_targets(r: BenchResults) -> list[str]:
    """The interactive prompt's target rows, when this run measured it."""
    rows = []
    if r.frame is not None:
        rows.append(
            f"| whole bounded frame of the repro / its ask, at {r.frame.width} | ≤ {TARGET_FRAME_RATIO}× "
            f"| {r.frame.ratio:.2f}× ({_us(r.frame.frame)} / {_us(r.frame.ask)}) | {r.verdict(r.frame.ratio <= TARGET_FRAME_RATIO)} |"
        )
    if r.pager:
        base, top = (size_label(size) for size in r.settings.pager_sizes)
        for key, attribute in (("first page (ctrl+o)", "first_page"), ("PgDn", "page_down")):
            ratios = {series: r.pager_ratio(series, attribute) for series in PAGER_SERIES}
            worst = max(ratios, key=ratios.__getitem__)
            rows.append(
                f"| pager {key} {top} / {base}, every series and hostile shape | ≤ {TARGET_PAGER_RATIO}× "
                f"| worst {ratios[worst]:.2f}× ({worst}) | {r.verdict(all(v <= TARGET_PAGER_RATIO for v in ratios.values()))} |"
            )
    return rows


def _prompt_sections(r: BenchResults) -> list[str]:
    lines: list[str] = []
    if r.frame is not None:
        f = r.frame
        lines += [
            "## The whole frame against the ask",
            "",
            (f"The seed's repro at width {f.width}, the three taking turns ({r.settings.frame_rounds} rounds × "
             f"{r.settings.frame_batch}): the ask alone (`render_prompt_dialog`, painted), the whole bounded frame around it "
             "(`render_frame`: title, ask, options and hint, painted and styled, as the gate and `askbench render` draw it) "
             "and the interactive prompt's redraw after a key (`PermissionPrompt.render`, its ask kept from the first draw). "
             "The chrome is fitted with `askbench.impl.cells` widths once per text and width and kept, so a frame costs its ask "
             "plus a few concatenations."),
            "",
            "| measure | median | / ask |",
            "| --- | ---: | ---: |",
            f"| ask | {_us(f.ask)} | 1.00× |",
            f"| whole frame | {_us(f.frame)} | {f.ratio:.2f}× |",
            f"| interactive redraw | {_us(f.redraw)} | {f.redraw / f.ask:.2f}× |",
            "",
        ]
    if r.pager:
        base, top = r.settings.pager_sizes
        lines += [
            "## The pager",
            "",
            (f"`PermissionPrompt` in a {WIDTH} × {PAGER_HEIGHT} terminal, every sample on a fresh prompt whose bounded "
             f"frame is already on screen; each time is one key and the frame it leads to; median of "
             f"{r.settings.pager_rounds} rounds, the two sizes taking turns. The complete view is laid out only as far "
             "as it is read (`askbench.impl.complete_view`) and kept per width, so these stay flat from "
             f"{size_label(base)} to {size_label(top)}; the hostile shapes are all neutralising work."),
            "",
            f"| series | first page {size_label(base)} | first page {size_label(top)} | ratio "
            f"| PgDn {size_label(base)} | PgDn {size_label(top)} | ratio | esc {size_label(base)} | esc {size_label(top)} "
            f"| PgDn onto new rows {size_label(base)} | PgDn onto new rows {size_label(top)} |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for series in PAGER_SERIES:
            points = {point.size: point for point in r.pager if point.series == series}
            low, high = points[base], points[top]
            lines.append(
                f"| {series} | {_ms(low.first_page)} | {_ms(high.first_page)} | {r.pager_ratio(series, 'first_page'):.2f}× "
                f"| {_ms(low.page_down)} | {_ms(high.page_down)} | {r.pager_ratio(series, 'page_down'):.2f}× "
                f"| {_ms(low.collapse)} | {_ms(high.collapse)} "
                f"| {_ms(low.fresh_page) if low.fresh_page is not None else '(all laid out)'} "
                f"| {_ms(high.fresh_page) if high.fresh_page is not None else '(all laid out)'} |"
            )
        lines += [
            "",
            (f"Opening lays out the first {LOOKAHEAD_ROWS} rows or {LOOKAHEAD_CHARACTERS:,} characters, whichever comes "
             "first (so a request that fits in them gets an exact position, "
             "`32/204`), which is why PgDn just after opening costs about the same at both sizes, and why a 10 KB request "
             f"with fewer rows than that opens a little faster than a 10 MB one; the last two columns are the PgDn that "
             "first needs rows past them, which lays out one page. One grapheme cluster of ten million combining marks has "
             "nowhere to cut, so the view neutralises a growing prefix of it, doubling: reading it costs linear time overall, "
             "but the PgDn that needs the next doubling pays for the prefix so far."),
            "",
        ]
    return lines


# ── the plot ───────────────────────────────────────────────────────────────

_VIEW_COLOURS = {"bounded": "#2a9d8f", "complete": "#e76f51", "legacy": "#6c757d"}
_SERIES_MARKERS = {"here-string": "o", "single-line": "s", "forwarded": "^", "mcp-argument": "D", "command-chain": "v",
                   "padding": "P"}


def plot_latency(results: BenchResults, path: Path) -> Path:
    """Log-log latency against payload size: bounded flat, complete and legacy linear."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "askbench"  # stable ids: the committed SVG changes only when the numbers do
    figure, axes = plt.subplots(figsize=(11, 6))
    for view in ("bounded", "complete", "legacy"):
        for series in SERIES:
            points = [p for p in results.scaling if p.series == series]
            axes.plot(
                [p.size for p in points],
                [getattr(p, view) for p in points],
                color=_VIEW_COLOURS[view],
                marker=_SERIES_MARKERS[series],
                linestyle="-" if series == "here-string" else "--",
                linewidth=1.2,
                markersize=4,
                label=f"{view} · {series}",
            )
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlabel("payload size (characters)")
    axes.set_ylabel("median time per render (s)")
    axes.set_title(f"askbench render latency, width {WIDTH} — Python {results.machine.python}")
    axes.grid(True, which="both", linewidth=0.3)
    axes.legend(fontsize=7, loc="center left", bbox_to_anchor=(1.01, 0.5), frameon=False)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    kind = path.suffix.lstrip(".").lower() or "svg"  # SVG for the report; PNG works too
    figure.savefig(path, format=kind, metadata={"Date": None} if kind == "svg" else None)
    plt.close(figure)
    return path


@dataclass(frozen=True)
class BenchFiles:
    report: Path
    plot: Path | None
    """``None`` when the scaling section was not measured (``--only``)."""
    results: BenchResults


def write_bench(
    out_dir: Path,
    settings: BenchSettings = FULL,
    log: Callable[[str], None] | None = None,
    peers: Sequence[Peer] = (),
    only: frozenset[str] | None = None,
) -> BenchFiles:
    """Run the chosen sections once and write ``bench.md`` (and, with the scaling, ``bench-latency.svg``)."""
    results = run_bench(settings, log, peers, only)
    out_dir.mkdir(parents=True, exist_ok=True)
    plot = plot_latency(results, out_dir / "bench-latency.svg") if results.scaling else None
    report = out_dir / "bench.md"
    text = format_report(results)
    kept = kept_section(report)  # measured apart (askbench bench --xdist), in minutes: carried over as it is
    report.write_text(splice(text, kept) if kept else text, encoding="utf-8")
    return BenchFiles(report, plot, results)


def cmd_bench(args: argparse.Namespace) -> int:
    """The ``askbench bench`` subcommand."""
    settings = QUICK if args.quick else FULL
    if args.impl_fixture:
        settings = dataclasses.replace(settings, peer_fixtures=tuple(args.impl_fixture))
    def log(message: str) -> None:
        print(f"askbench bench: {message}", file=sys.stderr, flush=True)

    if args.xdist:
        if args.scratch is None:
            print("askbench bench: --xdist needs --scratch DIR for the 10x corpus (outside the repository)",
                  file=sys.stderr)
            return 2
        report = Path(args.out) / "bench.md"
        write_xdist_section(report, Path(args.scratch), log)
        print(f"wrote the xdist section of {report}")
        return 0
    only = args.only if args.only is not None else frozenset(SECTIONS)
    expected = expected_run(settings, only, len(args.impl))
    log(f"sections {', '.join(name for name in SECTIONS if name in only)}; expected run time about "
        f"{_duration(expected)} on an idle machine")
    load, cpus = _load(), os.cpu_count() or 1
    if load is not None and load > cpus:
        log(f"warning: the load average is {load:.2f} on {cpus} CPUs: expect about {_duration(expected * load / cpus)}; "
            "times will be inflated and the report marks any missed target as measured under load")
    files = write_bench(Path(args.out), settings, log, args.impl, args.only)
    print(f"wrote {files.report}" + (f" and {files.plot}" if files.plot is not None else ""))
    return 0


def _fixture_path(text: str) -> Path:
    from .fixture_ids import FixtureNotFound, resolve

    try:
        path = resolve(text)
    except FixtureNotFound as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a folder; --impl-fixture takes one fixture")
    return path


def _duration(seconds: float) -> str:
    return f"{seconds:,.0f} s" if seconds < 120 else f"{seconds / 60:,.0f} min"


def add_bench_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    bench = commands.add_parser(
        "bench",
        help="measure render latency, scaling, wrapping and the gate; write reports/bench.md and the plot",
        description="Run every measurement (or the --only sections) in one process and write bench.md and "
        "bench-latency.svg; the expected run time is printed first, and a load average above the CPU count is "
        "warned about and marked on every missed target (--quick: tiny sizes, seconds, not a measurement).",
    )
    bench.add_argument("--out", default="reports", help="output folder (default: reports)")
    bench.add_argument("--quick", action="store_true", help="tiny sizes and few rounds: checks the report, measures nothing")
    bench.add_argument("--xdist", action="store_true",
                       help="instead: time the gate in one process and under pytest-xdist (-n auto) on the corpus and a "
                       "10x copy of it, and write that section of bench.md (many minutes)")
    bench.add_argument("--scratch", metavar="DIR", help="with --xdist: where the 10x corpus is generated")
    bench.add_argument("--only", type=parse_only, metavar="SECTION[,...]",
                       help=f"only these sections: {', '.join(SECTIONS)} (the report holds just them; give --out "
                       "elsewhere to keep a full report)")
    bench.add_argument("--impl-fixture", type=_fixture_path, action="append", default=[], metavar="FIXTURE",
                       help="the fixtures every adapter is timed on (a file or a built-in id; repeatable; default: "
                       "the seed's repro)")
    bench.add_argument("--impl", type=parse_peer, action="append", default=[], metavar="NAME=CMD",
                       help="also time this adapter (askbench/1, in a session) request by request against the "
                       "reference adapter, bounded and complete, with its renderUs when it reports one; repeatable")
    bench.set_defaults(run=cmd_bench)
