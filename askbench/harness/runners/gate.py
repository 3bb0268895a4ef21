"""The gate: every fixture × width through every invariant, and a verdict.

Exit codes mean something: 0 every invariant holds, 1 a violation, 2 input
that could not be judged (a malformed fixture, a path that does not exist, a
folder with no fixtures, a fixture outside its corpus's families) — and a run
that judged nothing is never 0. The results are data (``GateRun``, in ``results``);
``askbench.harness.reporters`` turns them into a table, JSON, JUnit XML or GitHub
annotations.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from functools import cache, partial
from pathlib import Path

from askbench.impl.dialog import DialogBudget
from askbench.impl.payload import PayloadError, PromptPayload, build_payload

from ..drivers.frame_sources import FrameSource, reference_source
from ..fixtures.loading import Fixture, load_corpus
from ..judge.monotone_checks import check_monotone
from ..judge.perturbation import perturbed_call, perturbed_payload
from ..judge.traced_oracle import prepare as prepare_runs
from ..judge.what_runs import prefetch_runs, watched_beyond, watched_reading
from ..judge.wider_frames import WiderFrames
from ..judge.width_run import DEFAULT_MODELS, WIDTHS, ViewFrames, WidthRequest, run_width
from ..terminals.models import MODELS, TerminalModel
from ..terms import AdapterFailure, RenderedFrame, View, WidthResult
from .forked import WorkerFailed, judged_apart
from .results import FixtureResult, GateRun
from .toolchain import gather_toolchain


def fixture_payload(fixture: Fixture) -> PromptPayload | str:
    """The fixture's payload, or why it has none: an error naming the file and the field."""
    try:
        return build_payload(
            fixture.call, fixture.ask, reader=watched_reading, watcher=watched_beyond
        )
    except PayloadError as error:
        return f"{fixture.path}: {error}"


def bound_frames(
    source: FrameSource, payload: PromptPayload, fixture: Fixture | None, budget: DialogBudget
) -> ViewFrames:
    """``source`` bound to one payload, fixture and budget: the frame of each view, as the judge asks for it."""

    def frames(view: View) -> RenderedFrame | AdapterFailure:
        return source(payload, fixture, view, budget.width, budget)

    return frames


def _perturbed_frames(
    source: FrameSource, payload: PromptPayload, fixture: Fixture | None, budget: DialogBudget
) -> ViewFrames:
    """``source`` bound to the payload and fixture perturbed (``askbench.harness.judge.perturbation``), made only
    when the judge first asks for a twin: most views read as drawn, and a large payload is costly to map."""

    @cache
    def twin() -> tuple[PromptPayload, Fixture | None]:
        perturbed_fixture = (
            None if fixture is None else replace(fixture, call=perturbed_call(fixture.call))
        )
        return perturbed_payload(payload), perturbed_fixture

    def frames(view: View) -> RenderedFrame | AdapterFailure:
        shown, shown_fixture = twin()
        return source(shown, shown_fixture, view, budget.width, budget)

    return frames


def judge_payload(
    payload: PromptPayload,
    budget: DialogBudget,
    *,
    source: FrameSource | None = None,
    fixture: Fixture | None = None,
    keep_screens: bool = False,
    models: Sequence[TerminalModel] = DEFAULT_MODELS,
    wider: WiderFrames | None = None,
) -> WidthResult:
    """One payload judged at the budget's width on the frames ``source`` draws for it, and for it perturbed.

    ``source`` None is the reference, in process: the renderer whose layout a
    fixture's ``elided`` and ``maxRows`` pin, so only then are they held.
    """
    request = WidthRequest(payload, budget, fixture, pinned_layout=source is None)
    drawn_by = source or reference_source
    return run_width(
        request,
        bound_frames(drawn_by, payload, fixture, budget),
        perturbed=_perturbed_frames(drawn_by, payload, fixture, budget),
        models=models,
        keep_screens=keep_screens,
        wider=wider,
    )


def judge_width(
    fixture: Fixture,
    payload: PromptPayload,
    width: int,
    *,
    source: FrameSource | None = None,
    keep_screens: bool = False,
    models: Sequence[TerminalModel] = DEFAULT_MODELS,
    wider: WiderFrames | None = None,
) -> WidthResult | str:
    """Every invariant of one fixture at one width, or why it could not be rendered."""
    try:
        return judge_payload(
            payload,
            fixture.budget(width),
            source=source,
            fixture=fixture,
            keep_screens=keep_screens,
            models=models,
            wider=wider,
        )
    except RecursionError:
        return f"{fixture.path}: nested too deeply to render at width {width}"


