"""``reports/bench.md``: the ratios, verdicts and tables are computed from hand-made results."""

from __future__ import annotations

import dataclasses

from askbench.harness.bench.results import (
    BenchResults,
    FamilyLatency,
    FrameComparison,
    GateTiming,
    Machine,
    PagerPoint,
    ScalingPoint,
    WrapComparison,
)
from askbench.harness.bench.series import PAGER_SERIES, SERIES
from askbench.harness.bench.settings import BenchSettings
from askbench.harness.reporters.bench_report import format_report


def _results(
    bounded_top: float = 22e-6, gate_seconds: float = 12.0, identical: bool = True
) -> BenchResults:
    sizes = (1_000, 10_000, 1_000_000, 10_000_000)
    scaling = tuple(
        ScalingPoint(
            series,
            size,
            bounded_top if size == 10_000_000 else 20e-6,
            size / 100e6,
            size / 200e6,
            size // 100,
        )
        for series in SERIES
        for size in sizes
    )
    settings = BenchSettings(sizes=sizes, profile=False)
    return BenchResults(
        machine=Machine("3.11.7", "CPython", "Linux-test", "x86_64", 2),
        settings=settings,
        repro={80: 21e-6, 120: 20e-6, 160: 19e-6},
        repro_complete=45e-6,
        scaling=scaling,
        wrap=WrapComparison(100_099, 80, 0.2e-3, 130e-3, identical, 1_300),
        gate=GateTiming(290, 870, gate_seconds, 0, ("corpus",)),
        families=(FamilyLatency("bash", 40, 30e-6, 90e-6, "long-one", 40e-6, 2e-3),),
    )


def test_ratios_and_throughput_are_computed_from_the_points() -> None:
    text = format_report(_results())
    assert (
        "- bounded render 10 MB / 10 KB: here-string 1.10×, single-line 1.10×, forwarded 1.10×, mcp-argument 1.10×"
        in text
    )
    assert "100 MB/s at 1 MB, 100 MB/s at 10 MB" in text
    assert "| here-string | 10 MB | 22.0 µs | 100.0 ms | 100 | 100,000 | 50.0 ms |" in text
    assert "650.0× faster, rows identical" in text
    assert text.count("**met**") == 3 and "**not met**" not in text


def _with_prompt(frame_ratio: float, slow_series: str | None) -> BenchResults:
    results = _results()
    pager = tuple(
        PagerPoint(
            series,
            size,
            2e-3 * (3 if size == 10_000_000 and series == slow_series else 1),
            1e-3,
            0.1e-3,
        )
        for series in PAGER_SERIES
        for size in (10_000, 10_000_000)
    )
    settings = BenchSettings(
        sizes=results.settings.sizes, profile=False, pager_sizes=(10_000, 10_000_000)
    )
    return BenchResults(
        results.machine,
        settings,
        results.repro,
        results.repro_complete,
        results.scaling,
        results.wrap,
        results.gate,
        results.families,
        pager=pager,
        frame=FrameComparison(120, 20e-6, frame_ratio * 20e-6, 10e-6),
    )


def test_the_prompt_targets_are_judged_from_the_measurements() -> None:
    text = format_report(_with_prompt(1.25, None))
    assert (
        "| whole bounded frame of the repro / its ask, at 120 | ≤ 2× | 1.25× (25.0 µs / 20.0 µs) | **met** |"
        in text
    )
    assert (
        "| pager first page (ctrl+o) 10 MB / 10 KB, every series and hostile shape | ≤ 2× | worst 1.00× (here-string) | **met** |"
        in text
    )
    assert (
        "| combining marks | 2.0 ms | 2.0 ms | 1.00× | 1.0 ms | 1.0 ms | 1.00× | 100.0 µs | 100.0 µs |"
        in text
    )
    missed = format_report(_with_prompt(2.5, "bidi controls"))
    assert "| 2.50× (50.0 µs / 20.0 µs) | **not met** |" in missed
    assert "| worst 3.00× (bidi controls) | **not met** |" in missed


def test_a_missed_target_says_so() -> None:
    text = format_report(_results(bounded_top=30e-6, gate_seconds=45.0, identical=False))
    assert (
        "| bounded 10 MB / 10 KB, every series | ≤ 1.2 | worst 1.50× (here-string) | **not met** |"
        in text
    )
    assert "≤ 30 s | 45.0 s | **not met** |" in text
    assert "rows **differ** (the ratio is not like for like)" in text
    assert text.count("**not met**") == 3


def test_a_miss_under_load_is_marked_and_the_report_warns() -> None:
    loaded = dataclasses.replace(_results(bounded_top=30e-6), load=(5.0, 3.0))
    text = format_report(loaded)
    assert "**Warning: a loaded machine.** The load average reached 5.00 on 2 CPUs" in text
    assert (
        "| worst 1.50× (here-string) | **not met** (under load: measured while the load average exceeded the CPUs) |"
        in text
    )
    assert "**met**" in text  # a target met under load stands
    idle = format_report(dataclasses.replace(_results(bounded_top=30e-6), load=(1.5, 2.0)))
    assert "loaded machine" not in idle and "under load" not in idle and "**not met** |" in idle
