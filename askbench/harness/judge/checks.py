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

import re
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from askbench.impl.dialog import DialogBudget
from askbench.impl.payload import PromptPayload

from ..drivers.frame_sources import FrameSource, RenderedFrame, reference_source
from ..drivers.protocol import VIEWS, AdapterFailure, Verdict, View
from ..fixtures.loading import Fixture
from ..terminals.models import (
    MODELS,
    FrameReading,
    ScreenRow,
    Style,
    TerminalModel,
    cells_on,
    printed_text,
    read_frame,
    row_kinds,
    texts_between,
)
from .ask_reading import AskReading, FactOnScreen, read_ask
from .box import unbox, unbox_under_header
from .chrome import Chrome, find_options, is_blank, option_key, option_problems
from .chrome_claims import ChromeSaid, backing_of, chrome_problems
from .expected_facts import ARROW, CORE_LABELS, ExpectedFact, expected_facts
from .extra_facts import PayloadTruths, payload_truths
from .field_match import COUNTED_CUT, MARKER
from .invariants import Invariant
from .label_lookalikes import core_label_of, label_of
from .reaches import check_reaches
from .screen_bound import beyond_screen
from .what_runs import runs_problems as shell_check_runs
from .work_units import ReadingTimeout

WIDTHS = (80, 120, 160)
DEFAULT_MODELS: tuple[TerminalModel, ...] = tuple(MODELS.values())
EXPAND_KEY = "ctrl+o"
"""The key the hint must name exactly when the bounded view leaves something out."""


@dataclass(frozen=True)
class Violation:
    invariant: Invariant | Verdict
    """The invariant broken, or the adapter's failure (``CRASH``, ``TIMEOUT``, ``BAD_ANSWER``) that left nothing to judge."""
    view: str
    width: int
    message: str
    terminal: str = "grapheme"
    """The terminal model the screen was read on (``askbench.harness.terminals.models``); every model judges every frame."""

    def __str__(self) -> str:
        return f"{self.invariant} ({self.view} @{self.width}, {self.terminal}): {self.message}"


@dataclass
class WidthResult:
    width: int
    legacy_rows: int = 0
    bounded_rows: int = 0
    complete_rows: int = 0
    """Rows of the ask (not the whole frame) in each view, on the ``grapheme`` terminal."""
    elided: bool = False
    render_us: float = 0.0
    """Wall time of the bounded frame from its source: the reference's whole frame, or an adapter's round trip."""
    judge_us: dict[str, float] = field(default_factory=dict)
    """Wall time of each view, asked for and judged on every model: what a JUnit testcase takes, as CI
    servers show it beside the testcase (the render alone is a small part of it)."""
    violations: list[Violation] = field(default_factory=list)
    screens: dict[str, list[str]] = field(default_factory=dict)
    """The screen rows of each view a violation names, kept only when asked (``keep_screens``), for reports."""
    shown: dict[str, int] = field(default_factory=dict)
    """Characters of each fact's text the bounded view shows (``label#n`` for the n-th fact so labelled)."""


# ── one view on one terminal ───────────────────────────────────────────────


@dataclass
class _Judged:
    """A frame as read on a group of terminal models that show it identically."""

    models: list[TerminalModel]
    reading: FrameReading
    chrome: Chrome
    ask: AskReading | None = None
    boxed_by: int = 0
    """The columns a box drawn around the prompt takes from each row (its sides and padding)."""

    @property
    def rows(self) -> Sequence[ScreenRow]:
        return self.reading.screen_rows

    def chrome_text(self) -> str:
        """Every non-blank row that is neither title, ask nor option: the hint, wherever it stands."""
        assert self.ask is not None
        texts = self.reading.rows
        rows = [*texts[self.ask.end : self.chrome.options_start], *texts[self.chrome.options_end :]]
        return " ".join(row.strip() for row in rows if row.strip())


@dataclass
class _HeldFrame:
    """A frame while its readings are made, and what the checks need of its lines once they are let go.

    A complete or legacy frame is as large as its payload, and its lines
    are needed only to be read: the checks that would look at them again
    (how many there are, whether a payload's escape reached the terminal)
    are worked out before, once for every terminal model, and the lines are
    let go as soon as the last reading is made.
    """

    lines: Sequence[str]
    elided: bool
    count: int
    escape: str | None
    """An SGR sequence of the tool input that reached the terminal (``payload_escape``), or ``None``."""

    @classmethod
    def of(cls, frame: RenderedFrame, sequences: Sequence[PayloadSgr] = ()) -> _HeldFrame:
        lines = frame.lines
        return cls(lines, bool(frame.elided), len(lines), payload_escape(lines, sequences))


def _read_on(held: _HeldFrame, width: int, models: Sequence[TerminalModel]) -> Iterator[_Judged]:
    """One reading per model, models that show the frame alike grouped so each screen is judged once.

    Models lay a line out alike where it fits each of their rows (the rows
    hold exactly its printed characters whatever the model measures; their
    cells differ, and ``check_cap`` measures those per model) and where it
    prints only ASCII, which every model measures alike, wrapped or not;
    models that lay every line out alike share one reading. A model
    that wraps a line its own way gets a reading of its own, and so does a
    real terminal: its screen is its own. The readings are made one at a time, as
    they are judged: a frame as large as its payload is held as one screen,
    never as one per model; and its lines are let go once the last is made.
    """
    fitting = _laid_out_alike(
        held.lines, width, [model for model in models if model.screen is None]
    )
    groups: list[list[TerminalModel]] = []
    shared: list[TerminalModel] | None = None
    for model in models:
        if model.name in fitting:
            if shared is not None:
                shared.append(model)
                continue
            shared = [model]
            groups.append(shared)
        else:
            groups.append([model])
    for number, group in enumerate(groups, 1):
        judged = _judged(held.lines, width, group[0])
        if number == len(groups):
            held.lines = ()
        judged.models = group
        yield judged
        del judged


