"""``askbench.harness.bench.startup``: the rounds and their order on a fake runner, the ``-X importtime`` reading
on given text, and one real ``askbench try`` on a pty to show the marker is what the prompt draws; no wall-clock
threshold."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

import pytest

from askbench.harness.bench.peers import Spread
from askbench.harness.bench.pty_timing import PtyRun, run_on_pty
from askbench.harness.bench.startup import (
    MCP_FIXTURE,
    TITLE,
    Import,
    cached_bytecode_env,
    imported_modules,
    measure_startup,
    startup_commands,
    top_level_imports,
)

ROOT = Path(__file__).resolve().parents[3]
FIXTURE = ROOT / "corpus" / "bash" / "powershell-here-string-report-200-lines.json"
FIXTURES = (FIXTURE, MCP_FIXTURE)
TRY = "askbench try bash/powershell-here-string-report-200-lines"

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


def test_every_listed_module_counts_at_any_depth() -> None:
    assert imported_modules(IMPORTTIME) == [
        "_io",
        "site",
        "askbench.harness.reporters",
        "askbench.harness.reporters.colour",
        "askbench.harness.frontends.cli",
    ]


def test_bytecode_is_cached_in_the_scratch_prefix_whatever_the_environment_says() -> None:
    env = cached_bytecode_env("/scratch", {"PYTHONDONTWRITEBYTECODE": "1", "PATH": "/bin"})
    assert env == {"PATH": "/bin", "PYTHONPYCACHEPREFIX": "/scratch"}


class FakeRunner:
    """Answers each run with the next of ``seconds`` and the importtime text on a given stderr; records every call."""

    def __init__(self, seconds: Sequence[float]) -> None:
        self.seconds = list(seconds)
        self.calls: list[tuple[list[str], bytes | None, Mapping[str, str]]] = []

    def __call__(
        self,
        argv: Sequence[str],
        marker: bytes | None,
        env: Mapping[str, str] | None = None,
        stderr: IO[bytes] | None = None,
        **_: Any,
    ) -> PtyRun:
        assert env is not None
        self.calls.append((list(argv), marker, env))
        if stderr is not None:
            stderr.write(IMPORTTIME.encode())
            return PtyRun(0.0, b"", 0)
        return PtyRun(self.seconds.pop(0), b"", 0)


def test_the_commands_take_turns_after_an_uncounted_warm_up_round() -> None:
    commands = startup_commands(FIXTURES)
    count = len(commands)
    warm_up = [10.0] * count
    counted = [float(index) for index in range(3 * count)]  # round r, command c: r * count + c
    runner = FakeRunner(warm_up + counted)
    costs = measure_startup(FIXTURES, 3, run=runner)
    timed, importtime = runner.calls[: 4 * count], runner.calls[4 * count :]
    assert [argv[1:] for argv, _, _ in timed] == [list(command.argv) for command in commands] * 4
    assert [argv[1:3] for argv, _, _ in importtime] == [["-X", "importtime"]] * count
    assert all(argv[0] == sys.executable for argv, _, _ in runner.calls)
    prefixes = {env["PYTHONPYCACHEPREFIX"] for _, _, env in runner.calls}
    assert (
        len(prefixes) == 1 and not Path(prefixes.pop()).exists()
    )  # one scratch cache, removed afterwards
    for index, cost in enumerate(costs):
        assert cost.command == commands[index]
        assert cost.wall == Spread.of(
            [index, index + count, index + 2 * count]
        )  # the warm-up's 10 s left out
        assert (cost.imports_us, cost.modules) == (4200, 5)
        assert cost.heaviest == (
            Import("askbench.harness.frontends.cli", 3200),
            Import("site", 1000),
        )


def test_try_is_timed_until_the_title_and_version_until_it_ends() -> None:
    commands = {command.name: command for command in startup_commands(FIXTURES)}
    for fixture, name in zip(
        FIXTURES, (TRY, "askbench try mcp/github-create-issue-long-markdown-body"), strict=True
    ):
        try_ = commands[name]
        assert try_.argv == ("-m", "askbench", "try", str(fixture)) and try_.marker == TITLE
        assert try_.target == 0.3
    version = commands["askbench --version"]
    assert (version.marker, version.target) == (None, 0.1)
    assert (
        sum(command.target is None for command in commands.values()) == 2
    )  # the bare interpreter's rows


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")
@pytest.mark.parametrize("fixture", FIXTURES, ids=["bash", "mcp"])
def test_the_title_is_what_askbench_try_draws_first(fixture: Path) -> None:
    """The marker is the prompt's own first row: the real command shows it, and leaves on ctrl+c (exit 130)."""
    done = run_on_pty([sys.executable, "-m", "askbench", "try", str(fixture)], TITLE)
    assert done.exit_code == 130
    frame = done.output[done.output.index(TITLE) :]
    assert b"ctrl+o full request" in frame  # the frame the title begins, down to its hint row
    assert b"cancelled, no decision" in done.output
