"""A command started as a person starts it, on a terminal: timed until it shows something, or until it ends.

The child gets a fresh pseudo-terminal of a fixed size on stdin, stdout and
stderr, in a session of its own, so it finds a real terminal (raw mode, the
size, ``isatty``) and nothing of the terminal the bench itself runs in. The
clock starts just before the spawn, so the interpreter's own start counts,
and stops when the marker's bytes have been read from the terminal: what a
person sees is what the terminal has received, not what the program meant
to write. A program that shows its marker is then sent ``ctrl+c`` on its
input, as a person leaves a prompt, and waited for. The terminal answers a
cursor position request (``CSI 6 n``, how ``askbench try`` confirms the size)
as a real one would when the cursor is in its far corner, with its size, so a
start is not timed waiting for an answer no terminal withholds.
"""

from __future__ import annotations

import fcntl
import os
import select
import struct
import subprocess
import termios
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import IO

__all__ = ["PtyRun", "StartupFailed", "run_on_pty"]

COLUMNS, ROWS = 120, 40
"""The terminal's size: the bench's width, tall enough that a bounded prompt is never cut."""
CTRL_C = b"\x03"
POSITION_REQUEST = b"\x1b[6n"
POSITION_ANSWER = f"\x1b[{ROWS};{COLUMNS}R".encode()
TIMEOUT_S = 60.0
"""How long a run may take before it is a failure rather than a measurement."""


class StartupFailed(Exception):
    """The command ended, or hung, without showing what it was timed until; the message says what it showed."""


@dataclass(frozen=True)
class PtyRun:
    seconds: float
    """From just before the spawn until the marker was read (or, with no marker, until the process ended)."""
    output: bytes
    """Everything the terminal received, the marker and what came after it included."""
    exit_code: int


def _terminal() -> tuple[int, int]:
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    return master, slave


def _read(master: int, wait: float) -> bytes | None:
    """What the terminal received within ``wait`` seconds: ``b""`` for nothing yet, ``None`` once every writer closed it."""
    readable, _, _ = select.select([master], [], [], max(0.0, wait))
    if not readable:
        return b""
    try:
        return os.read(master, 65536) or None
    except OSError:  # EIO: the child and everything it started have closed the terminal
        return None


def _shown(output: bytearray, marker: bytes | None, start: int) -> bool:
    return marker is not None and marker in output[max(0, start - len(marker)) :]


def _until(
    process: subprocess.Popen[bytes],
    master: int,
    marker: bytes | None,
    output: bytearray,
    deadline: float,
) -> bool:
    """Read into ``output`` until ``marker`` has arrived (``True``) or the terminal is closed (``False``)."""
    while True:
        start = len(output)
        data = _read(master, min(0.5, deadline - time.monotonic()))
        if data is None:
            return False
        output.extend(data)
        for _ in range(output.count(POSITION_REQUEST, max(0, start - len(POSITION_REQUEST) + 1))):
            os.write(master, POSITION_ANSWER)
        if _shown(output, marker, start):
            return True
        if time.monotonic() > deadline:
            process.kill()
            process.wait()
            raise StartupFailed(
                f"nothing ended it within {TIMEOUT_S:.0f} s; it showed {bytes(output[-400:])!r}"
            )


def run_on_pty(
    argv: Sequence[str],
    marker: bytes | None,
    env: Mapping[str, str] | None = None,
    stderr: IO[bytes] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> PtyRun:
    """Run ``argv`` on a fresh terminal; time it until ``marker`` is on the terminal, or until it ends when ``None``.

    ``stderr`` takes the child's standard error off the terminal (where a
    diagnostic such as ``-X importtime`` should not land); by default it is
    the terminal, as for a person.
    """
    master, slave = _terminal()
    output = bytearray()
    deadline = time.monotonic() + TIMEOUT_S
    try:
        started = clock()
        process = subprocess.Popen(
            list(argv),
            stdin=slave,
            stdout=slave,
            stderr=slave if stderr is None else stderr,
            env=None if env is None else dict(env),
            start_new_session=True,
        )
        os.close(slave)
        slave = -1
        if marker is None:
            _until(process, master, None, output, deadline)
            code = process.wait()
            return PtyRun(clock() - started, bytes(output), code)
        if not _until(process, master, marker, output, deadline):
            raise StartupFailed(
                f"it ended (exit {process.wait()}) without showing {marker!r}; it showed {bytes(output[-400:])!r}"
            )
        seconds = clock() - started
        os.write(master, CTRL_C)
        _until(process, master, None, output, deadline)
        return PtyRun(seconds, bytes(output), process.wait())
    finally:
        os.close(master)
        if slave >= 0:
            os.close(slave)
