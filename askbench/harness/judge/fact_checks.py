"""The facts under their labels: ``core``, ``evidence`` and ``verbatim``, and the bounds ``cap`` and ``rows``.

Each fact is read back from its rows (``askbench.harness.judge.ask_reading``);
these checks say what a reading owes: the text whole or capped, evidence
whole, capped or marked left out, no field over its cap on any terminal,
and the ask within its rows.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from wcwidth import wcwidth

from ..terminals.models import TerminalModel, cells_on, widest_cells
from ..terminals.rows import ScreenRow
from ..terms import Invariant
from .ask_reading import AskReading, FactOnScreen
from .expected_facts import ARROW
from .field_match import (
    COUNTED_CUT,
    MARKER,
    SHOWS_NOTHING_AT_END,
    FieldReading,
    must_notate,
    says_something,
)
from .judged_frames import Judged
from .report import Report

__all__ = [
    "FIELD_SPARE_ROWS",
    "capped_rows",
    "check_cap",
    "check_facts",
    "check_rows",
    "fact_problem",
    "reading_problem",
]


def reading_problem(shown: FactOnScreen) -> str | None:
    return shown.reading.problem or (shown.detail_reading.problem if shown.detail_reading else None)


def _shows_nothing(shown: FactOnScreen, field_max_width: int) -> bool:
    """A capped value that shows none of its first line although the cap had room for some of it."""
    if shown.reading.shown or shown.reading.cut_inside:
        return False
    first = shown.text.split("\n", 1)[0].expandtabs(8)
    padding = len(first) - len(first.lstrip())
    return bool(first.strip()) and padding + 8 <= field_max_width


def check_facts(
    judged: Judged, view: str, max_rows: int, field_max_width: int, report: Report
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
        problem = fact_problem(shown, field_max_width)
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


def fact_problem(shown: FactOnScreen, field_max_width: int) -> str | None:
    """Why a fact's rows do not show its text whole or honestly capped, or None."""
    problem = reading_problem(shown)
    if problem is None and shown.capped and _shows_nothing(shown, field_max_width):
        return "shows nothing of its text before the marker"
    if problem is None and len(shown.segments) > 1:  # a field of one row has no row for a tail
        problem = _untailed(shown.reading, shown.text, field_max_width)
        if problem is None and shown.detail_reading is not None and shown.fact.detail is not None:
            problem = _untailed(shown.detail_reading, shown.fact.detail, field_max_width)
    return problem


def _untailed(reading: FieldReading, text: str, field_max_width: int) -> str | None:
    """A cut with nothing after its marker, in a field of two rows or more whose last line says something.

    The end of a value is where what it does is often decided (``| sh``, a
    closing clause, the last line written), so a cut shows it: a last line
    whose hidden cells — the last half-cap of them — say something besides
    digits (``…485`` would read as a count) is owed after the marker. A
    field of one row has no row for a tail, and a last line of brackets
    (``}``, ``]``) says nothing a tail must show: a renderer may reach back
    over it to a line that does, or show no tail.
    """
    if reading.whole or reading.tail or reading.cut_inside:
        return None
    end = len(text.rstrip(SHOWS_NOTHING_AT_END))
    hidden = text[max(reading.head, text.rfind("\n", 0, end) + 1) : end]
    if not says_something(_last_cells(hidden, field_max_width // 2).translate(_DIGITS)):
        return None
    head = reading.head
    return (
        f"ends at its marker after {text[max(0, head - 12) : head]!r} with no tail, hiding "
        f"{text[head : head + 12]!r} to its end: a cut shows the end of its text after the marker"
    )


_DIGITS = str.maketrans("", "", "0123456789")


def _last_cells(line: str, cells: int) -> str:
    """The last ``cells`` cells of ``line`` as shown: a character only a notation may show as wide as its
    longest notation (``⟨U+0080⟩``), any other as the widest terminal draws it."""
    start, used = len(line), 0
    while start > 0:
        char = line[start - 1]
        if must_notate(line, start - 1) or _unprintable(char):
            used += len(f"\u27e8U+{ord(char):04X}\u27e9")
        else:
            used += widest_cells(char)
        if used > cells:
            break
        start -= 1
    return line[start:]


def _unprintable(char: str) -> bool:
    """A character no terminal is sure to draw (unassigned, private, or of no width the table knows): a renderer
    may spell it out."""
    return wcwidth(char) < 0 or unicodedata.category(char) in ("Cn", "Co")


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
    for segment, text in shown.value_rows(rows):
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
