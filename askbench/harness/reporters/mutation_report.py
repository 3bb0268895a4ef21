"""``reports/mutation.md`` and ``mutation.html``: each mutant's kills and survivors and each style's violations, as a person reads them.

The run is ``askbench.harness.runners.mutate.MutationRun``; this module only
writes it. Both pages are one ``MutationReport`` through
``templates/mutation.md`` and ``templates/mutation.html``, so they hold the
same verdicts, counts and sections; every name and message from a fixture or
a variant is escaped by the templates' filters (``templates``).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ..runners.mutate import Difference, FoundViolation, MutantResult, MutationRun, StyleResult
from .corpus_report import ProblemRow
from .templates import render_html, render_markdown

__all__ = ["MutationReport", "mutation_report", "to_html", "to_markdown", "write_mutation_report"]

MAX_LISTED = 12
"""The places and survivors a mutant's section lists before it says how many more there are."""


def _percent(part: int, whole: int) -> str:
    return f"{100 * part // whole} %" if whole else "–"


def _anchor(name: str, verdict: str) -> str:
    """The id GitHub gives the heading ``### name — verdict``: lower case, spaces to hyphens, the dash dropped;
    the HTML gives its heading the same id, so one link reaches the section in either page."""
    return f"{name}--{verdict.lower().replace(' ', '-')}"


@dataclass(frozen=True)
class SummaryRow:
    """A variant's line in the summary table, linked to its section."""

    name: str
    anchor: str
    kind: Literal["mutant", "style"]
    verdict: str
    rejected_by: str
    cells: tuple[str, ...]
    """Differing, killed, survived, fixtures on screen, fixtures killed and their percentage."""

    @property
    def ok(self) -> bool:
        return self.verdict in ("KILLED", "PASSED")


@dataclass(frozen=True)
class KillRow:
    invariant: str
    counts: tuple[int, ...]
    """Per width, the differing views the invariant rejected."""


@dataclass(frozen=True)
class FixtureKills:
    """A fixture where the mutant's defect is on screen: the views it shows on, those rejected, and by what."""

    fixture: str
    views: int
    killed: int
    by: tuple[str, ...]

    @property
    def percent(self) -> str:
        return _percent(self.killed, self.views)


@dataclass(frozen=True)
class Survivor:
    """A view where the mutant's frame differs and the gate reported none of its invariants, but these."""

    fixture: str
    width: int
    view: str
    reported: tuple[str, ...]


@dataclass(frozen=True)
class MutantSection:
    """One mutant: what it is, what must reject it, and where the gate did."""

    name: str
    verdict: str
    anchor: str
    description: str
    invariants: tuple[str, ...]
    targets: tuple[tuple[str, bool], ...]
    """Each target fixture, and whether the defect shows on it."""
    latent_passes: int | None
    """For a latent mutant, the frames off its targets that differ and passed; ``None`` when not latent."""
    adapter: str
    """The command it is judged through; empty when it runs in process."""
    nothing_to_judge: str
    """Why it has no differences to judge, or empty when it has."""
    kills: tuple[KillRow, ...]
    survived: tuple[int, ...]
    """Per width, the differing views no invariant of the mutant rejected."""
    fixtures: tuple[FixtureKills, ...]
    weak: tuple[tuple[str, str], ...]
    """Kills the reference shares: the first fixtures, each with its ``width/view`` places."""
    weak_more: int
    survivors: tuple[Survivor, ...]
    survivors_more: int

    @property
    def fixtures_killed(self) -> int:
        return sum(row.killed == row.views for row in self.fixtures)

    @property
    def percent(self) -> str:
        return _percent(self.fixtures_killed, len(self.fixtures))


@dataclass(frozen=True)
class StyleRow:
    """One invariant a style was reported for: per width, how often; how often the reference too; an example."""

    invariant: str
    counts: tuple[int, ...]
    reference_too: int
    fixture: str
    width: int
    example: str


@dataclass(frozen=True)
class StyleSection:
    name: str
    verdict: str
    anchor: str
    description: str
    judged: int
    own: int
    """Fixture × width pairs with a violation the reference does not share."""
    shared: int
    """Fixture × width pairs with one it does."""
    rows: tuple[StyleRow, ...]


@dataclass(frozen=True)
class MutationReport:
    """What ``mutation.md`` and ``mutation.html`` say, both from this alone."""

    widths: tuple[int, ...]
    fixtures: int
    seconds: float
    targets_only: bool
    summary: tuple[SummaryRow, ...]
    problems: tuple[ProblemRow, ...]
    errors: tuple[str, ...]
    baseline: tuple[tuple[str, int], ...]
    """The reference's own violations in the run, each invariant with its count."""
    mutants: tuple[MutantSection, ...]
    styles: tuple[StyleSection, ...]

    @property
    def minutes(self) -> str:
        return f"{self.seconds / 60:,.1f}"


def _per_width(found: Iterable[int], widths: Sequence[int]) -> tuple[int, ...]:
    counts = Counter(found)
    return tuple(counts[width] for width in widths)


def _places(differences: Iterable[Difference]) -> list[tuple[str, str]]:
    grouped: dict[str, list[str]] = defaultdict(list)
    for difference in differences:
        grouped[difference.fixture].append(f"{difference.width}/{difference.view}")
    return [(fixture, ", ".join(places)) for fixture, places in grouped.items()]


