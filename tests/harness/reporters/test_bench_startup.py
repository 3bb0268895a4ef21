"""The bench report's start-up section and targets, from hand-made costs of the commands the bench times."""

from __future__ import annotations

from pathlib import Path

from askbench.harness.bench.peers import Spread
from askbench.harness.bench.startup import MCP_FIXTURE, Command, StartupCost, startup_commands
from askbench.harness.reporters.bench_startup import startup_lines, startup_targets

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = (ROOT / "corpus" / "bash" / "powershell-here-string-report-200-lines.json", MCP_FIXTURE)
TRY = "askbench try bash/powershell-here-string-report-200-lines"


def _cost(command: Command, median: float) -> StartupCost:
    return StartupCost(command, Spread(median, median * 0.9, median * 1.1, 9), 30_000, 80, ())


def test_each_target_is_judged_on_its_median() -> None:
    def verdict(ok: bool) -> str:
        return "**met**" if ok else "**not met**"

    version, try_, _, bare, floor = startup_commands(FIXTURES)
    rows = startup_targets(
        [_cost(version, 0.04), _cost(try_, 0.32), _cost(bare, 5.0), _cost(floor, 5.0)], verdict
    )
    assert rows == [
        "| `askbench --version`, until the process ends | < 100 ms | 40.0 ms (36.0 ms–44.0 ms) | **met** |",
        f"| `{TRY}`, until the prompt's title is on the terminal | < 300 ms "
        "| 320.0 ms (288.0 ms–352.0 ms) | **not met** |",
    ]
    assert startup_targets([], verdict) == []


def test_the_table_shows_every_command_with_its_spread() -> None:
    version, try_, *_ = startup_commands(FIXTURES)
    lines = startup_lines([_cost(version, 0.04), _cost(try_, 0.2)])
    assert (
        "| `askbench --version` | the process ends | 40.0 ms (36.0 ms–44.0 ms) | 30.0 ms | 80 |  |"
        in lines
    )
    assert any(
        line.startswith(f"| `{TRY}` | the prompt's title is on the terminal | 200.0 ms")
        for line in lines
    )
    assert "9 counted rounds" in lines[2]
