"""The invariants of ``docs/design.md``, each judged on the screen of every terminal model.

A renderer's own account of its rows proves nothing, and neither does a
comparison with the reference's layout: a sound renderer may wrap by words,
align its labels or not, and put its hint anywhere near its options. So the
judge takes only two things from outside the screen — the payload (what the
request is; ``askbench.harness.judge.expected_facts`` says what must be shown of it) and the frame
lines the renderer wrote — and reads everything else back from virtual
terminals that measure text three different ways (``askbench.harness.terminals.models``):
where the ask is, which fact every row belongs to, how much of each field
shows, what is painted, what is invisible, what poses as something it is
not.

Views: the bounded ask is judged on every invariant; the complete view
(ctrl+o) on containment, fit, layout, labels, legibility and ``verbatim``;
the legacy dialog (the old baseline) on containment, fit and legibility,
and its rows are counted for the report.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, partial

from askbench.impl.dialog import DialogBudget
from askbench.impl.payload import PromptPayload

from ..fixtures.loading import Fixture
from ..terminals.models import MODELS, TerminalModel
from ..terminals.rows import ScreenRows
from ..terms import (
    VIEWS,
    AdapterFailure,
    FailureKind,
    Invariant,
    KeptScreen,
    RenderedFrame,
    View,
    Violation,
    WidthResult,
)
from .ask_reading import AskReading, read_ask
from .chrome import is_blank
from .chrome_checks import check_labels, check_layout, check_options, check_title
from .count_rows import check_count_rows
from .elision_checks import check_elision
from .expect_checks import check_expectations
from .expected_facts import ExpectedFact, expected_facts
from .extra_facts import TOPICS, PayloadTruths, payload_truths
from .fact_checks import check_cap, check_facts, check_rows
from .highlight_checks import check_highlight
from .judged_frames import HeldFrame, Judged, judged_on, read_on
from .label_heads import LabelVocabulary
from .located_checks import check_payload_below, unread
from .located_rows import located_rows, shown_characters
from .payload_sgr import PayloadSgr, payload_sgr
from .perturbation import LocatedPayload, locate_payload
from .reaches import check_reaches
from .report import FailureReport, Report
from .runs_checks import check_runs, check_shape_runs
from .screen_bound import beyond_screen
from .screen_checks import check_containment, check_fit, check_legible
from .wider_frames import WiderFrames
from .work_units import ReadingTimeout

__all__ = ["DEFAULT_MODELS", "WIDTHS", "ViewFrames", "WidthRequest", "run_width"]

WIDTHS = (80, 120, 160)
DEFAULT_MODELS: tuple[TerminalModel, ...] = tuple(MODELS.values())

ViewFrames = Callable[[View], RenderedFrame | AdapterFailure]
"""The frame of each view of the payload being judged, or why there is none: what the judge is handed.

A runner binds it to wherever the frames come from (the reference in process, an adapter, frames
recorded earlier) and to the payload, fixture and budget they are drawn for. The judge asks for
each view once, judges the lines it is given on the screen, and never learns who drew them.
"""

_MARKS_READINGS = ((False, True), (False, False), (True, True), (True, False))
"""Whether marks standing apart before a label row's value, and after any value, are the value's: a renderer's
quotes, colons and frame sides look as a value's own brackets and arrows do, so each reading is tried, the
plainest first."""


@dataclass(frozen=True)
class WidthRequest:
    """One payload to judge at one width: what the frames are held to, and nothing of where they come from.

    ``budget`` is the one the frames were drawn for: its width is the width judged, its rows and
    field cap the bounds the bounded view is held to, so it must bound both. ``fixture`` is the
    case the payload was built from, when there is one: its expectations, its shell and what its
    call reaches. ``pinned_layout`` says whether the fixture's ``elided`` and ``maxRows`` apply:
    they pin the reference's own layout (its caps, its rows), so only a runner judging the
    reference asks for them; ``kind`` and ``visible`` hold for any renderer.
    """

    payload: PromptPayload
    budget: DialogBudget
    fixture: Fixture | None = None
    pinned_layout: bool = False

    def __post_init__(self) -> None:
        if self.budget.max_rows is None or self.budget.field_max_width is None:
            raise ValueError(f"the judge holds a view to a bounded budget, not {self.budget}")

    @property
    def width(self) -> int:
        return self.budget.width

    @property
    def max_rows(self) -> int:
        assert self.budget.max_rows is not None
        return self.budget.max_rows

    @property
    def field_max_width(self) -> int:
        assert self.budget.field_max_width is not None
        return self.budget.field_max_width

    @property
    def expect(self) -> Mapping[str, object]:
        return self.fixture.expect if self.fixture is not None else {}

    @property
    def dialect(self) -> str | None:
        """The shell the fixture's command is written for, when it names one."""
        shell = self.fixture.ask.get("shell") if self.fixture is not None else None
        return shell if isinstance(shell, str) else None


