"""Driving an external implementation through the ``askbench/1`` contract.

An ``AdapterSource`` is a frame source (``harness.sources.FrameSource``)
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

import os
import queue
import signal
import subprocess
import sys
import threading
from collections import deque
from dataclasses import dataclass
from typing import Literal

from impl.dialog import DialogBudget
from impl.payload import PromptPayload

from .corpus import Fixture
from .protocol import AdapterFailure, ExternalFrame, View, decode_answer, dump_json, encode_request, fixture_to_json, payload_to_json

Mode = Literal["session", "oneshot"]
MODES: tuple[Mode, ...] = ("session", "oneshot")
DEFAULT_TIMEOUT = 10.0
STDERR_TAIL = 2000
"""Bytes of an adapter's stderr kept to explain a crash."""


@dataclass(frozen=True)
class AdapterCommand:
    """How to run an implementation: a shell command line, the mode, and the per-request timeout in seconds."""

    command: str
    mode: Mode = "session"
    timeout: float = DEFAULT_TIMEOUT


def _environment() -> dict[str, str]:
    """The caller's environment with this interpreter's directory first on PATH.

    So ``python -m harness.adapters.reference`` runs in the interpreter that
    runs askbench (the project's venv) even when the venv is not activated.
    """
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([os.path.dirname(sys.executable), env.get("PATH", "")])
    env.setdefault("PYTHONIOENCODING", "utf-8")
    return env


def _spawn(command: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        command,
        shell=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_environment(),
        start_new_session=True,  # its own process group: a timeout kills the shell and everything it started
    )


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
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:  # pragma: no cover - a process that survives SIGKILL
        pass


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


class _Session:
    """One long-lived adapter process: a line in, a line out, read by threads so no pipe can block the harness."""

    def __init__(self, command: str) -> None:
        self.process = _spawn(command)
        self.answers: queue.Queue[bytes | None] = queue.Queue()
        self.stderr: deque[bytes] = deque()
        self.stderr_size = 0
        self._lock = threading.Lock()
        threading.Thread(target=self._read_stdout, daemon=True).start()
        self._stderr_reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._stderr_reader.start()

    def _read_stdout(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        try:
            for line in iter(stream.readline, b""):
                self.answers.put(line)
        except (OSError, ValueError):
            pass
        self.answers.put(None)

    def _read_stderr(self) -> None:
        stream = self.process.stderr
        assert stream is not None
        try:
            for chunk in iter(lambda: stream.read1(4096), b""):  # type: ignore[attr-defined]
                with self._lock:
                    self.stderr.append(chunk)
                    self.stderr_size += len(chunk)
                    while self.stderr_size - len(self.stderr[0]) >= STDERR_TAIL:
                        self.stderr_size -= len(self.stderr.popleft())
        except (OSError, ValueError):
            pass

    def stderr_tail(self) -> str:
        with self._lock:
            return _tail(b"".join(self.stderr)[-STDERR_TAIL:])

    def _write(self, data: bytes) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(data)
            stdin.flush()
        except (OSError, ValueError):
            pass  # the process is gone; the reader reports it

    def ask(self, line: str, timeout: float) -> bytes | AdapterFailure:
        """Send one request line; the answer line, or why there is none."""
        # a writer thread: a request larger than the pipe buffer must not block the harness on a hung reader
        threading.Thread(target=self._write, args=(line.encode("ascii") + b"\n",), daemon=True).start()
        try:
            answer = self.answers.get(timeout=timeout)
        except queue.Empty:
            return AdapterFailure("TIMEOUT", f"no answer within {timeout:g} s")
        if answer is None:
            try:
                code = self.process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                code = None
            self._stderr_reader.join(timeout=1)  # its last words, unless a child it left still holds stderr
            return AdapterFailure("CRASH", f"the adapter {_exit_text(code)} before answering{self.stderr_tail()}")
        return answer

    def close(self, grace: float = 2.0) -> None:
        """Close stdin (the end of the session), give the process a moment to leave, then kill what remains."""
        try:
            if self.process.stdin:
                self.process.stdin.close()
        except OSError:
            pass
        try:
            self.process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            pass
        _kill(self.process)


def _oneshot(command: str, line: str, timeout: float) -> bytes | AdapterFailure:
    """One process for one request: the request on stdin, stdin closed, the answer on stdout, a zero exit."""
    try:
        process = _spawn(command)
    except OSError as error:
        return AdapterFailure("CRASH", f"the adapter could not start: {error}")
    try:
        out, err = process.communicate(line.encode("ascii") + b"\n", timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill(process)
        process.communicate()
        return AdapterFailure("TIMEOUT", f"no answer within {timeout:g} s")
    if process.returncode != 0:
        return AdapterFailure("CRASH", f"the adapter {_exit_text(process.returncode)}{_tail(err)}")
    return out


class AdapterSource:
    """A frame source that asks an external implementation, one request per fixture × width × view.

    Use as a context manager (or call ``close``) so a session's process is
    ended when the run is. Not thread-safe: one source serves one run.
    """

    def __init__(self, command: AdapterCommand) -> None:
        self.command = command
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
        if self._encoded is None or self._encoded[0] is not payload or self._encoded[1] is not fixture:
            self._encoded = (payload, fixture, dump_json(fixture_to_json(fixture)), dump_json(payload_to_json(payload)))
        return self._encoded[2], self._encoded[3]

    def __call__(
        self, payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
    ) -> ExternalFrame | AdapterFailure:
        self._sequence += 1
        name = f"{fixture.family}/{fixture.name}" if fixture else "payload"
        request_id = f"{self._sequence}:{name}@{width}/{view}"
        fixture_json, payload_json = self._shared_parts(payload, fixture)
        line = encode_request(request_id, view, width, budget.max_rows or 0, budget.field_max_width or 0,
                              fixture_json, payload_json)
        self.requests += 1
        if self.command.mode == "oneshot":
            raw = _oneshot(self.command.command, line, self.command.timeout)
            return raw if isinstance(raw, AdapterFailure) else decode_answer(raw, request_id)
        return self._ask_session(line, request_id)

    def _ask_session(self, line: str, request_id: str) -> ExternalFrame | AdapterFailure:
        if self._session is None:
            try:
                self._session = _Session(self.command.command)
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
            _kill(self._session.process)
            self._session = None
            self.restarts += 1


__all__ = ["MODES", "AdapterCommand", "AdapterSource", "Mode", "DEFAULT_TIMEOUT"]
