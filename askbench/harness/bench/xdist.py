"""``askbench bench --xdist``: the gate spread over processes with pytest-xdist, on the corpus and a 10× corpus.

The gate is one process; ``pytest --askbench`` makes it pytest items, and
pytest-xdist (``-n auto``) spreads them over the machine's cores — and, with
``--tx``, over machines. This measures what that buys: the built-in corpus
and a corpus ten times its size (every fixture copied ten times into a
scratch folder, never the repository) judged by ``askbench check`` in one
process, by ``pytest --askbench`` in one process, and by ``pytest --askbench
-n auto``, each a subprocess timed by the wall clock.

The numbers go into ``reports/bench.md`` as a section of their own between
two markers; ``askbench bench`` keeps the section as it is, since measuring
it runs the whole gate several times over, far more than the rest of the
bench. The machine is
shared, so the section states the load average, and the ratios measured
side by side are the figures to read.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..fixtures.loading import BUILTIN_CORPUS, MANIFEST_NAME, discover
from .worker_cpu import read_worker_cpu

BEGIN = "<!-- askbench bench --xdist: begin -->"
END = "<!-- askbench bench --xdist: end -->"
COPIES = 10


@dataclass(frozen=True)
class Timed:
    """One run: what was run, its wall time, the CPU time of all its processes, and how it ended."""

    label: str
    command: tuple[str, ...]
    seconds: float
    exit_code: int
    outcome: str
    cpu_seconds: float = 0.0
    worker_cpu: tuple[float, ...] = ()
    """Each xdist worker's CPU seconds, as the plugin reports them; empty for one process."""

    @property
    def busiest(self) -> float:
        """The CPU time of the process that had the most to do: the wall time on idle cores cannot be shorter."""
        return max(self.worker_cpu) if self.worker_cpu else self.cpu_seconds

    def idle_estimate(self, cores: int) -> float:
        """The wall time on ``cores`` idle cores, from CPU time: the busiest process, or all work spread evenly."""
        return max(self.busiest, self.cpu_seconds / max(1, min(cores, len(self.worker_cpu) or 1)))


@dataclass(frozen=True)
class CorpusTiming:
    name: str
    fixtures: int
    runs: tuple[Timed, ...]

    def seconds(self, label: str) -> float:
        return next(run.seconds for run in self.runs if run.label == label)


def make_copies(source: Path, target: Path, copies: int = COPIES) -> int:
    """``copies`` of every fixture of ``source`` under ``target`` (a corpus of its own); the number of fixtures."""
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    shutil.copy(source / MANIFEST_NAME, target / MANIFEST_NAME)
    count = 0
    for found in discover([source]):
        if not isinstance(found, Path):
            continue
        relative = found.relative_to(source)
        for copy in range(1, copies + 1):
            destination = target / relative.with_name(f"{relative.stem}-copy-{copy:02d}.json")
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(found, destination)
            count += 1
    return count


def _pytest_outcome(output: str) -> str:
    """pytest's closing summary (``1752 passed in 81.2s``), without the time."""
    lines = [
        line.strip("= ")
        for line in output.splitlines()
        if re.search(r"\d+ (passed|failed|error)", line)
    ]
    return re.sub(r" in [\d.]+s.*$", "", lines[-1]) if lines else "no summary"


def _check_outcome(output: str) -> str:
    try:
        summary = json.loads(output)["summary"]
    except (ValueError, KeyError, TypeError):
        return "no summary"
    return f"{summary['passed']} of {summary['fixtures']} fixtures passed"


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _timed(label: str, command: Sequence[str], cwd: Path, outcome: Callable[[str], str]) -> Timed:
    cpu = _children_cpu()
    started = time.perf_counter()
    done = subprocess.run(list(command), cwd=cwd, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    return Timed(
        label,
        tuple(command),
        seconds,
        done.returncode,
        outcome(done.stdout),
        _children_cpu() - cpu,
        read_worker_cpu(done.stdout),
    )


def measure_corpus(
    name: str, corpus: Path, fixtures: int, cwd: Path, log: Callable[[str], None]
) -> CorpusTiming:
    python = sys.executable
    pytest = [
        python,
        "-m",
        "pytest",
        "--askbench",
        str(corpus),
        "-q",
        "-p",
        "no:cacheprovider",
        "-o",
        "addopts=",
    ]
    plan = [
        (
            "askbench check, 1 process",
            [python, "-m", "askbench", "check", "--json", str(corpus)],
            _check_outcome,
        ),
        ("pytest --askbench, 1 process", pytest, _pytest_outcome),
        ("pytest --askbench -n auto", [*pytest, "-n", "auto"], _pytest_outcome),
    ]
    runs = []
    for label, command, outcome in plan:
        log(f"{name}: {label} …")
        runs.append(_timed(label, command, cwd, outcome))
        log(f"{name}: {label}: {runs[-1].seconds:.1f} s, {runs[-1].outcome}")
    return CorpusTiming(name, fixtures, tuple(runs))


def _load() -> str:
    try:
        return ", ".join(f"{value:.1f}" for value in os.getloadavg())
    except (AttributeError, OSError):
        return "unknown"


def format_section(
    timings: Sequence[CorpusTiming], cores: int | None, load_before: str, load_after: str
) -> str:
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


def splice(report: str, section: str, begin: str = BEGIN, end: str = END) -> str:
    """``report`` with its section between ``begin`` and ``end`` (by default the xdist one) replaced by ``section``
    (appended when it has none)."""
    if begin in report and end in report:
        head, rest = report.split(begin, 1)
        tail = rest.split(end, 1)[1]
        return head + section.rstrip("\n") + tail
    return report.rstrip("\n") + "\n\n" + section


def kept_section(report_path: Path, begin: str = BEGIN, end: str = END) -> str | None:
    """The section between ``begin`` and ``end`` (by default the xdist one) of an existing report, to carry over
    when the rest is measured again."""
    try:
        text = report_path.read_text(encoding="utf-8")
    except OSError:
        return None
    if begin not in text or end not in text:
        return None
    return begin + text.split(begin, 1)[1].split(end, 1)[0] + end + "\n"


def write_xdist_section(report_path: Path, scratch: Path, log: Callable[[str], None]) -> str:
    """Measure the corpus and the 10× corpus and write the section into ``report_path``; the section."""
    load_before = _load()
    copies = scratch / "corpus-10x"
    fixtures = sum(1 for found in discover([BUILTIN_CORPUS]) if isinstance(found, Path))
    copied = make_copies(BUILTIN_CORPUS, copies)
    log(f"{copied} fixtures copied into {copies}")
    timings = [
        measure_corpus("built-in", BUILTIN_CORPUS, fixtures, scratch, log),
        measure_corpus(f"{COPIES}× built-in", copies, copied, scratch, log),
    ]
    section = format_section(timings, os.cpu_count(), load_before, _load())
    existing = (
        report_path.read_text(encoding="utf-8")
        if report_path.exists()
        else "# askbench benchmarks\n"
    )
    report_path.write_text(splice(existing, section), encoding="utf-8")
    return section
