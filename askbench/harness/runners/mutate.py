"""``askbench mutate``: the gate judged by renderers whose right verdict is known.

Every variant (``askbench.harness.drivers.variants``) runs over the corpus at every width.
A mutant is *killed* when, at every fixture × width × view where its frame
(lines or ``elided``) differs from the reference's, the gate reports one of
the mutant's own invariants on that view — on some terminal model. Where
the frames are equal there is nothing to judge: the reference's verdict
stands. A mutant whose frame equals the reference's on all its target
fixtures is *stale* (its patch no longer reaches the renderer, or the
reference carries the same defect) and fails the run: a mutant that never
showed was never killed. A style *passes* when the gate reports nothing on
any fixture at any width — nothing, that is, but what it reports for the
reference itself there (a fixture the reference fails is not a style's
failure). ``reports/mutation.md`` says which, and where.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from askbench.impl.payload import PayloadError, PromptPayload, build_payload

from ..bash.reading import read_words
from ..drivers.adapter_client import AdapterCommand, AdapterSource
from ..drivers.adapters.variant import command_for
from ..drivers.frame_sources import FrameSource, reference_source
from ..drivers.variants import VARIANTS, Variant, variant_named
from ..fixtures.loading import BUILTIN_CORPUS, Fixture, FixtureProblem, load_corpus
from ..frontends.adapter_commands import positive_seconds
from ..judge.width_run import WidthRequest, run_width
from ..reporters.escape import md_cell, md_code, md_link
from ..terms import VIEWS, AdapterFailure, FailureKind, Invariant, RenderedFrame, View, Violation
from .gate import EXIT_OK, EXIT_UNUSABLE, EXIT_VIOLATION

WIDTHS = (80, 120, 160, 20, 30, 40)
Frames = Mapping[View, RenderedFrame | AdapterFailure]
MutantVerdict = Literal["KILLED", "SURVIVED", "STALE", "NOT EXERCISED"]


def fixture_key(fixture: Fixture) -> str:
    """``family/name`` from the file's own folder, as a variant names its targets, however the file was passed."""
    return f"{fixture.path.parent.name}/{fixture.path.stem}"


# ── results ────────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class Difference:
    """One fixture × width × view where a mutant's frame is not the reference's, and what the gate said."""

    fixture: str
    width: int
    view: View
    killed_by: tuple[Invariant | FailureKind, ...]
    """The mutant's own invariants the gate reported on this view."""
    reported: tuple[Invariant | FailureKind, ...]
    """Every invariant the gate reported on this view: for a survivor, what it saw instead."""
    reference_too: tuple[Invariant | FailureKind, ...]
    """Of ``killed_by``, those the reference violates here as well: a kill that proves less."""
    target: bool

    @property
    def killed(self) -> bool:
        return bool(self.killed_by)


@dataclass
class MutantResult:
    variant: Variant
    targets_run: set[str] = field(default_factory=set)
    differences: list[Difference] = field(default_factory=list)

    @property
    def shown_on(self) -> set[str]:
        return {difference.fixture for difference in self.differences if difference.target}

    @property
    def survivors(self) -> list[Difference]:
        """Differences the gate let through; a latent mutant's off its targets are not counted (see ``Variant.latent``)."""
        return [
            d for d in self.differences if not d.killed and (d.target or not self.variant.latent)
        ]

    @property
    def on_screen(self) -> list[Difference]:
        """Differences where the defect is on screen: all of them, but a latent mutant's off its targets."""
        return [d for d in self.differences if d.target or not self.variant.latent]

    def by_fixture(self) -> dict[str, list[Difference]]:
        """``on_screen``, fixture by fixture, in the order the run met them."""
        grouped: dict[str, list[Difference]] = defaultdict(list)
        for difference in self.on_screen:
            grouped[difference.fixture].append(difference)
        return dict(grouped)

    @property
    def fixtures_killed(self) -> tuple[int, int]:
        """Fixtures where the defect is on screen, and those where the gate rejected it on every view it shows on."""
        grouped = self.by_fixture()
        return sum(all(d.killed for d in found) for found in grouped.values()), len(grouped)

    @property
    def latent_passes(self) -> list[Difference]:
        return [
            d for d in self.differences if not d.killed and not d.target and self.variant.latent
        ]

    @property
    def verdict(self) -> MutantVerdict:
        if not self.targets_run:
            return "NOT EXERCISED"
        if not self.shown_on:
            return "STALE"
        return "SURVIVED" if self.survivors else "KILLED"