def _laid_out_alike(lines: Sequence[str], width: int, models: Sequence[TerminalModel]) -> set[str]:
    """The names of the models (of ``models``) that lay every line out alike, found in one pass over the lines.

    Every model measures an ASCII character alike (a cell, or none for a control), so only the other lines are
    measured, and on each model only until one of them does not fit there.
    """
    fitting = {model.name for model in models}
    for line in lines:
        if line.isascii():
            continue
        text = printed_text(line)
        if text.isascii():
            continue
        fitting -= {
            model.name
            for model in models
            if model.name in fitting and cells_on(text, model) > width
        }
    return fitting


class _RowStyles(Sequence[Sequence[Style]]):
    """Each row's styles, looked up as asked for: the options read the styles of a few rows, not of every row."""

    def __init__(self, rows: Sequence[ScreenRow]) -> None:
        self._rows = rows

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, index: int) -> Sequence[Style]:  # type: ignore[override]
        return self._rows[index].styles


def _judged(lines: Sequence[str], width: int, model: TerminalModel) -> _Judged:
    """The frame read on one model, a box drawn around the prompt taken off (``askbench.harness.judge.box.unbox``),
    then one around the command under the header (``unbox_under_header``)."""
    reading = read_frame(lines, width, model)
    inside = unbox(reading.screen_rows)
    boxed_by = (
        0
        if inside is reading.screen_rows
        else max(
            (
                len(row.text) - len(kept.text)
                for row, kept in zip(reading.screen_rows, inside, strict=False)
                if row.text != kept.text and kept.text.strip()
            ),
            default=0,
        )
    )
    reading = replace(reading, screen_rows=unbox_under_header(inside))
    return _Judged(
        [model],
        reading,
        find_options(reading.rows, styles=_RowStyles(reading.screen_rows)),
        boxed_by=boxed_by,
    )


# ── the invariants ─────────────────────────────────────────────────────────

Report = Callable[[Invariant, str], None]
VerdictReport = Callable[[Invariant | Verdict, str], None]
"""A report that can also record a failure that left nothing to judge (``TIMEOUT``)."""
"""``(invariant, message)``: record a violation for the view and terminals being judged."""


def check_containment(reading: FrameReading, report: Report) -> None:
    if not reading.transcript_intact:
        report("containment", "a transcript row above the frame changed")
    if reading.cursor_left_frame:
        report("containment", "the cursor moved above the frame")
    if reading.foreign_events:
        report(
            "containment", f"control functions reached the terminal: {reading.foreign_events[:3]}"
        )
    if reading.foreign_bytes:
        report(
            "containment", f"non-SGR control characters in the frame: {reading.foreign_bytes[:3]}"
        )
    if reading.unprintable:
        report(
            "containment",
            f"unprintable characters reached the terminal: {[repr(c) for c in reading.unprintable[:3]]}",
        )


def check_fit(reading: FrameReading, line_count: int, report: Report) -> None:
    if reading.frame_rows != line_count:
        report("fit", f"{line_count} frame lines occupy {reading.frame_rows} screen rows")


_PAYLOAD_SGR = re.compile(r"\x1b\[[0-9;:]*m")
_RESETS = frozenset(
    {"", "0", "22", "23", "24", "25", "27", "28", "29", "39", "49", "54", "55", "59"}
)
"""SGR parameters that only end an attribute: such a sequence can neither hide text nor bleed into the rows after it."""


@dataclass(frozen=True)
class PayloadSgr:
    """An SGR sequence the tool input carries, with the text around it there, as a screen may spell it."""

    sequence: str
    before: tuple[str, ...]
    """The characters before it on its line, back to the previous escape."""
    after: tuple[str, ...]
    """The characters after it on its line up to the next escape; ending in ``_ENDS`` where the line ends there."""
    after_escape: tuple[str, ...] = ()
    """When an escape follows it at once: what follows that escape, which a screen may show after the escape's notation."""

    @property
    def resets_only(self) -> bool:
        return all(param in _RESETS for param in re.split("[;:]", self.sequence[2:-1]))

    def found_in(self, line: str, at: int) -> bool:
        """Whether the sequence at ``at`` in a frame line stands where the payload has it: among the same characters.

        A row break may fall right beside the sequence, so a context is
        matched as far as the line goes on that side, one character at
        least; an escape right after it may be shown in any notation.
        """
        end = at + len(self.sequence)
        following = line[end : end + _CONTEXT + 1]
        notated = _ESC_NOTATION.match(line, end, end + 4 * _CONTEXT)
        after_notation = line[notated.end() : notated.end() + _CONTEXT + 1] if notated else ""
        preceding = line[max(0, at - _CONTEXT) : at]
        return (
            _continues(following, self.after)
            or _continues(after_notation, self.after_escape)
            or bool(preceding)
            and any(context.endswith(preceding[-len(context) :]) for context in self.before)
        )


def _continues(following: str, contexts: tuple[str, ...]) -> bool:
    """Whether a frame's text after a sequence goes on as one of the payload's contexts, as far as the line goes.

    A context the payload's line ends in is matched only where the frame's
    text ends there too, or an escape (the renderer's own reset) follows:
    a value ``ESC[33m[`` painted ``ESC[33m`` reads ``␛[33m[`` after the paint.
    """
    if not following:
        return False
    for context in contexts:
        body = context.removesuffix(_ENDS)
        if not body.startswith(following[: len(body)]):
            continue
        if context == body or len(following) <= len(body) or following[len(body)] == "\x1b":
            return True
    return False


_CONTEXT = 6
_ENDS = "\n"
"""Marks a context after which the payload's line ends (a frame line never holds a line break)."""
_ESC_NOTATION = re.compile(
    r"(?:\u241b|\^\[|\\x1b|\\u001b|\\e|\u27e8U\+001B\u27e9|<U\+001B>|U\+001B)", re.IGNORECASE
)
"""ESC as the notations ``askbench.harness.judge.field_match`` accepts spell it, at the start of the text after a sequence."""


def _nonempty(context: str) -> tuple[str, ...]:
    return (context,) if context and context != _ENDS else ()


