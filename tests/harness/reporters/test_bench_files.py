"""The bench report written from a run's results: only the sections measured, and the sections measured apart kept."""

from __future__ import annotations

from pathlib import Path

from askbench.harness.bench.run import run_bench
from askbench.harness.bench.settings import QUICK
from askbench.harness.reporters import bench_large, bench_xdist
from askbench.harness.reporters.bench_files import write_bench


def test_only_the_chosen_sections_are_measured_and_reported(tmp_path: Path) -> None:
    files = write_bench(tmp_path, run_bench(QUICK, only=frozenset({"wrap"})))
    results, text = files.results, files.report.read_text(encoding="utf-8")
    assert results.wrap is not None and results.gate is None and results.peers is None
    assert not (
        results.scaling or results.repro or results.families or results.pager or results.profiles
    )
    assert files.plot is None and not (tmp_path / "bench-latency.svg").exists()
    assert "> **Sections measured** (`--only`): wrap; the others are not in this report." in text
    assert (
        "## Wrapping against `wcwidth.wrap`" in text
        and "| our wrap vs `wcwidth.wrap`, identical rows |" in text
    )
    for absent in (
        "## Scaling",
        "## The seed's repro",
        "## Side by side",
        "## The pager",
        "gate wall time",
    ):
        assert absent not in text


def test_the_sections_measured_apart_are_carried_over_as_they_are(tmp_path: Path) -> None:
    """The xdist and large-input sections take minutes of their own commands: a bench run keeps them."""
    xdist = (
        f"{bench_xdist.BEGIN}\n## The gate over processes\n\nkept xdist figures\n{bench_xdist.END}"
    )
    large = f"{bench_large.START}\n## Large inputs\n\nkept large figures\n{bench_large.END}"
    (tmp_path / "bench.md").write_text(f"# old report\n\n{xdist}\n\n{large}\n", encoding="utf-8")
    text = write_bench(tmp_path, run_bench(QUICK, only=frozenset({"wrap"}))).report.read_text(
        encoding="utf-8"
    )
    assert "# old report" not in text and "## Wrapping against `wcwidth.wrap`" in text
    assert text.count(xdist) == 1 and text.count(large) == 1
