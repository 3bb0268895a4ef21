"""The invariants of DESIGN.md, each judged on the virtual terminal.

A renderer counting its own rows proves nothing: every claim here is read
back from a pyte screen — even where the ask starts and ends
(``harness.layout``), so an external implementation behind the adapter
contract (``harness.adapter``) is judged exactly as the reference is. The
only things taken from ``impl`` are the payload (what the request is) and
the list of facts it must show; how they appear — row counts, widths,
labels, verbatim text, containment — is the screen's word.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from impl.cells import cell_width, expand_text_tabs
from impl.dialog import ARROW, MAX_LABEL_WIDTH, DialogBudget, Fact, core_facts, evidence_facts, render_prompt_dialog
from impl.frame import EXPAND_HINT
from impl.neutralise import neutralise
from impl.payload import PromptPayload
from impl.truncate import ELLIPSIS
from wcwidth import iter_graphemes
from wcwidth import width as wcwidth_width

from .corpus import Fixture
from .layout import FrameLayout, find_layout
from .protocol import VIEWS, AdapterFailure, View
from .sources import FrameSource, RenderedFrame, reference_source
from .terminal import FrameReading, read_frame

WIDTHS = (80, 120, 160)


@dataclass(frozen=True)
class Violation:
    invariant: str
    view: str
    width: int
    message: str
    terminal: str = "grapheme"
    """The terminal model the screen was read on (``harness.terminal``); every model judges every frame."""

    def __str__(self) -> str:
        return f"{self.invariant} ({self.view} @{self.width}, {self.terminal}): {self.message}"


@dataclass
class WidthResult:
    width: int
    legacy_rows: int = 0
    bounded_rows: int = 0
    complete_rows: int = 0
    elided: bool = False
    render_us: float = 0.0
    """Wall time of the bounded frame from its source: the reference's whole frame, or an adapter's round trip."""
    violations: list[Violation] = field(default_factory=list)
    screens: dict[str, list[str]] = field(default_factory=dict)
    """The screen rows of each view a violation names, kept only when asked (``keep_screens``), for reports."""


# ── the reference wrapper the screen is compared against ────────────────────


def expected_rows(text: str, row_width: int) -> list[str]:
    """How a field must read: each logical line hard-wrapped by cell, wide graphemes moved whole.

    Written independently of ``impl.cells`` so the comparison is not the
    renderer agreeing with itself.
    """
    rows: list[str] = []
    for line in text.split("\n"):
        row, used = "", 0
        for grapheme in iter_graphemes(line):
            width = wcwidth_width(grapheme)
            if used + width > row_width and row:
                rows.append(row)
                row, used = "", 0
            row += grapheme
            used += width
        rows.append(row)
    return rows


def visible_text(fact: Fact) -> str:
    def clean(value: str) -> str:
        return expand_text_tabs(neutralise(value))

    text = clean(fact.text)
    return f"{text}{ARROW}{clean(fact.detail)}" if fact.detail is not None else text


def _label_prefix(label: str, label_width: int) -> str:
    """A label as it must stand: on one row, at most ``MAX_LABEL_WIDTH`` cells, padded to the column."""
    shown = neutralise(label).replace("\n", " ").replace("\t", " ")
    shown = expected_rows(shown, MAX_LABEL_WIDTH)[0] if shown else shown
    return shown + " " * max(0, label_width - cell_width(shown)) + " : "


def _label_width(rows: Iterable[str], facts: list[Fact]) -> int:
    """The label column as the screen shows it: where the first row's `` : `` stands."""
    for row in rows:
        position = row.find(" : ")
        if position >= 0:
            return position
    return max((cell_width(neutralise(fact.label)) for fact in facts), default=0)


# ── the invariants ─────────────────────────────────────────────────────────


def check_containment(reading: FrameReading, view: str, width: int) -> list[Violation]:
    found = []
    if not reading.transcript_intact:
        found.append(Violation("containment", view, width, "a transcript row above the frame changed"))
    if reading.cursor_left_frame:
        found.append(Violation("containment", view, width, "the cursor moved above the frame"))
    if reading.foreign_events:
        found.append(Violation("containment", view, width, f"control functions reached the terminal: {reading.foreign_events[:3]}"))
    if reading.foreign_bytes:
        found.append(Violation("containment", view, width, f"non-SGR control characters in the frame: {reading.foreign_bytes[:3]}"))
    if reading.unprintable:
        found.append(Violation("containment", view, width, f"unprintable characters reached the terminal: {[repr(c) for c in reading.unprintable[:3]]}"))
    return found


