"""Driving an external implementation through the ``askbench/1`` contract.

An ``AdapterSource`` is a frame source (``askbench.harness.drivers.frame_sources.FrameSource``)
backed by a command. Whatever the command does — crash, hang, print junk,
exit early, flood stderr — the harness gets either a frame or an
``AdapterFailure`` (CRASH, TIMEOUT, BAD_ANSWER) for that one request and
carries on: a gate over another project's renderer must finish and say
what happened, not die with it.

Two modes. ``session`` (the fast path) keeps one process and exchanges one
JSON line each way per request; after a crash, a timeout or an answer that
may have lost the stream's framing, the process is killed and the next
request starts a fresh one. ``oneshot`` (the simple path) starts one process
per request: the request on stdin, then stdin closed; the answer on stdout.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from typing import Literal, TypeGuard

from askbench.impl.dialog import DialogBudget
from askbench.impl.payload import PromptPayload

from ..fixtures.loading import Fixture
from ..terms import AdapterFailure, View
from .adapter_pipes import StderrTail, drain, read_answer
from .protocol import (
    ExternalFrame,
    decode_answer,
    dump_json,
    encode_request,
    fixture_to_json,
    payload_to_json,
)

Mode = Literal["session", "oneshot"]
MODES: tuple[Mode, ...] = ("session", "oneshot")
DEFAULT_TIMEOUT = 10.0
DEFAULT_MAX_ANSWER = 64 * 1024 * 1024
"""Bytes one answer may take (64 MiB): far above any frame, low enough that reading one is cheap."""
STDERR_TAIL = 2000
"""Bytes of an adapter's stderr kept to explain a crash."""


@dataclass(frozen=True)
class AdapterCommand:
    """How to run an implementation: a shell command line, the mode, the per-request timeout in seconds,
    and the most bytes one answer may take."""

    command: str
    mode: Mode = "session"
    timeout: float = DEFAULT_TIMEOUT
    max_answer: int = DEFAULT_MAX_ANSWER


def _environment() -> dict[str, str]:
    """The caller's environment with this interpreter's directory first on PATH.

    So ``python -m askbench.harness.drivers.adapters.reference`` runs in the interpreter that
    runs askbench (the project's venv) even when the venv is not activated.
    """
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([os.path.dirname(sys.executable), env.get("PATH", "")])
    env.setdefault("PYTHONIOENCODING", "utf-8")
    return env


def _spawn(command: str) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        command,
        shell=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_environment(),
        start_new_session=True,  # its own process group: a timeout kills the shell and everything it started
    )
    assert process.stdin is not None
    _WRITE_ENDS.add(process.stdin.fileno())
    return process


_WRITE_ENDS: set[int] = set()
"""The write end of each open adapter's stdin. A process forked from this one (the traced oracle's workers, a
forked judge) holds a copy of each, so an adapter whose stdin this process closes would never read its end and
would be killed at the end of its grace instead of leaving; the child points each copy at the null device."""


def _forgotten_in_child() -> None:
    if not _WRITE_ENDS:
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        for write_end in _WRITE_ENDS:
            with contextlib.suppress(OSError):
                os.dup2(null, write_end, inheritable=False)
    finally:
        os.close(null)
    _WRITE_ENDS.clear()


os.register_at_fork(after_in_child=_forgotten_in_child)


def _close_stdin(process: subprocess.Popen[bytes]) -> None:
    """Our end of the adapter's stdin, so it reads the end of its input."""
    stdin = process.stdin
    if stdin is None or stdin.closed:
        return
    _WRITE_ENDS.discard(stdin.fileno())
    with contextlib.suppress(OSError, ValueError):
        stdin.close()


def _kill(process: subprocess.Popen[bytes]) -> None:
    """The whole process group, at once: a hung adapter gets no grace period."""
    try:
        if hasattr(os, "killpg"):
            os.killpg(process.pid, signal.SIGKILL)
        else:  # pragma: no cover - not POSIX
            process.kill()
    except (ProcessLookupError, PermissionError):
        pass
    try:
        process.wait(timeout=2)
    except subprocess.TimeoutExpired:  # pragma: no cover - a process that survives SIGKILL
        pass


LAST_WORDS_S = 1.0
"""How long a failed adapter's stderr is read on after its stdout ended: the end of file on one pipe says nothing of
the other, so what it wrote last may still be unread; longer only when a child it left holds stderr open."""


def _exit_text(code: int | None) -> str:
    if code is None:
        return "stopped answering"
    if code < 0:
        try:
            return f"was killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"exited with status {code}"


