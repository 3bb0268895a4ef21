"""The bench report's ``Large inputs`` section: a row per size, the fitted lines, the targets, written in place."""

from pathlib import Path

from askbench.harness.bench.large import LargePoint, LargeRun
from askbench.harness.reporters.bench_large import END, START, section, write_section


def _point(size: float, cpu: float) -> LargePoint:
    return LargePoint(size, cpu, 2 * cpu, 40 + 3 * size, 40, 0)


def test_the_section_reports_every_size_the_slope_and_the_targets():
    text = section(LargeRun((_point(1, 0.5), _point(2, 1.0), _point(4, 2.0)), load=1.0))
    assert text.startswith(START) and text.endswith(END)
    assert "| 4 MB | 2.0 | 4.0 | 6.00 | 52 | 12 | 3.0 | ok |" in text
    assert "0.50 s per MB (three widths) + 0.00 s, R² 1.0000" in text
    assert "3.0 MB per MB" in text


def test_a_negative_intercept_is_subtracted_not_added_as_a_negative():
    text = section(LargeRun((_point(1, 0.5), _point(2, 1.5), _point(4, 3.5))))
    assert "1.00 s per MB (three widths) − 0.50 s" in text


def test_the_section_replaces_its_old_self_and_nothing_else(tmp_path: Path):
    report = tmp_path / "bench.md"
    report.write_text("# Bench\n\nbefore\n")
    write_section(report, f"{START}\nfirst\n{END}")
    write_section(report, f"{START}\nsecond\n{END}")
    assert report.read_text() == f"# Bench\n\nbefore\n\n{START}\nsecond\n{END}\n"
