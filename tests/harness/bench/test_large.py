"""The large-input benchmark's arithmetic and its report section (the measuring itself is ``make bench-large``)."""

import subprocess
import sys
from pathlib import Path

import pytest

from askbench.harness.bench.large import (
    END,
    START,
    LargePoint,
    fit_line,
    large_command,
    main,
    section,
    write_section,
)


def test_a_large_command_is_the_size_asked_for_give_or_take_a_line_and_ends_in_the_command_that_matters():
    command = large_command(100_000)
    assert 100_000 - 80 <= len(command) <= 100_000
    assert command.endswith("| sh")


def test_the_fit_of_points_on_a_line_is_that_line_and_a_curve_fits_worse():
    line = fit_line([1, 2, 4, 8], [1.5, 2.5, 4.5, 8.5])
    assert (round(line.slope, 9), round(line.intercept, 9), round(line.r2, 9)) == (1.0, 0.5, 1.0)
    assert fit_line([1, 2, 4, 8], [1, 4, 16, 64]).r2 < 0.99


def _point(size: float, cpu: float) -> LargePoint:
    return LargePoint(size, cpu, 2 * cpu, 40 + 3 * size, 40, 0)


def test_the_section_reports_every_size_the_slope_and_the_targets():
    text = section([_point(1, 0.5), _point(2, 1.0), _point(4, 2.0)], load=1.0)
    assert text.startswith(START) and text.endswith(END)
    assert "| 4 MB | 2.0 | 4.0 | 6.00 | 52 | 12 | 3.0 | ok |" in text
    assert "0.50 s per MB (three widths) + 0.00 s, R² 1.0000" in text
    assert "3.0 MB per MB" in text


def test_a_negative_intercept_is_subtracted_not_added_as_a_negative():
    text = section([_point(1, 0.5), _point(2, 1.5), _point(4, 3.5)])
    assert "1.00 s per MB (three widths) − 0.50 s" in text


def test_the_section_replaces_its_old_self_and_nothing_else(tmp_path: Path):
    report = tmp_path / "bench.md"
    report.write_text("# Bench\n\nbefore\n")
    write_section(report, f"{START}\nfirst\n{END}")
    write_section(report, f"{START}\nsecond\n{END}")
    assert report.read_text() == f"# Bench\n\nbefore\n\n{START}\nsecond\n{END}\n"


def test_a_point_without_its_corpus_is_refused_naming_the_option(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["--point", "1"])
    assert stopped.value.code == 2
    assert "--point needs --corpus" in capsys.readouterr().err


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_a_child_s_peak_is_its_own_not_the_parent_s_it_was_started_from():
    """``ru_maxrss`` in a child carries its parent's peak; the bench reads the child's own from ``/proc``."""
    held = bytearray(96 << 20)  # the parent's peak, as when it wrote a 32 MB corpus
    code = (
        "import resource; from askbench.harness.bench.large import _memory_mb; "
        "print(_memory_mb('VmHWM'), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    own, carried = map(float, done.stdout.split())
    assert own < 64 < 96 <= carried + 1
    del held