def _tail(data: bytes) -> str:
    text = data.decode("utf-8", "replace").strip()
    if not text:
        return ""
    return "; stderr: " + (text if len(text) <= 300 else "…" + text[-300:]).replace("\n", " ⏎ ")


def _write_request(process: subprocess.Popen[bytes], data: bytes, *, close: bool) -> None:
    """Written here as far as the pipe takes it at once, the rest from a thread: a request larger than the pipe's
    buffer must not block the harness on a hung reader, and most requests need no thread."""
    stdin = process.stdin
    assert stdin is not None
    try:
        written = _write_at_once(stdin.fileno(), data)
    except (OSError, ValueError):
        return  # the process is gone; reading reports it
    if written < len(data):
        threading.Thread(
            target=_write_rest, args=(process, data[written:], close), daemon=True
        ).start()
    elif close:
        _close_stdin(process)


def _write_at_once(write_end: int, data: bytes) -> int:
    """As much of ``data`` as the pipe takes without waiting."""
    os.set_blocking(write_end, False)
    try:
        return os.write(write_end, data)
    except BlockingIOError:
        return 0
    finally:
        os.set_blocking(write_end, True)


def _write_rest(process: subprocess.Popen[bytes], rest: bytes, close: bool) -> None:
    stdin = process.stdin
    assert stdin is not None
    try:
        stdin.write(rest)
        stdin.flush()
        if close:
            _close_stdin(process)
    except (OSError, ValueError):
        pass  # the process is gone; reading reports it


def _close_pipes(process: subprocess.Popen[bytes]) -> None:
    """Our ends of the pipes, so a child the adapter left behind holds nothing of ours."""
    _close_stdin(process)
    for stream in (process.stdout, process.stderr):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()


def _too_big(limit: int) -> AdapterFailure:
    return AdapterFailure(
        "BAD_ANSWER", f"the answer is over {limit} bytes (--impl-max-answer) without its end"
    )


class _Session:
    """One long-lived adapter process: a line in, a line out, each wait bounded by a deadline."""

    def __init__(self, command: str, limit: int) -> None:
        self.process = _spawn(command)
        self.limit = limit
        self.tail = StderrTail(STDERR_TAIL)
        self._buffer = bytearray()

    def stderr_tail(self) -> str:
        return _tail(self.tail.text())

    def ask(self, line: str, timeout: float) -> bytes | AdapterFailure:
        """Send one request line; the answer line, or why there is none."""
        _write_request(self.process, line.encode("ascii") + b"\n", close=False)
        assert self.process.stdout is not None
        reading = read_answer(
            self.process.stdout,
            self.process.stderr,
            self._buffer,
            self.tail,
            time.monotonic() + timeout,
            self.limit,
            until="line",
        )
        if reading.outcome == "timeout":
            return AdapterFailure("TIMEOUT", f"no answer within {timeout:g} s")
        if reading.outcome == "too_big":
            return _too_big(self.limit)
        if reading.outcome == "eof":
            drain(self.process.stderr, self.tail, time.monotonic() + min(LAST_WORDS_S, timeout))
            try:
                code = self.process.wait(timeout=min(2.0, timeout))
            except subprocess.TimeoutExpired:
                code = None
            return AdapterFailure(
                "CRASH", f"the adapter {_exit_text(code)} before answering{self.stderr_tail()}"
            )
        return reading.data

    def close(self, grace: float = 2.0) -> None:
        """Close stdin (the end of the session), give the process a moment to leave, then kill what remains."""
        _close_stdin(self.process)
        try:
            self.process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            pass
        self.kill()

    def kill(self) -> None:
        _kill(self.process)
        _close_pipes(self.process)


def _nothing(answer: ExternalFrame | AdapterFailure) -> TypeGuard[AdapterFailure]:
    """No answer at all: the process ended (or could not start) before saying anything, or said nothing."""
    return isinstance(answer, AdapterFailure) and (
        answer.kind == "CRASH" or answer.message == "the answer is empty"
    )