def run_fixture(
    fixture: Fixture,
    widths: Sequence[int] = WIDTHS,
    *,
    source: FrameSource | None = None,
    keep_screens: bool = False,
    models: Sequence[TerminalModel] = DEFAULT_MODELS,
    payload: PromptPayload | None = None,
) -> FixtureResult:
    """One fixture at every width; ``source`` renders it (default: the reference, in process); ``payload`` is
    the fixture's, where the caller has built it already."""
    result = FixtureResult(fixture)
    built = payload or fixture_payload(fixture)
    if isinstance(built, str):
        result.error = built
        return result
    wider = WiderFrames()
    for width in widths:
        judged = judge_width(
            fixture,
            built,
            width,
            source=source,
            keep_screens=keep_screens,
            models=models,
            wider=wider,
        )
        if isinstance(judged, str):
            result.error = judged
            return result
        result.widths.append(judged)
    by_width = {judged.width: judged for judged in result.widths}
    # across the widths of the run: a wider one never shows less
    for violation in check_monotone(result.widths):
        by_width[violation.width].violations.append(violation)
    return result


def _verdicts(result: FixtureResult) -> tuple[list[WidthResult], str | None]:
    return result.widths, result.error


def _prefetched(fixtures: Sequence[Fixture]) -> None:
    """Start watching bash run the fixtures' commands, all at once, before they are judged."""
    prefetch_runs(_bash_commands(fixtures))


def _bash_commands(fixtures: Sequence[Fixture]) -> list[str]:
    """The bash commands of the fixtures' calls, for the judge to start watching them all at once."""
    found = []
    for fixture in fixtures:
        given = fixture.call.get("input")
        if fixture.ask.get("shell") == "powershell" or not isinstance(given, Mapping):
            continue
        command = given.get("command")
        if isinstance(command, str) and command:
            found.append(command)
    return found


def run_gate(
    paths: Iterable[Path],
    widths: Sequence[int] = WIDTHS,
    progress: Callable[[int, int, Fixture], None] | None = None,
    *,
    source: FrameSource | None = None,
    keep_screens: bool = False,
    select: Callable[[Fixture], bool] | None = None,
    models: Sequence[TerminalModel] = DEFAULT_MODELS,
    jobs: int = 1,
) -> GateRun:
    """Every fixture under ``paths`` (those ``select`` keeps) at every width; problems are never filtered out.

    ``jobs`` above one judges in that many forked processes, which only the reference in process on terminal
    models allows: an adapter or a real terminal is one process the judge talks to.
    """
    fixtures, problems = load_corpus(paths)
    if select is not None:
        fixtures = [fixture for fixture in fixtures if select(fixture)]
    judge = partial(
        run_fixture, widths=widths, source=source, keep_screens=keep_screens, models=models
    )
    if jobs > 1 and len(fixtures) > 1:
        if source is not None or any(MODELS.get(model.name) is not model for model in models):
            raise ValueError("only the reference on terminal models is judged in several processes")
        prepare_runs()

        def done(count: int, fixture: Fixture) -> None:
            if progress:
                progress(count - 1, len(fixtures), fixture)

        # what a worker sends back is what the parent lacks: a fixture's call may nest deeper than pickle goes
        try:
            verdicts = judged_apart(
                fixtures, jobs, lambda fixture: _verdicts(judge(fixture)), done, start=_prefetched
            )
        except WorkerFailed as failure:
            raise WorkerFailed(
                failure.index, f"{fixtures[failure.index].path}: {failure}"
            ) from None
        results = [
            FixtureResult(fixture, widths, error)
            for fixture, (widths, error) in zip(fixtures, verdicts, strict=True)
        ]
    else:
        _prefetched(fixtures)
        results = []
        for index, fixture in enumerate(fixtures):
            if progress:
                progress(index, len(fixtures), fixture)
            results.append(judge(fixture))
    terminals = tuple(model.name for model in models)
    return GateRun(results, problems, tuple(widths), terminals, gather_toolchain(terminals))
