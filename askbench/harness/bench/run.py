"""``askbench bench``: every measurement in one process, the results ``reports/bench.md`` is written from.

The issue's targets are ratios measured in one run (bounded 10 MB / 10 KB,
ours against ``wcwidth.wrap``), because absolute times on a shared 2-core
machine move by tens of percent from one minute to the next while a ratio
of two interleaved measurements does not. Absolute numbers are reported as
context. A peer implementation is measured only through the adapter path, side by side with
the reference in the same run (``--impl NAME=CMD``, ``askbench.harness.bench.peers``): no peer's figure is typed in.

This is a report generator, not a test: it times with ``time.perf_counter``
and takes medians of repeated batches; ``benchmarks/`` holds the
pytest-benchmark suite over the same payloads.
"""

from __future__ import annotations

import cProfile
import functools
import gc
import pstats
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TypeVar

from wcwidth import wrap as wcwidth_wrap

from askbench.impl.cells import wrap_text
from askbench.impl.dialog import (
    DialogBudget,
    complete_view_budget,
    forget_kept,
    render_prompt_dialog,
)
from askbench.impl.frame import render_frame
from askbench.impl.keys import CTRL_O, ESC, PAGE_DOWN
from askbench.impl.legacy import wrap_message
from askbench.impl.payload import PayloadError, PromptPayload, build_payload
from askbench.impl.prompt import PermissionPrompt
from askbench.impl.shell import outline

from ..drivers.paint import chrome_style, warning_paint
from ..fixtures.loading import BUILTIN_CORPUS, load_corpus
from ..judge.width_run import WIDTHS
from ..runners.gate import run_gate
from . import timing
from .peers import Peer, measure_peers
from .results import (
    BenchResults,
    FamilyLatency,
    FrameComparison,
    GateTiming,
    Machine,
    OutlineCost,
    PagerPoint,
    ProfileLine,
    ScalingPoint,
    WrapComparison,
)
from .series import PAGER_SERIES, REPRO, SERIES, build_point, repro_payload
from .settings import (
    FULL,
    OUTLINED_SERIES,
    PAGER_HEIGHT,
    SECTIONS,
    WIDTH,
    BenchSettings,
)
from .startup import MCP_FIXTURE, measure_startup
from .timing import Clock, interleaved_medians, interleaved_samples, median_time

# ── the measurements ───────────────────────────────────────────────────────


def _bounded_at(payload: PromptPayload, width: int) -> Callable[[], object]:
    """The bounded render at one width, the budget built per call as a host builds it."""
    return lambda: render_prompt_dialog(payload, DialogBudget(width=width))


def _complete_of(payload: PromptPayload) -> Callable[[], object]:
    """The complete view at the bench width, its budget built per call."""
    return lambda: render_prompt_dialog(payload, complete_view_budget(WIDTH))


def _first_at(payload: PromptPayload, width: int) -> Callable[[], object]:
    """The bounded render at one width with nothing kept from an earlier render (``forget_kept``, included)."""

    def first() -> object:
        forget_kept()
        return render_prompt_dialog(payload, DialogBudget(width=width))

    return first


def measure_repro(
    settings: BenchSettings,
) -> tuple[dict[int, float], dict[int, float], float, dict[int, float]]:
    """Bounded at every gate width (median and fastest batch, and the median of first renders), and the complete
    view at 120."""
    payload = repro_payload()
    renders: dict[tuple[str, int], Callable[[], object]] = {}
    for width in WIDTHS:
        renders["again", width] = _bounded_at(payload, width)
        renders["first", width] = _first_at(payload, width)
    every = interleaved_samples(renders, settings.repro_rounds, settings.repro_batch)
    samples = {width: every["again", width] for width in WIDTHS}
    first = {width: statistics.median(every["first", width]) for width in WIDTHS}
    complete = median_time(
        lambda: render_prompt_dialog(payload, complete_view_budget(WIDTH)),
        settings.repro_rounds,
        10,
    )
    medians = {width: statistics.median(values) for width, values in samples.items()}
    return medians, {width: min(values) for width, values in samples.items()}, complete, first


def measure_series(series: str, settings: BenchSettings) -> list[ScalingPoint]:
    """One series at every size: bounded interleaved across sizes, complete and legacy size by size."""
    points = {size: build_point(series, size) for size in settings.sizes}
    budget = DialogBudget(width=WIDTH)
    gc.collect()
    bounded = interleaved_medians(
        {
            size: partial(render_prompt_dialog, point.payload, budget)
            for size, point in points.items()
        },
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
            out.append(
                PagerPoint(
                    series,
                    size,
                    first,
                    down,
                    back,
                    statistics.median(fresh[size]) if fresh[size] else None,
                )
            )
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
            "frame": lambda: render_frame(
                payload, "bounded", budget, paint=warning_paint, style=chrome_style
            ),
            "redraw": lambda: prompt.render(WIDTH, PAGER_HEIGHT),
        },
        settings.frame_rounds,
        settings.frame_batch,
    )
    return FrameComparison(WIDTH, medians["ask"], medians["frame"], medians["redraw"])


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
    return [
        row
        for line in text.split("\n")
        for row in wcwidth_wrap(line, width, break_on_hyphens=False)
    ]


UNBREAKABLE = "panel1"
"""Letters and digits alone: no break opportunity for a word wrapper under any rule (UAX #14 has none
between them), so its rows are a hard wrap's. Punctuation is not: ``wcwidth.wrap`` breaks after ``,``
and ``}`` since it follows UAX #14 (0.9.5), where 0.9.4 broke only at spaces and hyphens."""


