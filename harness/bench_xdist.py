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
it takes many minutes (``make bench`` takes about one). The machine is
shared, so the section states the load average, and the ratios measured
side by side are the figures to read.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .corpus import BUILTIN_CORPUS, MANIFEST_NAME, discover

BEGIN = "<!-- askbench bench --xdist: begin -->"
END = "<!-- askbench bench --xdist: end -->"
COPIES = 10


@dataclass(frozen=True)
class Timed:
    """One run: what was run, how long it took on the wall clock, and how it ended."""

    label: str
    command: tuple[str, ...]
    seconds: float
    exit_code: int
    outcome: str


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
    lines = [line.strip("= ") for line in output.splitlines() if re.search(r"\d+ (passed|failed|error)", line)]
    return re.sub(r" in [\d.]+s.*$", "", lines[-1]) if lines else "no summary"


def _check_outcome(output: str) -> str:
    try:
        summary = json.loads(output)["summary"]
    except (ValueError, KeyError, TypeError):
        return "no summary"
    return f"{summary['passed']} of {summary['fixtures']} fixtures passed"


def _timed(label: str, command: Sequence[str], cwd: Path, outcome: Callable[[str], str]) -> Timed:
    started = time.perf_counter()
    done = subprocess.run(list(command), cwd=cwd, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    return Timed(label, tuple(command), seconds, done.returncode, outcome(done.stdout))


def measure_corpus(name: str, corpus: Path, fixtures: int, cwd: Path, log: Callable[[str], None]) -> CorpusTiming:
    python = sys.executable
    pytest = [python, "-m", "pytest", "--askbench", str(corpus), "-q", "-p", "no:cacheprovider", "-o", "addopts="]
    plan = [
        ("askbench check, 1 process", [python, "-m", "askbench", "check", "--json", str(corpus)], _check_outcome),
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


def format_section(timings: Sequence[CorpusTiming], cores: int | None, load_before: str, load_after: str) -> str:
    lines = [
        BEGIN,
        "## The gate over processes: `pytest --askbench -n auto`",
        "",
        "Measured by `askbench bench --xdist --scratch DIR` (many minutes; `askbench bench` keeps this section as "
        "it is). Each run is a subprocess timed by the wall clock: `askbench check --json` (the gate in one "
        "process), `pytest --askbench` (the same checks as pytest items, one per fixture × width × view) in one "
        "process, and with `-n auto` (pytest-xdist; the items of one fixture stay on one worker, "
        "`--dist loadscope`). The 10× corpus is every fixture of the built-in corpus copied ten times into the "
        "scratch folder.",
        "",
        f"Cores: {cores or 'unknown'}. Load average (1, 5, 15 min) {load_before} before and {load_after} after, "
        "on a machine shared with other jobs: read the ratios, not the seconds.",
        "",
        "| corpus | fixtures | run | wall | vs. `askbench check` | outcome |",
        "| --- | ---: | --- | ---: | ---: | --- |",
    ]
    for timing in timings:
        base = timing.seconds("askbench check, 1 process")
        for run in timing.runs:
            ratio = base / run.seconds if run.seconds else 0.0
            lines.append(
                f"| {timing.name} | {timing.fixtures:,} | {run.label} | {run.seconds:,.1f} s | {ratio:.2f}× "
                f"| {run.outcome} (exit {run.exit_code}) |"
            )
    lines += ["", "Commands (the corpus path as measured):", ""]
    for timing in timings:
        for run in timing.runs:
            lines.append(f"- `{' '.join('python' if part == sys.executable else part for part in run.command)}`")
    lines += ["", END]
    return "\n".join(lines) + "\n"


def splice(report: str, section: str) -> str:
    """``report`` with its xdist section replaced by ``section`` (appended when it has none)."""
    if BEGIN in report and END in report:
        head, rest = report.split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
        return head + section.rstrip("\n") + tail
    return report.rstrip("\n") + "\n\n" + section


def kept_section(report_path: Path) -> str | None:
    """The xdist section of an existing report, to carry over when the rest is measured again."""
    try:
        text = report_path.read_text(encoding="utf-8")
    except OSError:
        return None
    if BEGIN not in text or END not in text:
        return None
    return BEGIN + text.split(BEGIN, 1)[1].split(END, 1)[0] + END + "\n"


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
    existing = report_path.read_text(encoding="utf-8") if report_path.exists() else "# askbench benchmarks\n"
    report_path.write_text(splice(existing, section), encoding="utf-8")
    return section
