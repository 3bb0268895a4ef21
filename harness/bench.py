"""``askbench bench``: every measurement in one process, written to ``reports/bench.md``.

The issue's targets are ratios measured in one run (bounded 10 MB / 10 KB,
ours against ``wcwidth.wrap``), because absolute times on a shared 2-core
machine move by tens of percent from one minute to the next while a ratio
of two interleaved measurements does not. Absolute numbers are reported as
context, next to the upstream renderer's (TypeScript on Node 20).

This is a report generator, not a test: it times with ``time.perf_counter``
and takes medians of repeated batches; ``benchmarks/`` holds the
pytest-benchmark suite over the same payloads.
"""

from __future__ import annotations

import argparse
import cProfile
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

from impl.cells import wrap_text
from impl.dialog import DialogBudget, complete_view_budget, render_prompt_dialog
from impl.frame import render_frame
from impl.keys import CTRL_O, ESC, PAGE_DOWN
from impl.legacy import wrap_message
from impl.payload import PayloadError, PromptPayload, build_payload
from impl.prompt import LOOKAHEAD_CHARACTERS, LOOKAHEAD_ROWS, PermissionPrompt
from impl.shell import outline

from .checks import WIDTHS
from .bench_xdist import kept_section, splice, write_xdist_section
from .corpus import BUILTIN_CORPUS, load_corpus
from .gate import run_gate
from .series import PAGER_SERIES, PANEL, SERIES, build_point, repro_payload, size_label
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
)


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
    """Seconds to parse and outline the command (``impl.shell.outline``)."""
    build: float
    """Seconds to build the whole payload, the outline included: once per ask."""
    bounded: float
    """The bounded render with the outline already in the payload (from the scaling run)."""


@dataclass(frozen=True)
class WrapComparison:
    """``impl.cells.wrap_text`` and ``wcwidth.wrap`` on the same ASCII text, median seconds per call."""

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
    repro_complete: float
    scaling: tuple[ScalingPoint, ...]
    wrap: WrapComparison
    gate: GateTiming
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
            first, down, back = (statistics.median(column) for column in zip(*rows))
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


def run_bench(settings: BenchSettings = FULL, log: Callable[[str], None] | None = None) -> BenchResults:
    """Every measurement, in one process, in an order that keeps the big payloads' memory apart."""
    say = log or (lambda message: None)
    started = time.perf_counter()
    load_before = _load()
    say("the seed's repro")
    repro, repro_fastest, repro_complete = measure_repro(settings)
    scaling: list[ScalingPoint] = []
    for series in SERIES:
        say(f"series {series}")
        scaling.extend(measure_series(series, settings))
    say("outlines")
    outlines = measure_outlines(settings, scaling)
    say("wrapping against wcwidth.wrap")
    wrap = measure_wrap(settings)
    say("corpus families")
    families = measure_families(settings)
    say("the whole frame against the ask")
    frame = measure_frame(settings)
    say("the pager")
    pager = measure_pager(settings)
    say("profiles")
    profiles = measure_profiles() if settings.profile else {}
    say("the gate")
    gate = measure_gate(settings)
    return BenchResults(
        Machine.here(), settings, repro, repro_complete, tuple(scaling), wrap, gate, tuple(families), profiles,
        time.perf_counter() - started,
        (load_before, _load()) if load_before is not None else None,  # type: ignore[arg-type]
        repro_fastest,
        tuple(pager),
        frame,
        tuple(outlines),
    )


def _load() -> float | None:
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):  # not every platform has one
        return None


# ── the report ─────────────────────────────────────────────────────────────

UPSTREAM_REPRO_US = (34, 44)
UPSTREAM_SINGLE_LINE_US = (289, 1_103)
UPSTREAM_COMPLETE_MS = {1_000_000: 23, 10_000_000: 226}
UPSTREAM_MB_S = 44
TARGET_RATIO = 1.2
TARGET_REPRO_US = 40
TARGET_WRAP = 3
TARGET_GATE_S = 30
TARGET_FRAME_RATIO = 2
TARGET_PAGER_RATIO = 2
UPSTREAM_FRAME_US = (180, 190)
"""The upstream TypeScript renderer's whole bounded frame of the repro on Node 20 (issue 14)."""


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


