"""``askbench.harness.bench.peers``: a tiny fake adapter timed against the reference, with a fake clock where it matters."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest

from askbench.harness.bench.peers import (
    Peer,
    PeerFailure,
    Spread,
    measure_peers,
    parse_peer,
    render_seconds,
)
from askbench.harness.bench.series import REPRO

FAKE = """\
import json, sys
for line in sys.stdin:
    request = json.loads(line)
    answer = {"id": request["id"], "lines": ["Permission Required"], "elided": False}
    if RENDER is not None:
        answer["renderUs"] = RENDER
    print(json.dumps(answer), flush=True)
"""


def _fake(tmp_path: Path, name: str, render: float | None = 7.0, body: str = FAKE) -> Peer:
    script = tmp_path / f"{name}.py"
    script.write_text(f"RENDER = {render!r}\n" + body, encoding="utf-8")
    return Peer(name, f"{sys.executable} {script}")


def test_a_peer_and_the_reference_answer_every_request_in_turn(tmp_path: Path) -> None:
    ticks = itertools.count()
    comparison = measure_peers(
        [_fake(tmp_path, "fake")], [REPRO], 120, 3, clock=lambda: float(next(ticks))
    )
    assert comparison.fixtures == ("bash/powershell-here-string-report-200-lines",)
    for name in ("reference", "fake"):
        for view in ("bounded", "complete"):
            row = comparison.row(name, view)
            assert row.request.samples == 3  # the warm-up round is not counted
            assert (
                row.request.median == 1.0
            )  # each request read one tick of the fake clock: write, then read
    assert comparison.row("fake", "bounded").render == Spread(7e-6, 7e-6, 7e-6, 3)
    reference = comparison.row("reference", "bounded").render
    assert reference is not None and reference.median > 0  # the reference adapter reports renderUs
    assert comparison.request_ratio("fake", "bounded") == 1.0


def test_a_peer_that_reports_no_render_time_is_said_so(tmp_path: Path) -> None:
    comparison = measure_peers([_fake(tmp_path, "quiet", render=None)], [REPRO], 120, 1)
    assert (
        comparison.row("quiet", "complete").render is None
        and comparison.render_ratio("quiet", "bounded") is None
    )


def test_an_adapter_that_exits_or_answers_another_request_fails(tmp_path: Path) -> None:
    gone = _fake(tmp_path, "gone", body="import sys\nsys.stdin.readline()\n")
    with pytest.raises(PeerFailure, match="gone: the adapter exited before answering"):
        measure_peers([gone], [REPRO], 120, 1)
    wrong = _fake(
        tmp_path,
        "wrong",
        body='import sys\nfor line in sys.stdin:\n    print(\'{"id": "x"}\', flush=True)\n',
    )
    with pytest.raises(PeerFailure, match="wrong: the answer to .* carries another id"):
        measure_peers([wrong], [REPRO], 120, 1)


def test_render_seconds_reads_only_a_number() -> None:
    assert render_seconds(b'{"id": "a", "renderUs": 250}', "a", "x") == 250e-6
    assert render_seconds(b'{"id": "a", "renderUs": "fast"}', "a", "x") is None
    assert render_seconds(b'{"id": "a", "renderUs": true}', "a", "x") is None
    assert render_seconds(b'{"id": "a"}', "a", "x") is None
    with pytest.raises(PeerFailure, match="not JSON"):
        render_seconds(b"nope", "a", "x")


@pytest.mark.parametrize(
    "text", ["noequals", "=cmd", "name=", "bad name=cmd", "reference=python x"]
)
def test_a_peer_is_name_equals_command(text: str) -> None:
    with pytest.raises(ValueError):
        parse_peer(text)


def test_a_peer_keeps_the_command_whole() -> None:
    assert parse_peer("ts=node adapter.mjs --flag=1") == Peer("ts", "node adapter.mjs --flag=1")
