"""``askbench report``: the corpus as tables people read and screens people look at.

``reports/corpus.md`` opens with the seed's table (the repro, local and
forwarded, at 80/120/160, and the single-line command at 120: legacy rows →
bounded → complete), then every fixture at every width with its verdict;
``reports/corpus.html`` says the same, both written from one ``CorpusReport``
through ``templates/corpus.md`` and ``templates/corpus.html``.
``reports/gallery.html`` (an index) and its pages in ``reports/gallery/`` show
each of those screens with its colours (``gallery_pages``). Every row count is
the gate's, read back from the virtual terminal. The run and the screens are
handed in (``askbench.harness.frontends.report_command`` starts both).
"""

from __future__ import annotations

import re
import tomllib
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from askbench.impl.payload import PayloadError, build_payload

from ..fixtures.loading import BUILTIN_CORPUS, Fixture
from ..judge.width_run import WIDTHS
from ..runners.results import FixtureResult, FixtureScreens, GateRun
from .gallery_pages import INDEX, gallery_pages
from .templates import render_html, render_markdown
from .vocabulary import ASK_ROWS


def parse_seed_rows(text: str) -> tuple[tuple[str, int, str], ...]:
    """``(fixture, width, upstream legacy rows)`` of each ``[[row]]`` in ``text`` (``seed_table.toml``), in order."""
    rows = []
    for index, row in enumerate(tomllib.loads(text).get("row", [])):
        fixture, width, upstream = (
            row.get("fixture"),
            row.get("width"),
            row.get("upstream-legacy-rows"),
        )
        if set(row) != {"fixture", "width", "upstream-legacy-rows"} or not (
            isinstance(fixture, str)
            and isinstance(width, int)
            and not isinstance(width, bool)
            and isinstance(upstream, str)
        ):
            raise ValueError(
                f"seed_table.toml: row {index + 1}: fixture (a path), width (columns), "
                "upstream-legacy-rows (as the seed says it), and nothing else"
            )
        rows.append((fixture, width, upstream))
    return tuple(rows)


SEED_ROWS = parse_seed_rows(
    resources.files("askbench.harness.reporters")
    .joinpath("seed_table.toml")
    .read_text(encoding="utf-8")
)
"""The seed's table, in its order: the upstream figures are data (``askbench/harness/reporters/seed_table.toml``)."""
SEED_LOCAL, SEED_FORWARDED, SEED_SINGLE_LINE = dict.fromkeys(fixture for fixture, _, _ in SEED_ROWS)


@dataclass(frozen=True)
class SeedRow:
    fixture: str
    width: int
    upstream_legacy: str
    legacy: int
    bounded: int
    complete: int
    elided: bool
    verdict: str


def _key(fixture: Fixture) -> str:
    """``family/file.json`` relative to the built-in corpus, or the path as given."""
    try:
        return fixture.path.resolve().relative_to(BUILTIN_CORPUS.resolve()).as_posix()
    except ValueError:
        return fixture.path.as_posix()


def _verdict(result: FixtureResult, width_index: int | None = None) -> str:
    if result.error:
        return f"ERROR {result.error}"
    widths = result.widths if width_index is None else [result.widths[width_index]]
    violations = [str(v) for width in widths for v in width.violations]
    return "ok" if not violations else "FAIL " + "; ".join(violations[:3])


def seed_rows(run: GateRun) -> list[SeedRow]:
    """The seed's table from a gate run; rows whose fixture or width was not run are left out."""
    by_key = {_key(result.fixture): result for result in run.results}
    rows = []
    for name, width, upstream in SEED_ROWS:
        result = by_key.get(name)
        if result is None or result.error:
            continue
        for index, measured in enumerate(result.widths):
            if measured.width == width:
                rows.append(
                    SeedRow(
                        name.removesuffix(".json"),
                        width,
                        upstream,
                        measured.legacy_rows,
                        measured.bounded_rows,
                        measured.complete_rows,
                        measured.elided,
                        _verdict(result, index),
                    )
                )
    return rows


_SOURCE_KEYS = (
    re.compile(r"https?://(?:www\.)?(github\.com/[\w.-]+/[\w.-]+/(?:issues|pull)/\d+)"),
    re.compile(r"(github\.com/[\w.-]+/[\w.-]+)"),
    re.compile(r"npm:(@?[\w.-]+(?:/[\w.-]+)?@[\w.-]+)"),
    re.compile(r"\b((?:CVE|GHSA|CWE|ECMA)-[\w-]+|RFC \d+)"),
    re.compile(r"(https?://[^\s;,)]+)"),
    re.compile(r"(shared/seeds/\d+)"),
)


def source_key(source: str) -> str:
    """The reference a fixture's source leads with: an issue or PR, a repository, a package, an advisory, or constructed."""
    matches = [match for pattern in _SOURCE_KEYS if (match := pattern.search(source))]
    if matches:
        return min(matches, key=lambda match: match.start()).group(1)
    return "constructed" if "constructed" in source.lower() else source.split(";")[0].strip()


