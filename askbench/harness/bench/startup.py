"""The bench's start-up section: how soon ``askbench try`` shows its prompt, how soon ``askbench --version`` is done.

Each command is started as a person starts it, on a terminal of its own
(``pty_timing``): ``askbench try FIXTURE`` is timed until the prompt's
title is on the terminal — the first row of the first frame, what a person
sees first — and ``--version`` until the process has ended. Beside them the
bare interpreter: ``python -c pass`` to its end, and a one-line script
printing the same title, the floor any Python program could show it by.

The commands take turns, round by round, after one warm-up round that is
not counted, so a busy moment slows each alike; each is judged on the median
of its rounds and shown with its quartiles. They run with bytecode cached
(in a scratch ``PYTHONPYCACHEPREFIX``), as an installed package has it,
whatever the environment says about writing bytecode: compiling every module
on every start is not what a user's start costs. One more run of each under
``python -X importtime`` names the heaviest imports, so a module that slipped
back into the start-up path shows by name.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..fixtures.loading import BUILTIN_CORPUS
from .peers import Spread
from .pty_timing import PtyRun, run_on_pty

__all__ = [
    "TITLE",
    "Command",
    "Import",
    "MCP_FIXTURE",
    "StartupCost",
    "cached_bytecode_env",
    "imported_modules",
    "measure_startup",
    "startup_commands",
    "top_level_imports",
]

TITLE = b"Permission Required"
"""How the prompt's first row begins (``Permission Required``, or with `` (Subagent)``): its bytes on the terminal
are the prompt drawn."""

Runner = Callable[..., PtyRun]


@dataclass(frozen=True)
class Command:
    name: str
    argv: tuple[str, ...]
    """What follows the interpreter on its command line."""
    marker: bytes | None
    """Timed until these bytes are on the terminal; ``None``: until the process ends."""
    target: float | None = None
    """The median, in seconds, the command must stay under on an idle machine; ``None`` for a reference row."""


@dataclass(frozen=True)
class Import:
    module: str
    cumulative_us: int


@dataclass(frozen=True)
class StartupCost:
    command: Command
    wall: Spread
    """Seconds from just before the spawn to the marker (or the end), over the counted rounds."""
    imports_us: int
    """Microseconds of every top-level import of the ``-X importtime`` run, ``site`` included (compare the bare
    interpreter's)."""
    modules: int
    heaviest: tuple[Import, ...]


MCP_FIXTURE = BUILTIN_CORPUS / "mcp" / "github-create-issue-long-markdown-body.json"
"""An MCP call whose argument names stand as labels: the path that folds them (TR39) and reads the server's schema
record, beside the seed's bash repro, which has neither."""


def startup_commands(fixtures: Sequence[Path]) -> tuple[Command, ...]:
    """The commands the section times, in the order they take turns: ``try`` once per fixture."""
    return (
        Command("askbench --version", ("-m", "askbench", "--version"), None, 0.1),
        *(
            Command(
                f"askbench try {fixture.parent.name}/{fixture.stem}",
                ("-m", "askbench", "try", str(fixture)),
                TITLE,
                0.3,
            )
            for fixture in fixtures
        ),
        Command("python -c pass (the interpreter alone)", ("-c", "pass"), None),
        Command(
            "python printing the title (the floor for try)",
            ("-c", f"print({TITLE.decode()!r})"),
            TITLE,
        ),
    )


def _import_lines(stderr: str) -> list[tuple[int, str]]:
    """Each ``-X importtime`` line's cumulative µs and the name with its indent (one space per level, after one)."""
    out = []
    for line in stderr.splitlines():
        parts = line.removeprefix("import time:").split("|")
        if line.startswith("import time:") and len(parts) == 3 and parts[1].strip().isdigit():
            out.append((int(parts[1]), parts[2]))
    return out


def top_level_imports(stderr: str) -> list[Import]:
    """The imports ``-X importtime`` lists at the top level (one space before the name), with their cumulative µs."""
    return [
        Import(name.strip(), cumulative)
        for cumulative, name in _import_lines(stderr)
        if name.startswith(" ") and not name.startswith("  ")
    ]


def imported_modules(stderr: str) -> list[str]:
    """Every module ``-X importtime`` lists, at any depth, in the order they finished importing."""
    return [name.strip() for _, name in _import_lines(stderr)]


def cached_bytecode_env(prefix: str, base: Mapping[str, str] = os.environ) -> dict[str, str]:
    """``base`` with bytecode written and read under ``prefix``: the source tree stays clean, the starts warm."""
    env = {key: value for key, value in base.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = prefix
    return env


def _imports_of(command: Command, env: Mapping[str, str], run: Runner) -> str:
    with tempfile.TemporaryFile() as stderr:
        run(
            [sys.executable, "-X", "importtime", *command.argv],
            command.marker,
            env=env,
            stderr=stderr,
        )
        stderr.seek(0)
        return stderr.read().decode("utf-8", "replace")


def _cost(command: Command, samples: Sequence[float], stderr: str) -> StartupCost:
    imports = top_level_imports(stderr)
    heaviest = tuple(sorted(imports, key=lambda item: item.cumulative_us, reverse=True)[:5])
    return StartupCost(
        command,
        Spread.of(samples),
        sum(item.cumulative_us for item in imports),
        len(imported_modules(stderr)),
        heaviest,
    )


def measure_startup(
    fixtures: Sequence[Path], rounds: int, run: Runner = run_on_pty
) -> tuple[StartupCost, ...]:
    """Every command of ``startup_commands``, taking turns for a warm-up round and ``rounds`` counted ones."""
    commands = startup_commands(fixtures)
    samples: dict[Command, list[float]] = {command: [] for command in commands}
    with tempfile.TemporaryDirectory(prefix="askbench-pycache-") as prefix:
        env = cached_bytecode_env(prefix)
        for counted in [False] + [True] * max(1, rounds):
            for command in commands:
                done = run([sys.executable, *command.argv], command.marker, env=env)
                if counted:
                    samples[command].append(done.seconds)
        return tuple(
            _cost(command, samples[command], _imports_of(command, env, run)) for command in commands
        )
