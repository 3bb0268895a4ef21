"""The seed's table (#710), reproduced from the corpus repro fixtures.

Seed: a 200-line PowerShell here-string (10,236 characters) rendered 202 rows
as a local ask and 205 as a forwarded one at widths 80, 120 and 160 alike; a
single logical line of the same length about 86 rows at width 120.

Measured here (message rows, i.e. the wrapped one-sentence ask without the
dialog chrome):

    fixture                      width  legacy  bounded  complete
    bash/powershell-here-string     80     202       10       206
                                   120     202       10       205
                                   160     202       10       205
    forwarded/powershell-here-...   80     205       12       414
                                   120     205       12       408
                                   160     205       12       408
    bash/single-line-10236-chars   120      86        8        98

The bounded view is the same height at every width (issue 13: a wider
terminal never shows less): the command's head and its last line, the
outline (``shape : @'…'@ | Out-File -FilePath report.md``) and ``runs``.

The repro is seed 003's layout (``command : @'`` first, ``runs : Out-File
-FilePath report.md``): ``@'``, the 200 report lines, and ``'@ | Out-File
-FilePath report.md`` — 202 logical lines, and the 10,236 characters are the
whole command string (JavaScript's ``length``: the text is ASCII, so code
units, code points and cells agree). Every line is shorter than 80 cells even
with the ask sentence around the first and last, so the old dialog's message
is exactly one row per logical line at every width: 202, as the seed
measured. The forwarded ask adds three header lines (``Subagent 'scout'
requested permission.``, ``Session ID: …`` and a blank line): 205. The old
dialog's frame adds eight chrome rows (title, blank, four options, blank,
hint): 210/213, the seed's upstream figures. The bounded and complete views
add the ``shape`` and ``runs`` lines the seed's target layout shows.

The single line: the ask sentence around the 10,236-character command is
10,304 characters, hard-wrapped by cell at 120 columns: ceil(10304 / 120) = 86.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from wcwidth import width as wc_width

from askbench.harness.terminals.frame_reading import read_frame
from askbench.impl.dialog import DialogBudget, complete_view_budget, render_prompt_dialog
from askbench.impl.frame import EXPAND_HINT, render_frame
from askbench.impl.legacy import wrap_message
from askbench.impl.payload import PromptPayload, build_payload
from askbench.impl.truncate import ELLIPSIS

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
LOCAL = "bash/powershell-here-string-report-200-lines.json"
FORWARDED = "forwarded/powershell-here-string-report-200-lines.json"
SINGLE_LINE = "bash/single-line-command-10236-chars.json"
WIDTHS = (80, 120, 160)
CHROME_ROWS = 8  # title, blank, four options, blank, one hint row

# (fixture, width) -> (legacy message rows, bounded rows, complete-view rows), as measured
TABLE = {
    (LOCAL, 80): (202, 10, 206),
    (LOCAL, 120): (202, 10, 205),
    (LOCAL, 160): (202, 10, 205),
    (FORWARDED, 80): (205, 12, 414),
    (FORWARDED, 120): (205, 12, 408),
    (FORWARDED, 160): (205, 12, 408),
}


def load(name: str) -> tuple[dict, PromptPayload, DialogBudget]:
    fixture = json.loads((CORPUS / name).read_text(encoding="utf-8"))
    payload = build_payload(fixture["call"], fixture.get("ask"))
    budget = fixture.get("budget") or {}
    return (
        fixture,
        payload,
        DialogBudget(budget.get("maxRows", 24), budget.get("fieldMaxWidth", 400)),
    )


def at_width(budget: DialogBudget, width: int) -> DialogBudget:
    return DialogBudget(budget.max_rows, budget.field_max_width, width)


def test_the_repro_is_the_seeds_here_string() -> None:
    fixture, payload, _ = load(LOCAL)
    command = fixture["call"]["input"]["command"]
    assert len(command) == 10_236 and command.isascii()
    lines = command.split("\n")
    assert len(lines) == 202
    assert lines[0] == "@'"
    assert lines[201] == "'@ | Out-File -FilePath report.md"
    assert len(lines[1:201]) == 200 and "'@" not in lines[1:201]
    assert fixture["ask"]["executedUnit"] == "Out-File -FilePath report.md"
    forwarded, forwarded_payload, _ = load(FORWARDED)
    assert forwarded["call"] == fixture["call"]
    assert forwarded_payload.request.requester.forwarded
    assert forwarded_payload.request.value == payload.request.value == command


@pytest.mark.parametrize(("name", "width"), sorted(TABLE))
def test_seed_table_row(name: str, width: int) -> None:
    _, payload, budget = load(name)
    legacy_rows, bounded_rows, complete_rows = TABLE[(name, width)]

    legacy = wrap_message(payload.legacy_message, width)
    bounded = render_prompt_dialog(payload, at_width(budget, width))
    complete = render_prompt_dialog(payload, complete_view_budget(width))

    assert (len(legacy), len(bounded.lines), len(complete.lines)) == (
        legacy_rows,
        bounded_rows,
        complete_rows,
    )
    assert len(bounded.lines) <= 24
    assert bounded.elided and not complete.elided
    for line in (*legacy, *bounded.lines, *complete.lines):
        assert wc_width(line) <= width


@pytest.mark.parametrize("name", [LOCAL, FORWARDED])
def test_a_wider_terminal_buys_the_old_dialog_nothing(name: str) -> None:
    _, payload, _ = load(name)
    assert len({len(wrap_message(payload.legacy_message, width)) for width in WIDTHS}) == 1


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", [LOCAL, FORWARDED])
def test_the_bounded_core_is_whole(name: str, width: int) -> None:
    _, payload, budget = load(name)
    lines = render_prompt_dialog(payload, at_width(budget, width)).lines
    labels = [
        line.split(" : ")[0].rstrip()
        for line in lines
        if not line.startswith(" ") and " : " in line
    ]
    forwarded = name == FORWARDED
    core = (
        ["subagent", "tool", "command", "shape", "runs"]
        if forwarded
        else ["tool", "command", "shape", "runs"]
    )
    assert labels[: len(core)] == core
    assert lines[0] == (
        "subagent  : scout · session 3f9c1a7e-5b2d-4e8f-9a61-2c7d4b0e8f15"
        if forwarded
        else "tool    : bash"
    )
    value_start = next(index for index, line in enumerate(lines) if line.startswith("command"))
    assert lines[value_start].endswith(": @'")
    value_end = next(
        (index for index in range(value_start + 1, len(lines)) if not lines[index].startswith(" ")),
        len(lines),
    )
    # capped and marked: the head ends in the marker, and the command's last line follows it
    assert lines[value_end - 2].endswith(ELLIPSIS)
    assert lines[value_end - 1].endswith("'@ | Out-File -FilePath report.md")
    assert any(
        line.startswith("shape") and line.endswith(": @'…'@ | Out-File -FilePath report.md")
        for line in lines
    )
    if forwarded:
        # the child's sentence is evidence, in brief: the command it names is the core row above
        assert any(
            line.startswith("requested : Agent 'scout' requested bash command '…'.")
            for line in lines
        )
    assert any(
        line.startswith("runs") and line.endswith(": Out-File -FilePath report.md")
        for line in lines
    )


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", [LOCAL, FORWARDED])
def test_the_frames_on_a_terminal(name: str, width: int) -> None:
    _, payload, budget = load(name)
    legacy_rows, bounded_rows, _ = TABLE[(name, width)]
    legacy = render_frame(payload, "legacy", at_width(budget, width))
    bounded = render_frame(payload, "bounded", at_width(budget, width))
    assert (
        len(legacy.lines) == legacy_rows + CHROME_ROWS
    )  # 210 local, 213 forwarded: the seed's upstream
    hint_rows = 2 if width == 80 else 1  # "· ctrl+o full request" wraps the hint at 80 columns
    assert len(bounded.lines) == bounded_rows + CHROME_ROWS - 1 + hint_rows
    assert EXPAND_HINT in " ".join(bounded.lines[-hint_rows:])
    for frame in (legacy, bounded):
        reading = read_frame(frame.lines, width)
        assert reading.frame_rows == len(frame.lines)  # nothing wrapped on its own
        assert reading.transcript_intact and not reading.cursor_left_frame


def test_the_single_line_command() -> None:
    fixture, payload, budget = load(SINGLE_LINE)
    command = fixture["call"]["input"]["command"]
    assert len(command) == 10_236 and "\n" not in command
    width = 120

    legacy = wrap_message(payload.legacy_message, width)
    assert len(payload.legacy_message) == 10_304
    assert len(legacy) == math.ceil(10_304 / width) == 86

    bounded = render_prompt_dialog(payload, at_width(budget, width))
    lines = bounded.lines
    value_start = next(index for index, line in enumerate(lines) if line.startswith("command : "))
    value_end = next(
        index for index in range(value_start + 1, len(lines)) if not lines[index].startswith(" ")
    )
    value_rows = value_end - value_start
    # 400 cells in a value column of 120 - (7 + 3) = 110: four rows, the head's ending in the marker
    # and the tail's starting with it, so the pipe into jq at the very end is on screen
    assert value_rows == 4
    assert lines[value_start] == "command : " + command[:110]
    assert lines[value_start + 1].endswith(ELLIPSIS)
    assert lines[value_start + 2].lstrip().startswith(ELLIPSIS)
    assert command.endswith(lines[value_end - 1].lstrip())
    assert lines[:2] == ("agent   : observability", "tool    : bash")
    # the outline: curl's name and first arguments, the data cut, the pipeline whole, on one row
    assert (
        lines[value_end]
        == "shape   : curl -sS --fail-with-body -X POST … | jq -r '.status + \" \" + .url'"
    )
    assert len(lines) == 8 and bounded.elided

    complete = render_prompt_dialog(payload, complete_view_budget(width))
    assert (
        len(complete.lines) == 98
    )  # agent, tool, 94 command rows (ceil(10236 / 110)), the shape row, timeout
    assert math.ceil(10_236 / 110) == 94
