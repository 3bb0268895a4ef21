"""``bench.md`` and ``bench-latency.svg``: one run's results written, the sections measured apart kept.

The xdist section (``askbench bench --xdist``) and the large inputs
(``make bench-large``) take minutes of their own, so a run that did not
measure them carries them over from the report it replaces.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..bench.results import BenchResults
from . import bench_large, bench_xdist
from .bench_plot import plot_latency
from .bench_report import format_report
from .bench_sections import kept_section, splice

__all__ = ["BenchFiles", "write_bench"]


@dataclass(frozen=True)
class BenchFiles:
    report: Path
    plot: Path | None
    """``None`` when the scaling section was not measured (``--only``)."""
    results: BenchResults


def write_bench(out_dir: Path, results: BenchResults) -> BenchFiles:
    """Write ``bench.md`` (and, with the scaling, ``bench-latency.svg``) from one run's results."""
    out_dir.mkdir(parents=True, exist_ok=True)
    plot = plot_latency(results, out_dir / "bench-latency.svg") if results.scaling else None
    report = out_dir / "bench.md"
    text = format_report(results)
    for begin, end in ((bench_xdist.BEGIN, bench_xdist.END), (bench_large.START, bench_large.END)):
        kept = kept_section(report, begin, end)
        if kept is not None:
            text = splice(text, kept, begin, end)
    report.write_text(text, encoding="utf-8")
    return BenchFiles(report, plot, results)
