"""``make bench-large``: the sizes asked for measured, the section written into the report or printed."""

from __future__ import annotations

from pathlib import Path

import pytest

from askbench.harness.bench.large import LargePoint, LargeRun
from askbench.harness.frontends import bench_large_command as bench_large
from askbench.harness.reporters.bench_large import END, START


def _measure(sizes: list[float]) -> LargeRun:
    return LargeRun(
        tuple(LargePoint(size, size / 2, size, 40 + 3 * size, 40, 0) for size in sizes), 0.5
    )


def test_the_sizes_asked_for_are_measured_and_the_section_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[list[float]] = []
    monkeypatch.setattr(
        bench_large, "measure", lambda sizes: asked.append(sizes) or _measure(sizes)
    )
    report = tmp_path / "bench.md"
    report.write_text("# bench\n", encoding="utf-8")
    assert bench_large.main(["--sizes", "1,2.5", "--write", str(report)]) == 0
    text = report.read_text(encoding="utf-8")
    assert asked == [[1.0, 2.5]]
    assert text.startswith(f"# bench\n\n{START}\n") and text.endswith(f"{END}\n")
    assert "| 2.5 MB |" in text and "- load average during the run: 0.5" in text


def test_without_a_report_the_section_is_printed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench_large, "measure", _measure)
    assert bench_large.main(["--sizes", "1,2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(START) and out.rstrip().endswith(END) and "| 2 MB |" in out
