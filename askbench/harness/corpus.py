"""Loading fixtures: every file either becomes a case or a reported problem.

A malformed fixture is reported with its path and the offending field and
counted; it never crashes the gate and never passes silently. Neither does
a path that does not exist, a folder with no fixtures in it, or a fixture
outside the families its corpus declares: a CI job pointed at the wrong
folder, or a fixture filed under ``corpus/mpc/``, must not go green.

A corpus declares itself in ``askbench-corpus.json`` at its root
(``corpus-manifest.schema.json``): the families its fixtures may be filed
under, ``<root>/<family>/<name>.json``, and the folders under the root that
hold no fixtures (``skip``). A fixture's family is the first folder below
the nearest manifest above it, whether it was found in a folder or named on
its own.
"""

from __future__ import annotations

import difflib
import json
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Literal

from jsonschema import Draft202012Validator

from askbench.impl.dialog import DEFAULT_FIELD_MAX_WIDTH, DEFAULT_MAX_ROWS, DialogBudget
from askbench.impl.payload import PayloadError, PromptPayload, build_payload

from .fixture_problems import Finding, call_findings, schema_findings, syntax_findings
from .json_positions import line_of
from .mcp_records import RECORDS, record_findings

MANIFEST_NAME = "askbench-corpus.json"


def _builtin_corpus() -> Path:
    """The corpus that ships inside the distribution as ``askbench.corpus`` (the repository's ``corpus/``)."""
    return Path(str(resources.files("askbench.corpus")))


BUILTIN_CORPUS = _builtin_corpus()


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


ProblemKind = Literal["malformed", "not found", "no fixtures", "family"]
"""Why a path is not a case: a file that is not a valid fixture, a path that does not exist, a folder
with no fixtures, or a fixture outside the families its corpus declares."""


@dataclass(frozen=True)
class FixtureProblem:
    """A path that could not become a case; ``field`` is a JSON path like ``call.input``, or ``(file)``.

    ``line`` is where the field stands in the file, when known; ``also`` holds the file's other problems,
    so one load reports every mistake at once (``every``).
    """

    path: Path
    field: str
    message: str
    kind: ProblemKind = "malformed"
    line: int | None = None
    also: tuple[FixtureProblem, ...] = ()

    def every(self) -> tuple[FixtureProblem, ...]:
        """This problem and the file's others, each on its own."""
        return (replace(self, also=()), *self.also)

    def __str__(self) -> str:
        return "\n".join(problem.one() for problem in self.every())

    def one(self) -> str:
        """``path[:line]: field: message`` of this problem alone."""
        where = f"{self.path}:{self.line}" if self.line is not None else str(self.path)
        return f"{where}: {self.field}: {self.message}"


MAX_JSON_DEPTH = 20_000


@dataclass(frozen=True)
class LongIntegerLiteral:
    """Where a JSON integer stood that Python refuses to read: longer than ``sys.get_int_max_str_digits()``."""

    digits: int


class LongIntegerError(ValueError):
    """A JSON text holding an integer literal Python will not read; ``path`` is its JSON path."""

    def __init__(self, path: str, digits: int) -> None:
        limit = sys.get_int_max_str_digits()
        super().__init__(f"an integer literal of {digits:,} digits, longer than the {limit:,} Python reads "
                         "(sys.get_int_max_str_digits)")
        self.path = path


def _read_integer(literal: str, found: list[LongIntegerLiteral]) -> int | LongIntegerLiteral:
    try:
        return int(literal)
    except ValueError:  # the only ValueError of a literal json's scanner matched: too many digits
        found.append(LongIntegerLiteral(len(literal.lstrip("-"))))
        return found[-1]


def _path_of(data: object, target: object) -> str:
    """The JSON path of ``target`` (by identity) in ``data``; iterative, for input nested 10,000 deep."""
    stack: list[tuple[object, tuple[object, ...]]] = [(data, ())]
    while stack:
        item, parts = stack.pop()
        if item is target:
            return _json_path(parts)
        if isinstance(item, dict):
            stack.extend((child, (*parts, key)) for key, child in reversed(item.items()))
        elif isinstance(item, list):
            stack.extend((child, (*parts, index)) for index, child in reversed(list(enumerate(item))))
    return "(root)"