def check_fit(reading: FrameReading, frame: RenderedFrame, view: str, width: int) -> list[Violation]:
    if reading.frame_rows != len(frame.lines):
        return [Violation("fit", view, width, f"{len(frame.lines)} frame lines occupy {reading.frame_rows} screen rows")]
    return []


def check_core(rows: list[str], facts: list[Fact], label_width: int, view: str, width: int) -> list[Violation]:
    found = []
    row_width = width - (label_width + 3)
    for fact in facts:
        prefix = _label_prefix(fact.label, label_width)
        first = expected_rows(visible_text(fact), row_width)[0].rstrip()
        shown = [row[len(prefix):] for row in rows if row.startswith(prefix) or row == prefix.rstrip()]
        if not shown:
            found.append(Violation("core", view, width, f"no '{fact.label}' line on screen"))
            continue
        text = shown[0]
        if not (text == first or (text.endswith(ELLIPSIS) and first.startswith(text[: -1].rstrip()))):
            found.append(Violation("core", view, width, f"'{fact.label}' shows {text[:40]!r}, expected {first[:40]!r}"))
    return found


def check_verbatim(rows: list[str], payload: PromptPayload, label_width: int, width: int) -> list[Violation]:
    """Every field, read back from the complete view's rows, equals the field laid out by the reference wrapper."""
    facts = core_facts(payload) + list(evidence_facts(payload))
    row_width = width - (label_width + 3)
    expected: list[str] = []
    for fact in facts:
        field_rows = expected_rows(visible_text(fact), row_width)
        prefix = _label_prefix(fact.label, label_width)
        expected.append((prefix + field_rows[0]).rstrip())
        expected.extend((" " * (label_width + 3) + row).rstrip() for row in field_rows[1:])
    if len(expected) != len(rows):
        return [Violation("verbatim", "complete", width, f"complete view has {len(rows)} rows, the fields need {len(expected)}")]
    for index, (want, got) in enumerate(zip(expected, rows)):
        if want != got:
            return [Violation("verbatim", "complete", width, f"row {index + 1} reads {got[:50]!r}, expected {want[:50]!r}")]
    return []


def check_layout(layout: FrameLayout, view: str, width: int) -> list[Violation]:
    """The frame reads title, ask, blank, options, blank, hint: how the gate finds the ask at all."""
    return [Violation("layout", view, width, layout.problem)] if layout.problem else []


def check_elision(
    bounded_ask: list[str], complete_ask: list[str], bounded: RenderedFrame, reading: FrameReading, hint_rows: int,
    width: int,
) -> list[Violation]:
    found = []
    differs = bounded_ask != complete_ask
    if bounded.elided != differs:
        found.append(Violation("elision", "bounded", width, f"elided={bounded.elided} but the bounded view {'differs from' if differs else 'equals'} the complete view"))
    offers = EXPAND_HINT in " ".join(reading.rows[len(reading.rows) - hint_rows:])
    if offers != differs:
        found.append(Violation("elision", "bounded", width, f"the hint {'offers' if offers else 'does not offer'} the full request while the view {'elides' if differs else 'elides nothing'}"))
    for row in bounded_ask:
        marker = row.find(ELLIPSIS)
        if marker >= 0 and row[marker + 1 :].lstrip()[:1].isdigit():
            found.append(Violation("elision", "bounded", width, f"an elision carries a count: {row[marker:marker + 20]!r}"))
            break
    return found


def check_rows(bounded_ask: list[str], core_rows: int, max_rows: int, width: int) -> list[Violation]:
    if core_rows > max_rows:
        if len(bounded_ask) != core_rows:
            return [Violation("rows", "bounded", width, f"core alone is {core_rows} rows > {max_rows}; the screen shows {len(bounded_ask)} (evidence must be absent)")]
        return []
    if len(bounded_ask) > max_rows:
        return [Violation("rows", "bounded", width, f"the ask occupies {len(bounded_ask)} rows > {max_rows}")]
    return []


def check_expectations(expect: Mapping[str, object], payload: PromptPayload, bounded_ask: list[str], elided: bool, width: int) -> list[Violation]:
    found = []
    if "kind" in expect and expect["kind"] != payload.kind:
        found.append(Violation("expect", "bounded", width, f"kind is {payload.kind!r}, expected {expect['kind']!r}"))
    if "elided" in expect and expect["elided"] != elided:
        found.append(Violation("expect", "bounded", width, f"elided is {elided}, expected {expect['elided']}"))
    limit = expect.get("maxRows")
    if isinstance(limit, int) and len(bounded_ask) > limit:
        found.append(Violation("expect", "bounded", width, f"the ask occupies {len(bounded_ask)} rows, expected at most {limit}"))
    screen = "\n".join(bounded_ask)
    for text in expect.get("visible", ()):  # type: ignore[union-attr]
        if text not in screen:
            found.append(Violation("expect", "bounded", width, f"{text!r} is not visible"))
    return found


