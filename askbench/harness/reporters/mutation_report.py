"""``reports/mutation.md``: each mutant's kills and survivors and each style's violations, as a person reads them.

The run is ``askbench.harness.runners.mutate.MutationRun``; this module only
writes it, every name and message from a fixture or a variant escaped as
Markdown cell text or code.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence

from ..runners.mutate import Difference, FoundViolation, MutantResult, MutationRun, StyleResult
from ..terms import FailureKind, Invariant
from .escape import md_cell, md_code, md_link

__all__ = ["to_markdown"]

_MAX_LISTED = 12


def _listing(items: Sequence[str]) -> str:
    shown = ", ".join(items[:_MAX_LISTED])
    return shown + (f", … {len(items) - _MAX_LISTED} more" if len(items) > _MAX_LISTED else "")


def _codes(names: Iterable[str]) -> str:
    return ", ".join(md_code(name) for name in names)


def _where(differences: Iterable[Difference]) -> list[str]:
    grouped: dict[str, list[str]] = defaultdict(list)
    for difference in differences:
        grouped[difference.fixture].append(f"{difference.width}/{difference.view}")
    return [f"{md_code(fixture)} ({', '.join(places)})" for fixture, places in grouped.items()]


def _mutant_head(result: MutantResult) -> Iterator[str]:
    """What the mutant is, what must reject it, where it must show, and how it is judged."""
    variant = result.variant
    yield f"### {md_cell(variant.name)} — {result.verdict}"
    yield ""
    yield f"{md_cell(variant.description)}. Rejected by: {_codes(variant.invariants)}."
    shown = result.shown_on
    yield (
        "Targets: "
        + ", ".join(
            md_code(t) + ("" if t in shown else " (does not show)") for t in variant.targets
        )
        + "."
    )
    if variant.latent:
        yield (
            "Latent: harmful only on hostile text, so off its targets a frame that differs may pass "
            f"({len(result.latent_passes)} did)."
        )
    if variant.adapter_timeout is not None:
        yield f"Judged through {md_code(f'python -m askbench.harness.drivers.adapters.variant {variant.name}')}."
    yield ""


def _kill_table(result: MutantResult, widths: Sequence[int]) -> Iterator[str]:
    """Per width: the differing views each of the mutant's invariants rejected, and those none did."""
    yield "| invariant | " + " | ".join(f"@{width}" for width in widths) + " |"
    yield "| --- | " + " | ".join("---:" for _ in widths) + " |"
    for invariant in result.variant.invariants:
        counts = Counter(d.width for d in result.differences if invariant in d.killed_by)
        yield (
            f"| killed by {md_code(invariant)} | "
            + " | ".join(str(counts[width] or "–") for width in widths)
            + " |"
        )
    survived = Counter(d.width for d in result.survivors)
    yield "| **survived** | " + " | ".join(str(survived[width] or "–") for width in widths) + " |"
    yield ""


def _weak_and_survivors(result: MutantResult) -> Iterator[str]:
    """The kills the reference shares, and the first survivors with what the gate saw instead."""
    weak = [d for d in result.differences if d.killed and d.reference_too]
    if weak:
        yield f"Of those, the reference fails the same invariant at: {_listing(_where(weak))}."
    for difference in result.survivors[:_MAX_LISTED]:
        saw = _codes(difference.reported) or "nothing"
        yield (
            f"- survived: {md_code(difference.fixture)} @{difference.width} {difference.view} — "
            f"the gate reported {saw}"
        )
    if len(result.survivors) > _MAX_LISTED:
        yield f"- … {len(result.survivors) - _MAX_LISTED} more survivors"


def _mutant_section(result: MutantResult, widths: Sequence[int]) -> Iterator[str]:
    yield from _mutant_head(result)
    if not result.differences:
        yield (
            "Its frame equals the reference's everywhere in this run."
            if result.targets_run
            else "None of its targets is in this run."
        )
        yield ""
        return
    yield from _kill_table(result, widths)
    yield from _fixture_table(result)
    yield from _weak_and_survivors(result)
    yield ""


def _percent(killed: int, total: int) -> str:
    return f"{100 * killed // total} %" if total else "–"


def _fixture_table(result: MutantResult) -> Iterator[str]:
    """Per fixture where the defect is on screen: the views it shows on, those the gate rejected, and by what."""
    grouped = result.by_fixture()
    if not grouped:
        return
    killed, total = result.fixtures_killed
    yield f"On screen on {total} fixtures; killed on every view it shows on at {killed} ({_percent(killed, total)})."
    yield ""
    yield "| fixture | views on screen | killed | by | % |"
    yield "| --- | ---: | ---: | --- | ---: |"
    for fixture, found in grouped.items():
        dead = sum(d.killed for d in found)
        by = sorted({name for d in found for name in d.killed_by})
        yield (
            f"| {md_code(fixture)} | {len(found)} | {dead} | {_codes(by) or '–'} | "
            f"{_percent(dead, len(found))} |"
        )
    yield ""