@dataclass(frozen=True)
class FoundViolation:
    """A violation the gate reported at one fixture × width, for a style or for the reference itself."""

    fixture: str
    width: int
    violation: Violation
    reference_too: bool
    """The reference violates the same invariant on the same view here."""


@dataclass
class StyleResult:
    variant: Variant
    judged: int = 0
    """Fixture × width pairs judged."""
    violations: list[FoundViolation] = field(default_factory=list)

    @property
    def own(self) -> list[FoundViolation]:
        """Violations the reference does not share at the same fixture, width, view and invariant."""
        return [item for item in self.violations if not item.reference_too]

    @property
    def passed(self) -> bool:
        """Judged, and rejected for nothing but what the reference itself is rejected for there."""
        return self.judged > 0 and not self.own


@dataclass
class MutationRun:
    widths: list[int]
    fixtures: int
    problems: list[FixtureProblem]
    errors: list[str]
    """Fixtures the reference itself could not build or render: nothing to compare a variant with."""
    reference: list[FoundViolation]
    """The reference's own violations, the baseline a style's and a mutant's are read against."""
    mutants: list[MutantResult]
    styles: list[StyleResult]
    targets_only: bool = False
    seconds: float = 0.0
    """Wall time of the run."""

    @property
    def exit_code(self) -> int:
        if self.problems or self.errors:
            return EXIT_UNUSABLE
        failed = any(result.verdict != "KILLED" for result in self.mutants) or any(
            not s.passed for s in self.styles
        )
        return EXIT_VIOLATION if failed else EXIT_OK


# ── running ────────────────────────────────────────────────────────────────


def _render(
    source: FrameSource, payload: PromptPayload, fixture: Fixture, width: int
) -> dict[View, RenderedFrame | AdapterFailure]:
    frames: dict[View, RenderedFrame | AdapterFailure] = {}
    for view in VIEWS:
        try:
            frames[view] = source(payload, fixture, view, width, fixture.budget(width))
        except RecursionError:
            raise
        except (
            Exception
        ) as error:  # a variant that breaks is a verdict on the variant, never a lost run
            frames[view] = AdapterFailure("CRASH", f"{type(error).__name__}: {error}")
    return frames


def _differs(
    frame: RenderedFrame | AdapterFailure, reference: RenderedFrame | AdapterFailure
) -> bool:
    if isinstance(frame, AdapterFailure) or isinstance(reference, AdapterFailure):
        return frame != reference
    return tuple(frame.lines) != tuple(reference.lines) or frame.elided != reference.elided


def _judge(payload: PromptPayload, fixture: Fixture, width: int, frames: Frames) -> list[Violation]:
    """The gate's verdict on frames already rendered, so each is rendered once and judged once."""
    return run_width(
        WidthRequest(payload, fixture.budget(width), fixture), frames.__getitem__
    ).violations


def _on(violations: Iterable[Violation], view: str) -> set[Invariant | FailureKind]:
    return {violation.invariant for violation in violations if violation.view == view}


class _Sources:
    """Each variant's frame source for the run: in process, or its adapter session (closed with the run)."""

    def __init__(self, stack: ExitStack, timeout: float | None) -> None:
        self._stack = stack
        self._timeout = timeout
        self._sources: dict[str, FrameSource] = {}

    def __getitem__(self, variant: Variant) -> FrameSource:
        if variant.name not in self._sources:
            if variant.adapter_timeout is None:
                self._sources[variant.name] = variant.render
            else:
                command = AdapterCommand(
                    command_for(variant.name), "session", self._timeout or variant.adapter_timeout
                )
                self._sources[variant.name] = self._stack.enter_context(AdapterSource(command))
        return self._sources[variant.name]


