"""``bench.md`` and ``bench-latency.svg``: one run of the chosen sections, written, the sections measured apart kept.

The xdist section (``askbench bench --xdist``) and the large inputs
(``make bench-large``) take minutes of their own, so a run that did not
measure them carries them over from the report it replaces.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .large import END as LARGE_END
from .large import START as LARGE_BEGIN
from .markdown import format_report
from .peers import Peer
from .plot import plot_latency
from .results import BenchResults
from .run import run_bench
from .settings import FULL, BenchSettings
from .xdist import BEGIN as XDIST_BEGIN
from .xdist import END as XDIST_END
from .xdist import kept_section, splice

__all__ = ["BenchFiles", "write_bench"]


@dataclass(frozen=True)
class BenchFiles:
    report: Path
    plot: Path | None
    """``None`` when the scaling section was not measured (``--only``)."""
    results: BenchResults


def write_bench(
    out_dir: Path,
    settings: BenchSettings = FULL,
    log: Callable[[str], None] | None = None,
    peers: Sequence[Peer] = (),
    only: frozenset[str] | None = None,
) -> BenchFiles:
    """Run the chosen sections once and write ``bench.md`` (and, with the scaling, ``bench-latency.svg``)."""
    results = run_bench(settings, log, peers, only)
    out_dir.mkdir(parents=True, exist_ok=True)
    plot = plot_latency(results, out_dir / "bench-latency.svg") if results.scaling else None
    report = out_dir / "bench.md"
    text = format_report(results)
    for begin, end in ((XDIST_BEGIN, XDIST_END), (LARGE_BEGIN, LARGE_END)):
        kept = kept_section(report, begin, end)
        if kept is not None:
            text = splice(text, kept, begin, end)
    report.write_text(text, encoding="utf-8")
    return BenchFiles(report, plot, results)
