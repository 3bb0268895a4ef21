"""``askbench bench``: the report has every section and states its ratios; timing is checked with a fake clock.

Nothing here asserts a wall-clock threshold: a busy CI machine must not fail
the suite. The quick mode runs every measurement on tiny payloads; the
report's arithmetic and verdicts are checked on hand-made results.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import re
from pathlib import Path

import pytest

from askbench.harness.bench import (
    FULL,
    QUICK,
    SECTIONS as SECTION_NAMES,
    BenchResults,
    BenchSettings,
    FamilyLatency,
    FrameComparison,
    GateTiming,
    Machine,
    PagerPoint,
    ScalingPoint,
    WrapComparison,
    add_bench_parser,
    expected_run,
    format_report,
    interleaved_medians,
    median_time,
    parse_only,
    wcwidth_rows,
    write_bench,
)
from askbench.harness.cli import build_parser
from askbench.harness.series import PAGER_SERIES, SERIES, build_point, here_string, single_line, size_label
from askbench.impl.cells import wrap_text
from askbench.impl.dialog import DialogBudget, complete_view_budget, render_prompt_dialog

SECTIONS = (
    "## Machine",
    "## Ratios measured in this run",
    "## Targets",
    "## Side by side through the adapter path",
    "## Start-up",
    "## Scaling, 1 KB → 100 KB",  # the sizes measured: the quick run stops at 100 KB
    "## The seed's repro",
    "## Corpus families",
    "## Wrapping against `wcwidth.wrap`",
    "## The whole frame against the ask",
    "## The pager",
)


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    return write_bench(tmp_path_factory.mktemp("bench"), QUICK)


def test_quick_bench_writes_every_section(quick_run) -> None:  # type: ignore[no-untyped-def]
    text = quick_run.report.read_text(encoding="utf-8")
    for section in SECTIONS:
        assert section in text
    assert "Quick mode" in text
    assert re.search(r"^\| Python \| \w+ 3\.\d+", text, re.MULTILINE) and re.search(r"^\| CPUs \| \d+ \|", text, re.MULTILINE)


def test_quick_bench_states_the_ratios_measured_in_one_run(quick_run) -> None:  # type: ignore[no-untyped-def]
    text = quick_run.report.read_text(encoding="utf-8")
    ratio_line = next(line for line in text.splitlines() if line.startswith("- bounded render 100 KB / 10 KB:"))
    for series in SERIES:
        assert re.search(rf"{series} \d+\.\d\d×", ratio_line), series
    assert re.search(r"^- complete-view throughput \(here-string\): [\d,]+ MB/s at 100 KB", text, re.MULTILINE)
    assert re.search(r"^- our wrap vs `wcwidth.wrap`: [\d,.]+× faster, rows identical", text, re.MULTILINE)
    assert re.search(r"^- gate wall time: [\d.]+ s for 7 fixtures × 3 widths", text, re.MULTILINE)


def test_quick_bench_types_in_no_peer_figure(quick_run) -> None:  # type: ignore[no-untyped-def]
    """Without --impl the reference adapter is still timed request by request, and no ratio to a peer is claimed."""
    text = quick_run.report.read_text(encoding="utf-8")
    assert "upstream" not in text.lower() and "Node 20" not in text
    assert "No peer was given (`askbench bench --impl NAME=CMD`), so no ratio is claimed." in text
    assert re.search(r"^\| reference \| [\d.,]+ (µs|ms) \(", text, re.MULTILINE)
    peers = quick_run.results.peers
    assert peers is not None and peers.peers == () and peers.row("reference", "bounded").render is not None


def test_quick_bench_measures_every_series_at_every_size(quick_run) -> None:  # type: ignore[no-untyped-def]
    results = quick_run.results
    assert {(p.series, p.size) for p in results.scaling} == {(s, n) for s in SERIES for n in QUICK.sizes}
    assert all(p.bounded > 0 and p.complete > 0 and p.legacy > 0 for p in results.scaling)
    assert results.wrap.identical
    assert results.gate.exit_code == 0 and results.gate.judgements == 21


def test_quick_bench_measures_the_interactive_prompt(quick_run) -> None:  # type: ignore[no-untyped-def]
    results = quick_run.results
    assert {(p.series, p.size) for p in results.pager} == {(s, n) for s in PAGER_SERIES for n in QUICK.pager_sizes}
    assert all(p.first_page > 0 and p.page_down > 0 and p.collapse > 0 for p in results.pager)
    assert results.frame is not None and results.frame.ask > 0 and results.frame.frame > 0
    text = quick_run.report.read_text(encoding="utf-8")
    assert re.search(r"^- whole bounded frame of the repro / its ask: \d+\.\d\d× at width 120$", text, re.MULTILINE)
    assert re.search(r"^- pager first page 10 KB / 1 KB: here-string \d+\.\d\d×.*bidi controls \d+\.\d\d×$", text, re.MULTILINE)
    assert "| pager PgDn 10 KB / 1 KB, every series and hostile shape | ≤ 2× | worst " in text


def test_quick_bench_weighs_the_outline_built_once_against_parsing_per_render(quick_run) -> None:  # type: ignore[no-untyped-def]
    costs = quick_run.results.outlines
    assert {(cost.series, cost.size) for cost in costs} == {
        (series, size) for series in ("here-string", "single-line", "command-chain", "padding") for size in (10_000, 100_000)}
    assert all(cost.outline > 0 and cost.build > 0 and cost.bounded > 0 for cost in costs)
    text = quick_run.report.read_text(encoding="utf-8")
    assert "## The outline: computed once per ask, never in the render" in text
    assert "- command-chain: bounded 100 KB / 10 KB" in text and "if the render parsed it." in text


def test_the_plot_is_an_svg(quick_run) -> None:  # type: ignore[no-untyped-def]
    svg = quick_run.plot.read_text(encoding="utf-8")
    assert quick_run.plot.name == "bench-latency.svg"
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert "bounded" in svg and "complete" in svg and "legacy" in svg


# ── the report's arithmetic, on hand-made results ─────────────────────────


def _results(bounded_top: float = 22e-6, gate_seconds: float = 12.0, identical: bool = True) -> BenchResults:
    sizes = (1_000, 10_000, 1_000_000, 10_000_000)
    scaling = tuple(
        ScalingPoint(series, size, bounded_top if size == 10_000_000 else 20e-6, size / 100e6, size / 200e6, size // 100)
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
    assert "- bounded render 10 MB / 10 KB: here-string 1.10×, single-line 1.10×, forwarded 1.10×, mcp-argument 1.10×" in text
    assert "100 MB/s at 1 MB, 100 MB/s at 10 MB" in text
    assert "| here-string | 10 MB | 22.0 µs | 100.0 ms | 100 | 100,000 | 50.0 ms |" in text
    assert "650.0× faster, rows identical" in text
    assert text.count("**met**") == 3 and "**not met**" not in text


def _with_prompt(frame_ratio: float, slow_series: str | None) -> BenchResults:
    results = _results()
    pager = tuple(
        PagerPoint(series, size, 2e-3 * (3 if size == 10_000_000 and series == slow_series else 1), 1e-3, 0.1e-3)
        for series in PAGER_SERIES
        for size in (10_000, 10_000_000)
    )
    settings = BenchSettings(sizes=results.settings.sizes, profile=False, pager_sizes=(10_000, 10_000_000))
    return BenchResults(
        results.machine, settings, results.repro, results.repro_complete, results.scaling, results.wrap, results.gate,
        results.families, pager=pager, frame=FrameComparison(120, 20e-6, frame_ratio * 20e-6, 10e-6),
    )


def test_the_prompt_targets_are_judged_from_the_measurements() -> None:
    text = format_report(_with_prompt(1.25, None))
    assert "| whole bounded frame of the repro / its ask, at 120 | ≤ 2× | 1.25× (25.0 µs / 20.0 µs) | **met** |" in text
    assert "| pager first page (ctrl+o) 10 MB / 10 KB, every series and hostile shape | ≤ 2× | worst 1.00× (here-string) | **met** |" in text
    assert "| combining marks | 2.0 ms | 2.0 ms | 1.00× | 1.0 ms | 1.0 ms | 1.00× | 100.0 µs | 100.0 µs |" in text
    missed = format_report(_with_prompt(2.5, "bidi controls"))
    assert "| 2.50× (50.0 µs / 20.0 µs) | **not met** |" in missed
    assert "| worst 3.00× (bidi controls) | **not met** |" in missed


def test_a_missed_target_says_so() -> None:
    text = format_report(_results(bounded_top=30e-6, gate_seconds=45.0, identical=False))
    assert "| bounded 10 MB / 10 KB, every series | ≤ 1.2 | worst 1.50× (here-string) | **not met** |" in text
    assert "≤ 30 s | 45.0 s | **not met** |" in text
    assert "rows **differ** (the ratio is not like for like)" in text
    assert text.count("**not met**") == 3


def test_a_miss_under_load_is_marked_and_the_report_warns() -> None:
    loaded = dataclasses.replace(_results(bounded_top=30e-6), load=(5.0, 3.0))
    text = format_report(loaded)
    assert "**Warning: a loaded machine.** The load average reached 5.00 on 2 CPUs" in text
    assert "| worst 1.50× (here-string) | **not met** (under load: measured while the load average exceeded the CPUs) |" in text
    assert "**met**" in text  # a target met under load stands
    idle = format_report(dataclasses.replace(_results(bounded_top=30e-6), load=(1.5, 2.0)))
    assert "loaded machine" not in idle and "under load" not in idle and "**not met** |" in idle


def test_only_the_chosen_sections_are_measured_and_reported(tmp_path: Path) -> None:
    files = write_bench(tmp_path, QUICK, only=frozenset({"wrap"}))
    results, text = files.results, files.report.read_text(encoding="utf-8")
    assert results.wrap is not None and results.gate is None and results.peers is None
    assert not (results.scaling or results.repro or results.families or results.pager or results.profiles)
    assert files.plot is None and not (tmp_path / "bench-latency.svg").exists()
    assert "> **Sections measured** (`--only`): wrap; the others are not in this report." in text
    assert "## Wrapping against `wcwidth.wrap`" in text and "| our wrap vs `wcwidth.wrap`, identical rows |" in text
    for absent in ("## Scaling", "## The seed's repro", "## Side by side", "## The pager", "gate wall time"):
        assert absent not in text


def test_only_takes_known_sections() -> None:
    assert parse_only("repro, peers") == frozenset({"repro", "peers"})
    for bad in ("", "repro,nope", ","):
        with pytest.raises(argparse.ArgumentTypeError, match="the sections are startup, repro, peers, scaling"):
            parse_only(bad)


def test_the_expected_run_time_grows_with_the_sections_and_peers() -> None:
    one = expected_run(FULL, frozenset({"repro"}), 0)
    assert one < expected_run(FULL, frozenset({"repro", "scaling"}), 0)
    assert expected_run(FULL, frozenset({"peers"}), 0) < expected_run(FULL, frozenset({"peers"}), 2)
    assert expected_run(QUICK, frozenset(SECTION_NAMES), 0) < expected_run(FULL, frozenset(SECTION_NAMES), 0)


def test_the_cli_bench_takes_only_and_impl() -> None:
    args = build_parser().parse_args(["bench", "--only", "peers", "--impl", "ts=node adapter.mjs", "--impl", "b=./b"])
    assert args.only == frozenset({"peers"}) and [(p.name, p.command) for p in args.impl] == [
        ("ts", "node adapter.mjs"), ("b", "./b")]
    fixtures = build_parser().parse_args(["bench", "--impl-fixture", "bash/sudo-wrapper-restart-nginx"]).impl_fixture
    assert [path.name for path in fixtures] == ["sudo-wrapper-restart-nginx.json"]
    with pytest.raises(SystemExit):
        build_parser().parse_args(["bench", "--impl-fixture", "bash/no-such-fixture-anywhere"])
    with pytest.raises(SystemExit):
        build_parser().parse_args(["bench", "--impl-fixture", "bash"])


# ── timing helpers, with a fake clock ──────────────────────────────────────


def test_interleaved_medians_take_turns_and_take_the_median() -> None:
    calls: list[str] = []
    ticks = itertools.count()

    def clock() -> float:
        return float(next(ticks))

    medians = interleaved_medians({"a": lambda: calls.append("a"), "b": lambda: calls.append("b")}, rounds=3, batch=2, clock=clock)
    assert calls == ["a", "a", "b", "b"] * 3
    assert medians == {"a": 0.5, "b": 0.5}  # two clock readings per batch of two calls


def test_median_time_is_per_call() -> None:
    readings = iter([0.0, 4.0, 10.0, 12.0, 20.0, 30.0])
    assert median_time(lambda: None, rounds=3, batch=2, clock=lambda: next(readings)) == 2.0  # 2.0, 1.0, 5.0


# ── the payloads and the like-for-like wrap ────────────────────────────────


@pytest.mark.parametrize("series", SERIES)
def test_each_series_grows_with_its_size(series: str) -> None:
    small, large = build_point(series, 1_000), build_point(series, 10_000)
    rows = [len(render_prompt_dialog(point.payload, complete_view_budget(120)).lines) for point in (small, large)]
    assert rows[1] > 5 * rows[0]
    bounded = [render_prompt_dialog(point.payload, DialogBudget(width=120)) for point in (small, large)]
    assert bounded[0].elided and bounded[1].elided and len(bounded[1].lines) <= 24


def test_series_payload_sizes() -> None:
    assert len(here_string(10_000)) > 10_000 and here_string(10_000).count("\n") > 100
    assert "\n" not in single_line(10_000) and " " not in single_line(10_000).split("-d '")[1]
    assert [size_label(size) for size in (1_000, 10_000, 1_000_000, 10_000_000)] == ["1 KB", "10 KB", "1 MB", "10 MB"]


def test_the_wrap_comparison_is_like_for_like() -> None:
    text = "\n".join([single_line(2_000).split("-d '")[1]] * 3)
    assert wrap_text(text, 80) == wcwidth_rows(text, 80)


def test_the_cli_has_bench_and_report() -> None:
    parser = build_parser()
    bench = parser.parse_args(["bench", "--quick", "--out", "somewhere"])
    assert bench.quick and bench.out == "somewhere" and callable(bench.run)
    report = parser.parse_args(["report", "corpus/bash", "--widths", "100", "--out", "x"])
    assert report.paths == [Path("corpus/bash")] and report.widths == [100] and report.out == "x"
    assert callable(add_bench_parser)


def test_the_command_says_its_expected_time_first_and_warns_under_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import askbench.harness.bench
    from askbench.harness.cli import main

    monkeypatch.setattr(askbench.harness.bench, "_load", lambda: 10_000.0)
    assert main(["bench", "--quick", "--only", "wrap", "--out", str(tmp_path)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("askbench bench: sections wrap; expected run time about ")
    assert err[1].startswith("askbench bench: warning: the load average is 10000.00 on ")
    assert "**Warning: a loaded machine.**" in (tmp_path / "bench.md").read_text(encoding="utf-8")
    monkeypatch.setattr(askbench.harness.bench, "_load", lambda: 0.1)
    assert main(["bench", "--quick", "--only", "wrap", "--out", str(tmp_path)]) == 0
    assert "warning" not in capsys.readouterr().err