def _context_after(tail: str) -> str:
    """The characters of ``tail`` (the rest of a line, at most ``4 * _CONTEXT``) up to the next escape, marked where the line ends."""
    segment = tail.split("\x1b", 1)[0]
    ends = "\x1b" not in tail and len(tail) < 4 * _CONTEXT and len(segment) <= _CONTEXT
    return segment[:_CONTEXT] + (_ENDS if ends else "")


def payload_sgr(payload: PromptPayload) -> list[PayloadSgr]:
    """Every SGR sequence the tool input carries that sets an attribute."""
    texts = [payload.legacy_message] + [
        part
        for fact in expected_facts(payload)
        for part in (fact.label, *fact.texts, fact.detail or "")
    ]
    found = []
    for text in texts:
        for match in _PAYLOAD_SGR.finditer(text):
            head = text[max(0, match.start() - 4 * _CONTEXT) : match.start()].rsplit("\n", 1)[-1]
            tail = text[match.end() : match.end() + 4 * _CONTEXT].split("\n", 1)[0]
            before = head.rsplit("\x1b", 1)[-1][-_CONTEXT:]
            after = _context_after(tail)
            after_escape = _context_after(tail[1:]) if tail.startswith("\x1b") else ""
            sgr = PayloadSgr(
                match.group(), _nonempty(before), _nonempty(after), _nonempty(after_escape)
            )
            if not sgr.resets_only:
                found.append(sgr)
    return found


@lru_cache(maxsize=1024)
def _any_unreadable(kinds: frozenset[Style]) -> bool:
    """Whether a row drawn in ``kinds`` draws some of it unreadably: rows share a few sets of kinds, each asked once."""
    return any(style.unreadable for style in kinds)


def check_legible(judged: _Judged, escape: str | None, report: Report) -> None:
    """Every row is drawn readably (not invisible on a dark or a light theme, not struck through), and no SGR sequence
    of the tool input reaches the terminal.

    ``escape`` is the tool input's sequence the frame's lines carry (``payload_escape``): the same on every
    terminal, so looked for once.
    """
    for index, kinds in enumerate(row_kinds(judged.rows)):
        if not _any_unreadable(kinds):
            continue
        row = judged.rows[index]
        hidden = [
            (char, style)
            for char, style in zip(row.text, row.styles, strict=False)
            if not char.isspace() and style.unreadable
        ]
        if hidden:
            text = "".join(char for char, _ in hidden)[:30]
            report("legible", f"row {index + 1} draws {text!r} {hidden[0][1].unreadable}")
            break
    if escape is not None:
        report("legible", f"the tool input's own escape {escape!r} reached the terminal")


def payload_escape(lines: Sequence[str], sequences: Sequence[PayloadSgr]) -> str | None:
    """The first SGR sequence of the tool input (``payload_sgr``) that frame ``lines`` carry to the terminal.

    A sequence is recognised as the tool input's by its surroundings: the
    same characters precede or follow it in the frame as in the payload
    (a bare sequence at the end of a value by the value's end). A sequence that only resets attributes is harmless
    and not looked for, so a renderer's reset after a value never reads as the payload's.
    """
    if not sequences:
        return None
    for line in lines:
        if "\x1b" not in line:
            continue
        for sgr in sequences:
            at = line.find(sgr.sequence)
            while at >= 0:
                if sgr.found_in(line, at):
                    return sgr.sequence
                at = line.find(sgr.sequence, at + 1)
    return None


def check_options(chrome: Chrome, report: Report) -> None:
    """The options are offered, and read for what they do: no option says the opposite, a deny is there, the
    opening one grants no more than once (``askbench.harness.judge.chrome.option_problems``)."""
    if chrome.problem:
        report("layout", chrome.problem)
    for problem in option_problems(chrome.options)[:1]:
        report("layout", problem)


def check_title(judged: _Judged, payload: PromptPayload, report: Report) -> None:
    """The title, hint and options claim nothing the payload does not back, and options drawn between the ask
    and the block read as the options are read too (``askbench.harness.judge.chrome_claims``)."""
    ask = judged.ask
    if ask is None:
        return
    title = " ".join(row.text.strip() for row in judged.rows[: ask.title_rows] if row.text.strip())
    start, stop = ask.end, judged.chrome.options_start
    between = find_options(
        judged.reading.rows[start:stop], styles=_RowStyles(judged.rows[start:stop])
    ).options
    shown = ChromeSaid(title, judged.chrome_text(), (*judged.chrome.options, *between))
    for problem in [*chrome_problems(shown, backing_of(payload)), *option_problems(between)][:1]:
        report("layout", problem)


def check_layout(judged: _Judged, report: Report) -> None:
    """Title, ask, options, hint: the options offered and read, a title above the ask, nothing stray between ask and options."""
    check_options(judged.chrome, report)
    ask = judged.ask
    if ask is None:
        return
    if ask.title_rows == 0 or all(is_blank(row.text) for row in judged.rows[: ask.title_rows]):
        report("layout", "no title above the ask")
    if ask.start == ask.end and not ask.facts:
        report("layout", "no fact of the ask stands under its label")
        return
    after = judged.reading.rows[ask.end : judged.chrome.options_start]
    if after and not is_blank(after[0]):
        report(
            "layout",
            f"row {ask.end + 1} ({after[0][:40]!r}) follows the ask without a blank row and belongs to no fact",
        )


def check_labels(judged: _Judged, report: Report) -> None:
    """Only this payload's core facts read like core rows; no row of a value poses as title, option or hint."""
    ask = judged.ask
    if ask is None:
        return
    if _forged_label_row(judged, ask, report):
        return
    title = {row.text.strip() for row in judged.rows[: ask.title_rows] if row.text.strip()}
    hint = {
        row.text.strip() for row in judged.rows[judged.chrome.options_end :] if row.text.strip()
    }
    numbered = any(option.key.isdigit() for option in judged.chrome.options)
    for shown in ask.facts:
        for index, text in enumerate(
            texts_between(judged.rows, shown.head + 1, shown.end), shown.head + 1
        ):
            key = option_key(text)
            if key is not None and (
                numbered or not key.isdigit()
            ):  # a list item ``1.`` poses only among numbered options
                report(
                    "labels",
                    f"row {index + 1} of '{shown.fact.label}' poses as an option: {text[:40]!r}",
                )
                return
            if (
                text and not text[0].isspace() and (text.rstrip() in title or text.rstrip() in hint)
            ):  # a row at the margin that reads as the title's or the hint's own text
                report(
                    "labels",
                    f"row {index + 1} of '{shown.fact.label}' poses as the prompt's own text: {text[:40]!r}",
                )
                return


