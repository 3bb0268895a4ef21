"""Loading fixtures: every file either becomes a case or a reported problem.

A malformed fixture is reported with its path and the offending field and
counted; it never crashes the gate and never passes silently.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

from jsonschema import Draft202012Validator

from impl.dialog import DEFAULT_FIELD_MAX_WIDTH, DEFAULT_MAX_ROWS, DialogBudget
from impl.payload import PayloadError, PromptPayload, build_payload

BUILTIN_CORPUS = Path(__file__).resolve().parent.parent / "corpus"
NOT_FIXTURES = frozenset({"scenarios", "servers"})
"""Folders of the corpus that hold other data: keystroke scenarios, MCP servers' recorded ``tools/list``."""


@dataclass(frozen=True)
class Fixture:
    path: Path
    name: str
    family: str
    description: str
    source: str
    call: Mapping[str, object]
    ask: Mapping[str, object] = field(default_factory=dict)
    max_rows: int = DEFAULT_MAX_ROWS
    field_max_width: int = DEFAULT_FIELD_MAX_WIDTH
    expect: Mapping[str, object] = field(default_factory=dict)
    schema: Mapping[str, object] = field(default_factory=dict)
    """An MCP call's recorded server and tool (``corpus/mcp/servers``), or why its arguments break that schema."""

    def budget(self, width: int) -> DialogBudget:
        """The fixture's row budget and field cap at one terminal width."""
        return DialogBudget(max_rows=self.max_rows, field_max_width=self.field_max_width, width=width)


@dataclass(frozen=True)
class FixtureProblem:
    """A file that could not become a case; ``field`` is a JSON path like ``call.input``."""

    path: Path
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.field}: {self.message}"


MAX_JSON_DEPTH = 20_000


def parse_json(text: str) -> object:
    """``json.loads`` that also reads hostile nesting: tool input nested 10,000 deep is a case, not a crash.

    Python's parser counts nesting against the interpreter's recursion limit
    (about 1,000), so the limit is raised for this one parse and restored.
    """
    try:
        return json.loads(text)
    except RecursionError:
        pass
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous, MAX_JSON_DEPTH + 100))
    try:
        return json.loads(text)
    finally:
        sys.setrecursionlimit(previous)


@cache
def fixture_schema() -> Mapping[str, object]:
    return json.loads(resources.files("harness").joinpath("fixture.schema.json").read_text(encoding="utf-8"))


@cache
def _validator() -> Draft202012Validator:
    return Draft202012Validator(fixture_schema())


def _json_path(parts: Iterable[object]) -> str:
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(root)"


def load_fixture(path: Path, root: Path | None = None) -> Fixture | FixtureProblem:
    """One fixture file, or the first reason it cannot be one."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return FixtureProblem(path, "(file)", f"cannot be read: {error}")
    try:
        data = parse_json(text)
    except json.JSONDecodeError as error:
        return FixtureProblem(path, "(file)", f"not valid JSON at line {error.lineno} column {error.colno}: {error.msg}")
    except RecursionError:
        return FixtureProblem(path, "(file)", f"JSON nested deeper than {MAX_JSON_DEPTH:,} levels")
    try:
        errors = sorted(_validator().iter_errors(data), key=lambda error: list(error.absolute_path))
    except RecursionError:
        return FixtureProblem(path, "(file)", "nested too deeply to validate")
    if errors:
        first = errors[0]
        return FixtureProblem(path, _json_path(first.absolute_path), first.message[:300])
    budget = data.get("budget", {})
    family = path.parent.name if root is None or path.parent != root else "(root)"
    return Fixture(
        path=path,
        name=path.stem,
        family=family,
        description=data["description"],
        source=data["source"],
        call=data["call"],
        ask=data.get("ask") or {},
        max_rows=budget.get("maxRows", DEFAULT_MAX_ROWS),
        field_max_width=budget.get("fieldMaxWidth", DEFAULT_FIELD_MAX_WIDTH),
        expect=data.get("expect") or {},
        schema=data.get("schema") or {},
    )


def discover(paths: Iterable[Path]) -> Iterator[tuple[Path, Path]]:
    """``(file, root)`` for every ``*.json`` under the given files and folders, sorted."""
    for path in paths:
        if path.is_dir():
            for file in sorted(f for f in path.rglob("*.json")
                               if not NOT_FIXTURES.intersection(f.relative_to(path).parts[:-1])):
                yield file, path
        else:
            yield path, path.parent


def load_corpus(paths: Iterable[Path]) -> tuple[list[Fixture], list[FixtureProblem]]:
    fixtures: list[Fixture] = []
    problems: list[FixtureProblem] = []
    for file, root in discover(paths):
        if not file.exists():
            problems.append(FixtureProblem(file, "(file)", "does not exist"))
            continue
        loaded = load_fixture(file, root)
        (fixtures if isinstance(loaded, Fixture) else problems).append(loaded)  # type: ignore[arg-type]
    return fixtures, problems


class UnusableFixture(Exception):
    """A fixture that cannot become a prompt; the message names the file and the field."""


def load_case(path: Path) -> tuple[Fixture, PromptPayload]:
    """One fixture and the payload built from it, for the commands that show a single prompt."""
    loaded = load_fixture(path)
    if not isinstance(loaded, Fixture):
        raise UnusableFixture(str(loaded))
    try:
        return loaded, build_payload(loaded.call, loaded.ask)
    except PayloadError as error:
        raise UnusableFixture(f"{loaded.path}: {error}") from None