def _loads(text: str) -> object:
    found: list[LongIntegerLiteral] = []
    data = json.loads(text, parse_int=lambda literal: _read_integer(literal, found))
    if found:
        raise LongIntegerError(_path_of(data, found[0]), found[0].digits)
    return data


def parse_json(text: str) -> object:
    """``json.loads`` that also reads hostile nesting: tool input nested 10,000 deep is a case, not a crash.

    Python's parser counts nesting against the interpreter's recursion limit
    (about 1,000), so the limit is raised for this one parse and restored.
    An integer literal longer than Python reads raises ``LongIntegerError``
    naming where it stands, where ``json.loads`` would raise a bare
    ``ValueError`` with no position.
    """
    try:
        return _loads(text)
    except RecursionError:
        pass
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous, MAX_JSON_DEPTH + 100))
    try:
        return _loads(text)
    finally:
        sys.setrecursionlimit(previous)


@cache
def fixture_schema() -> Mapping[str, object]:
    schema: Mapping[str, object] = json.loads(
        resources.files("askbench.harness").joinpath("fixture.schema.json").read_text(encoding="utf-8")
    )
    return schema


@cache
def _validator() -> Draft202012Validator:
    return Draft202012Validator(fixture_schema())


def _json_path(parts: Iterable[object]) -> str:
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(root)"


def _read_text(path: Path) -> str | FixtureProblem:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return FixtureProblem(path, "(file)", "does not exist", "not found")
    except (OSError, UnicodeDecodeError) as error:
        return FixtureProblem(path, "(file)", f"cannot be read: {error}")


def _read_json(path: Path) -> object | FixtureProblem:
    """A file's JSON, or why it has none: every failure names the file, and the field where one is known."""
    text = _read_text(path)
    if isinstance(text, FixtureProblem):
        return text
    try:
        return parse_json(text)
    except json.JSONDecodeError as error:
        return FixtureProblem(path, "(file)", f"not valid JSON at line {error.lineno} column {error.colno}: {error.msg}")
    except LongIntegerError as error:
        return FixtureProblem(path, error.path, str(error))
    except RecursionError:
        return FixtureProblem(path, "(file)", f"JSON nested deeper than {MAX_JSON_DEPTH:,} levels")


# ── families: the corpus manifest ───────────────────────────────────────────


@dataclass(frozen=True)
class CorpusManifest:
    """``askbench-corpus.json``: a corpus root, the families filed under it and the folders that hold no fixtures."""

    root: Path
    families: Mapping[str, str]
    skip: Mapping[str, str] = field(default_factory=dict)

    @property
    def path(self) -> Path:
        return self.root / MANIFEST_NAME

    def skips(self, folder: Path) -> bool:
        """Whether ``folder`` (under the root) is declared to hold no fixtures, or holds MCP server records."""
        try:
            relative = folder.relative_to(self.root)
        except ValueError:
            return False
        skipped_folders = (*self.skip, RECORDS.as_posix())  # MCP server records are data, never fixtures
        return any(relative == Path(skipped) or Path(skipped) in relative.parents for skipped in skipped_folders)


@dataclass(frozen=True)
class Membership:
    """Where a fixture file belongs: its family and its name within the family (``servers/x`` when nested)."""

    family: str
    name: str


