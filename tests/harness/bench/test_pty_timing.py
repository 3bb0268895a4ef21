"""``askbench.harness.bench.pty_timing``: real children on a real pseudo-terminal, a fake clock; no wall-clock threshold."""

from __future__ import annotations

import itertools
import sys
import tempfile

import pytest

from askbench.harness.bench.pty_timing import StartupFailed, run_on_pty

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")

WAITS_FOR_CTRL_C = (
    "import sys, tty\n"
    "tty.setraw(0)\n"
    "sys.stdout.write('before MARK after'); sys.stdout.flush()\n"
    "sys.exit(130 if sys.stdin.buffer.read(1) == b'\\x03' else 1)\n"
)
"""Shows the marker, then stays until a key arrives: only a run that stops at the marker and sends ctrl+c ends it."""


def _ticks() -> itertools.count[float]:
    return itertools.count(step=0.25)


def test_a_marked_run_is_timed_until_the_marker_then_left_with_ctrl_c() -> None:
    ticks = _ticks()
    done = run_on_pty([sys.executable, "-c", WAITS_FOR_CTRL_C], b"MARK", clock=lambda: next(ticks))
    assert (
        done.seconds == 0.25
    )  # the clock read before the spawn and once the marker arrived, nothing between
    assert b"before MARK" in done.output
    assert done.exit_code == 130


def test_a_run_that_ends_without_its_marker_fails_saying_what_it_showed() -> None:
    with pytest.raises(StartupFailed, match="exit 2.*no prompt here"):
        run_on_pty(
            [sys.executable, "-c", "import sys; print('no prompt here'); sys.exit(2)"], b"MARK"
        )


def test_an_unmarked_run_is_timed_until_it_ends() -> None:
    ticks = _ticks()
    done = run_on_pty(
        [sys.executable, "-c", "import sys; print('done'); sys.exit(3)"],
        None,
        clock=lambda: next(ticks),
    )
    assert (done.seconds, done.exit_code) == (0.25, 3)
    assert b"done" in done.output


def test_the_child_finds_a_terminal_of_the_fixed_size_on_every_standard_stream() -> None:
    probe = (
        "import os, sys\n"
        "print([os.isatty(fd) for fd in (0, 1, 2)], tuple(os.get_terminal_size(1)), os.getsid(0) == os.getpid())"
    )
    done = run_on_pty([sys.executable, "-c", probe], None)
    assert b"[True, True, True] (120, 40) True" in done.output


def test_stderr_can_be_taken_off_the_terminal() -> None:
    with tempfile.TemporaryFile() as stderr:
        done = run_on_pty(
            [sys.executable, "-c", "import sys; sys.stderr.write('diagnostic'); print('shown')"],
            None,
            stderr=stderr,
        )
        stderr.seek(0)
        assert stderr.read() == b"diagnostic"
    assert b"shown" in done.output and b"diagnostic" not in done.output