def run_mutation(
    paths: Iterable[Path],
    variants: Sequence[Variant],
    widths: Sequence[int] = WIDTHS,
    *,
    timeout: float | None = None,
    targets_only: bool = False,
    progress: Callable[[int, int, Fixture], None] | None = None,
) -> MutationRun:
    """Every variant over the fixtures at every width; ``timeout`` overrides the adapter variants' own.

    ``targets_only`` runs each mutant on its own targets alone: the quick question (is it killed where it
    must show?) rather than the whole one (is it killed wherever it shows?).
    """
    started = time.perf_counter()
    fixtures, problems = load_corpus(paths)
    keys = {fixture_key(fixture) for fixture in fixtures}
    run = MutationRun(
        list(widths),
        len(fixtures),
        problems,
        [],
        [],
        [MutantResult(v, set(v.targets) & keys) for v in variants if v.kind == "mutant"],
        [StyleResult(v) for v in variants if v.kind == "style"],
        targets_only,
    )
    with ExitStack() as stack:
        sources = _Sources(stack, timeout)
        for index, fixture in enumerate(fixtures):
            if progress:
                progress(index, len(fixtures), fixture)
            try:
                _run_fixture(run, fixture, sources)
            except (PayloadError, RecursionError) as error:
                run.errors.append(f"{fixture.path}: {error or type(error).__name__}")
    run.seconds = time.perf_counter() - started
    return run


@dataclass(frozen=True)
class Baseline:
    """The reference at one fixture × width: its frames, and the gate's verdict on them."""

    frames: Frames
    violations: list[Violation]

    @classmethod
    def of(cls, payload: PromptPayload, fixture: Fixture, width: int) -> Baseline:
        frames = _render(reference_source, payload, fixture, width)
        return cls(frames, _judge(payload, fixture, width, frames))


def differences(
    variant: Variant,
    source: FrameSource,
    payload: PromptPayload,
    fixture: Fixture,
    width: int,
    baseline: Baseline,
) -> list[Difference]:
    """Each view where ``variant`` (rendered by ``source``) differs from the reference, and what the gate said there."""
    frames = _render(source, payload, fixture, width)
    differing = [view for view in VIEWS if _differs(frames[view], baseline.frames[view])]
    if not differing:
        return []
    violations = _judge(payload, fixture, width, frames)
    expected = set(variant.invariants)
    key = fixture_key(fixture)
    found = []
    for view in differing:
        killed_by = tuple(sorted(_on(violations, view) & expected))
        found.append(
            Difference(
                key,
                width,
                view,
                killed_by,
                tuple(sorted(_on(violations, view))),
                tuple(sorted(set(killed_by) & _on(baseline.violations, view))),
                key in variant.targets,
            )
        )
    return found


def mutant_differences(
    variant: Variant, payload: PromptPayload, fixture: Fixture, width: int
) -> list[Difference]:
    """``differences`` for one in-process mutant on a payload of one's own (hypothesis builds them)."""
    return differences(
        variant, variant.render, payload, fixture, width, Baseline.of(payload, fixture, width)
    )


def _run_fixture(run: MutationRun, fixture: Fixture, sources: _Sources) -> None:
    key = fixture_key(fixture)
    mutants = [
        mutant for mutant in run.mutants if not run.targets_only or key in mutant.variant.targets
    ]
    if not (mutants or run.styles):
        return
    payload = build_payload(fixture.call, fixture.ask, reader=read_words)
    for width in run.widths:
        baseline = Baseline.of(payload, fixture, width)
        run.reference += [
            FoundViolation(key, width, violation, True) for violation in baseline.violations
        ]
        for mutant in mutants:
            mutant.differences += differences(
                mutant.variant, sources[mutant.variant], payload, fixture, width, baseline
            )
        for style in run.styles:
            frames = _render(sources[style.variant], payload, fixture, width)
            same = not any(_differs(frames[view], baseline.frames[view]) for view in VIEWS)
            violations = baseline.violations if same else _judge(payload, fixture, width, frames)
            style.judged += 1
            style.violations += [
                FoundViolation(
                    key,
                    width,
                    violation,
                    violation.invariant in _on(baseline.violations, violation.view),
                )
                for violation in violations
            ]