def _shown_by_fact(ask: AskReading) -> dict[str, int]:
    counts: dict[str, int] = {}
    out: dict[str, int] = {}
    for shown in ask.facts:
        counts[shown.fact.label] = counts.get(shown.fact.label, 0) + 1
        out[f"{shown.fact.label}#{counts[shown.fact.label]}"] = shown.reading.shown
    return out


@dataclass
class _WidthRun:
    """One payload at one width being judged: what every view's checks share, and the result they fill."""

    request: WidthRequest
    frames: ViewFrames
    result: WidthResult
    models: Sequence[TerminalModel]
    facts: list[ExpectedFact]
    sequences: list[PayloadSgr]
    truths: PayloadTruths
    keep_screens: bool = False
    wider: WiderFrames | None = None
    perturbed: ViewFrames | None = None
    """The frames of the payload with its text perturbed (``askbench.harness.judge.perturbation``), to locate it."""
    title_rows: int | None = None
    located_vocabulary: tuple[LabelVocabulary, frozenset[str]] | None = None
    kept: dict[str, tuple[KeptScreen, bool]] = field(default_factory=dict)
    """Each view's screen kept for reports, and whether a violation was found on it."""

    def reporter(self, view: str, names: Sequence[str]) -> FailureReport:
        """Record a violation of ``view`` for every terminal named."""
        width = self.result.width

        def report(invariant: Invariant | FailureKind, message: str) -> None:
            for name in names:
                self.result.violations.append(Violation(invariant, view, width, message, name))

        return report

    def first(self, judged: Judged) -> bool:
        """Whether this reading is the first model's, whose rows the result counts."""
        return judged.models[0].name == self.models[0].name

    def frame(self, view: View) -> RenderedFrame | None:
        """The frame of one view as given, or ``None`` when what was given is already its verdict.

        A view the runner could not give (``AdapterFailure``) is that failure; a frame no screen
        holds fails ``fit`` (and ``rows``) unread (``askbench.harness.judge.screen_bound``).
        """
        started = time.perf_counter()
        frame = self.frames(view)
        if view == "bounded":
            self.result.render_us = (time.perf_counter() - started) * 1e6
        if isinstance(frame, AdapterFailure):
            self.result.violations.append(
                Violation(frame.kind, view, self.result.width, frame.message, "all")
            )
            return None
        beyond = beyond_screen(frame.lines, self.result.width, bounded=view == "bounded")
        if beyond is None:
            return frame
        report = self.reporter(view, [model.name for model in self.models])
        report("fit", beyond.fit)
        if view == "bounded":
            report("rows", beyond.rows)
        return None

    def view(self, view: View) -> None:
        """The frame of one view asked for and judged, or taken as judged at a narrower width (``WiderFrames``).

        The frame is held only here, while it is read (``HeldFrame``): the
        complete view and the legacy dialog of a large payload are each as large
        as the payload, so only one of them is ever held, and only until read.
        """
        frame = self.frame(view)
        if frame is None:
            return
        wider = None if self.keep_screens else self.wider
        key = wider.key(view, frame.lines, self.title_rows, self.models) if wider else None
        if wider is not None and key is not None and wider.take(key, view, self.result):
            return
        held = HeldFrame.of(frame, self.sequences)
        del frame
        first = len(self.result.violations)
        if self.read(view, held) and wider is not None and key is not None:
            wider.remember(key, view, self.result, first)

    def read(self, view: View, held: HeldFrame) -> bool:
        """The frame read and judged on every group of models; whether each laid it out a row a line, unchanged."""
        a_row_a_line = True
        twin = cache(lambda: self.twin(view, held.count))
        for judged in read_on(held, self.result.width, self.models):
            judged.locate = cache(partial(self.locate, judged, twin))
            reading = judged.reading
            a_row_a_line &= reading.frame_rows == held.count and not reading.foreign_bytes
            found = len(self.result.violations)
            self.judge(view, held, judged)
            if self.keep_screens:
                self.keep(view, judged, failed=len(self.result.violations) > found)
            # the next model's reading is made while this one would still be held
            del judged, reading
        return a_row_a_line

    def twin(self, view: View, count: int) -> Sequence[str] | None:
        """The lines of the view drawn again for the perturbed payload, when they can say where the payload stands.

        Only a frame a screen can hold is drawn twice (the twin is held beside it), and a twin that is
        not a frame of as many lines says nothing; the view is then read as drawn, without located cells.
        """
        if self.perturbed is None or view == "legacy" or count > MAX_LOCATED_LINES:
            return None
        # a renderer that draws by content may fail on other text: it is read as drawn
        try:
            frame = self.perturbed(view)
        except Exception:
            return None
        if isinstance(frame, AdapterFailure) or len(frame.lines) != count:
            return None
        return frame.lines

    def locate(
        self, judged: Judged, twin: Callable[[], Sequence[str] | None]
    ) -> LocatedPayload | None:
        """Where the payload stands on ``judged``'s rows: the cells its twin, read alike, shows otherwise."""
        lines = twin()
        if lines is None:
            return None
        other = judged_on(lines, self.result.width, judged.models[0])
        return locate_payload(judged.reading.rows, other.reading.rows)

    def judge(self, view: View, held: HeldFrame, judged: Judged) -> None:
        """Every check of one view on one group of terminals."""
        report = self.reporter(view, [model.name for model in judged.models])
        check_containment(judged.reading, report)
        # a frame that wraps here is read misplaced from the wrapped row on: judged where it fits
        if not check_fit(judged, held.count, report):
            return
        if view == "legacy":
            self.legacy(judged, held, report)
            return
        if not self.ask(judged, view, held, report):
            return
        if view == "bounded":
            self.bounded(judged, held, report)
        self.count(judged, view, held)

    def keep(self, view: View, judged: Judged, *, failed: bool) -> None:
        """The view's screen as the first terminals that found a violation showed it (else the first terminals)."""
        kept = self.kept.get(view)
        if kept is not None and (kept[1] or not failed):
            return
        rows = judged.drawn if judged.drawn is not None else judged.rows
        names = tuple(model.name for model in judged.models)
        self.kept[view] = (KeptScreen(names, tuple(rows.texts)), failed)

    def legacy(self, judged: Judged, held: HeldFrame, report: Report) -> None:
        check_legible(judged, held.escape, report)
        check_options(judged.chrome, report)
        if self.first(judged):
            stop = judged.chrome.options_start
            while stop > 0 and is_blank(judged.reading.screen_rows[stop - 1].text):
                stop -= 1
            self.result.legacy_rows = max(
                0, stop - (self.title_rows if self.title_rows is not None else 1)
            )

    def ask(self, judged: Judged, view: View, held: HeldFrame, report: FailureReport) -> bool:
        """The ask read and judged on what every view owes; ``False`` when reading it timed out."""
        try:
            judged.ask = self.read_ask(judged, view)
        except ReadingTimeout as timeout:
            report("TIMEOUT", str(timeout))
            return False
        request = self.request
        check_layout(judged, report)
        check_title(judged, request.payload, report)
        check_labels(judged, report)
        check_count_rows(judged, request.payload.request.value, report)
        check_legible(judged, held.escape, report)
        check_facts(judged, view, request.max_rows, request.field_max_width, report)
        return True

    def read_ask(self, judged: Judged, view: View) -> AskReading:
        """The ask as drawn; where facts do not read so and the payload was located, as its located rows show it.

        The located form (``askbench.harness.judge.located_rows``) replaces the rows every later check
        reads only when more facts read on it: it moves where values stand, never what they say.
        """

        def read(rows: ScreenRows) -> AskReading:
            return read_ask(
                rows,
                self.facts,
                judged.chrome.options_start,
                bounded=view == "bounded",
                truths=self.truths,
            )

        ask = read(judged.rows)
        if not unread(ask):
            return ask
        located = judged.locate()
        if located is None:
            if view not in self.result.read_as_drawn:
                self.result.read_as_drawn.append(view)
            return ask
        start = _after_title(judged.reading.rows)
        labels, shown = self.vocabulary()
        best, best_rows = ask, None
        for marks_before, marks_after in _MARKS_READINGS:
            shaped = ScreenRows.of(
                located_rows(
                    judged.rows,
                    located,
                    start,
                    judged.chrome.options_start,
                    marks_after=marks_after,
                    marks_before=marks_before,
                    labels=labels,
                    shown=shown,
                )
            )
            try:
                other = read(shaped)
            except ReadingTimeout:  # the located form is a second chance, within the same bound
                break
            if unread(other) < unread(best):
                best, best_rows = other, shaped
            if not unread(best):
                break
        if best_rows is not None:
            judged.reading = replace(judged.reading, screen_rows=best_rows)
        return best

    def vocabulary(self) -> tuple[LabelVocabulary, frozenset[str]]:
        """The labels a located value may stand under, and every character the payload may show: made once."""
        if self.located_vocabulary is None:
            texts = [text for fact in self.facts for text in (*fact.texts, fact.detail or "")]
            self.located_vocabulary = (
                LabelVocabulary.of([*(fact.label for fact in self.facts), *TOPICS]),
                shown_characters(texts),
            )
        return self.located_vocabulary

    def bounded(self, judged: Judged, held: HeldFrame, report: Report) -> None:
        """What only the bounded view owes: the cap on every terminal, rows, elision, paint, the fixture's claims, runs."""
        ask = judged.ask
        assert ask is not None
        request = self.request
        width, payload, cap = request.width, request.payload, request.field_max_width
        for model in judged.models:
            check_cap(judged.rows, ask, cap, model, self.reporter("bounded", [model.name]))
        check_rows(ask, request.max_rows, cap, width, report)
        check_payload_below(judged, request.max_rows, report)
        check_elision(judged, held.elided, report)
        check_highlight(judged, payload, report)
        check_expectations(
            request.expect, payload, ask, width, report, pinned_layout=request.pinned_layout
        )
        inside = width - judged.boxed_by
        check_runs(payload, ask, request.dialect, inside, cap, report)
        check_shape_runs(payload, ask, judged.rows, request.dialect, inside, cap, report)

    def count(self, judged: Judged, view: View, held: HeldFrame) -> None:
        """The rows of the ask on the first terminal model, for the report."""
        ask = judged.ask
        if ask is None or not self.first(judged):
            return
        if view == "bounded":
            self.title_rows = ask.title_rows
            self.result.bounded_rows = ask.rows
            self.result.elided = held.elided
            self.result.shown = _shown_by_fact(ask)
        else:
            self.result.complete_rows = ask.rows


