"""``reports/bench-latency.svg``: render latency against payload size, log-log, from one run's scaling points."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..bench.results import BenchResults
from ..bench.series import SERIES
from ..bench.settings import WIDTH

if TYPE_CHECKING:
    from matplotlib.figure import Figure

_VIEW_COLOURS = {"bounded": "#2a9d8f", "complete": "#e76f51", "legacy": "#6c757d"}
_SERIES_MARKERS = {
    "here-string": "o",
    "single-line": "s",
    "forwarded": "^",
    "mcp-argument": "D",
    "command-chain": "v",
    "padding": "P",
}


def plot_latency(results: BenchResults, path: Path) -> Path:
    """Log-log latency against payload size: bounded flat, complete and legacy linear.

    Drawn on a ``Figure`` of its own, not through pyplot, and with the SVG hash salt set only
    for this drawing: the backend, pyplot's figures and matplotlib's settings of whatever else
    runs in the process (a test session, a notebook) are left as they were."""
    from matplotlib import rc_context
    from matplotlib.figure import Figure

    # a fixed salt gives stable ids: the committed SVG changes only when the numbers do
    with rc_context({"svg.hashsalt": "askbench"}):
        return _draw(results, path, Figure(figsize=(11, 6)))


def _draw(results: BenchResults, path: Path, figure: Figure) -> Path:
    axes = figure.subplots()
    for view in ("bounded", "complete", "legacy"):
        for series in SERIES:
            points = [p for p in results.scaling if p.series == series]
            axes.plot(
                [p.size for p in points],
                [getattr(p, view) for p in points],
                color=_VIEW_COLOURS[view],
                marker=_SERIES_MARKERS[series],
                linestyle="-" if series == "here-string" else "--",
                linewidth=1.2,
                markersize=4,
                label=f"{view} · {series}",
            )
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlabel("payload size (characters)")
    axes.set_ylabel("median time per render (s)")
    axes.set_title(f"askbench render latency, width {WIDTH} — Python {results.machine.python}")
    axes.grid(True, which="both", linewidth=0.3)
    axes.legend(fontsize=7, loc="center left", bbox_to_anchor=(1.01, 0.5), frameon=False)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    kind = path.suffix.lstrip(".").lower() or "svg"  # SVG for the report; PNG works too
    figure.savefig(path, format=kind, metadata={"Date": None} if kind == "svg" else None)
    return path


__all__ = ["plot_latency"]
