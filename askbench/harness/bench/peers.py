"""``askbench bench --impl NAME=CMD``: any implementation against the reference, through the same adapter path.

A peer's speed is only comparable with ours when both are measured the
same way in the same minute: each request is one ``askbench/1`` line
written to a long-lived adapter process and one answer line read back,
the reference adapter and every peer taking turns request by request on
the same fixtures, views and width. An adapter may add ``renderUs`` to its
answer (docs/adapters.md), its own render time without the request's
decoding; it is reported beside the round trip. No figure of a peer is
ever typed in: without ``--impl`` the report says that no peer was measured.

The bench trusts the adapter's answers (``askbench check --impl`` is what
judges them); it only checks that each answer is JSON carrying the
request's ``id``, so that a time is never a time of the wrong answer.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ..drivers.protocol import dump_json, encode_request, fixture_to_json, payload_to_json
from ..fixtures.loading import Fixture, load_checked_prompt

PeerView = Literal["bounded", "complete"]
VIEWS: tuple[PeerView, ...] = ("bounded", "complete")
REFERENCE_NAME = "reference"


@dataclass(frozen=True)
class Peer:
    """An implementation to measure: the name the report uses and the shell command that starts its adapter."""

    name: str
    command: str


def reference_peer() -> Peer:
    """The reference adapter, in the interpreter that runs askbench."""
    return Peer(
        REFERENCE_NAME,
        f"{shlex.quote(sys.executable)} -m askbench.harness.drivers.adapters.reference",
    )


def parse_peer(text: str) -> Peer:
    """``--impl NAME=CMD``: a name of letters, digits, ``.``, ``_`` or ``-``, and a non-empty command; else a
    ValueError saying which."""
    name, equals, command = text.partition("=")
    name = name.strip()
    if not equals or not command.strip() or not name:
        raise ValueError(f"expected NAME=COMMAND, got {text!r}")
    if not all(char.isalnum() or char in "._-" for char in name):
        raise ValueError(f"a peer's name is letters, digits, '.', '_' or '-', got {name!r}")
    if name == REFERENCE_NAME:
        raise ValueError(f"{REFERENCE_NAME!r} is the reference adapter, measured in every run")
    return Peer(name, command.strip())


class PeerFailure(RuntimeError):
    """An adapter that exited, or answered something other than this request's answer."""


class _Adapter:
    """One adapter process in a session: a request line written, its answer line read, nothing in between."""

    def __init__(self, peer: Peer) -> None:
        self.peer = peer
        env = dict(os.environ)
        env["PATH"] = os.pathsep.join([os.path.dirname(sys.executable), env.get("PATH", "")])
        self.process = subprocess.Popen(
            peer.command,
            shell=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            start_new_session=True,
        )

    def ask(self, line: bytes, clock: Callable[[], float]) -> tuple[float, bytes]:
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        start = clock()
        try:
            stdin.write(line)
            stdin.flush()
        except (BrokenPipeError, OSError) as error:
            raise PeerFailure(f"{self.peer.name}: the adapter stopped reading ({error})") from None
        answer = stdout.readline()
        seconds = clock() - start
        if not answer:
            raise PeerFailure(f"{self.peer.name}: the adapter exited before answering")
        return seconds, answer

    def close(self) -> None:
        try:
            if self.process.stdin is not None:
                self.process.stdin.close()
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            self.process.wait(timeout=5)


def render_seconds(answer: bytes, request_id: str, who: str) -> float | None:
    """The ``renderUs`` the adapter reported, in seconds (``None`` when it reports none); a wrong answer fails."""
    try:
        data = json.loads(answer)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise PeerFailure(f"{who}: the answer to {request_id} is not JSON") from None
    if not isinstance(data, dict) or data.get("id") != request_id:
        raise PeerFailure(f"{who}: the answer to {request_id} carries another id")
    render = data.get("renderUs")
    if isinstance(render, (int, float)) and not isinstance(render, bool) and render >= 0:
        return float(render) / 1e6
    return None


@dataclass(frozen=True)
class Spread:
    """Median and quartiles of a set of samples, in seconds."""

    median: float
    low: float
    high: float
    samples: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        if len(values) < 2:
            return cls(values[0], values[0], values[0], len(values))
        low, median, high = statistics.quantiles(values, n=4, method="inclusive")
        return cls(median, low, high, len(values))


@dataclass(frozen=True)
class PeerRow:
    """One implementation's requests of one view: the round trip and, when reported, its own render."""

    name: str
    view: PeerView
    request: Spread
    render: Spread | None


