"""The xdist section of ``reports/bench.md``: the gate in one process and spread over processes, side by side.

Only formatting and writing: the times are an ``XdistRun``
(``askbench.harness.bench.xdist``). The section stands between two markers,
so ``askbench bench``, which does not measure it, keeps it as it is.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..bench.xdist import XdistRun
from .bench_sections import splice

__all__ = ["BEGIN", "END", "format_section", "write_xdist_section"]

BEGIN = "<!-- askbench bench --xdist: begin -->"
END = "<!-- askbench bench --xdist: end -->"


def format_section(measured: XdistRun) -> str:
    """The section: the cores and the load, a row per corpus and run, then the commands as they were run."""
    timings, cores = measured.timings, measured.cores
    load_before, load_after = measured.load_before, measured.load_after
    cores_known = cores or 1
    lines = [
        BEGIN,
        "## The gate over processes: `pytest --askbench -n auto`",
        "",
        "Measured by `askbench bench --xdist --scratch DIR` (many minutes; `askbench bench` keeps this section as "
        "it is). Each run is a subprocess: `askbench check --json` (the gate in one process), `pytest --askbench` "
        "(the same checks as pytest items, one per fixture × width × view) in one process, and with `-n auto` "
        "(pytest-xdist; a fixture's items stay on one worker, `--dist loadscope`). The 10× corpus is every "
        "fixture of the built-in corpus copied ten times into the scratch folder. pytest runs in the test "
        "environment, with its other plugins (hypothesis, syrupy, benchmark) loaded; what `pytest --askbench` "
        "costs over `askbench check` in one process is pytest's own work per item (setup, call, teardown and a "
        "report for each of nine items per fixture) and those plugins' hooks, and `-n auto` divides the sum.",
        "",
        f"Cores: {cores or 'unknown'}. Load average (1, 5, 15 min) {load_before} before and {load_after} after. "
        "**Read the CPU columns.** The machine is shared, and Linux schedules by session (autogroup): however many "
        "processes a run starts, its session gets one share of the cores, so on a busy machine the wall time of "
        "`-n auto` cannot fall below one process's — it measures contention, not the gate. *CPU* is the user and "
        "system time of every process of the run; *busiest* is the largest CPU time of one process (each xdist "
        "worker's own, as the plugin reports it); *on idle cores* is what follows for an unloaded machine with "
        f"{cores_known} cores: the larger of the busiest process and the CPU time spread evenly.",
        "",
        "| corpus | fixtures | run | wall (shared) | CPU | busiest | on idle cores | vs. `askbench check` | outcome |",
        "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for timing in timings:
        base = next(
            run for run in timing.runs if run.label == "askbench check, 1 process"
        ).idle_estimate(cores_known)
        for run in timing.runs:
            idle = run.idle_estimate(cores_known)
            workers = f" ({len(run.worker_cpu)} workers)" if run.worker_cpu else ""
            lines.append(
                f"| {timing.name} | {timing.fixtures:,} | {run.label}{workers} | {run.seconds:,.1f} s "
                f"| {run.cpu_seconds:,.1f} s | {run.busiest:,.1f} s | {idle:,.1f} s | {base / idle if idle else 0:.2f}× "
                f"| {run.outcome} (exit {run.exit_code}) |"
            )
    lines += ["", "Commands (the corpus path as measured):", ""]
    for timing in timings:
        for run in timing.runs:
            lines.append(
                f"- `{' '.join('python' if part == sys.executable else part for part in run.command)}`"
            )
    lines += ["", END]
    return "\n".join(lines) + "\n"


def write_xdist_section(report_path: Path, measured: XdistRun) -> str:
    """Write the section into ``report_path`` (a report of its own when there is none yet); the section."""
    section = format_section(measured)
    existing = (
        report_path.read_text(encoding="utf-8")
        if report_path.exists()
        else "# askbench benchmarks\n"
    )
    report_path.write_text(splice(existing, section, BEGIN, END), encoding="utf-8")
    return section
