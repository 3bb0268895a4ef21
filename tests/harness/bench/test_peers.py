"""``askbench.harness.bench.peers``: a tiny fake adapter timed against the reference, with a fake clock where it matters."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest

from askbench.harness.bench.peers import (
    Peer,
    PeerComparison,
    PeerFailure,
    PeerRow,
    Spread,
    format_peers,
    measure_peers,
    parse_peer,
    peer_targets,
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


def _verdict(ok: bool) -> str:
    return "**met**" if ok else "**not met**"


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
    text = "\n".join(format_peers(comparison))
    assert (
        "| quiet |" in text
        and "not reported" in text
        and "bare bounded render not reported by both" in text
    )
    assert (
        "| bare bounded render (`renderUs`), quiet / reference | ≥ 1.0× | not reported by both | not judged |"
        in peer_targets(comparison, _verdict)
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


def _comparison(ours: float, theirs: float) -> PeerComparison:
    def row(name: str, view: str, seconds: float) -> PeerRow:
        return PeerRow(
            name,
            view,
            Spread(seconds, seconds, seconds, 5),
            Spread(seconds / 4, seconds / 4, seconds / 4, 5),
        )  # type: ignore[arg-type]

    rows = tuple(
        row(name, view, seconds)
        for name, seconds in (("reference", ours), ("ts", theirs))
        for view in ("bounded", "complete")
    )
    return PeerComparison(120, ("bash/x",), 5, (Peer("ts", "node a.mjs"),), rows)


def test_the_ratios_are_the_peers_over_the_references() -> None:
    fast = peer_targets(_comparison(1e-3, 2.7e-3), _verdict)
    assert fast[0] == "| per request, bounded, ts / reference | ≥ 1.0× | 2.70× | **met** |"
    assert (
        fast[2] == "| bare bounded render (`renderUs`), ts / reference | ≥ 1.0× | 2.70× | **met** |"
    )
    slow = peer_targets(_comparison(2e-3, 1e-3), _verdict)
    assert slow[1] == "| per request, complete, ts / reference | ≥ 1.0× | 0.50× | **not met** |"
    text = "\n".join(format_peers(_comparison(1e-3, 2.7e-3)))
    assert (
        "- ts (`node a.mjs`) / reference: bounded request 2.70×, complete request 2.70×, bare bounded render 2.70×"
        in text
    )


def test_no_comparison_says_it_was_not_measured() -> None:
    assert "Not measured in this run" in "\n".join(format_peers(None))


@pytest.mark.parametrize(
    "text", ["noequals", "=cmd", "name=", "bad name=cmd", "reference=python x"]
)
def test_a_peer_is_name_equals_command(text: str) -> None:
    with pytest.raises(ValueError):
        parse_peer(text)


def test_a_peer_keeps_the_command_whole() -> None:
    assert parse_peer("ts=node adapter.mjs --flag=1") == Peer("ts", "node adapter.mjs --flag=1")
