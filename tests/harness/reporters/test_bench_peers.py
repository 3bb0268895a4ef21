"""The bench report's side-by-side section and targets, from hand-made comparisons."""

from __future__ import annotations

from askbench.harness.bench.peers import Peer, PeerComparison, PeerRow, Spread
from askbench.harness.reporters.bench_peers import format_peers, peer_targets


def _verdict(ok: bool) -> str:
    return "**met**" if ok else "**not met**"


def _comparison(ours: float, theirs: float, renders: bool = True) -> PeerComparison:
    def row(name: str, view: str, seconds: float) -> PeerRow:
        return PeerRow(
            name,
            view,
            Spread(seconds, seconds, seconds, 5),
            Spread(seconds / 4, seconds / 4, seconds / 4, 5)
            if renders or name == "reference"
            else None,
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


def test_a_peer_that_reports_no_render_time_is_said_so() -> None:
    comparison = _comparison(1e-3, 2e-3, renders=False)
    text = "\n".join(format_peers(comparison))
    assert (
        "| ts |" in text
        and "not reported" in text
        and "bare bounded render not reported by both" in text
    )
    assert (
        "| bare bounded render (`renderUs`), ts / reference | ≥ 1.0× | not reported by both | not judged |"
        in peer_targets(comparison, _verdict)
    )
