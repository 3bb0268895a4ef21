"""The xdist section of the bench report: a row per corpus and run, written in place between its markers."""

from __future__ import annotations

from pathlib import Path

from askbench.harness.bench.xdist import CorpusTiming, Timed, XdistRun
from askbench.harness.reporters.bench_sections import kept_section, splice
from askbench.harness.reporters.bench_xdist import BEGIN, END, format_section, write_xdist_section


def test_the_section_is_replaced_in_place_and_kept_by_a_plain_bench(tmp_path: Path) -> None:
    runs = (
        Timed("askbench check, 1 process", ("python", "-m", "x"), 30.0, 0, "ok", cpu_seconds=20.0),
        Timed(
            "pytest --askbench, 1 process", ("python", "-m", "y"), 35.0, 0, "ok", cpu_seconds=22.0
        ),
        Timed(
            "pytest --askbench -n auto",
            ("python", "-m", "z"),
            40.0,
            0,
            "ok",
            cpu_seconds=24.0,
            worker_cpu=(10.0, 9.0),
        ),
    )
    measured = XdistRun((CorpusTiming("built-in", 292, runs),), 2, "1.0, 1.0, 1.0", "1.0, 1.0, 1.0")
    section = format_section(measured)
    assert (
        "| built-in | 292 | pytest --askbench -n auto (2 workers) | 40.0 s | 24.0 s | 10.0 s | 12.0 s | 1.67× "
        "| ok (exit 0) |"
    ) in section
    report = tmp_path / "bench.md"
    report.write_text("# bench\n\nbody\n", encoding="utf-8")
    assert write_xdist_section(report, measured) == section
    assert report.read_text(encoding="utf-8") == f"# bench\n\nbody\n\n{section}"
    assert kept_section(report, BEGIN, END) == section
    again = splice("# bench\n\nnew body\n", section.replace("40.0 s", "41.0 s"), BEGIN, END)
    assert again.count(BEGIN) == again.count(END) == 1 and "41.0 s" in again
    assert splice(again, section, BEGIN, END).count(BEGIN) == 1


def test_a_report_not_there_yet_is_begun_with_a_title(tmp_path: Path) -> None:
    measured = XdistRun((), None, "unknown", "unknown")
    section = write_xdist_section(tmp_path / "bench.md", measured)
    assert "Cores: unknown." in section
    assert (tmp_path / "bench.md").read_text(
        encoding="utf-8"
    ) == f"# askbench benchmarks\n\n{section}"
