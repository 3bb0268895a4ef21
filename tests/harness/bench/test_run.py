"""``askbench bench``: the quick run measures every section and the report has them; timing is checked with a fake clock.

Nothing here asserts a wall-clock threshold: a busy CI machine must not fail
the suite. The quick mode runs every measurement on tiny payloads.
"""

from __future__ import annotations

import re

import pytest

from askbench.harness.bench.run import run_bench, unbreakable_text, wcwidth_rows
from askbench.harness.bench.series import (
    PAGER_SERIES,
    SERIES,
    build_point,
    here_string,
    single_line,
    size_label,
)
from askbench.harness.bench.settings import QUICK
from askbench.harness.reporters.bench_files import write_bench
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
    return write_bench(tmp_path_factory.mktemp("bench"), run_bench(QUICK))


def test_quick_bench_writes_every_section(quick_run) -> None:  # type: ignore[no-untyped-def]
    text = quick_run.report.read_text(encoding="utf-8")
    for section in SECTIONS:
        assert section in text
    assert "Quick mode" in text
    assert re.search(r"^\| Python \| \w+ 3\.\d+", text, re.MULTILINE) and re.search(
        r"^\| CPUs \| \d+ \|", text, re.MULTILINE
    )


def test_quick_bench_states_the_ratios_measured_in_one_run(quick_run) -> None:  # type: ignore[no-untyped-def]
    text = quick_run.report.read_text(encoding="utf-8")
    ratio_line = next(
        line for line in text.splitlines() if line.startswith("- bounded render 100 KB / 10 KB:")
    )
    for series in SERIES:
        assert re.search(rf"{series} \d+\.\d\d×", ratio_line), series
    assert re.search(
        r"^- complete-view throughput \(here-string\): [\d,]+ MB/s at 100 KB", text, re.MULTILINE
    )
    assert re.search(
        r"^- our wrap vs `wcwidth.wrap`: [\d,.]+× faster, rows identical", text, re.MULTILINE
    )
    assert re.search(r"^- gate wall time: [\d.]+ s for 7 fixtures × 3 widths", text, re.MULTILINE)


def test_quick_bench_types_in_no_peer_figure(quick_run) -> None:  # type: ignore[no-untyped-def]
    """Without --impl the reference adapter is still timed request by request, and no ratio to a peer is claimed."""
    text = quick_run.report.read_text(encoding="utf-8")
    assert "upstream" not in text.lower() and "Node 20" not in text
    assert "No peer was given (`askbench bench --impl NAME=CMD`), so no ratio is claimed." in text
    assert re.search(r"^\| reference \| [\d.,]+ (µs|ms) \(", text, re.MULTILINE)
    peers = quick_run.results.peers
    assert (
        peers is not None
        and peers.peers == ()
        and peers.row("reference", "bounded").render is not None
    )


def test_quick_bench_measures_every_series_at_every_size(quick_run) -> None:  # type: ignore[no-untyped-def]
    results = quick_run.results
    assert {(p.series, p.size) for p in results.scaling} == {
        (s, n) for s in SERIES for n in QUICK.sizes
    }
    assert all(p.bounded > 0 and p.complete > 0 and p.legacy > 0 for p in results.scaling)
    assert results.wrap.identical
    assert results.gate.exit_code == 0 and results.gate.judgements == 21


def test_quick_bench_measures_the_interactive_prompt(quick_run) -> None:  # type: ignore[no-untyped-def]
    results = quick_run.results
    assert {(p.series, p.size) for p in results.pager} == {
        (s, n) for s in PAGER_SERIES for n in QUICK.pager_sizes
    }
    assert all(p.first_page > 0 and p.page_down > 0 and p.collapse > 0 for p in results.pager)
    assert results.frame is not None and results.frame.ask > 0 and results.frame.frame > 0
    text = quick_run.report.read_text(encoding="utf-8")
    assert re.search(
        r"^- whole bounded frame of the repro / its ask: \d+\.\d\d× at width 120$",
        text,
        re.MULTILINE,
    )
    assert re.search(
        r"^- pager first page 10 KB / 1 KB: here-string \d+\.\d\d×.*bidi controls \d+\.\d\d×$",
        text,
        re.MULTILINE,
    )
    assert "| pager PgDn 10 KB / 1 KB, every series and hostile shape | ≤ 2× | worst " in text


def test_quick_bench_weighs_the_outline_built_once_against_parsing_per_render(quick_run) -> None:  # type: ignore[no-untyped-def]
    costs = quick_run.results.outlines
    assert {(cost.series, cost.size) for cost in costs} == {
        (series, size)
        for series in ("here-string", "single-line", "command-chain", "padding")
        for size in (10_000, 100_000)
    }
    assert all(cost.outline > 0 and cost.build > 0 and cost.bounded > 0 for cost in costs)
    text = quick_run.report.read_text(encoding="utf-8")
    assert "## The outline: computed once per ask, never in the render" in text
    assert "- command-chain: bounded 100 KB / 10 KB" in text and "if the render parsed it." in text


def test_the_plot_is_an_svg(quick_run) -> None:  # type: ignore[no-untyped-def]
    svg = quick_run.plot.read_text(encoding="utf-8")
    assert quick_run.plot.name == "bench-latency.svg"
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert "bounded" in svg and "complete" in svg and "legacy" in svg


# ── the payloads and the like-for-like wrap ────────────────────────────────


@pytest.mark.parametrize("series", SERIES)
def test_each_series_grows_with_its_size(series: str) -> None:
    small, large = build_point(series, 1_000), build_point(series, 10_000)
    rows = [
        len(render_prompt_dialog(point.payload, complete_view_budget(120)).lines)
        for point in (small, large)
    ]
    assert rows[1] > 5 * rows[0]
    bounded = [
        render_prompt_dialog(point.payload, DialogBudget(width=120)) for point in (small, large)
    ]
    assert bounded[0].elided and bounded[1].elided and len(bounded[1].lines) <= 24


def test_series_payload_sizes() -> None:
    assert len(here_string(10_000)) > 10_000 and here_string(10_000).count("\n") > 100
    assert "\n" not in single_line(10_000) and " " not in single_line(10_000).split("-d '")[1]
    assert [size_label(size) for size in (1_000, 10_000, 1_000_000, 10_000_000)] == [
        "1 KB",
        "10 KB",
        "1 MB",
        "10 MB",
    ]


def test_the_wrap_comparison_is_like_for_like() -> None:
    """Our rows are a hard wrap's (recorded: 25 rows of 80 cells per 2,000-character line); so are
    ``wcwidth.wrap``'s on this text, on 0.9.4 (breaks at spaces and hyphens) and on 0.9.5 and later
    (UAX #14, which breaks after punctuation but never between letters and digits)."""
    text = unbreakable_text(2_000, 3)
    line = text.split("\n")[0]
    assert wrap_text(text, 80) == [line[i : i + 80] for i in range(0, 2_000, 80)] * 3
    assert wcwidth_rows(text, 80) == wrap_text(text, 80)


def test_quick_bench_times_the_first_render_beside_the_kept_one(quick_run) -> None:  # type: ignore[no-untyped-def]
    results = quick_run.results
    assert set(results.repro_first) == set(results.repro) and all(
        seconds > 0 for seconds in results.repro_first.values()
    )
    text = quick_run.report.read_text(encoding="utf-8")
    assert "| width | bounded, median | fastest batch | first render, median |" in text
    assert re.search(r"^\| 120 \| [\d.,]+ µs \| [\d.,]+ µs \| [\d.,]+ µs \|$", text, re.MULTILINE)
