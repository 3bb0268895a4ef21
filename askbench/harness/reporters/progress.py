"""Progress while the gate runs, on stderr, so stdout stays the report.

On a terminal one line is redrawn in place. When stdout is not a terminal
(CI, a pipe, ``--json > file``) and stderr is not one either, a plain line
is written every tenth of the run, so a log shows the gate is alive without
carriage returns. A person watching stdout on a terminal with stderr
redirected gets nothing: they see the table soon enough.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from ..fixtures.loading import Fixture
from .escape import one_line

Progress = Callable[[int, int, Fixture], None]


def _isatty(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def live_progress(stream: TextIO, label: str = "") -> Progress:
    """One line redrawn in place (``\\r`` and erase-line), cut to 100 characters."""

    def show(index: int, total: int, fixture: Fixture) -> None:
        line = f"{label}[{index + 1}/{total}] {one_line(fixture.id)}"
        stream.write("\r\x1b[2K" + line[:100])
        stream.flush()

    return show


def logged_progress(stream: TextIO, label: str = "askbench check: ") -> Progress:
    """A plain line at every tenth of the run (and the first fixture), for logs."""

    def show(index: int, total: int, fixture: Fixture) -> None:
        done = index + 1
        if done == 1 or done * 10 // total != index * 10 // total:
            stream.write(f"{label}{done}/{total} fixtures: {one_line(fixture.id)}\n")
            stream.flush()

    return show


def progress_for(
    stdout: TextIO, stderr: TextIO, command: str = "check"
) -> tuple[Progress | None, Callable[[], None]]:
    """The progress callback for these streams, and what to call when the run ends."""
    if _isatty(stderr):

        def clear() -> None:
            stderr.write("\r\x1b[2K")
            stderr.flush()

        return live_progress(stderr), clear
    if not _isatty(stdout):
        return logged_progress(stderr, f"askbench {command}: "), lambda: None
    return None, lambda: None