@cache
def _manifest_validator() -> Draft202012Validator:
    schema = json.loads(resources.files("askbench.harness").joinpath("corpus-manifest.schema.json").read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


@cache
def _manifest_in(folder: Path) -> CorpusManifest | FixtureProblem | None:
    path = folder / MANIFEST_NAME
    if not path.is_file():
        return None
    data = _read_json(path)
    if isinstance(data, FixtureProblem):
        return data
    errors = sorted(_manifest_validator().iter_errors(data), key=lambda error: list(error.absolute_path))
    if errors:
        return FixtureProblem(path, _json_path(errors[0].absolute_path), errors[0].message[:300])
    assert isinstance(data, dict)
    return CorpusManifest(folder, dict(data["families"]), dict(data.get("skip", {})))


def find_manifest(path: Path) -> CorpusManifest | FixtureProblem | None:
    """The manifest of the nearest corpus root at or above ``path``'s folder (or a problem with it), or ``None``."""
    folder = path.resolve() if path.is_dir() else path.resolve().parent
    for candidate in (folder, *folder.parents):
        found = _manifest_in(candidate)
        if found is not None:
            return found
    return None


def membership(path: Path) -> Membership | FixtureProblem:
    """The declared family of one fixture file, or why it has none."""
    manifest = find_manifest(path)
    if manifest is None:
        return FixtureProblem(
            path, "(family)",
            f"no {MANIFEST_NAME} in its folder or any folder above declares its family; a corpus lists its "
            f"families there (docs/design.md, \"Families\"; askbench docs design)", "family",
        )
    if isinstance(manifest, FixtureProblem):
        return manifest
    relative = path.resolve().relative_to(manifest.root)
    if manifest.skips(manifest.root / relative.parent):
        return FixtureProblem(path, "(family)", f"its folder is declared to hold no fixtures in {manifest.path}", "family")
    if len(relative.parts) < 2:
        return FixtureProblem(
            path, "(family)", f"stands at the corpus root {manifest.root}; a fixture is filed as <family>/<name>.json",
            "family",
        )
    family = relative.parts[0]
    if family not in manifest.families:
        close = difflib.get_close_matches(family, manifest.families, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        declared = ", ".join(sorted(manifest.families))
        return FixtureProblem(
            path, "(family)", f"family {family!r} is not declared in {manifest.path} (declared: {declared}){hint}", "family",
        )
    return Membership(family, relative.with_suffix("").relative_to(family).as_posix())


def _lenient_membership(path: Path) -> Membership:
    """The declared family when there is one, otherwise the folder's name: for showing a single file."""
    found = membership(path)
    return found if isinstance(found, Membership) else Membership(path.resolve().parent.name, path.stem)


# ── fixtures ────────────────────────────────────────────────────────────────


MAX_PROBLEMS_SHOWN = 30
"""Problems of one file reported one by one; the rest are counted, so a hostile file costs a bounded report."""


def _problem(path: Path, text: str, findings: list[Finding]) -> FixtureProblem:
    """Every finding as a problem of the file, each at its JSON path and line; the first carries the others."""
    shown = findings[:MAX_PROBLEMS_SHOWN]
    problems = [
        FixtureProblem(path, _json_path(finding.parts) if finding.parts else "(file)", finding.message,
                       line=finding.line if finding.line is not None else line_of(text, finding.parts))
        for finding in shown
    ]
    if len(findings) > len(shown):
        problems.append(FixtureProblem(path, "(file)", f"and {len(findings) - len(shown)} more problems"))
    return replace(problems[0], also=tuple(problems[1:]))


def _findings(path: Path, text: str) -> object | list[Finding] | FixtureProblem:
    """The fixture's JSON when nothing is wrong with it, or every finding (syntax, schema, call, record)."""
    try:
        data, findings = syntax_findings(text, parse_json)
    except LongIntegerError as error:
        return FixtureProblem(path, error.path, str(error))
    except RecursionError:
        return FixtureProblem(path, "(file)", f"JSON nested deeper than {MAX_JSON_DEPTH:,} levels")
    if data is None:
        return findings
    try:
        errors = sorted(_validator().iter_errors(data), key=lambda error: list(error.absolute_path))
    except RecursionError:
        return FixtureProblem(path, "(file)", "nested too deeply to validate")
    findings += schema_findings(errors)
    broken = {error.absolute_path[0] if error.absolute_path else "" for error in errors}
    if isinstance(data, dict) and not broken & {"", "call", "ask"}:
        findings += call_findings(data["call"], data.get("ask") or {})
    if isinstance(data, dict) and not broken & {"", "schema"}:
        findings += record_findings(data.get("schema") or {}, _record_folders(path))
    return findings or data


def _record_folders(path: Path) -> list[Path]:
    """Where a fixture's MCP server records are looked for: its own corpus's, then the built-in corpus's."""
    manifest = find_manifest(path)
    own = [manifest.root / RECORDS] if isinstance(manifest, CorpusManifest) else []
    builtin = BUILTIN_CORPUS / RECORDS
    return own + [builtin] if builtin not in own else own


def load_fixture(path: Path, member: Membership | None = None) -> Fixture | FixtureProblem:
    """One fixture file, or every reason it cannot be one (the first problem, carrying the others).

    ``member`` is its place in a corpus (``membership``); without it the
    family is the declared one or, for a file outside any corpus, its folder's
    name — the gate (``load_corpus``) never loads a fixture that way.
    """
    text = _read_text(path)
    if isinstance(text, FixtureProblem):
        return text
    data = _findings(path, text)
    if isinstance(data, FixtureProblem):
        return data
    if isinstance(data, list):
        return _problem(path, text, data)
    assert isinstance(data, dict)
    budget = data.get("budget", {})
    member = member or _lenient_membership(path)
    return Fixture(
        path=path,
        name=member.name,
        family=member.family,
        description=data["description"],
        source=data["source"],
        call=data["call"],
        ask=data.get("ask") or {},
        max_rows=budget.get("maxRows", DEFAULT_MAX_ROWS),
        field_max_width=budget.get("fieldMaxWidth", DEFAULT_FIELD_MAX_WIDTH),
        expect=data.get("expect") or {},
        schema=data.get("schema") or {},
    )


def discover(paths: Iterable[Path]) -> Iterator[Path | FixtureProblem]:
    """Every fixture file under the given files and folders, sorted per folder, or why a path gives none.

    A folder yields its ``*.json`` files at any depth except the manifest and
    those in folders its manifest skips; a folder that yields none is a
    problem (``no fixtures``), as is a path that does not exist. A file named
    on its own is yielded as it is.
    """
    for path in paths:
        if path.is_dir():
            files = [file for file in sorted(path.rglob("*.json")) if _is_fixture_file(file)]
            if not files:
                yield FixtureProblem(path, "(folder)", "no fixtures found (*.json at any depth)", "no fixtures")
            yield from files
        elif path.exists():
            yield path
        else:
            yield FixtureProblem(path, "(file)", "does not exist", "not found")


def _is_fixture_file(file: Path) -> bool:
    if file.name == MANIFEST_NAME:
        return False
    manifest = find_manifest(file)
    return not (isinstance(manifest, CorpusManifest) and manifest.skips(file.resolve().parent))


def is_fixture_file(file: Path) -> bool:
    """Whether searching a folder would judge ``file``: a ``*.json`` that is not a manifest nor in a skipped folder."""
    return file.suffix == ".json" and _is_fixture_file(file)


def in_a_corpus(file: Path) -> bool:
    """Whether ``file`` is a fixture of a declared corpus: a ``*.json`` below an ``askbench-corpus.json``,
    not the manifest, not in a folder it skips.

    For a collector that walks a whole project (the pytest plugin): JSON with no
    manifest above it is someone else's data, not a fixture filed in the wrong place.
    A broken manifest still claims its files, so the corpus it meant to declare is reported.
    """
    return is_fixture_file(file) and find_manifest(file) is not None


def load_one(file: Path) -> Fixture | FixtureProblem:
    """One discovered file as the gate loads it: its declared family first, then the fixture."""
    member = membership(file)
    return member if isinstance(member, FixtureProblem) else load_fixture(file, member)


def load_corpus(paths: Iterable[Path]) -> tuple[list[Fixture], list[FixtureProblem]]:
    """Every fixture under ``paths`` and every problem, in discovery order; each problem names its path
    (a file with several problems gives each of them).

    A problem many files share (their manifest is malformed) is listed once.
    """
    fixtures: list[Fixture] = []
    problems: list[FixtureProblem] = []
    for found in discover(paths):
        loaded = found if isinstance(found, FixtureProblem) else load_one(found)
        if isinstance(loaded, Fixture):
            fixtures.append(loaded)
        else:
            problems.extend(problem for problem in loaded.every() if problem not in problems)
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