def _fixture_kills(result: MutantResult) -> tuple[FixtureKills, ...]:
    return tuple(
        FixtureKills(
            fixture,
            len(found),
            sum(d.killed for d in found),
            tuple(sorted({name for d in found for name in d.killed_by})),
        )
        for fixture, found in result.by_fixture().items()
    )


def _nothing_to_judge(result: MutantResult) -> str:
    if result.differences:
        return ""
    if result.targets_run:
        return "Its frame equals the reference's everywhere in this run."
    return "None of its targets is in this run."


def _mutant_section(result: MutantResult, widths: Sequence[int]) -> MutantSection:
    variant, differences = result.variant, result.differences
    weak = _places(d for d in differences if d.killed and d.reference_too)
    return MutantSection(
        name=variant.name,
        verdict=result.verdict,
        anchor=_anchor(variant.name, result.verdict),
        description=variant.description,
        invariants=tuple(variant.invariants),
        targets=tuple((target, target in result.shown_on) for target in variant.targets),
        latent_passes=len(result.latent_passes) if variant.latent else None,
        adapter=(
            f"python -m askbench.harness.drivers.adapters.variant {variant.name}"
            if variant.adapter_timeout is not None
            else ""
        ),
        nothing_to_judge=_nothing_to_judge(result),
        kills=tuple(
            KillRow(
                invariant,
                _per_width((d.width for d in differences if invariant in d.killed_by), widths),
            )
            for invariant in variant.invariants
        ),
        survived=_per_width((d.width for d in result.survivors), widths),
        fixtures=_fixture_kills(result),
        weak=tuple(weak[:MAX_LISTED]),
        weak_more=max(0, len(weak) - MAX_LISTED),
        survivors=tuple(
            Survivor(d.fixture, d.width, d.view, tuple(d.reported))
            for d in result.survivors[:MAX_LISTED]
        ),
        survivors_more=max(0, len(result.survivors) - MAX_LISTED),
    )


def _style_verdict(result: StyleResult) -> str:
    return "PASSED" if result.passed else "FAILED"


def _style_row(invariant: str, items: Sequence[FoundViolation], widths: Sequence[int]) -> StyleRow:
    """The example is the first violation the reference does not share, or the first of all."""
    first = next((item for item in items if not item.reference_too), items[0])
    return StyleRow(
        invariant,
        _per_width((item.width for item in items), widths),
        sum(item.reference_too for item in items),
        first.fixture,
        first.width,
        str(first.violation)[:160],
    )


def _style_section(result: StyleResult, widths: Sequence[int]) -> StyleSection:
    by_invariant: dict[str, list[FoundViolation]] = defaultdict(list)
    for item in result.violations:
        by_invariant[item.violation.invariant].append(item)
    verdict = _style_verdict(result)
    return StyleSection(
        name=result.variant.name,
        verdict=verdict,
        anchor=_anchor(result.variant.name, verdict),
        description=result.variant.description,
        judged=result.judged,
        own=len({(v.fixture, v.width) for v in result.own}),
        shared=len({(v.fixture, v.width) for v in result.violations if v.reference_too}),
        rows=tuple(
            _style_row(invariant, items, widths)
            for invariant, items in sorted(by_invariant.items())
        ),
    )


def _mutant_summary(result: MutantResult) -> SummaryRow:
    fixtures_killed, fixtures = result.fixtures_killed
    counts = (
        len(result.differences),
        sum(d.killed for d in result.differences),
        len(result.survivors),
        fixtures,
        fixtures_killed,
    )
    return SummaryRow(
        result.variant.name,
        _anchor(result.variant.name, result.verdict),
        "mutant",
        result.verdict,
        ", ".join(result.variant.invariants),
        (*map(str, counts), _percent(fixtures_killed, fixtures)),
    )


def _style_summary(result: StyleResult) -> SummaryRow:
    own = len(result.own)
    violations = f"{own} violations ({len(result.violations) - own} the reference's too)"
    verdict = _style_verdict(result)
    return SummaryRow(
        result.variant.name,
        _anchor(result.variant.name, verdict),
        "style",
        verdict,
        "–",
        ("–", "–", violations, "–", "–", "–"),
    )


def mutation_report(run: MutationRun) -> MutationReport:
    baseline = Counter(item.violation.invariant for item in run.reference)
    return MutationReport(
        widths=tuple(run.widths),
        fixtures=run.fixtures,
        seconds=run.seconds,
        targets_only=run.targets_only,
        summary=(
            *(_mutant_summary(result) for result in run.mutants),
            *(_style_summary(result) for result in run.styles),
        ),
        problems=tuple(ProblemRow(str(p.path), p.kind, p.field, p.message) for p in run.problems),
        errors=tuple(run.errors),
        baseline=tuple(sorted(baseline.items())),
        mutants=tuple(_mutant_section(result, run.widths) for result in run.mutants),
        styles=tuple(_style_section(result, run.widths) for result in run.styles),
    )


def to_markdown(run: MutationRun) -> str:
    return render_markdown("mutation", report=mutation_report(run))


def to_html(run: MutationRun) -> str:
    return render_html("mutation", report=mutation_report(run))


def write_mutation_report(run: MutationRun, out: Path) -> tuple[Path, Path]:
    """``mutation.md`` and ``mutation.html`` under ``out``, its folder made first."""
    out.mkdir(parents=True, exist_ok=True)
    report = mutation_report(run)
    written = out / "mutation.md", out / "mutation.html"
    for path, render in zip(written, (render_markdown, render_html), strict=True):
        path.write_text(
            render("mutation", report=report), encoding="utf-8", errors="backslashreplace"
        )
    return written