def unbreakable_text(length: int, lines: int) -> str:
    """``lines`` lines of ``length`` characters that word wrap and hard wrap must break alike."""
    line = (UNBREAKABLE * (length // len(UNBREAKABLE) + 1))[:length]
    return "\n".join([line] * lines)


def measure_wrap(settings: BenchSettings, width: int = 80) -> WrapComparison:
    """Text a word wrapper cannot break but at the width, where its rows and a hard wrap's must be the same."""
    text = unbreakable_text(settings.wrap_line_length, settings.wrap_lines)
    ours_rows = wrap_text(text, width)
    identical = ours_rows == wcwidth_rows(text, width)
    times = interleaved_medians(
        {"ours": lambda: wrap_text(text, width), "theirs": lambda: wcwidth_rows(text, width)},
        settings.wrap_rounds,
        1,
    )
    return WrapComparison(
        len(text), width, times["ours"], times["theirs"], identical, len(ours_rows)
    )


def measure_gate(settings: BenchSettings) -> GateTiming:
    gc.collect()
    start = time.perf_counter()
    run = run_gate(list(settings.gate_paths), WIDTHS)
    seconds = time.perf_counter() - start
    judged = sum(len(result.widths) for result in run.results)
    return GateTiming(
        len(run.results),
        judged,
        seconds,
        run.exit_code,
        tuple(_shown_path(p) for p in settings.gate_paths),
    )


def measure_families(settings: BenchSettings) -> list[FamilyLatency]:
    fixtures, _ = load_corpus(list(settings.gate_paths))
    by_family: dict[str, list[tuple[str, float, float]]] = {}
    for fixture in fixtures:
        try:
            payload = build_payload(fixture.call, fixture.ask)
        except PayloadError:
            continue
        budget = fixture.budget(WIDTH)
        bounded = median_time(
            partial(render_prompt_dialog, payload, budget), settings.family_rounds, 5
        )
        complete = median_time(_complete_of(payload), settings.family_rounds)
        by_family.setdefault(fixture.path.parent.name, []).append((fixture.name, bounded, complete))
    out = []
    for family, cases in sorted(by_family.items()):
        slowest = max(cases, key=lambda case: case[1])
        out.append(
            FamilyLatency(
                family,
                len(cases),
                statistics.median(case[1] for case in cases),
                slowest[1],
                slowest[0],
                statistics.median(case[2] for case in cases),
                max(case[2] for case in cases),
            )
        )
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
        where = (
            f"{Path(filename).parent.name}/{Path(filename).name}:{line}" if filename != "~" else ""
        )
        lines.append(
            ProfileLine(
                f"{where} {name}".strip(), calls // repeat, own / repeat, cumulative / repeat
            )
        )
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
            lambda: render_frame(
                repro, "bounded", DialogBudget(width=WIDTH), paint=warning_paint, style=chrome_style
            ),
            2_000,
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
    load_before = timing.load_average()
    startup = (
        _section(
            chosen,
            "startup",
            "start-up",
            say,
            lambda: measure_startup((REPRO, MCP_FIXTURE), settings.startup_rounds),
        )
        or ()
    )
    repro: dict[int, float] = {}
    repro_fastest: dict[int, float] = {}
    repro_complete: float | None = None
    repro_first: dict[int, float] = {}
    if "repro" in chosen:
        say("the seed's repro")
        repro, repro_fastest, repro_complete, repro_first = measure_repro(settings)
    comparison = None
    if "peers" in chosen:
        say(
            "the reference adapter"
            + "".join(f" and {peer.name}" for peer in peers)
            + ", request by request"
        )
        comparison = measure_peers(peers, settings.peer_fixtures, WIDTH, settings.peer_rounds)
    scaling: list[ScalingPoint] = []
    outlines: list[OutlineCost] = []
    if "scaling" in chosen:
        for series in SERIES:
            say(f"series {series}")
            scaling.extend(measure_series(series, settings))
        say("outlines")
        outlines = measure_outlines(settings, scaling)
    wrap = _section(
        chosen, "wrap", "wrapping against wcwidth.wrap", say, lambda: measure_wrap(settings)
    )
    families = (
        _section(chosen, "families", "corpus families", say, lambda: measure_families(settings))
        or []
    )
    frame = _section(
        chosen, "frame", "the whole frame against the ask", say, lambda: measure_frame(settings)
    )
    pager = _section(chosen, "pager", "the pager", say, lambda: measure_pager(settings)) or []
    profiles = (
        _section(chosen, "profiles", "profiles", say, measure_profiles)
        if settings.profile
        else None
    ) or {}
    gate = _section(chosen, "gate", "the gate", say, lambda: measure_gate(settings))
    load_after = timing.load_average()
    return BenchResults(
        Machine.here(),
        settings,
        repro,
        repro_complete,
        tuple(scaling),
        wrap,
        gate,
        tuple(families),
        profiles,
        time.perf_counter() - started,
        (load_before, load_after) if load_before is not None and load_after is not None else None,
        repro_fastest,
        tuple(pager),
        frame,
        tuple(outlines),
        comparison,
        startup,
        chosen,
        repro_first,
    )


Measured = TypeVar("Measured")


def _section(
    chosen: frozenset[str],
    name: str,
    title: str,
    say: Callable[[str], None],
    measure: Callable[[], Measured],
) -> Measured | None:
    if name not in chosen:
        return None
    say(title)
    return measure()


def _shown_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(BUILTIN_CORPUS.parent))
    except ValueError:
        return str(path)


__all__ = [
    "measure_families",
    "measure_frame",
    "measure_gate",
    "measure_outlines",
    "measure_pager",
    "measure_profiles",
    "measure_repro",
    "measure_series",
    "measure_wrap",
    "profile_top",
    "run_bench",
    "wcwidth_rows",
]
