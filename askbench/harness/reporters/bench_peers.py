"""The bench report's side-by-side section and targets: each implementation's requests, and each peer's ratios.

Only formatting: the times and ratios are a ``PeerComparison``'s
(``askbench.harness.bench.peers``), measured through the adapter path.
"""

from __future__ import annotations

from collections.abc import Callable

from ..bench.peers import REFERENCE_NAME, VIEWS, PeerComparison, Spread

__all__ = ["format_peers", "peer_targets"]


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:,.1f} µs" if seconds < 1e-3 else f"{seconds * 1e3:,.2f} ms"


def _spread(spread: Spread | None) -> str:
    if spread is None:
        return "not reported"
    return f"{_us(spread.median)} ({_us(spread.low)}–{_us(spread.high)})"


def peer_targets(comparison: PeerComparison, met: Callable[[bool], str]) -> list[str]:
    """The targets' rows: each peer's round trip and render over the reference's, at least 1.0× in our favour."""
    rows = []
    for peer in comparison.peers:
        for view in VIEWS:
            ratio = comparison.request_ratio(peer.name, view)
            rows.append(
                f"| per request, {view}, {peer.name} / reference | ≥ 1.0× | {ratio:.2f}× | {met(ratio >= 1.0)} |"
            )
        render = comparison.render_ratio(peer.name, "bounded")
        rows.append(
            f"| bare bounded render (`renderUs`), {peer.name} / reference | ≥ 1.0× | "
            + (
                f"{render:.2f}× | {met(render >= 1.0)} |"
                if render is not None
                else "not reported by both | not judged |"
            )
        )
    return rows


def format_peers(comparison: PeerComparison | None) -> list[str]:
    """The report's section: every implementation's requests, then each peer's ratios."""
    lines = ["## Side by side through the adapter path", ""]
    if comparison is None:
        return lines + ["Not measured in this run (`askbench bench --only peers`).", ""]
    lines += [
        (
            f"Each request is one `askbench/1` line written to a running adapter and its answer line read back, at "
            f"width {comparison.width}, on {', '.join(f'`{case}`' for case in comparison.fixtures)}; the implementations "
            f"take turns request by request, {comparison.rounds} rounds after one untimed warm-up round. Median "
            "(quartiles). *render* is the adapter's own `renderUs`, when it reports one."
        ),
        "",
        "| implementation | bounded request | bounded render | complete request | complete render |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for name in (REFERENCE_NAME, *(peer.name for peer in comparison.peers)):
        bounded, complete = comparison.row(name, "bounded"), comparison.row(name, "complete")
        lines.append(
            f"| {name} | {_spread(bounded.request)} | {_spread(bounded.render)} "
            f"| {_spread(complete.request)} | {_spread(complete.render)} |"
        )
    lines.append("")
    if not comparison.peers:
        return lines + [
            "No peer was given (`askbench bench --impl NAME=CMD`), so no ratio is claimed.",
            "",
        ]
    for peer in comparison.peers:
        render = comparison.render_ratio(peer.name, "bounded")
        lines.append(
            f"- {peer.name} (`{peer.command}`) / reference: bounded request "
            f"{comparison.request_ratio(peer.name, 'bounded'):.2f}×, complete request "
            f"{comparison.request_ratio(peer.name, 'complete'):.2f}×, bare bounded render "
            + (f"{render:.2f}×" if render is not None else "not reported by both")
            + " (above 1: the reference is faster)"
        )
    return [*lines, ""]
