"""The bench's start-up section: what ``askbench --version`` and ``askbench try`` import before they can act.

Each is a fresh interpreter under ``python -X importtime``, so the figure is
the imports themselves, beside the whole process and a bare interpreter's
for comparison; the heaviest top-level imports are named,
so a module that slipped back into the start-up path shows by name.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

TRY_PROBE = "from askbench.harness.frontends.cli import build_parser\nbuild_parser().parse_args(['try', {fixture!r}])"
"""``askbench try FIXTURE`` up to the point where it draws: the parser built and the fixture argument resolved."""


@dataclass(frozen=True)
class Import:
    module: str
    cumulative_us: int


@dataclass(frozen=True)
class StartupCost:
    command: str
    wall: float
    """Median seconds of the whole process, the interpreter's start included."""
    imports_us: int
    """Median microseconds of every import the process made, ``site`` included (compare the bare interpreter's)."""
    modules: int
    heaviest: tuple[Import, ...]


def top_level_imports(stderr: str) -> list[Import]:
    """The imports ``-X importtime`` lists at the top level (one space before the name), with their cumulative µs."""
    out = []
    for line in stderr.splitlines():
        if not line.startswith("import time:"):
            continue
        parts = line[len("import time:") :].split("|")
        if len(parts) != 3 or not parts[1].strip().isdigit():
            continue
        name = parts[2]
        if name.startswith(" ") and not name.startswith("  "):
            out.append(Import(name.strip(), int(parts[1])))
    return out


def measure_command(
    command: str,
    argv: Sequence[str],
    rounds: int,
    clock: Callable[[], float] = time.perf_counter,
    run: Callable[..., subprocess.CompletedProcess[str]] = subprocess.run,
) -> StartupCost:
    walls, totals = [], []
    imports: list[Import] = []
    for _ in range(max(1, rounds)):
        start = clock()
        done = run(
            [sys.executable, "-X", "importtime", *argv], capture_output=True, text=True, check=False
        )
        walls.append(clock() - start)
        imports = top_level_imports(done.stderr)
        totals.append(sum(item.cumulative_us for item in imports))
    heaviest = tuple(sorted(imports, key=lambda item: item.cumulative_us, reverse=True)[:5])
    modules = (
        sum(
            1
            for line in done.stderr.splitlines()
            if line.startswith("import time:") and "|" in line
        )
        - 1
    )
    return StartupCost(
        command, statistics.median(walls), int(statistics.median(totals)), max(0, modules), heaviest
    )


def measure_startup(fixture: Path, rounds: int) -> tuple[StartupCost, ...]:
    return (
        measure_command("askbench --version", ["-m", "askbench", "--version"], rounds),
        measure_command(
            "askbench try (until it draws)", ["-c", TRY_PROBE.format(fixture=str(fixture))], rounds
        ),
        measure_command("python -c pass (the interpreter alone)", ["-c", "pass"], rounds),
    )


TARGET_VERSION_S = 0.1


def startup_lines(costs: Sequence[StartupCost]) -> list[str]:
    lines = [
        "## Start-up",
        "",
        (
            "Each command in a fresh interpreter under `python -X importtime`, median of the rounds: the whole process "
            "(the interpreter's start included) and every import it made (`site` included: compare the bare "
            "interpreter's row), with the heaviest top-level ones."
        ),
        "",
        "| command | process | imports | modules imported | heaviest top-level imports |",
        "| --- | ---: | ---: | ---: | --- |",
    ]
    for cost in costs:
        heaviest = ", ".join(
            f"`{item.module}` {item.cumulative_us / 1e3:,.1f} ms" for item in cost.heaviest
        )
        lines.append(
            f"| `{cost.command}` | {cost.wall * 1e3:,.1f} ms | {cost.imports_us / 1e3:,.1f} ms "
            f"| {cost.modules} | {heaviest} |"
        )
    return [*lines, ""]


def startup_targets(costs: Sequence[StartupCost], verdict: Callable[[bool], str]) -> list[str]:
    version = next((cost for cost in costs if cost.command == "askbench --version"), None)
    if version is None:
        return []
    return [
        f"| `askbench --version`, the whole process | < {TARGET_VERSION_S * 1e3:.0f} ms | {version.wall * 1e3:,.1f} ms "
        f"| {verdict(version.wall < TARGET_VERSION_S)} |"
    ]


__all__ = [
    "Import",
    "StartupCost",
    "measure_command",
    "measure_startup",
    "startup_lines",
    "startup_targets",
    "top_level_imports",
]