def payload_kind(fixture: Fixture) -> str:
    try:
        return build_payload(fixture.call, fixture.ask).kind
    except PayloadError:
        return "(malformed)"


@dataclass(frozen=True)
class Group:
    """The fixtures filed under one key of the fixture index (a payload kind or a source), and their families."""

    key: str
    fixtures: tuple[str, ...]

    @property
    def families(self) -> tuple[str, ...]:
        return tuple(sorted({name.split("/", 1)[0] for name in self.fixtures}))


def _grouped(fixtures: Iterable[Fixture], key: Callable[[Fixture], str]) -> tuple[Group, ...]:
    groups: dict[str, list[str]] = defaultdict(list)
    for fixture in fixtures:
        groups[key(fixture)].append(fixture.id)
    ordered = sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))
    return tuple(Group(name, tuple(members)) for name, members in ordered)


@dataclass(frozen=True)
class FixtureIndex:
    """How many fixtures of each payload kind, and which fixtures each source stands behind."""

    kinds: tuple[Group, ...]
    sources: tuple[Group, ...]


def fixture_index(fixtures: Sequence[Fixture]) -> FixtureIndex:
    return FixtureIndex(
        _grouped(fixtures, payload_kind),
        _grouped(fixtures, lambda fixture: source_key(fixture.source)),
    )


def fixture_index_markdown(fixtures: Sequence[Fixture]) -> str:
    """The fixture index's two Markdown tables (``templates/fixture_index.md``)."""
    return render_markdown("fixture_index", index=fixture_index(fixtures))


@dataclass(frozen=True)
class FixtureRow:
    """One fixture at one width as the gate measured it; a fixture the gate could not judge has one row, its error."""

    fixture: str
    verdict: str
    width: int | None = None
    legacy: int = 0
    bounded: int = 0
    complete: int = 0
    elided: bool = False


@dataclass(frozen=True)
class ProblemRow:
    path: str
    kind: str
    field: str
    message: str


@dataclass(frozen=True)
class CorpusReport:
    """What ``corpus.md`` and ``corpus.html`` say, both from this alone."""

    fixtures: int
    widths: tuple[int, ...]
    failed: int
    toolchain: str | None
    seeds: tuple[SeedRow, ...]
    index: FixtureIndex
    rows: tuple[FixtureRow, ...]
    problems: tuple[ProblemRow, ...]
    ask_rows: str = ASK_ROWS

    @property
    def passed(self) -> int:
        return self.fixtures - self.failed


def _rows(result: FixtureResult) -> Iterator[FixtureRow]:
    if result.error:
        yield FixtureRow(result.fixture.id, _verdict(result))
        return
    for index, width in enumerate(result.widths):
        yield FixtureRow(
            result.fixture.id,
            _verdict(result, index),
            width.width,
            width.legacy_rows,
            width.bounded_rows,
            width.complete_rows,
            width.elided,
        )


def corpus_report(run: GateRun, widths: Sequence[int]) -> CorpusReport:
    return CorpusReport(
        fixtures=len(run.results),
        widths=tuple(widths),
        failed=sum(1 for result in run.results if not result.passed),
        toolchain=run.toolchain.line() if run.toolchain else None,
        seeds=tuple(seed_rows(run)),
        index=fixture_index([result.fixture for result in run.results]),
        rows=tuple(row for result in run.results for row in _rows(result)),
        problems=tuple(ProblemRow(str(p.path), p.kind, p.field, p.message) for p in run.problems),
    )


def corpus_markdown(run: GateRun, widths: Sequence[int]) -> str:
    return render_markdown("corpus", report=corpus_report(run, widths))


def corpus_html(run: GateRun, widths: Sequence[int]) -> str:
    return render_html("corpus", report=corpus_report(run, widths))


@dataclass(frozen=True)
class ReportFiles:
    corpus: Path
    """``corpus.md``; ``corpus_page`` is ``corpus.html``, the same report from the same data."""
    corpus_page: Path
    gallery: Path
    """The gallery's index; ``pages`` are every file of it, the index first, then the pages of screens."""
    run: GateRun
    pages: tuple[Path, ...] = ()


def write_report(
    out_dir: Path,
    run: GateRun,
    screens: Sequence[FixtureScreens],
    widths: Sequence[int] = WIDTHS,
) -> ReportFiles:
    """Write the tables of the gate's ``run`` and the gallery of the fixtures' ``screens``, both handed in."""
    out_dir.mkdir(parents=True, exist_ok=True)
    report = corpus_report(run, widths)
    corpus, corpus_page = out_dir / "corpus.md", out_dir / "corpus.html"
    corpus.write_text(render_markdown("corpus", report=report), encoding="utf-8")
    corpus_page.write_text(render_html("corpus", report=report), encoding="utf-8")
    verdicts = {r.fixture.id: _verdict(r) for r in run.results}
    written = []
    for name, text in gallery_pages(screens, verdicts, widths).items():
        path = out_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return ReportFiles(corpus, corpus_page, out_dir / INDEX, run, tuple(written))