def _fastest(results: BenchResults) -> str:
    fastest = results.repro_fastest.get(WIDTH)
    return f" (fastest batch {_us(fastest)})" if fastest is not None else ""


def _met(ok: bool) -> str:
    return "**met**" if ok else "**not met**"


def format_report(results: BenchResults) -> str:
    """``reports/bench.md``: machine, targets, the comparison with upstream, then every table behind them."""
    r = results
    m = r.machine
    base, top = r.ratio_sizes
    sizes = r.settings.sizes
    repro_us = r.repro[WIDTH] * 1e6
    ratios = {series: r.bounded_ratio(series) for series in SERIES}
    worst = max(ratios, key=ratios.__getitem__)
    big = sizes[-1]
    throughput = _mb_s(big, r.point("here-string", big).complete)
    gate_s = r.gate.seconds
    lines = [
        "# askbench bench",
        "",
        "Written by `askbench bench` (`make bench`): every number below comes from one process and one run.",
        "Ratios are the targets (two interleaved measurements on the same busy machine); absolute times are context.",
        "",
    ]
    if r.settings.quick:
        lines += ["> **Quick mode**: tiny sizes and few rounds, for tests. These numbers are not a measurement.", ""]
    lines += [
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
        "## Ratios measured in this run",
        "",
        f"- bounded render {size_label(top)} / {size_label(base)}: "
        + ", ".join(f"{series} {ratios[series]:.2f}×" for series in SERIES),
        "- complete-view throughput (here-string): "
        + ", ".join(f"{_mb_s(size, r.point('here-string', size).complete):,.0f} MB/s at {size_label(size)}"
                    for size in sizes if size >= 1_000_000 or size == big),
        f"- our wrap vs `wcwidth.wrap`: {r.wrap.speedup:,.1f}× faster, rows "
        + ("identical" if r.wrap.identical else "**differ** (the ratio is not like for like)")
        + f" ({r.wrap.rows:,} rows of {r.wrap.characters:,} ASCII characters at width {r.wrap.width})",
        (f"- gate wall time: {gate_s:,.1f} s for {r.gate.fixtures} fixtures × {len(WIDTHS)} widths "
        f"({r.gate.judgements / gate_s:,.1f} judgements/s) on {', '.join(r.gate.paths)}, exit {r.gate.exit_code}"),
        *_prompt_ratio_lines(r),
        "",
        "## Targets",
        "",
        "| target | goal | measured | |",
        "| --- | --- | --- | --- |",
        (f"| bounded {size_label(top)} / {size_label(base)}, every series | ≤ {TARGET_RATIO} | worst {ratios[worst]:.2f}× ({worst}) "
        f"| {_met(all(ratio <= TARGET_RATIO for ratio in ratios.values()))} |"),
        (f"| bounded render of the repro, median at {WIDTH} | ≤ ~{TARGET_REPRO_US} µs (upstream {UPSTREAM_REPRO_US[0]}–{UPSTREAM_REPRO_US[1]} µs) "
        f"| {repro_us:,.1f} µs | {_met(repro_us <= TARGET_REPRO_US)} |"),
        (f"| complete-view throughput, {size_label(big)} here-string | ≥ {UPSTREAM_MB_S} MB/s | {throughput:,.0f} MB/s "
        f"| {_met(throughput >= UPSTREAM_MB_S)} |"),
        (f"| our wrap vs `wcwidth.wrap`, identical rows | ≥ {TARGET_WRAP}× | {r.wrap.speedup:,.1f}× "
        f"| {_met(r.wrap.identical and r.wrap.speedup >= TARGET_WRAP)} |"),
        (f"| `askbench check` on {', '.join(r.gate.paths)} | ≤ {TARGET_GATE_S} s | {gate_s:,.1f} s "
        f"| {_met(gate_s <= TARGET_GATE_S and r.gate.exit_code == 0)} |"),
        *_prompt_targets(r),
        "",
        "## Against the upstream renderer",
        "",
        "The upstream figures are the TypeScript renderer on Node 20, from the issue; ours are CPython, this run, width 120.",
        "",
        "| measure | upstream | askbench |",
        "| --- | --- | --- |",
        f"| bounded render of the repro, median | {UPSTREAM_REPRO_US[0]}–{UPSTREAM_REPRO_US[1]} µs | {repro_us:,.1f} µs{_fastest(r)} |",
    ]
    first = sizes[0]
    single = r.bounded_ratio("single-line", first)
    here = r.bounded_ratio("here-string", first)
    lines += [
        (f"| bounded, single-line command, {size_label(first)} → {size_label(top)} | 3.8× "
        f"({UPSTREAM_SINGLE_LINE_US[0]} → {UPSTREAM_SINGLE_LINE_US[1]:,} µs) "
        f"| {single:.2f}× ({_us(r.point('single-line', first).bounded)} → {_us(r.point('single-line', top).bounded)}) |"),
        (f"| bounded, here-string, {size_label(first)} → {size_label(top)} | flat | {here:.2f}× "
        f"({_us(r.point('here-string', first).bounded)} → {_us(r.point('here-string', top).bounded)}) |"),
    ]
    for size, upstream_ms in UPSTREAM_COMPLETE_MS.items():
        upstream = f"{upstream_ms} ms ({_mb_s(size, upstream_ms / 1e3):.0f} MB/s)"
        if size in sizes:
            seconds = r.point("here-string", size).complete
            ours = f"{_ms(seconds)} ({_mb_s(size, seconds):,.0f} MB/s)"
        else:
            ours = "not measured in this run"
        lines.append(f"| complete view, here-string, {size_label(size)} | {upstream} | {ours} |")
    lines += [
        "",
        "## Scaling, 1 KB → 10 MB",
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
    lines += [
        "",
        "## The seed's repro",
        "",
        "| width | bounded, median | fastest batch |",
        "| ---: | ---: | ---: |",
        *[f"| {width} | {_us(seconds)} | {_us(r.repro_fastest[width]) if width in r.repro_fastest else ''} |"
          for width, seconds in sorted(r.repro.items())],
        "",
        f"Complete view at {WIDTH}: {_us(r.repro_complete)}.",
        "",
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
    lines += [
        "",
        "## Wrapping against `wcwidth.wrap`",
        "",
        (f"{r.wrap.characters:,} characters of ASCII without spaces or hyphens ({r.settings.wrap_lines} lines of "
        f"{r.settings.wrap_line_length:,}), width {r.wrap.width}: there word wrap and hard wrap must agree, and the rows "
        f"{'are' if r.wrap.identical else 'are **not**'} identical. `impl.cells.wrap_text` {_ms(r.wrap.ours)}, "
        f"`wcwidth.wrap` per paragraph {_ms(r.wrap.theirs)}: {r.wrap.speedup:,.1f}×. On text with spaces the two "
        "rules give different rows by design (a prompt keeps the whitespace a word wrapper drops), so no ratio is claimed there."),
        "",
    ]
    lines += _prompt_sections(r)
    if r.profiles:
        lines += ["## Where the time goes (cProfile)", "",
                  "Own time per render under the profiler, which inflates small calls: read the order, not the µs.", ""]
        for title, profile in r.profiles.items():
            lines += [f"**{title}**", "", "| function | calls | own | cumulative |", "| --- | ---: | ---: | ---: |"]
            lines += [f"| `{line.function}` | {line.calls:,} | {_ms(line.own)} | {_ms(line.cumulative)} |" for line in profile]
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


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
            f"| {r.frame.ratio:.2f}× ({_us(r.frame.frame)} / {_us(r.frame.ask)}) | {_met(r.frame.ratio <= TARGET_FRAME_RATIO)} |"
        )
    if r.pager:
        base, top = (size_label(size) for size in r.settings.pager_sizes)
        for key, attribute in (("first page (ctrl+o)", "first_page"), ("PgDn", "page_down")):
            ratios = {series: r.pager_ratio(series, attribute) for series in PAGER_SERIES}
            worst = max(ratios, key=ratios.__getitem__)
            rows.append(
                f"| pager {key} {top} / {base}, every series and hostile shape | ≤ {TARGET_PAGER_RATIO}× "
                f"| worst {ratios[worst]:.2f}× ({worst}) | {_met(all(v <= TARGET_PAGER_RATIO for v in ratios.values()))} |"
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
             "The chrome is fitted with `impl.cells` widths once per text and width and kept, so a frame costs its ask "
             "plus a few concatenations."),
            "",
            "| measure | median | / ask |",
            "| --- | ---: | ---: |",
            f"| ask | {_us(f.ask)} | 1.00× |",
            f"| whole frame | {_us(f.frame)} | {f.ratio:.2f}× |",
            f"| interactive redraw | {_us(f.redraw)} | {f.redraw / f.ask:.2f}× |",
            f"| upstream whole frame (Node 20, issue 14) | {UPSTREAM_FRAME_US[0]}–{UPSTREAM_FRAME_US[1]} µs | |",
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
             "as it is read (`impl.complete_view`) and kept per width, so these stay flat from "
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
    """Log-log latency against payload size: bounded flat, complete and legacy linear, upstream points for scale."""
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
    axes.plot(list(UPSTREAM_COMPLETE_MS), [ms / 1e3 for ms in UPSTREAM_COMPLETE_MS.values()], "kx", markersize=8,
              label="upstream complete (Node 20)")
    axes.plot([1_000, 10_000_000], [us / 1e6 for us in UPSTREAM_SINGLE_LINE_US], "k+", markersize=9,
              label="upstream bounded single-line (Node 20)")
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
    plot: Path
    results: BenchResults


def write_bench(out_dir: Path, settings: BenchSettings = FULL, log: Callable[[str], None] | None = None) -> BenchFiles:
    """Run everything once and write ``bench.md`` and ``bench-latency.svg`` into ``out_dir``."""
    results = run_bench(settings, log)
    out_dir.mkdir(parents=True, exist_ok=True)
    plot = plot_latency(results, out_dir / "bench-latency.svg")
    report = out_dir / "bench.md"
    text = format_report(results)
    kept = kept_section(report)  # measured apart (askbench bench --xdist), in minutes: carried over as it is
    report.write_text(splice(text, kept) if kept else text, encoding="utf-8")
    return BenchFiles(report, plot, results)


def cmd_bench(args: argparse.Namespace) -> int:
    """The ``askbench bench`` subcommand."""
    settings = QUICK if args.quick else FULL
    log = (lambda message: print(f"askbench bench: {message}", file=sys.stderr, flush=True))
    if args.xdist:
        if args.scratch is None:
            print("askbench bench: --xdist needs --scratch DIR for the 10x corpus (outside the repository)",
                  file=sys.stderr)
            return 2
        report = Path(args.out) / "bench.md"
        write_xdist_section(report, Path(args.scratch), log)
        print(f"wrote the xdist section of {report}")
        return 0
    files = write_bench(Path(args.out), settings, log)
    print(f"wrote {files.report} and {files.plot}")
    return 0


def add_bench_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    bench = commands.add_parser(
        "bench",
        help="measure render latency, scaling, wrapping and the gate; write reports/bench.md and the plot",
        description="Run every measurement in one process and write bench.md and bench-latency.svg "
        "(about a minute; --quick: tiny sizes, seconds, not a measurement).",
    )
    bench.add_argument("--out", default="reports", help="output folder (default: reports)")
    bench.add_argument("--quick", action="store_true", help="tiny sizes and few rounds: checks the report, measures nothing")
    bench.add_argument("--xdist", action="store_true",
                       help="instead: time the gate in one process and under pytest-xdist (-n auto) on the corpus and a "
                       "10x copy of it, and write that section of bench.md (many minutes)")
    bench.add_argument("--scratch", metavar="DIR", help="with --xdist: where the 10x corpus is generated")
    bench.set_defaults(run=cmd_bench)
