"""``askbench.harness.runners.startup_bench``: the ``-X importtime`` reading, on given text and a fake process; no wall-clock threshold."""

from __future__ import annotations

import itertools
import subprocess
from typing import Any

from askbench.harness.runners.startup_bench import (
    Import,
    StartupCost,
    measure_command,
    startup_lines,
    startup_targets,
    top_level_imports,
)

IMPORTTIME = """\
import time: self [us] | cumulative | imported package
import time:       100 |        100 |   _io
import time:       900 |       1000 | site
import time:        50 |         50 |     askbench.harness.reporters
import time:       150 |        200 |   askbench.harness.reporters.colour
import time:      3000 |       3200 | askbench.harness.frontends.cli
askbench 0.1.0
"""


def test_only_top_level_imports_are_summed() -> None:
    assert top_level_imports(IMPORTTIME) == [
        Import("site", 1000),
        Import("askbench.harness.frontends.cli", 3200),
    ]


def test_a_command_is_timed_as_a_whole_process_and_by_its_imports() -> None:
    ticks = itertools.count(step=0.05)
    seen: list[list[str]] = []

    def run(argv: list[str], **_: Any) -> subprocess.CompletedProcess[str]:
        seen.append(argv)
        return subprocess.CompletedProcess(argv, 0, "", IMPORTTIME)

    cost = measure_command(
        "askbench --version", ["-m", "askbench", "--version"], 3, clock=lambda: next(ticks), run=run
    )
    assert seen[0][1:] == ["-X", "importtime", "-m", "askbench", "--version"] and len(seen) == 3
    assert cost == StartupCost(
        "askbench --version",
        0.05,
        4200,
        5,
        (Import("askbench.harness.frontends.cli", 3200), Import("site", 1000)),
    )


def test_the_version_target_is_judged_on_the_whole_process() -> None:
    def verdict(ok: bool) -> str:
        return "**met**" if ok else "**not met**"

    fast = StartupCost("askbench --version", 0.04, 30_000, 80, ())
    slow = StartupCost("askbench --version", 0.25, 30_000, 80, ())
    assert startup_targets([fast], verdict) == [
        "| `askbench --version`, the whole process | < 100 ms | 40.0 ms | **met** |"
    ]
    assert startup_targets([slow], verdict)[0].endswith("| 250.0 ms | **not met** |")
    assert startup_targets([], verdict) == []
    assert "| `askbench --version` | 40.0 ms | 30.0 ms | 80 |  |" in startup_lines([fast])