def _style_section(result: StyleResult, widths: Sequence[int]) -> Iterator[str]:
    verdict = "PASSED" if result.passed else "FAILED"
    own = len({(v.fixture, v.width) for v in result.own})
    shared = len({(v.fixture, v.width) for v in result.violations if v.reference_too})
    yield f"### {md_cell(result.variant.name)} — {verdict}"
    yield ""
    yield (
        f"{md_cell(result.variant.description)}. {result.judged} fixture × width judged: {own} with a violation of its own, "
        f"{shared} with one the reference has there too."
    )
    yield ""
    if not result.violations:
        return
    by_invariant: dict[Invariant | FailureKind, list[FoundViolation]] = defaultdict(list)
    for item in result.violations:
        by_invariant[item.violation.invariant].append(item)
    yield (
        "| invariant | "
        + " | ".join(f"@{width}" for width in widths)
        + " | reference too | example |"
    )
    yield "| --- | " + " | ".join("---:" for _ in widths) + " | ---: | --- |"
    for invariant, items in sorted(by_invariant.items()):
        counts = Counter(item.width for item in items)
        first = next((item for item in items if not item.reference_too), items[0])
        example = f"{md_code(first.fixture)} @{first.width}: {md_cell(str(first.violation)[:160])}"
        yield (
            f"| {md_code(invariant)} | "
            + " | ".join(str(counts[width] or "–") for width in widths)
            + f" | {sum(item.reference_too for item in items)} | {example} |"
        )
    yield ""


def _anchor(name: str, verdict: str) -> str:
    """The id GitHub gives the heading ``### name — verdict``: lower case, spaces to hyphens, the dash dropped."""
    return f"#{name}--{verdict.lower().replace(' ', '-')}"


OUTSIDE = (
    "These mutants and styles are written beside the judge. Its accuracy on renderers written apart from it, "
    "from `docs/` alone, is [outside-renderers.md](outside-renderers.md) (`make outside`)."
)


def to_markdown(run: MutationRun) -> str:
    widths = run.widths
    out = [
        "# askbench mutation report",
        "",
        f"`askbench mutate`: {len(run.mutants)} mutants and {len(run.styles)} styles over {run.fixtures} fixtures "
        f"at widths {', '.join(map(str, widths))}. A mutant is **killed** when, at every fixture × width × view where "
        "its frame (lines or `elided`) differs from the reference's, the gate reports one of the mutant's invariants on "
        "that view; **stale** when its frame equals the reference's on all its targets. Its defect is **on screen** at a "
        "fixture where its frame differs (for a latent mutant, at its targets only), and it is killed on that fixture "
        "when the gate rejects it on every view there; the per-fixture tables say where. A style **passes** when the "
        "gate reports nothing anywhere but what it reports for the reference at the same fixture, width, view and "
        "invariant. Counts are fixture × width × view (mutants) and violations (styles). "
        f"The run took {run.seconds / 60:,.1f} minutes."
        + (
            " Each mutant ran on its own targets only (`--targets-only`)."
            if run.targets_only
            else ""
        ),
        "",
        OUTSIDE,
        "",
        "| variant | kind | verdict | rejected by | differing | killed | survived | fixtures on screen | fixtures killed | % |",
        "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for result in run.mutants:
        killed = sum(d.killed for d in result.differences)
        fixtures_killed, fixtures = result.fixtures_killed
        out.append(
            f"| {md_link(result.variant.name, _anchor(result.variant.name, result.verdict))} | "
            f"mutant | {result.verdict} | {', '.join(result.variant.invariants)} | {len(result.differences)} | "
            f"{killed} | {len(result.survivors)} | {fixtures} | {fixtures_killed} | "
            f"{_percent(fixtures_killed, fixtures)} |"
        )
    for style in run.styles:
        verdict = "PASSED" if style.passed else "FAILED"
        out.append(
            f"| {md_link(style.variant.name, _anchor(style.variant.name, verdict))} | style | {verdict} | – | – | – | "
            f"{len(style.own)} violations ({len(style.violations) - len(style.own)} the reference's too) | – | – | – |"
        )
    if run.problems or run.errors:
        out += ["", "Not judged:", ""]
        out += [
            f"- {md_code(problem.path)}: {md_cell(problem.field)}: {md_cell(problem.message)}"
            for problem in run.problems
        ]
        out += [f"- {md_cell(error)}" for error in run.errors]
    reference = Counter(item.violation.invariant for item in run.reference)
    out += [
        "",
        "The reference's own violations in this run (the baseline): "
        + (
            ", ".join(f"{md_code(name)} × {count}" for name, count in sorted(reference.items()))
            or "none"
        )
        + ".",
        "",
    ]
    out += ["## Mutants", ""]
    for result in run.mutants:
        out += _mutant_section(result, widths)
    out += ["## Styles", ""]
    for style in run.styles:
        out += _style_section(style, widths)
    return "\n".join(out).rstrip() + "\n"
