"""``askbench bench --xdist``: the gate spread over processes with pytest-xdist, on the corpus and a 10× corpus.

The gate is one process; ``pytest --askbench`` makes it pytest items, and
pytest-xdist (``-n auto``) spreads them over the machine's cores — and, with
``--tx``, over machines. This measures what that buys: the built-in corpus
and a corpus ten times its size (every fixture copied ten times into a
scratch folder, never the repository) judged by ``askbench check`` in one
process, by ``pytest --askbench`` in one process, and by ``pytest --askbench
-n auto``, each a subprocess timed by the wall clock.

The result is an ``XdistRun``, with the load average before and after, since
the machine is shared and the ratios measured side by side are the figures
to read; ``askbench.harness.reporters.bench_xdist`` writes it into
``reports/bench.md`` as a section of its own, which ``askbench bench`` keeps
as it is: measuring it runs the whole gate several times over, far more than
the rest of the bench.
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


@dataclass(frozen=True)
class XdistRun:
    """The built-in corpus and its 10× copy timed, with the cores and the load average around the runs."""

    timings: tuple[CorpusTiming, ...]
    cores: int | None
    load_before: str
    load_after: str


def measure_xdist(scratch: Path, log: Callable[[str], None]) -> XdistRun:
    """The corpus and the 10× corpus, generated under ``scratch``, each timed three ways."""
    load_before = _load()
    copies = scratch / "corpus-10x"
    fixtures = sum(1 for found in discover([BUILTIN_CORPUS]) if isinstance(found, Path))
    copied = make_copies(BUILTIN_CORPUS, copies)
    log(f"{copied} fixtures copied into {copies}")
    timings = (
        measure_corpus("built-in", BUILTIN_CORPUS, fixtures, scratch, log),
        measure_corpus(f"{COPIES}× built-in", copies, copied, scratch, log),
    )
    return XdistRun(timings, os.cpu_count(), load_before, _load())


__all__ = [
    "COPIES",
    "CorpusTiming",
    "Timed",
    "XdistRun",
    "make_copies",
    "measure_corpus",
    "measure_xdist",
]
