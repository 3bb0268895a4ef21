"""The ``Large inputs`` section of ``reports/bench.md``: the gate's cost per megabyte, a row per size.

Only formatting and writing: the points and the fitted lines are a
``LargeRun`` (``askbench.harness.bench.large``). The section stands between
two markers, so ``askbench bench``, which does not measure it, keeps it.
"""

from __future__ import annotations

from pathlib import Path

from ..bench.large import LARGE_WIDTHS, LargeRun
from .bench_sections import splice

__all__ = ["END", "START", "section", "write_section"]

START, END = "<!-- large-inputs -->", "<!-- /large-inputs -->"
"""The markers around the section in the report: everything between them is this module's."""


def section(run: LargeRun) -> str:
    """The report's ``Large inputs`` section: a row per size, the fitted slopes and the targets."""
    points, load, cpu, memory, top = run.points, run.load, run.cpu, run.memory, run.top
    widths = ", ".join(str(width) for width in LARGE_WIDTHS)
    lines = [
        START,
        "## Large inputs",
        "",
        f"One bash command of {points[0].size_mb:g} to {top.size_mb:g} MB (lines of `echo`, a `curl … | sh` last) judged by the "
        f"gate at {widths} columns on every terminal model, each size in a process of its own "
        "(`python -m askbench.harness.bench.large`).",
        "",
        "| size | CPU s | wall s | MB/s per width | peak MB | payload's MB (peak − idle) | × payload | verdict |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for point in points:
        lines.append(
            f"| {point.size_mb:g} MB | {point.cpu_s:.1f} | {point.wall_s:.1f} | {point.mb_per_s:.2f} | "
            f"{point.peak_mb:.0f} | {point.extra_mb:.0f} | {point.extra_mb / point.size_mb:.1f} | "
            f"{'ok' if point.exit_code == 0 else f'exit {point.exit_code}'} |"
        )
    lines += [
        "",
        f"- CPU time: {cpu.slope:.2f} s per MB (three widths) {_signed(cpu.intercept, '.2f')} s, R² {cpu.r2:.4f}",
        f"- memory the payload adds: {memory.slope:.1f} MB per MB {_signed(memory.intercept, '.0f')} MB, "
        f"R² {memory.r2:.4f}",
        f"- {top.size_mb:g} MB at three widths: {top.cpu_s:.1f} s CPU (target < 30 s), {top.peak_mb:.0f} MB peak "
        f"(target < 300 MB); {top.mb_per_s:.2f} MB/s per width (target ≥ 20)",
    ]
    if load is not None:
        lines.append(
            f"- load average during the run: {load:.1f} (wall seconds are not the gate's own above the core count)"
        )
    return "\n".join([*lines, END])


def _signed(value: float, spec: str) -> str:
    """An intercept after the slope it is added to: ``+ 0.21``, or ``− 1.36`` for a negative one."""
    return f"{'−' if value < 0 else '+'} {abs(value):{spec}}"


def write_section(report: Path, text: str) -> None:
    """Put the section into the report between its markers, or at its end when it has none yet."""
    old = report.read_text() if report.exists() else ""
    new = splice(old, text, START, END) if old else text
    report.write_text(new.rstrip("\n") + "\n")