@dataclass(frozen=True)
class PeerComparison:
    width: int
    fixtures: tuple[str, ...]
    rounds: int
    peers: tuple[Peer, ...]
    """The implementations given with ``--impl``; the reference is not among them."""
    rows: tuple[PeerRow, ...]

    def row(self, name: str, view: PeerView) -> PeerRow:
        return next(row for row in self.rows if row.name == name and row.view == view)

    def request_ratio(self, name: str, view: PeerView) -> float:
        """The peer's median round trip over the reference's: above 1, the reference is faster."""
        return self.row(name, view).request.median / self.row(REFERENCE_NAME, view).request.median

    def render_ratio(self, name: str, view: PeerView) -> float | None:
        """The same for the renders both report; ``None`` when either reports none."""
        ours, theirs = self.row(REFERENCE_NAME, view).render, self.row(name, view).render
        return (
            theirs.median / ours.median
            if ours is not None and theirs is not None and ours.median > 0
            else None
        )


@dataclass(frozen=True)
class _Request:
    case: str
    view: PeerView
    line: str
    request_id: str


def _requests(paths: Sequence[Path], width: int) -> list[_Request]:
    """Each fixture's bounded and complete request at ``width``, encoded once, before anything is timed."""
    out = []
    for path in paths:
        fixture, payload = load_checked_prompt(path)
        fixture_json, payload_json = (
            dump_json(fixture_to_json(fixture)),
            dump_json(payload_to_json(payload)),
        )
        budget = fixture.budget(width)
        for view in VIEWS:
            out.append(
                _request(
                    fixture,
                    view,
                    width,
                    budget.max_rows,
                    budget.field_max_width,
                    fixture_json,
                    payload_json,
                )
            )
    return out


def _request(
    fixture: Fixture,
    view: PeerView,
    width: int,
    max_rows: int | None,
    field_max_width: int | None,
    fixture_json: str,
    payload_json: str,
) -> _Request:
    name = fixture.id
    request_id = f"{name}@{width}/{view}"
    line = encode_request(
        request_id, view, width, max_rows or 0, field_max_width or 0, fixture_json, payload_json
    )
    return _Request(name, view, line, request_id)


def measure_peers(
    peers: Sequence[Peer],
    paths: Sequence[Path],
    width: int,
    rounds: int,
    clock: Callable[[], float] = time.perf_counter,
    reference: Peer | None = None,
) -> PeerComparison:
    """Every request of every fixture, each implementation taking its turn request by request, ``rounds`` times.

    One untimed round first starts every process and warms it, so that no
    implementation's start-up is counted as a request.
    """
    everyone = [reference or reference_peer(), *peers]
    requests = _requests(paths, width)
    adapters = {peer.name: _Adapter(peer) for peer in everyone}
    times: dict[tuple[str, PeerView], list[float]] = {
        (peer.name, view): [] for peer in everyone for view in VIEWS
    }
    renders: dict[tuple[str, PeerView], list[float]] = {key: [] for key in times}
    try:
        for round_number in range(max(1, rounds) + 1):
            for request in requests:
                line = request.line.encode("ascii") + b"\n"
                for name, adapter in adapters.items():
                    seconds, answer = adapter.ask(line, clock)
                    render = render_seconds(answer, request.request_id, name)
                    if round_number == 0:
                        continue
                    times[name, request.view].append(seconds)
                    if render is not None:
                        renders[name, request.view].append(render)
    finally:
        for adapter in adapters.values():
            adapter.close()
    rows = tuple(
        PeerRow(
            name,
            view,
            Spread.of(samples),
            Spread.of(renders[name, view]) if renders[name, view] else None,
        )
        for (name, view), samples in times.items()
    )
    cases = tuple(dict.fromkeys(request.case for request in requests))
    return PeerComparison(width, cases, max(1, rounds), tuple(peers), rows)


def expected_seconds(peers: int, fixtures: int, rounds: int, per_request: float = 0.005) -> float:
    """A rough duration: every implementation's two views of every fixture, each round, at ``per_request``."""
    return (peers + 1) * fixtures * len(VIEWS) * (rounds + 1) * per_request


__all__ = [
    "Peer",
    "PeerComparison",
    "PeerFailure",
    "PeerRow",
    "Spread",
    "expected_seconds",
    "measure_peers",
    "parse_peer",
    "reference_peer",
    "render_seconds",
]