@dataclass(frozen=True)
class _Screen:
    """One view as judged: the frame the source gave, the terminal's reading of it, and where its ask stands."""

    frame: RenderedFrame
    reading: FrameReading
    layout: FrameLayout

    @property
    def ask(self) -> list[str]:
        return self.reading.rows[self.layout.ask_start : self.layout.ask_end]


def _frames(
    source: FrameSource, payload: PromptPayload, fixture: Fixture | None, budget: DialogBudget, width: int,
    clock: Callable[[], float],
) -> tuple[dict[View, RenderedFrame | AdapterFailure], float]:
    """Every view from the source, bounded first; the bounded call's wall time is the source's render time."""
    frames: dict[View, RenderedFrame | AdapterFailure] = {}
    elapsed = 0.0
    for view in VIEWS:
        started = clock()
        frames[view] = source(payload, fixture, view, width, budget)
        if view == "bounded":
            elapsed = clock() - started
    return frames, elapsed


def run_width(
    payload: PromptPayload,
    width: int,
    max_rows: int,
    field_max_width: int,
    expect: Mapping[str, object],
    *,
    clock: Callable[[], float] = time.perf_counter,
    source: FrameSource | None = None,
    fixture: Fixture | None = None,
    keep_screens: bool = False,
) -> WidthResult:
    """Every invariant for one payload at one width, bounded and complete, plus the legacy rows.

    ``source`` gives the frames (default: the reference, in process); every
    judgement is made on the screen, so any implementation is judged alike.
    A view the source could not give (``AdapterFailure``) is its verdict, and
    the checks that need that view are not run.
    """
    result = WidthResult(width)
    budget = DialogBudget(max_rows=max_rows, field_max_width=field_max_width, width=width)
    frames, elapsed = _frames(source or reference_source, payload, fixture, budget, width, clock)
    result.render_us = elapsed * 1e6

    violations = result.violations
    facts = core_facts(payload)
    first_label = neutralise(facts[0].label) if facts else None
    screens: dict[View, _Screen] = {}
    for view, frame in frames.items():
        if isinstance(frame, AdapterFailure):
            violations.append(Violation(frame.verdict, view, width, frame.message))
            continue
        reading = read_frame(list(frame.lines), width)
        title_rows = screens["bounded"].layout.title_rows if view == "legacy" and "bounded" in screens else None
        screens[view] = _Screen(frame, reading, find_layout(reading.rows, first_label, title_rows=title_rows))
    for view in ("bounded", "complete", "legacy"):
        if view in screens:
            screen = screens[view]
            violations += check_containment(screen.reading, view, width)
            violations += check_fit(screen.reading, screen.frame, view, width)
            violations += check_layout(screen.layout, view, width)

    bounded, complete, legacy = screens.get("bounded"), screens.get("complete"), screens.get("legacy")
    if legacy:
        result.legacy_rows = legacy.layout.ask_rows
    bounded_ask = bounded.ask if bounded else []
    complete_ask = complete.ask if complete else []
    result.bounded_rows = len(bounded_ask)
    result.complete_rows = len(complete_ask)
    result.elided = bool(bounded and bounded.frame.elided)

    if bounded:
        core_rows = len(render_prompt_dialog(payload, DialogBudget(max_rows=0, field_max_width=field_max_width, width=width)).lines)
        violations += check_rows(bounded_ask, core_rows, max_rows, width)
        violations += check_core(bounded_ask, facts, _label_width(bounded_ask, facts), "bounded", width)
    if complete:
        complete_label_width = _label_width(complete_ask, facts)
        violations += check_core(complete_ask, facts, complete_label_width, "complete", width)
        violations += check_verbatim(complete_ask, payload, complete_label_width, width)
    if bounded and complete:
        violations += check_elision(bounded_ask, complete_ask, bounded.frame, bounded.reading, bounded.layout.hint_rows, width)
    if bounded:
        if bounded.reading.painted_cells == 0 and any(fact.flagged and fact.text.strip("\n") for fact in facts):
            violations.append(Violation("highlight", "bounded", width, "the flagged value is not painted on screen"))
        violations += check_expectations(expect, payload, bounded_ask, bounded.frame.elided, width)
    if keep_screens and violations:
        named = {violation.view for violation in violations}
        result.screens = {view: screen.reading.rows for view, screen in screens.items() if view in named}
    return result