MAX_LOCATED_LINES = 20_000
"""A frame longer than this is read as drawn: its twin would be held beside it, and no screen shows either."""


def _after_title(texts: Sequence[str]) -> int:
    """The row after the first one that is not blank: the title's, whatever it reads like."""
    return next((index + 1 for index, text in enumerate(texts) if text.strip()), 0)


def run_width(
    request: WidthRequest,
    frames: ViewFrames,
    *,
    perturbed: ViewFrames | None = None,
    models: Sequence[TerminalModel] = DEFAULT_MODELS,
    keep_screens: bool = False,
    wider: WiderFrames | None = None,
) -> WidthResult:
    """Every invariant for one payload at one width, on every terminal model, bounded, complete and legacy.

    ``frames`` gives the frame of each view; every judgement is made on the
    screen, so any implementation is judged alike. A view it could not give
    (``AdapterFailure``) is its verdict, and the checks that need that view are
    not run. ``wider`` carries the frames of the payload's narrower widths,
    judged already (``WiderFrames``); ``keep_screens`` keeps the rows of each
    view a violation names, for reports. ``perturbed`` gives the frames of the
    payload with its text perturbed (``askbench.harness.judge.perturbation``):
    where they differ from ``frames`` is where the payload stands, which the
    ask is read by when its rows do not read as ``label : value``.
    """
    payload = request.payload
    result = WidthResult(request.width)
    run = _WidthRun(
        request,
        frames,
        result,
        models,
        expected_facts(payload),
        payload_sgr(payload),
        payload_truths(payload),
        keep_screens=keep_screens,
        wider=wider,
        perturbed=perturbed,
    )
    check_reaches(request.fixture, payload, run.reporter("bounded", ["all"]))
    for view in VIEWS:
        started = time.perf_counter()
        run.view(view)
        result.judge_us[view] = (time.perf_counter() - started) * 1e6
    if keep_screens and result.violations:
        named = {violation.view for violation in result.violations}
        result.screens = {view: kept for view, (kept, _) in run.kept.items() if view in named}
    return result
