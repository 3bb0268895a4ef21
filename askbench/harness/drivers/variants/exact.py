"""Mutants of what a judge must read exactly: every row of a value, every gap in the evidence, an honest tail,
a core bounded by rows, and a frame of facts that all fail to read (``askbench.harness.judge.ask_reading``, ``askbench.harness.judge.field_match``).

Each is the reference with one defect, injected as in ``askbench.harness.drivers.variants.mutants``: its frame rewritten, or
one ``impl`` function patched for the duration of one render.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from askbench.impl.cells import Capped, cap_text, expand_text_tabs
from askbench.impl.command_spans import CommandSpans
from askbench.impl.dialog import NO_COMMANDS, DialogBudget, Fact, capped_field
from askbench.impl.frame import Frame
from askbench.impl.neutralise import neutralise
from askbench.impl.payload import PromptPayload

from ...fixtures.loading import Fixture
from ...terms import View
from ..paint import ANSI_PAINT_CLOSE, ANSI_PAINT_OPEN
from .definition import Variant, mutant
from .mutants import _patched_render, ask_of, reference_frame, with_ask

_SGR = re.compile(r"\x1b\[[0-9;]*m")
_MARKER = "\u2026"


def _plain(row: str) -> str:
    return _SGR.sub("", row)


def _value_block(ask: list[str], label: str) -> range:
    """The ask rows of the fact under ``label``: its label row and the indented rows after it."""
    head = next(
        (
            index
            for index, row in enumerate(ask)
            if re.match(rf"{re.escape(label)} *:( |$)", _plain(row))
        ),
        None,
    )
    if head is None:
        return range(0)
    end = head + 1
    while end < len(ask) and _plain(ask[end]).startswith(" "):
        end += 1
    return range(head, end)


_FLAGGED_PAINT = re.compile(f"{re.escape(ANSI_PAINT_OPEN)}(.*?)(?:{re.escape(ANSI_PAINT_CLOSE)}|$)")


def _unpaint(row: str) -> str:
    """``row`` with the flagged paint taken off and any other kept: a label's paint may close the same way."""
    return _FLAGGED_PAINT.sub(r"\1", row)


def _shows_text(row: str) -> bool:
    return bool(_plain(row).replace(_MARKER, "").strip())


# ── paint on one row of a value ─────────────────────────────────────────────


def highlight_first_row_only(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    """The flagged value painted on its first row only: the rows it wraps or breaks onto are plain."""
    frame = reference_frame(payload, view, budget)
    ask = ask_of(frame)
    if view != "bounded":
        return frame
    block = _value_block(ask, payload.request.value_label)
    rows = [
        _unpaint(row) if index in block[1:] and _shows_text(row) else row
        for index, row in enumerate(ask)
    ]
    return with_ask(frame, rows)


def highlight_next_fact(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    """The paint meant for the flagged value lands on the fact after it: the value plain, the next value painted."""
    frame = reference_frame(payload, view, budget)
    ask = ask_of(frame)
    block = _value_block(ask, payload.request.value_label)
    if (
        view != "bounded"
        or not block
        or block.stop >= len(ask)
        or ANSI_PAINT_OPEN not in "".join(ask[block.start : block.stop])
    ):
        return frame
    rows = [_unpaint(row) if index in block else row for index, row in enumerate(ask)]
    after = rows[block.stop]
    at = after.find(" : ")
    if at >= 0 and after[at + 3 :]:
        rows[block.stop] = f"{after[: at + 3]}{ANSI_PAINT_OPEN}{after[at + 3 :]}{ANSI_PAINT_CLOSE}"
    return with_ask(frame, rows)


# ── evidence ────────────────────────────────────────────────────────────────


def _evidence_without_details(payload: PromptPayload) -> Iterator[Fact]:
    for entry in payload.evidence:
        yield Fact(entry.label, entry.text, None, brief=entry.brief)


def _evidence_but_the_second(payload: PromptPayload) -> Iterator[Fact]:
    for index, entry in enumerate(payload.evidence):
        if index != 1:
            yield Fact(entry.label, entry.text, entry.detail, brief=entry.brief)


details_dropped = _patched_render("askbench.impl.dialog.evidence_facts", _evidence_without_details)
"""Every evidence entry without what it resolves to: each one fails to read, the load that made reading cubic."""
evidence_gap_before_marker = _patched_render(
    "askbench.impl.dialog.evidence_facts", _evidence_but_the_second, ["bounded"]
)
"""The second evidence entry left out where it stands, with no marker there; the trailing ``…`` still says more follows."""


# ── the tail, and the rows a cap allows ─────────────────────────────────────


def _closing_run(text: str) -> str:
    """The punctuation and brackets a text's last line ends in: ``}'`` of ``-d '{…}'``."""
    line = text.rstrip(" \n").rsplit("\n", 1)[-1]
    end = len(line)
    while (
        end > 0
        and unicodedata.category(line[end - 1])[0] in "PS"
        and not line[end - 1].isspace()
        and unicodedata.category(line[end - 1]) not in ("So", "Sc")
    ):
        end -= 1
    return line[end:]


def _tail_of_closing_brackets(
    text: str,
    cap: int,
    row_width: int,
    rows: int | None = None,
    tail_from: int | None = None,
    first_end: int | None = None,
    own: CommandSpans = NO_COMMANDS,
) -> Capped:
    capped = capped_field(text, cap, row_width, rows, tail_from, first_end, own)
    run = _closing_run(expand_text_tabs(neutralise(text)))
    if not capped.cut or not run or capped.tail == run:
        return capped
    return Capped(capped.head, run, cut=True)


def _cap_in_cells_only(
    text: str,
    cap: int,
    row_width: int,
    rows: int | None = None,
    tail_from: int | None = None,
    first_end: int | None = None,
    own: CommandSpans = NO_COMMANDS,
) -> Capped:
    return cap_text(expand_text_tabs(neutralise(text, own.own)), cap, 1 << 20, row_width)


closing_bracket_tail = _patched_render(
    "askbench.impl.dialog.capped_field", _tail_of_closing_brackets, ["bounded"]
)
cap_in_cells_only = _patched_render(
    "askbench.impl.dialog.capped_field", _cap_in_cells_only, ["bounded"]
)


EXACT_MUTANTS: tuple[Variant, ...] = (
    mutant(
        "details-dropped",
        "evidence entries shown without their detail (the → part)",
        details_dropped,
    ),
    mutant(
        "highlight-first-row-only",
        "the flagged value is painted on its first row only",
        highlight_first_row_only,
    ),
    mutant(
        "highlight-next-fact",
        "the flagged value's paint lands on the fact after it",
        highlight_next_fact,
    ),
    mutant(
        "evidence-gap-before-marker",
        "the second evidence entry is left out unmarked; a trailing … remains",
        evidence_gap_before_marker,
    ),
    mutant(
        "closing-bracket-tail",
        "a capped field's tail is only the brackets its text ends in (…\\n}')",
        closing_bracket_tail,
    ),
    mutant(
        "cap-in-cells-only",
        "the field cap counts cells only, so line breaks cost nothing: 400 short lines take 400 rows",
        cap_in_cells_only,
    ),
)

__all__ = [
    "EXACT_MUTANTS",
    "cap_in_cells_only",
    "closing_bracket_tail",
    "details_dropped",
    "evidence_gap_before_marker",
    "highlight_first_row_only",
    "highlight_next_fact",
]
