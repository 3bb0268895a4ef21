"""The bench report's start-up section and targets: each command's time to its prompt or its end, and its imports.

Only formatting: the times are the ``StartupCost``s ``askbench.harness.bench.startup`` measured.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..bench.startup import Command, StartupCost

__all__ = ["startup_lines", "startup_targets"]


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:,.1f} ms"


def _until(command: Command) -> str:
    return "the process ends" if command.marker is None else "the prompt's title is on the terminal"


def startup_lines(costs: Sequence[StartupCost]) -> list[str]:
    rounds = costs[0].wall.samples if costs else 0
    lines = [
        "## Start-up",
        "",
        (
            "Each command started as a person starts it, on a 120×40 pseudo-terminal of its own, with bytecode cached "
            f"as an installed package has it; the commands take turns for {rounds} counted rounds after a warm-up. "
            "Timed from just before the spawn (the interpreter's start included) until the prompt's title is on the "
            "terminal, or until the process ends: median (quartiles). The imports are one more run under "
            "`python -X importtime`: every top-level import of the whole run, until it exits (`site` included: "
            "compare the bare interpreter's rows; after the title too, where `try` checks its fixture with the "
            "schema validator) and the heaviest of them."
        ),
        "",
        "| command | until | median (quartiles) | imports | modules imported | heaviest top-level imports |",
        "| --- | --- | ---: | ---: | ---: | --- |",
    ]
    for cost in costs:
        heaviest = ", ".join(
            f"`{item.module}` {item.cumulative_us / 1e3:,.1f} ms" for item in cost.heaviest
        )
        lines.append(
            f"| `{cost.command.name}` | {_until(cost.command)} | {_ms(cost.wall.median)} "
            f"({_ms(cost.wall.low)}–{_ms(cost.wall.high)}) | {cost.imports_us / 1e3:,.1f} ms "
            f"| {cost.modules} | {heaviest} |"
        )
    return [*lines, ""]


def startup_targets(costs: Sequence[StartupCost], verdict: Callable[[bool], str]) -> list[str]:
    """A row per command with a target, judged on its median."""
    return [
        f"| `{cost.command.name}`, until {_until(cost.command)} | < {cost.command.target * 1e3:.0f} ms "
        f"| {_ms(cost.wall.median)} ({_ms(cost.wall.low)}–{_ms(cost.wall.high)}) "
        f"| {verdict(cost.wall.median < cost.command.target)} |"
        for cost in costs
        if cost.command.target is not None
    ]