# ── the report ─────────────────────────────────────────────────────────────

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


# ── the command ────────────────────────────────────────────────────────────


def _names(text: str) -> list[Variant]:
    try:
        return [variant_named(name.strip()) for name in text.split(",") if name.strip()]
    except KeyError as error:
        raise argparse.ArgumentTypeError(str(error.args[0])) from None


def cmd_mutate(args: argparse.Namespace) -> int:
    variants = args.variants or list(VARIANTS.values())
    tty = sys.stderr.isatty()

    def progress(index: int, total: int, fixture: Fixture) -> None:
        sys.stderr.write(f"\r\x1b[2K[{index + 1}/{total}] {fixture_key(fixture)}"[:100])
        sys.stderr.flush()

    run = run_mutation(
        args.paths or [BUILTIN_CORPUS],
        variants,
        args.widths,
        timeout=args.impl_timeout,
        targets_only=args.targets_only,
        progress=progress if tty else None,
    )
    if tty:
        sys.stderr.write("\r\x1b[2K")
    args.out.mkdir(parents=True, exist_ok=True)
    report = args.out / "mutation.md"
    report.write_text(to_markdown(run), encoding="utf-8", errors="backslashreplace")
    for result in run.mutants:
        fixtures_killed, fixtures = result.fixtures_killed
        print(
            f"{result.variant.name:<28} {result.verdict:<13} {len(result.differences):>5} differing, "
            f"{len(result.survivors)} survived, killed on {fixtures_killed}/{fixtures} fixtures on screen"
        )
    for style in run.styles:
        print(
            f"{style.variant.name:<28} {'PASSED' if style.passed else 'FAILED':<13} {len(style.own):>5} violations "
            f"({len(style.violations) - len(style.own)} the reference's too)"
        )
    for line in [*(str(problem) for problem in run.problems), *run.errors]:
        print(f"not judged: {line}")
    print(f"wrote {report}")
    return run.exit_code


def add_mutate_parser(commands: argparse._SubParsersAction, widths_type: object) -> None:  # type: ignore[type-arg]
    """``askbench mutate [PATH…] [--variants A,B] [--widths …] [--out reports]``."""
    mutate = commands.add_parser(
        "mutate",
        help="judge the gate: mutants it must reject and styles it must pass, over the corpus",
        description="Run every variant (askbench/harness/drivers/variants: mutants, the reference with one defect; styles, sound "
        "renderers that look different) over the fixtures and write mutation.md. Exit 0: every mutant killed and "
        "every style passed; 1: a mutant survived or is stale, or a style failed; 2: unusable input.",
    )
    mutate.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="fixture files or folders (default: the built-in corpus)",
    )
    mutate.add_argument(
        "--widths",
        type=widths_type,
        default=list(WIDTHS),
        help="terminal widths, comma-separated (default 80,120,160,20,30,40)",
    )
    mutate.add_argument(
        "--variants", type=_names, metavar="NAME[,NAME]", help="only these variants (default: all)"
    )
    mutate.add_argument(
        "--impl-timeout",
        type=positive_seconds,
        default=None,
        metavar="SECONDS",
        help="per-request timeout for the variants judged through the adapter (default: each one's own)",
    )
    mutate.add_argument(
        "--targets-only",
        action="store_true",
        help="run each mutant on its own target fixtures only (quick); styles still run on every fixture",
    )
    mutate.add_argument(
        "--out", type=Path, default=Path("reports"), help="the report folder (default reports/)"
    )
    mutate.set_defaults(run=cmd_mutate)