def _forged_label_row(judged: _Judged, ask: AskReading, report: Report) -> bool:
    """A row at the label column that reads as ``label: value`` where the payload has no such fact.

    Read as a person reads it (``askbench.harness.judge.label_lookalikes``): ``Runs``, ``tooI`` or
    ``ｒｕｎｓ`` is the core label ``runs``/``tool``, so such a row, anywhere
    above the options, must be that core fact; and any other row of the ask
    shaped ``to: boss@acme.example`` must be the head of the entry read there,
    or state a truth of the payload (``askbench.harness.judge.extra_facts``), or it
    poses as one the payload does not have.
    """
    real = {shown.head for shown in ask.facts if shown.fact.core}
    heads = {shown.head for shown in ask.facts} | set(ask.extra_rows)
    # a core label row poses as one wherever it stands above the options, also past the facts the ask reads;
    # below the title's first row (under a box's top border, the first that is not blank), a label row before
    # the first fact poses as much as one inside the ask
    texts = texts_between(judged.rows, 0, len(judged.rows))
    title = next((index for index, text in enumerate(texts) if text.strip()), 0)
    first = min(title + 1, ask.start)
    for index, text in enumerate(
        texts_between(judged.rows, first, max(ask.end, judged.chrome.options_start)), first
    ):
        core = core_label_of(text, CORE_LABELS)
        if core is None and index >= ask.end:
            continue
        if core is not None and index not in real:
            report(
                "labels",
                f"row {index + 1} reads like a core row ('{core}') but is none of this payload's core "
                f"facts: {text[:50]!r}",
            )
            return True
        label = None if core is not None or index in heads else label_of(text)
        if label is not None:
            report(
                "labels",
                f"row {index + 1} reads as a '{label[:20]}' row, but the payload has no such entry "
                f"there: {text[:50]!r}",
            )
            return True
    return False


def _problem(shown: FactOnScreen) -> str | None:
    return shown.reading.problem or (shown.detail_reading.problem if shown.detail_reading else None)


def _shows_nothing(shown: FactOnScreen, field_max_width: int) -> bool:
    """A capped value that shows none of its first line although the cap had room for some of it."""
    if shown.reading.shown or shown.reading.cut_inside:
        return False
    first = shown.text.split("\n", 1)[0].expandtabs(8)
    padding = len(first) - len(first.lstrip())
    return bool(first.strip()) and padding + 8 <= field_max_width


def check_facts(
    judged: _Judged, view: str, max_rows: int, field_max_width: int, report: Report
) -> None:
    """Core facts under their labels, each value whole or (bounded) capped; evidence whole, capped or marked dropped.

    Left-out evidence is marked by a lone ``…`` row where it is left out, or
    after the last entry shown for entries left out at the end — a gap between
    shown entries with no marker there is never marked by one elsewhere. At
    the end the marker may be missing only where the ask has no
    row left for it, which only a core that fills the budget alone can
    cause: once an entry is shown, a row for the marker could have been kept
    instead of its last one, so entries that end exactly at the budget and
    leave later ones out unmarked read as everything there is.
    """
    ask = judged.ask
    assert ask is not None
    bounded = view == "bounded"
    core_invariant: Invariant = "core" if bounded else "verbatim"
    for fact in ask.missing:
        report(core_invariant, f"no '{fact.label}' line on screen")
    for shown in ask.facts:
        problem = _fact_problem(shown, field_max_width)
        if problem is not None:
            invariant: Invariant = (
                core_invariant if shown.fact.core else "evidence" if bounded else "verbatim"
            )
            report(invariant, f"'{shown.fact.label}' {problem}")
    if ask.stray_rows:
        first = ask.stray_rows[0]
        report(
            core_invariant, f"row {first + 1} belongs to no fact: {judged.rows[first].text[:40]!r}"
        )
    if bounded:
        _check_left_out(ask, max_rows, report)


def _fact_problem(shown: FactOnScreen, field_max_width: int) -> str | None:
    problem = _problem(shown)
    if problem is None and shown.capped and _shows_nothing(shown, field_max_width):
        return "shows nothing of its text before the marker"
    return problem


def _check_left_out(ask: AskReading, max_rows: int, report: Report) -> None:
    """Evidence the bounded view leaves out is marked where it is left out (``check_facts`` says when the end may not be)."""
    if ask.silent_gaps:
        report(
            "evidence",
            f"evidence '{ask.silent_gaps[0].label}' is left out between entries with no lone {MARKER} row "
            "where it is left out",
        )
    evidence_shown = any(not shown.fact.core for shown in ask.facts)
    if ask.unmarked_end and (ask.rows < max_rows or evidence_shown):
        report(
            "evidence",
            f"evidence '{ask.unmarked_end[0].label}' is left out with no lone {MARKER} row to say so",
        )


def _value_cells(rows: Sequence[ScreenRow], shown: FactOnScreen, model: TerminalModel) -> int:
    """The cells of text a fact's rows show: the blanks a row begins with, past its label's, are layout, and
    markers (a bare ``…``, a cut's ``… N more commands …``) are not text.

    Where a row starts, the renderer chose — under the value, at the margin,
    with a hanging indent — and the screen cannot tell its indent from a
    text line's own, so neither is counted: what the cap bounds is text.
    """
    lines = []
    for segment in shown.segments:
        text = rows[segment.row].text[segment.start :]
        lines.append(text if segment.row == shown.head else text.lstrip(" "))
    text = COUNTED_CUT.sub("", "\n".join(lines))  # a cut's count of what it hides is its marker
    return sum(cells_on(line.replace(MARKER, ""), model) for line in text.split("\n"))


