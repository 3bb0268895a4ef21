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
failure). ``reports/mutation.md`` (``askbench.harness.reporters.mutation_report``) says
which, and where.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from askbench.impl.payload import PayloadError, PromptPayload, build_payload

from ..drivers.adapter_client import AdapterCommand, AdapterSource
from ..drivers.adapters.variant import command_for
from ..drivers.frame_sources import FrameSource, reference_source
from ..drivers.variants import Variant
from ..exit_codes import EXIT_OK, EXIT_UNUSABLE, EXIT_VIOLATION
from ..fixtures.loading import Fixture, FixtureProblem, load_corpus
from ..judge.what_runs import watched_beyond, watched_reading
from ..judge.width_run import WidthRequest, run_width
from ..terms import VIEWS, AdapterFailure, FailureKind, Invariant, RenderedFrame, View, Violation

MUTATE_WIDTHS = (80, 120, 160, 20, 30, 40)
"""The gate's widths and three narrow ones: a mutant's defect often shows only where rows are short."""
Frames = Mapping[View, RenderedFrame | AdapterFailure]
MutantVerdict = Literal["KILLED", "SURVIVED", "STALE", "NOT EXERCISED"]


def target_key(fixture: Fixture) -> str:
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
        # a variant that breaks is a verdict on the variant, never a lost run
        except Exception as error:
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
    widths: Sequence[int] = MUTATE_WIDTHS,
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
    keys = {target_key(fixture) for fixture in fixtures}
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
    key = target_key(fixture)
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
    key = target_key(fixture)
    mutants = [
        mutant for mutant in run.mutants if not run.targets_only or key in mutant.variant.targets
    ]
    if not (mutants or run.styles):
        return
    payload = build_payload(
        fixture.call, fixture.ask, reader=watched_reading, watcher=watched_beyond
    )
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
