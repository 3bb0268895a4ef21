"""Bounded reading of an adapter's pipes: every wait has a deadline, every answer a size limit.

An adapter is another project's code, and the gate must end whatever it
does. Reading is done here with ``select`` on the pipes themselves, never a
blocking ``readline`` or ``communicate``: a process that exits but leaves a
child (a daemon in its own session) holding stdout never sends end of file,
and only a deadline ends that wait. Answers are read in chunks into one
buffer that stops at the limit, so an adapter that floods stdout without a
newline costs the limit in memory, not what it writes.
"""

from __future__ import annotations

import os
import selectors
import time
from collections import deque
from dataclasses import dataclass
from typing import IO, Literal

__all__ = ["CHUNK", "Outcome", "Reading", "StderrTail", "drain", "read_answer"]

CHUNK = 1 << 16
"""Bytes read at a time from a pipe."""

Outcome = Literal["line", "eof", "timeout", "too_big"]


class StderrTail:
    """The last ``limit`` bytes an adapter wrote to stderr, kept to explain a failure."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._chunks: deque[bytes] = deque()
        self._size = 0

    def add(self, chunk: bytes) -> None:
        self._chunks.append(chunk)
        self._size += len(chunk)
        while self._chunks and self._size - len(self._chunks[0]) >= self.limit:
            self._size -= len(self._chunks.popleft())

    def text(self) -> bytes:
        return b"".join(self._chunks)[-self.limit :]


@dataclass(frozen=True)
class Reading:
    """What came of one wait: ``line`` (a newline arrived), ``eof``, ``timeout`` or ``too_big``; and the bytes."""

    outcome: Outcome
    data: bytes


def read_answer(
    stdout: IO[bytes],
    stderr: IO[bytes] | None,
    buffer: bytearray,
    tail: StderrTail,
    deadline: float,
    limit: int,
    *,
    until: Literal["line", "eof"],
) -> Reading:
    """Read stdout into ``buffer`` until a newline (``until="line"``) or end of file, by ``deadline`` (monotonic).

    stderr is drained meanwhile (an adapter blocked on a full stderr pipe
    would look hung). With ``line`` the bytes after the first newline stay
    in ``buffer`` for the next call. More than ``limit`` bytes without the
    awaited end is ``too_big``; reading stops there.
    """
    if until == "line" and (end := buffer.find(b"\n")) >= 0:
        return _take(buffer, end)
    selector = selectors.DefaultSelector()
    try:
        selector.register(stdout, selectors.EVENT_READ, "out")
        if stderr is not None:
            selector.register(stderr, selectors.EVENT_READ, "err")
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return Reading("timeout", bytes(buffer))
            for key, _ in selector.select(remaining):
                chunk = os.read(key.fd, CHUNK)
                if key.data == "err":
                    if chunk:
                        tail.add(chunk)
                    else:
                        selector.unregister(key.fileobj)
                    continue
                if not chunk:
                    return Reading("eof", bytes(buffer))
                start = len(buffer)
                buffer += chunk
                if until == "line" and (end := buffer.find(b"\n", start)) >= 0:
                    return _take(buffer, end)
                if len(buffer) > limit:
                    return Reading("too_big", b"")
    finally:
        selector.close()


def _take(buffer: bytearray, end: int) -> Reading:
    line = bytes(buffer[: end + 1])
    del buffer[: end + 1]
    return Reading("line", line)


def drain(stream: IO[bytes] | None, tail: StderrTail, deadline: float) -> None:
    """Read what is left of stderr into ``tail`` until end of file or ``deadline``: a crashed adapter's last words."""
    if stream is None:
        return
    selector = selectors.DefaultSelector()
    try:
        selector.register(stream, selectors.EVENT_READ)
        while (remaining := deadline - time.monotonic()) > 0 and selector.select(remaining):
            chunk = os.read(stream.fileno(), CHUNK)
            if not chunk:
                return
            tail.add(chunk)
    finally:
        selector.close()
