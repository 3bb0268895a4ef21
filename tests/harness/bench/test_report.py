"""The bench report written: only the sections measured, and the sections measured apart carried over."""

from __future__ import annotations

from pathlib import Path

from askbench.harness.bench import large as large_bench
from askbench.harness.bench import xdist as bench_xdist
from askbench.harness.bench.report import write_bench
from askbench.harness.bench.settings import QUICK


def test_only_the_chosen_sections_are_measured_and_reported(tmp_path: Path) -> None:
    files = write_bench(tmp_path, QUICK, only=frozenset({"wrap"}))
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
    large = f"{large_bench.START}\n## Large inputs\n\nkept large figures\n{large_bench.END}"
    (tmp_path / "bench.md").write_text(f"# old report\n\n{xdist}\n\n{large}\n", encoding="utf-8")
    text = write_bench(tmp_path, QUICK, only=frozenset({"wrap"})).report.read_text(encoding="utf-8")
    assert "# old report" not in text and "## Wrapping against `wcwidth.wrap`" in text
    assert text.count(xdist) == 1 and text.count(large) == 1