def _oneshot(command: str, line: str, timeout: float, limit: int) -> bytes | AdapterFailure:
    """One process for one request: the request on stdin, stdin closed, the answer on stdout, a zero exit.

    The answer ends at end of file, and everything — the output, the exit —
    must come within ``timeout``: a process that exits while a child it
    started still holds stdout is a ``TIMEOUT``, and the group is killed.
    """
    try:
        process = _spawn(command)
    except OSError as error:
        return AdapterFailure("CRASH", f"the adapter could not start: {error}")
    deadline = time.monotonic() + timeout
    tail = StderrTail(STDERR_TAIL)
    try:
        _write_request(process, line.encode("ascii") + b"\n", close=True)
        assert process.stdout is not None
        reading = read_answer(
            process.stdout, process.stderr, bytearray(), tail, deadline, limit, until="eof"
        )
        if reading.outcome == "too_big":
            return _too_big(limit)
        try:
            code = process.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            code = None
        if reading.outcome == "timeout" or code is None:
            return AdapterFailure("TIMEOUT", f"no answer within {timeout:g} s")
        if code != 0:
            drain(process.stderr, tail, min(deadline, time.monotonic() + LAST_WORDS_S))
            return AdapterFailure("CRASH", f"the adapter {_exit_text(code)}{_tail(tail.text())}")
        return reading.data
    finally:
        _kill(process)
        _close_pipes(process)


class AdapterUnusable(Exception):
    """The command answered its first request with nothing: it cannot start, or is not an adapter at all.

    Judging a whole corpus through it would only say ``CRASH`` hundreds of
    times; the run stops at once with what the command said on stderr.
    """


class AdapterSource:
    """A frame source that asks an external implementation, one request per fixture × width × view.

    Use as a context manager (or call ``close``) so a session's process is
    ended when the run is. Not thread-safe: one source serves one run.
    """

    def __init__(self, command: AdapterCommand, *, stop_when_unusable: bool = False) -> None:
        self.command = command
        self.stop_when_unusable = stop_when_unusable
        self._session: _Session | None = None
        self._sequence = 0
        self._encoded: tuple[object, object, str, str] | None = None
        self.requests = 0
        self.restarts = 0

    def __enter__(self) -> AdapterSource:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        if self._session is not None:
            self._session.close()
            self._session = None

    def _shared_parts(self, payload: PromptPayload, fixture: Fixture | None) -> tuple[str, str]:
        """The fixture and payload encoded once for the nine requests that carry them."""
        if (
            self._encoded is None
            or self._encoded[0] is not payload
            or self._encoded[1] is not fixture
        ):
            self._encoded = (
                payload,
                fixture,
                dump_json(fixture_to_json(fixture)),
                dump_json(payload_to_json(payload)),
            )
        return self._encoded[2], self._encoded[3]

    def __call__(
        self,
        payload: PromptPayload,
        fixture: Fixture | None,
        view: View,
        width: int,
        budget: DialogBudget,
    ) -> ExternalFrame | AdapterFailure:
        self._sequence += 1
        name = fixture.id if fixture else "payload"
        request_id = f"{self._sequence}:{name}@{width}/{view}"
        fixture_json, payload_json = self._shared_parts(payload, fixture)
        line = encode_request(
            request_id,
            view,
            width,
            budget.max_rows or 0,
            budget.field_max_width or 0,
            fixture_json,
            payload_json,
        )
        self.requests += 1
        if self.command.mode == "oneshot":
            raw = _oneshot(
                self.command.command, line, self.command.timeout, self.command.max_answer
            )
            answer = raw if isinstance(raw, AdapterFailure) else decode_answer(raw, request_id)
        else:
            answer = self._ask_session(line, request_id)
        if self.requests == 1 and self.stop_when_unusable and _nothing(answer):
            raise AdapterUnusable(
                f"{self.command.command!r} answered its first request with nothing: {answer.message}"
            )
        return answer

    def _ask_session(self, line: str, request_id: str) -> ExternalFrame | AdapterFailure:
        if self._session is None:
            try:
                self._session = _Session(self.command.command, self.command.max_answer)
            except OSError as error:
                return AdapterFailure("CRASH", f"the adapter could not start: {error}")
        raw = self._session.ask(line, self.command.timeout)
        if isinstance(raw, AdapterFailure):
            self._restart()
            return raw
        answer = decode_answer(raw, request_id)
        if isinstance(answer, AdapterFailure):
            # a stray line, a half line, a line for another request: the stream may be out of step, so start afresh
            self._restart()
        return answer

    def _restart(self) -> None:
        """Kill the process now; the next request starts a fresh one."""
        if self._session is not None:
            self._session.kill()
            self._session = None
            self.restarts += 1


__all__ = [
    "AdapterUnusable",
    "DEFAULT_MAX_ANSWER",
    "DEFAULT_TIMEOUT",
    "MODES",
    "AdapterCommand",
    "AdapterSource",
    "Mode",
]
