"""The large-input benchmark's arithmetic and its child process (the measuring itself is ``make bench-large``)."""

import subprocess
import sys
from pathlib import Path

import pytest

from askbench.harness.bench.large import LargePoint, LargeRun, fit_line, large_command, main


def test_a_large_command_is_the_size_asked_for_give_or_take_a_line_and_ends_in_the_command_that_matters():
    command = large_command(100_000)
    assert 100_000 - 80 <= len(command) <= 100_000
    assert command.endswith("| sh")


def test_the_fit_of_points_on_a_line_is_that_line_and_a_curve_fits_worse():
    line = fit_line([1, 2, 4, 8], [1.5, 2.5, 4.5, 8.5])
    assert (round(line.slope, 9), round(line.intercept, 9), round(line.r2, 9)) == (1.0, 0.5, 1.0)
    assert fit_line([1, 2, 4, 8], [1, 4, 16, 64]).r2 < 0.99


def test_a_run_fits_its_lines_over_every_point_and_is_judged_at_its_largest_size():
    points = tuple(LargePoint(size, size / 2, size, 40 + 3 * size, 40, 0) for size in (2, 1, 4))
    run = LargeRun(points)
    assert (round(run.cpu.slope, 9), round(run.cpu.intercept, 9)) == (0.5, 0.0)
    assert (round(run.memory.slope, 9), round(run.memory.r2, 9)) == (3.0, 1.0)
    assert run.top is points[2]


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