def check_cap(
    rows: Sequence[ScreenRow],
    ask: AskReading,
    field_max_width: int,
    model: TerminalModel,
    report: Report,
) -> None:
    """No field shows more than ``fieldMaxWidth`` cells of text (its marker aside) on this terminal.

    An evidence entry's detail is a field of its own: the entry may show two
    caps of text and the arrow between them, which is layout, as wide as this
    terminal draws it (two cells where ambiguous characters are wide).
    """
    arrow = cells_on(ARROW, model)
    for shown in ask.facts:
        allowed = field_max_width if shown.fact.detail is None else 2 * field_max_width + arrow
        cells = _value_cells(rows, shown, model)
        if cells > allowed:
            report(
                "cap",
                f"'{shown.fact.label}' shows {cells} cells, over the cap of {field_max_width}",
            )
            return


FIELD_SPARE_ROWS = 3
"""Rows a capped field may take besides its cells' rows: its label's own row, a part-filled last row of its head,
and its tail's."""


ROWS_HELD_FROM = 80
"""The width from which a field's rows no longer shrink as the terminal widens: the narrowest of the default widths."""


def capped_rows(shown: FactOnScreen, field_max_width: int, width: int) -> int:
    """The most rows a field bounded by its cap needs: ``fieldMaxWidth`` cells in the rows its value stands in.

    A line break is charged the rest of its row: a cap that counted only
    cells, where line breaks cost nothing, bounds a field of 400 short lines
    to 400 rows, and that field was never bounded at all. Rows are counted
    as if the terminal were no wider than ``ROWS_HELD_FROM``: a wider one
    never shows less (``monotone``), so a field of short lines keeps the
    rows it had there, and a bound that shrank as the rows widened would
    fail every renderer that keeps them.
    """
    columns = [segment.start for segment in shown.segments if segment.row != shown.head]
    indent = min(columns, default=shown.segments[0].start if shown.segments else 0)
    row_cells = max(1, min(width, ROWS_HELD_FROM) - indent)
    return -(-field_max_width // row_cells) + FIELD_SPARE_ROWS


def check_rows(
    ask: AskReading, max_rows: int, field_max_width: int, width: int, report: Report
) -> None:
    """The ask fits ``maxRows``; only a capped core taller than that alone may exceed it, and then nothing else shows.

    Each core fact counts toward that exemption only the rows its cap can
    need (``capped_rows``): a core that is tall because a field was never
    bounded by rows is no core taller than the budget after the caps.
    """
    if ask.rows <= max_rows:
        return
    core = [shown for shown in ask.facts if shown.fact.core]
    tall = [
        shown
        for shown in core
        if shown.end - shown.head > capped_rows(shown, field_max_width, width)
    ]
    capped_core = sum(
        min(shown.end - shown.head, capped_rows(shown, field_max_width, width)) for shown in core
    )
    if tall:
        worst = tall[0]
        report(
            "rows",
            f"the ask occupies {ask.rows} rows > {max_rows}, and '{worst.fact.label}' takes "
            f"{worst.end - worst.head} rows where a field capped at {field_max_width} cells needs at most "
            f"{capped_rows(worst, field_max_width, width)}",
        )
    elif ask.rows > capped_core:
        report(
            "rows", f"the ask occupies {ask.rows} rows > {max_rows}, and not only with core facts"
        )


def elides(ask: AskReading) -> bool | None:
    """What the screen says: a field reads as capped, or evidence is left out.

    ``None`` when it cannot say: a field that does not read as its text at
    all (a raw CR, a U+2029 or an OSC mangled it) may be whole or cut, and
    the entries read after it may be misplaced rather than left out. That is
    a ``core`` or ``evidence`` violation, not evidence either way.
    """
    if any(_problem(shown) is not None for shown in ask.facts):
        return None
    return bool(ask.dropped) or any(shown.capped for shown in ask.facts)


def check_elision(judged: _Judged, claimed: bool, report: Report) -> None:
    ask = judged.ask
    assert ask is not None
    actual = elides(ask)
    if actual is not None:
        if claimed != actual:
            report(
                "elision",
                f"elided={claimed} but the screen {'leaves something out' if actual else 'shows everything'}",
            )
        offers = EXPAND_KEY in judged.chrome_text().lower()
        if offers != actual:
            report(
                "elision",
                f"the hint {'offers' if offers else 'does not offer'} {EXPAND_KEY} while the view "
                f"{'leaves something out' if actual else 'shows everything'}",
            )
    read = {
        index
        for shown in ask.facts
        if _problem(shown) is None
        for index in range(shown.head, shown.end)
    }
    for index in range(ask.start, ask.end):
        if index in read:
            continue  # digits after a marker there are the text's own: its tail was read back
        count = _COUNT.search(judged.rows[index].text)
        if count:
            report("elision", f"an elision carries a count: {count.group()!r}")
            return


_COUNT_WORDS = r"(?:more|lines?|chars?|characters?|rows?|bytes?|entries|fields?|hidden|omitted|elided|truncated)\b"
_COUNT = re.compile(
    rf"{MARKER}\s*[(\[]?\s*\+?\d[\d,.]*\s*{_COUNT_WORDS}|\d[\d,.]*\s*{_COUNT_WORDS}[)\]]?\s*{MARKER}"
)
"""``… (12 more lines)``, ``…+3 rows``, ``40 characters hidden …``: a number the person cannot act on."""


def _paints(judged: _Judged) -> bool:
    return any(style.painted for kinds in row_kinds(judged.rows) for style in kinds)


def check_highlight(judged: _Judged, payload: PromptPayload, report: Report) -> None:
    """When the renderer paints at all, the flagged element is painted wherever a line states it whole.

    That is the flagged value, and any other line whose whole text is one of
    the payload's flagged texts, shown uncapped: each external path of a bash
    ask that left the working directory (the paths it reaches are flagged,
    not the command), the tool name in a tool ask's ``tool`` line.
    """
    ask = judged.ask
    assert ask is not None
    if not _paints(judged):
        return
    flagged = set(payload.flagged)
    for shown in ask.facts:
        # a tab is free to become spaces on screen, so a text holding one is no longer the flagged text there
        if not (
            shown.fact.flagged
            or shown.text in flagged
            and "\t" not in shown.text
            and not shown.capped
        ):
            continue
        plain = _unpainted(judged.rows, shown)
        if plain:
            report(
                "highlight",
                f"the flagged '{shown.fact.label}' is not painted on screen: {plain[:30]!r}",
            )
            return


def _unpainted(rows: Sequence[ScreenRow], shown: FactOnScreen) -> str:
    """What of a flagged value stands unpainted, on every row of it: a value is all its rows, not its first.

    Blanks and markers are no part of the text; a detail after the arrow is
    not the flagged text.
    """
    plain: list[str] = []
    for segment in shown.segments:
        row = rows[segment.row]
        text = row.text[segment.start :]
        arrow = text.find("\u2192")
        styles = row.styles[segment.start : segment.start + (len(text) if arrow < 0 else arrow)]
        plain += [
            char
            for char, style in zip(text, styles, strict=False)
            if not char.isspace() and char != MARKER and not style.painted
        ]
        if arrow >= 0:
            break
    return "".join(plain)


RUNS_LABELS = frozenset({"command", "shape", "runs", "full command"})
"""The facts that say what a command runs: the command itself, its outline, the wrapper's inner command, the
full command a gated unit was cut from."""


SIZE_WIDTH = 80
"""A normal terminal. ``expect.elided``, ``maxRows`` and ``visible`` describe a fixture on terminals this wide
or wider, and ``runs`` owes the last command there: a narrow one wraps every field into more rows of fewer
cells, so the same prompt may rightly show less."""


RUNS_WIDTH = 40
"""From this width on a bounded field's rows hold a command line's worth of cells: ``runs`` owes every command
the screen can show (the first and the last, all when the outline fits). Narrower, a field of a dozen cells a
row shows the first command, and the rest is one ctrl+o away."""
UNAVAILABLE_OUTLINE = re.compile(r"\s*outline unavailable\b")
"""A shape that says it has no outline to give: it shows no command, so it fits nothing."""


def check_runs(
    payload: PromptPayload,
    ask: AskReading,
    dialect: str | None,
    width: int,
    field_max_width: int,
    report: Report,
) -> None:
    """Every command a bash or PowerShell value runs is on screen, or counted where a cut says how many it hides.

    The judge reads the command itself (``askbench.harness.judge.what_runs``: bash for a
    bash value) and looks for each command's words in what the screen was
    read back as showing of the command, its outline, what runs and the full
    command — never in the renderer's own outline alone. A cut that hides
    commands says how many (``… 19 more commands …``), in the text or on a
    row of its own after its marker. A shape that says the outline is
    unavailable excuses nothing: a renderer that cannot place the commands by
    its own parse may ask bash where they are (``askbench.impl.command_reader``),
    and its cut counts them all the same. Below ``RUNS_WIDTH`` columns a field's
    rows hold a dozen cells: the first command's start must still show. A
    field cap under ``SIZE_WIDTH`` cells is a setting that asks for less than
    one command line, and is held to ``cap``, not to ``runs``.
    """
    if (
        payload.request.value_label != "command"
        or not payload.request.value
        or field_max_width < SIZE_WIDTH
    ):
        return
    runs_facts = [shown for shown in ask.facts if shown.fact.label in RUNS_LABELS]
    pieces = [_shown_piece(shown) for shown in runs_facts]
    problems = shell_check_runs(
        pieces, payload.request.value, dialect, True, narrow=width < RUNS_WIDTH
    )
    for problem in (
        problems
        if width >= RUNS_WIDTH
        else [p for p in problems if p.startswith("the first command")]
    ):
        report("runs", problem)


_SHAPE_HEAD = re.compile(r"\s*shape\s*:\s?", re.IGNORECASE)


def check_shape_runs(
    payload: PromptPayload,
    ask: AskReading,
    rows: Sequence[ScreenRow],
    dialect: str | None,
    width: int,
    field_max_width: int,
    report: Report,
) -> None:
    """A shape on screen states what runs: every command bash runs is in the shape's own rows (the first and the
    last when a cap cuts it), or counted there (``… N more commands …``), unless it says the outline is unavailable.

    A shape whose rows do not read back as the payload's outline is read from its rows as they are: one that
    lists less than what runs (``cat <<…> f`` where bash runs ``curl … | sh`` after the body it ended early)
    misleads even when the command beside it shows whole, so the command's own rows never excuse it.
    """
    shown = ask.fact("shape")
    if (
        shown is None
        or payload.request.value_label != "command"
        or not payload.request.value
        or field_max_width < SIZE_WIDTH
        or width < RUNS_WIDTH
    ):
        return
    if (
        _problem(shown) is None
    ):  # read back as the payload's outline: in its own characters, whatever the notation
        text = _shown_piece(shown)
    else:  # the screen's shape is not the outline: what its rows say is what a person reads, all of it
        lines = [row.text for row in rows[shown.head : shown.end]] or [""]
        text = "\n".join([_SHAPE_HEAD.sub("", lines[0], count=1), *lines[1:]])
    if UNAVAILABLE_OUTLINE.match(text):
        return
    for problem in shell_check_runs(text, payload.request.value, dialect, True):
        report("runs", f"shape: {problem.replace('bounded screen', 'shape')}")


def _shown_piece(shown: FactOnScreen) -> str:
    """A fact's text as the screen shows it: whole, or its head and tail each with the marker at the cut, and
    between them the count of commands the cut says it hides."""
    text, reading = shown.text, shown.reading
    if reading.whole:
        return text
    pieces = [text[: reading.head] + MARKER]
    if reading.hidden_commands:
        pieces.append(f"{MARKER} {reading.hidden_commands} more commands {MARKER}")
    if reading.tail:
        pieces.append(MARKER + text[len(text) - reading.tail :])
    return "\n".join(pieces)


def shown_texts(ask: AskReading) -> list[str]:
    """The raw text the bounded view shows of each fact: its head and its tail, also as ``label : text``."""
    out = []
    for shown in ask.facts:
        text = shown.text
        reading = shown.reading
        head = text[: reading.head] + (
            "" if reading.whole else "\n" + text[len(text) - reading.tail :]
        )
        out.append(f"{shown.fact.label} : {head}")
        if shown.fact.detail is not None:
            out.append(shown.fact.detail)
    return out


def check_expectations(
    expect: Mapping[str, object],
    payload: PromptPayload,
    ask: AskReading,
    width: int,
    report: Report,
    *,
    reference: bool,
) -> None:
    """The fixture's own expectations. ``elided`` and ``maxRows`` pin the reference's layout (its caps, its
    rows), so only the reference is held to them; ``kind`` and ``visible`` hold for any renderer."""
    if "kind" in expect and expect["kind"] != payload.kind:
        report("expect", f"kind is {payload.kind!r}, expected {expect['kind']!r}")
    if width < SIZE_WIDTH:
        return
    if reference:
        actual = elides(ask)
        if "elided" in expect and actual is not None and expect["elided"] != actual:
            report(
                "expect",
                f"the view {'elides' if actual else 'elides nothing'}, expected elided={expect['elided']}",
            )
        limit = expect.get("maxRows")
        if isinstance(limit, int) and ask.rows > limit:
            report("expect", f"the ask occupies {ask.rows} rows, expected at most {limit}")
    texts = shown_texts(ask)
    visible = expect.get("visible", ())
    for wanted in visible if isinstance(visible, list | tuple) else ():
        if not any(wanted in text for text in texts):
            report("expect", f"{wanted!r} is not visible")


# ── one payload at one width ───────────────────────────────────────────────


def _dialect(fixture: Fixture | None) -> str | None:
    shell = fixture.ask.get("shell") if fixture is not None else None
    return shell if isinstance(shell, str) else None


def _shown_by_fact(ask: AskReading) -> dict[str, int]:
    counts: dict[str, int] = {}
    out: dict[str, int] = {}
    for shown in ask.facts:
        counts[shown.fact.label] = counts.get(shown.fact.label, 0) + 1
        out[f"{shown.fact.label}#{counts[shown.fact.label]}"] = shown.reading.shown
    return out


_Remembered = tuple[int, tuple[tuple["Invariant | Verdict", str, str], ...], int]
"""The width a view was judged at, its violations (invariant, message, terminal) and the rows of its ask."""


@dataclass
class WiderFrames:
    """Complete and legacy frames judged at a narrower width that every terminal model laid out a row a line.

    Such a frame is read row for row the same at any wider width (each line
    still begins and fits its row), and a complete or legacy view is judged
    on its rows alone: so the same frame at a wider width takes the verdicts
    it had, and a value whose lines fit 120 columns is not judged again at
    160. Frames are told apart by their lines' hash (keyed per process, so no
    payload can aim at it) and count. Real terminals, whose screens are their
    own, and frames holding a tab or a foreign control are judged every time.
    """

    judged: dict[tuple[object, ...], _Remembered] = field(default_factory=dict)

    def key(
        self,
        view: View,
        lines: Sequence[str],
        title_rows: int | None,
        models: Sequence[TerminalModel],
    ) -> tuple[object, ...] | None:
        if view == "bounded" or any(model.screen is not None for model in models):
            return None
        if any("\t" in line for line in lines):
            return None  # a tab's stop is capped at the last column: where it lands depends on the width
        return (view, len(lines), hash(tuple(lines)), title_rows if view == "legacy" else None)

    def take(self, key: tuple[object, ...], view: View, result: WidthResult) -> bool:
        """Give ``result`` the verdicts and rows of the frame ``key`` names, when it was judged at this width or a
        narrower one; ``False`` when it was not."""
        remembered = self.judged.get(key)
        if remembered is None or remembered[0] > result.width:
            return False
        _, found, rows = remembered
        for invariant, message, terminal in found:
            result.violations.append(Violation(invariant, view, result.width, message, terminal))
        if view == "legacy":
            result.legacy_rows = rows
        else:
            result.complete_rows = rows
        return True

    def remember(
        self, key: tuple[object, ...], view: View, result: WidthResult, first: int
    ) -> None:
        """Keep the verdicts ``result`` holds from its ``first`` violation on, and its rows, for the frame ``key``."""
        found = tuple(
            (violation.invariant, violation.message, violation.terminal)
            for violation in result.violations[first:]
        )
        rows = result.legacy_rows if view == "legacy" else result.complete_rows
        self.judged[key] = (result.width, found, rows)


@dataclass
class _WidthRun:
    """One payload at one width being judged: what every view's checks share, and the result they fill."""

    payload: PromptPayload
    result: WidthResult
    budget: DialogBudget
    expect: Mapping[str, object]
    source: FrameSource | None
    fixture: Fixture | None
    models: Sequence[TerminalModel]
    facts: list[ExpectedFact]
    sequences: list[PayloadSgr]
    truths: PayloadTruths
    keep_screens: bool = False
    wider: WiderFrames | None = None
    title_rows: int | None = None
    kept: dict[str, list[str]] = field(default_factory=dict)

    def reporter(self, view: str, names: Sequence[str]) -> VerdictReport:
        """Record a violation of ``view`` for every terminal named."""
        width = self.result.width

        def report(invariant: Invariant | Verdict, message: str) -> None:
            for name in names:
                self.result.violations.append(Violation(invariant, view, width, message, name))

        return report

    def first(self, judged: _Judged) -> bool:
        """Whether this reading is the first model's, whose rows the result counts."""
        return judged.models[0].name == self.models[0].name

    @property
    def max_rows(self) -> int:
        assert self.budget.max_rows is not None
        return self.budget.max_rows

    @property
    def field_max_width(self) -> int:
        assert self.budget.field_max_width is not None
        return self.budget.field_max_width

    def view(self, view: View, clock: Callable[[], float]) -> None:
        """The frame of one view asked for and judged; a view the source could not give is its verdict.

        The frame is held only here, while it is read (``_HeldFrame``): the
        complete view and the legacy dialog of a large payload are each as large
        as the payload, so only one of them is ever held, and only until read.
        """
        started = clock()
        frame = (self.source or reference_source)(
            self.payload, self.fixture, view, self.result.width, self.budget
        )
        if view == "bounded":
            self.result.render_us = (clock() - started) * 1e6
        if isinstance(frame, AdapterFailure):
            self.result.violations.append(
                Violation(frame.verdict, view, self.result.width, frame.message, "all")
            )
            return
        beyond = beyond_screen(frame.lines, self.result.width, bounded=view == "bounded")
        if beyond is not None:
            report = self.reporter(view, [model.name for model in self.models])
            report("fit", beyond.fit)
            if view == "bounded":
                report("rows", beyond.rows)
            return
        wider = None if self.keep_screens else self.wider
        key = wider.key(view, frame.lines, self.title_rows, self.models) if wider else None
        if wider is not None and key is not None and wider.take(key, view, self.result):
            return
        held = _HeldFrame.of(frame, self.sequences)
        del frame
        first = len(self.result.violations)
        a_row_a_line = True
        for judged in _read_on(held, self.result.width, self.models):
            reading = judged.reading
            a_row_a_line &= reading.frame_rows == held.count and not reading.foreign_bytes
            self.judge(view, held, judged)
            # the next model's reading is made while this one would still be held
            del judged, reading
        if wider is not None and key is not None and a_row_a_line:
            wider.remember(key, view, self.result, first)

    def judge(self, view: View, held: _HeldFrame, judged: _Judged) -> None:
        """Every check of one view on one group of terminals."""
        report = self.reporter(view, [model.name for model in judged.models])
        check_containment(judged.reading, report)
        check_fit(judged.reading, held.count, report)
        if view == "legacy":
            self.legacy(judged, held, report)
            return
        if not self.ask(judged, view, held, report):
            return
        if view == "bounded":
            self.bounded(judged, held, report)
        self.count(judged, view, held)
        if self.keep_screens:
            self.kept.setdefault(view, list(judged.reading.rows))

    def legacy(self, judged: _Judged, held: _HeldFrame, report: Report) -> None:
        check_legible(judged, held.escape, report)
        check_options(judged.chrome, report)
        if self.first(judged):
            stop = judged.chrome.options_start
            while stop > 0 and is_blank(judged.reading.screen_rows[stop - 1].text):
                stop -= 1
            self.result.legacy_rows = max(
                0, stop - (self.title_rows if self.title_rows is not None else 1)
            )

    def ask(self, judged: _Judged, view: View, held: _HeldFrame, report: VerdictReport) -> bool:
        """The ask read and judged on what every view owes; ``False`` when reading it timed out."""
        try:
            judged.ask = read_ask(
                judged.rows,
                self.facts,
                judged.chrome.options_start,
                bounded=view == "bounded",
                truths=self.truths,
            )
        except ReadingTimeout as timeout:
            report("TIMEOUT", str(timeout))
            return False
        check_layout(judged, report)
        check_title(judged, self.payload, report)
        check_labels(judged, report)
        check_legible(judged, held.escape, report)
        check_facts(judged, view, self.max_rows, self.field_max_width, report)
        return True

    def bounded(self, judged: _Judged, held: _HeldFrame, report: Report) -> None:
        """What only the bounded view owes: the cap on every terminal, rows, elision, paint, the fixture's claims, runs."""
        ask = judged.ask
        assert ask is not None
        width = self.result.width
        for model in judged.models:
            check_cap(
                judged.rows,
                ask,
                self.field_max_width,
                model,
                self.reporter("bounded", [model.name]),
            )
        check_rows(ask, self.max_rows, self.field_max_width, width, report)
        check_elision(judged, held.elided, report)
        check_highlight(judged, self.payload, report)
        check_expectations(
            self.expect,
            self.payload,
            ask,
            width,
            report,
            reference=self.source in (None, reference_source),
        )
        check_runs(
            self.payload,
            ask,
            _dialect(self.fixture),
            width - judged.boxed_by,
            self.field_max_width,
            report,
        )
        check_shape_runs(
            self.payload,
            ask,
            judged.rows,
            _dialect(self.fixture),
            width - judged.boxed_by,
            self.field_max_width,
            report,
        )

    def count(self, judged: _Judged, view: View, held: _HeldFrame) -> None:
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
    models: Sequence[TerminalModel] = DEFAULT_MODELS,
    wider: WiderFrames | None = None,
) -> WidthResult:
    """Every invariant for one payload at one width, on every terminal model, bounded, complete and legacy.

    ``source`` gives the frames (default: the reference, in process); every
    judgement is made on the screen, so any implementation is judged alike.
    A view the source could not give (``AdapterFailure``) is its verdict, and
    the checks that need that view are not run. ``wider`` carries the frames
    of the payload's narrower widths, judged already (``WiderFrames``).
    """
    result = WidthResult(width)
    budget = DialogBudget(max_rows=max_rows, field_max_width=field_max_width, width=width)
    run = _WidthRun(
        payload,
        result,
        budget,
        expect,
        source,
        fixture,
        models,
        expected_facts(payload),
        payload_sgr(payload),
        payload_truths(payload),
        keep_screens=keep_screens,
        wider=wider,
    )
    check_reaches(fixture, payload, run.reporter("bounded", ["all"]))
    for view in VIEWS:
        started = clock()
        run.view(view, clock)
        result.judge_us[view] = (clock() - started) * 1e6
    if keep_screens and result.violations:
        named = {violation.view for violation in result.violations}
        result.screens = {view: rows for view, rows in run.kept.items() if view in named}
    return result


def check_monotone(results: Iterable[WidthResult]) -> list[Violation]:
    """A wider terminal never shows less of any field than a narrower one."""
    found = []
    ordered = sorted(results, key=lambda result: result.width)
    for narrower, wider in zip(ordered, ordered[1:], strict=False):
        for key, shown in narrower.shown.items():
            if key in wider.shown and wider.shown[key] < shown:
                label = key.split("#", 1)[0]
                found.append(
                    Violation(
                        "monotone",
                        "bounded",
                        wider.width,
                        f"'{label}' shows {wider.shown[key]} characters at {wider.width} columns, "
                        f"{shown} at {narrower.width}",
                        "grapheme",
                    )
                )
    return found
