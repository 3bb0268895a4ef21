"""``askbench check --contrib PATH``: every check a reviewer will run on a new fixture, then its screens.

In order: the fixture loads (every problem at once), nothing still says
``TODO`` (what ``askbench new`` leaves for the contributor; a fixture that
does is said to be not ready first and last), the gate at every
width, an MCP call's arguments against its recorded tool's ``inputSchema``,
and — for a fixture of the built-in corpus in a source checkout — the suite's
tests that hold every fixture (its claims, its schema, its golden screens).
Last, the screens as the golden snapshot will hold them, for the
contributor to read as a person would see them.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from ..exit_codes import EXIT_OK, EXIT_UNUSABLE, EXIT_VIOLATION
from ..fixtures.loading import BUILTIN_CORPUS, CorpusManifest, Fixture, find_manifest, load_corpus
from ..fixtures.mcp_arguments import argument_problems
from ..fixtures.mcp_records import RECORDS
from ..fixtures.scaffold import TODO
from ..reporters.escape import one_line
from ..reporters.screen_text import screen_text
from ..reporters.table import format_table
from ..reporters.vocabulary import counted
from ..runners.fixture_screens import fixture_screens
from ..runners.gate import run_gate

__all__ = ["REVIEW_TESTS", "run_contrib"]

REVIEW_TESTS = (
    "tests/harness/test_fixture_claims.py",
    "tests/harness/test_mcp_schemas.py",
    "tests/harness/test_snapshots.py",
)
"""The suite's tests that hold every built-in fixture, relative to the source checkout."""


def _todos(fixture: Fixture) -> list[str]:
    fields = {
        "description": fixture.description,
        "source": fixture.source,
        "call": repr(fixture.call),
    }
    return [f"{name} still says {TODO}" for name, text in fields.items() if TODO in text]


def _record_folders(fixture: Fixture) -> list[Path]:
    manifest = find_manifest(fixture.path)
    own = [manifest.root / RECORDS] if isinstance(manifest, CorpusManifest) else []
    return [*own, BUILTIN_CORPUS / RECORDS]


def _checkout() -> Path | None:
    """The source checkout the built-in corpus lives in, when it is one (not an installed wheel)."""
    root = BUILTIN_CORPUS.resolve().parent
    return root if all((root / test).is_file() for test in REVIEW_TESTS) else None


def _suite(fixtures: Sequence[Fixture], say: Callable[[str], None]) -> bool:
    """The review tests on the built-in fixtures among these; True when they pass or none apply."""
    root = _checkout()
    builtin = [f for f in fixtures if f.path.resolve().is_relative_to(BUILTIN_CORPUS.resolve())]
    if root is None or not builtin:
        say(
            "suite: not run (the claims, schema and snapshot tests hold the built-in corpus of a source checkout)"
        )
        return True
    keyword = " or ".join(f"{f.id} or {f.id.replace('/', '.')}" for f in builtin)
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "-o",
        "addopts=",
        *REVIEW_TESTS,
        "-k",
        keyword,
    ]
    say("suite: " + " ".join(command[2:-2]) + f" -k '{keyword}'")
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, check=False)
    tail = [line for line in done.stdout.splitlines() if line.strip()][-15:]
    say("\n".join(f"  {line}" for line in tail))
    return done.returncode == 0


def run_contrib(paths: Sequence[Path], widths: Sequence[int], say: Callable[[str], None]) -> int:
    """Every review check on the fixtures under ``paths``, reported through ``say``; the gate's exit codes."""
    fixtures, problems = load_corpus(paths)
    if problems or not fixtures:
        say(
            "\n".join(f"MALFORMED  {one_line(problem.one())}" for problem in problems)
            or "no fixtures were given"
        )
        return EXIT_UNUSABLE
    todos = [f"{f.id}: {todo}" for f in fixtures for todo in _todos(f)]
    not_ready = _not_ready(todos)
    say(not_ready or "placeholders: none left")
    run = run_gate(paths, widths)
    say(format_table(run, failures_only=True))
    arguments = [
        f"{f.id}: {problem}"
        for f in fixtures
        for problem in argument_problems(f, _record_folders(f))
    ]
    say(
        "schema: "
        + (
            "every MCP call's arguments stand as its schema says"
            if not arguments
            else "; ".join(arguments)
        )
    )
    suite = _suite(fixtures, say)
    for fixture in fixtures:
        say(
            f"\nthe screens of {fixture.id}, as its golden snapshot holds them (read them as a person would):"
        )
        say(screen_text(fixture_screens(fixture, widths)))
        if fixture.path.resolve().is_relative_to(BUILTIN_CORPUS.resolve()):
            say(f"record or update them with: make snapshots FIXTURE={fixture.id}")
    if not_ready:
        say(f"\n{not_ready}")
    if run.exit_code != EXIT_OK:
        return run.exit_code
    return EXIT_VIOLATION if todos or arguments or not suite else EXIT_OK


def _not_ready(todos: Sequence[str]) -> str | None:
    """Said first and last, so the reason for exit 1 is never 60 lines above a gate that passed."""
    if not todos:
        return None
    return (
        f"NOT READY: {counted(len(todos), 'placeholder')} left ({'; '.join(todos)}); "
        f"fill in every {TODO}, then run again"
    )
