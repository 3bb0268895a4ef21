"""``runs``: every command a shell value runs is on the bounded screen, or counted where a cut hides it.

The judge asks bash what the command runs (``askbench.harness.judge.what_runs``)
and looks for each command in what the screen was read back as showing of
the command, its outline, what runs and the full command.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from askbench.impl.payload import PromptPayload

from ..terminals.rows import ScreenRow
from .ask_reading import AskReading, FactOnScreen
from .expect_checks import SIZE_WIDTH
from .fact_checks import reading_problem
from .field_match import MARKER
from .report import Report
from .shown_commands import CountedText, counted_text
from .what_runs import runs_problems as shell_check_runs

__all__ = [
    "RUNS_LABELS",
    "RUNS_WIDTH",
    "UNAVAILABLE_OUTLINE",
    "check_runs",
    "check_shape_runs",
    "outline_counts",
]

RUNS_LABELS = frozenset({"command", "shape", "runs", "full command"})
"""The facts that say what a command runs: the command itself, its outline, the wrapper's inner command, the
full command a gated unit was cut from."""


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
    if not _owes_runs(payload, field_max_width):
        return
    runs_facts = [shown for shown in ask.facts if shown.fact.label in RUNS_LABELS]
    pieces = [_shown_piece(shown, payload.request.value) for shown in runs_facts]
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
    if shown is None or width < RUNS_WIDTH or not _owes_runs(payload, field_max_width):
        return
    text = _shape_text(shown, rows, payload.request.value)
    if UNAVAILABLE_OUTLINE.match(text.text):
        return
    for problem in shell_check_runs(text, payload.request.value, dialect, True):
        report("runs", f"shape: {problem.replace('bounded screen', 'shape')}")


def _owes_runs(payload: PromptPayload, field_max_width: int) -> bool:
    """A command is owed what it runs unless the field's cap asks for less than one command line."""
    return (
        payload.request.value_label == "command"
        and bool(payload.request.value)
        and field_max_width >= SIZE_WIDTH
    )


def _shape_text(shown: FactOnScreen, rows: Sequence[ScreenRow], command: str) -> CountedText:
    """A shape read back as the payload's outline, in its own characters whatever the notation; otherwise
    what its rows say, all of it, since that is what a person reads."""
    if reading_problem(shown) is None:
        return _shown_piece(shown, command)
    lines = [row.text for row in rows[shown.head : shown.end]] or [""]
    return counted_text("\n".join([_SHAPE_HEAD.sub("", lines[0], count=1), *lines[1:]]))


def _shown_piece(shown: FactOnScreen, command: str) -> CountedText:
    """A fact's text as the screen shows it: whole, or its head and tail each with the marker at the cut, and
    between them the count of commands the cut says it hides — the counts the reading places, never the
    text's own words that read like one (``CountedText``)."""
    text, reading = shown.text, shown.reading
    own = outline_counts(text, command) if shown.fact.label == "shape" else ()
    if reading.whole:
        return CountedText(text, own)
    shown_text = text[: reading.head] + MARKER
    counts = [count for count in own if count[1] <= reading.head]
    pieces = [
        (m.start, m.start + m.length, m.hidden_commands, m.placed_once) for m in reading.middles
    ]
    if reading.tail:
        pieces.append((len(text) - reading.tail, len(text), 0, True))
    stated = reading.hidden_commands
    # each cut's count on a row of its own, then the piece after it; the last cut may have no piece after it
    for start, end, after, placed_once in [*pieces, (len(text), len(text), 0, True)]:
        if stated:
            line = f"{MARKER} {stated} more commands {MARKER}"
            counts.append((len(shown_text), len(shown_text) + 1 + len(line), stated))
            shown_text += f"\n{line}"
        if start == len(text):
            break
        # a piece that opens a command shows it whole: no marker there could stand for a hidden part of it;
        # nor before a piece the text holds at several places, since the screen does not say it opens inside one
        opening = "" if not placed_once or _opens_a_command(text, start) else MARKER
        shift = len(shown_text) + 1 + len(opening) - start
        counts += [
            (max(begin, start) + shift, min(finish, end) + shift, n)
            for begin, finish, n in own
            if finish > start and begin < end
        ]
        shown_text += f"\n{opening}{text[start:end]}"
        if end < len(text):
            shown_text += MARKER
        stated = after
    return CountedText(shown_text, tuple(counts))


_COMMAND_BREAKS = frozenset(";&|(\n")
"""What a command opens after, its blanks aside: a list separator, a pipe, a subshell's or substitution's
bracket, a line's end."""


def _opens_a_command(text: str, at: int) -> bool:
    """Whether a piece from ``at`` opens on a command's first word (``rm ; │rm``): the marker a screen draws
    before it stands for the commands the cut hid, not for the start of a command the piece shows the rest of
    (``rm │rm``: its second word)."""
    at -= 1
    while at >= 0 and text[at] in " \t":
        at -= 1
    return at < 0 or text[at] in _COMMAND_BREAKS


def outline_counts(outline: str, command: str) -> tuple[tuple[int, int, int], ...]:
    """The outline's own counts of the commands it leaves out: its count lines that are not the command's own
    words (an outline shows every string as written, so a command that holds ``… 3 more commands …`` shows it)."""
    return tuple(
        count
        for count in counted_text(outline).counts
        if outline[count[0] : count[1]].strip() not in command
    )
