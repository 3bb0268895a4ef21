"""``askbench report``: the corpus as tables people read and screens people look at.

``reports/corpus.md`` opens with the seed's table (the repro, local and
forwarded, at 80/120/160, and the single-line command at 120: legacy rows →
bounded → complete), then every fixture at every width with its verdict.
``reports/gallery.html`` (the failing fixtures, then an index) and a page per
family in ``reports/gallery/`` show each of those screens with its colours. Every
row count is the gate's, read back from the virtual terminal.
"""

from __future__ import annotations

import re
import time
import tomllib
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from askbench.impl.payload import PayloadError, build_payload

from ..fixtures.loading import BUILTIN_CORPUS, Fixture
from ..judge.width_run import WIDTHS
from ..runners.gate import FixtureResult, GateRun, run_gate
from .escape import md_cell
from .gallery import INDEX, gallery_pages
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


def _grouped(
    fixtures: Iterable[Fixture], key: Callable[[Fixture], str]
) -> list[tuple[str, list[str]]]:
    groups: dict[str, list[str]] = defaultdict(list)
    for fixture in fixtures:
        groups[key(fixture)].append(fixture.id)
    return sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))


def fixture_index_markdown(fixtures: Sequence[Fixture]) -> list[str]:
    """Two tables: how many fixtures of each payload kind, and which fixtures each source stands behind."""
    lines = [
        "## Fixtures per payload kind",
        "",
        "| kind | fixtures | families |",
        "| --- | ---: | --- |",
    ]
    for kind, names in _grouped(fixtures, payload_kind):
        families = sorted({name.split("/", 1)[0] for name in names})
        lines.append(f"| {md_cell(kind)} | {len(names)} | {md_cell(', '.join(families))} |")
    lines += [
        "",
        "## Fixtures per source",
        "",
        "The reference each fixture's `source` leads with (an issue or PR, a package at a version, an advisory), "
        "or `constructed` for cases made to demonstrate a technique.",
        "",
        "| source | fixtures | which |",
        "| --- | ---: | --- |",
    ]
    for key, names in _grouped(fixtures, lambda fixture: source_key(fixture.source)):
        lines.append(f"| {md_cell(key)} | {len(names)} | {md_cell(', '.join(names))} |")
    return lines + [""]


def corpus_markdown(run: GateRun, widths: Sequence[int]) -> str:
    failed = sum(1 for result in run.results if not result.passed)
    lines = [
        "# The corpus on the virtual terminal",
        "",
        (
            "Written by `askbench report` (`make report`). Every row count is read back from a pyte screen by the gate, "
            f"and every one is in {ASK_ROWS}: the rows the ask occupies between the title and the options (the frame adds "
            "its title, options and hint). **legacy** is the old dialog's message (the whole tool input inline), "
            "**bounded** the ask as shown, **complete** what ctrl+o shows. Screens with colours: "
            "[gallery.html](gallery.html), a page per family beside it."
        ),
        "",
        (
            f"{len(run.results)} fixtures at widths {', '.join(str(w) for w in widths)}: "
            f"{len(run.results) - failed} passed, {failed} failed, {len(run.problems)} unusable."
        ),
        "",
    ]
    if run.toolchain:
        lines += [f"Toolchain: {md_cell(run.toolchain.line())}.", ""]
    seeds = seed_rows(run)
    if seeds:
        lines += [
            "## The seed's table",
            "",
            (
                "The seed's repro: a subagent's PowerShell here-string of 200 report lines piped to `Out-File` (202 "
                "lines, 10,236 characters: the whole command), asked locally and forwarded, and one logical line of the "
                "same length. The upstream dialog took 202 / 205 rows at every width; so does the legacy dialog here."
            ),
            "",
            "| fixture | width | upstream legacy | legacy → bounded → complete | elided | verdict |",
            "| --- | ---: | ---: | --- | --- | --- |",
        ]
        lines += [
            f"| {md_cell(row.fixture)} | {row.width} | {row.upstream_legacy} | "
            f"{row.legacy} → **{row.bounded}** → {row.complete} | {'yes' if row.elided else 'no'} | {md_cell(row.verdict)} |"
            for row in seeds
        ]
        lines.append("")
    lines += fixture_index_markdown([result.fixture for result in run.results])
    lines += [
        "## Every fixture × width",
        "",
        "| fixture | width | legacy | bounded | complete | elided | verdict |",
        "| --- | ---: | ---: | ---: | ---: | --- | --- |",
    ]
    for result in run.results:
        name = md_cell(result.fixture.id)
        if result.error:
            lines.append(f"| {name} | | | | | | {md_cell(_verdict(result))} |")
            continue
        for index, width in enumerate(result.widths):
            lines.append(
                f"| {name} | {width.width} | {width.legacy_rows} | {width.bounded_rows} | {width.complete_rows} "
                f"| {'yes' if width.elided else 'no'} | {md_cell(_verdict(result, index))} |"
            )
    if run.problems:
        lines += [
            "",
            "## Unusable input",
            "",
            "| path | what | field | problem |",
            "| --- | --- | --- | --- |",
        ]
        lines += [
            f"| {md_cell(str(p.path))} | {p.kind} | {md_cell(p.field)} | {md_cell(p.message)} |"
            for p in run.problems
        ]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class ReportFiles:
    corpus: Path
    gallery: Path
    """The gallery's index; ``pages`` are every file of it, the index first, then one page per family."""
    run: GateRun
    pages: tuple[Path, ...] = ()


def write_report(
    out_dir: Path,
    paths: Sequence[Path] = (BUILTIN_CORPUS,),
    widths: Sequence[int] = WIDTHS,
    log: Callable[[str], None] | None = None,
    families: Sequence[str] = (),
) -> ReportFiles:
    """Run the gate once for the tables, render every screen once more for the gallery, write both files.

    ``families`` keeps only those families' fixtures (every unusable path is still listed).
    """
    say = log or (lambda message: None)
    started = time.perf_counter()
    run = run_gate(
        list(paths),
        widths,
        select=(lambda fixture: fixture.family in families) if families else None,
    )
    say(f"gate: {len(run.results)} fixtures in {time.perf_counter() - started:.1f} s")
    out_dir.mkdir(parents=True, exist_ok=True)
    corpus = out_dir / "corpus.md"
    corpus.write_text(corpus_markdown(run, widths), encoding="utf-8")
    verdicts = {r.fixture.id: _verdict(r) for r in run.results}
    pages = gallery_pages([r.fixture for r in run.results], verdicts, widths)
    written = []
    for name, text in pages.items():
        path = out_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    largest = max(path.stat().st_size for path in written) / 1e6
    say(
        f"gallery: {len(written)} pages, the largest {largest:.1f} MB, in {time.perf_counter() - started:.1f} s in all"
    )
    return ReportFiles(corpus, out_dir / INDEX, run, tuple(written))
