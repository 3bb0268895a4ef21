"""``askbench render``: the reference's frame exactly as the terminal receives it; with ``--impl`` or
``--terminal``, a renderer's screen as the gate's terminal shows it, the reference's beside it on request."""

import shlex
import sys
from pathlib import Path

import pytest

from askbench.harness.drivers.frame_sources import reference_source
from askbench.harness.drivers.paint import ANSI_PAINT_OPEN
from askbench.harness.drivers.variants import variant_named
from askbench.harness.exit_codes import EXIT_OK, EXIT_UNUSABLE, EXIT_VIOLATION
from askbench.harness.fixtures.loading import BUILTIN_CORPUS, load_checked_prompt
from askbench.harness.frontends.cli import main
from askbench.harness.runners.gate import judge_payload
from askbench.harness.terminals.frame_reading import read_frame
from askbench.harness.terminals.models import MODELS

CORPUS = Path(__file__).resolve().parents[3] / "corpus"
REPRO = CORPUS / "bash" / "powershell-here-string-report-200-lines.json"
PYTHON = shlex.quote(sys.executable)
CIRCLED = "adversarial/bash-circled-numbers-3248-324f-one-or-two-cells"
"""A row of characters one cell on ``grapheme`` and two on the glibc terminals."""
NARROW = f"{PYTHON} -m askbench.harness.drivers.adapters.variant widths-by-graphemes"
"""A renderer behind the adapter contract that measures those characters as one cell."""
REFERENCE = f"{PYTHON} -m askbench.harness.drivers.adapters.reference"


def test_render_plain_writes_one_row_per_line_within_the_width(capsys):
    assert main(["render", str(REPRO), "--width", "80", "--plain"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Permission Required"
    assert all(len(line) <= 80 for line in lines)
    assert "\x1b" not in "".join(lines)
    assert any(line.startswith("command : ") for line in lines)


def test_render_complete_and_legacy_show_every_line_of_the_here_string(capsys):
    main(["render", str(REPRO), "--complete", "--plain"])
    complete = capsys.readouterr().out.splitlines()
    main(["render", str(REPRO), "--legacy", "--plain"])
    legacy = capsys.readouterr().out.splitlines()
    assert len(complete) > 200 and len(legacy) > 200
    assert "ctrl+o collapse" in complete[-1]


def test_render_paints_only_when_colour_is_asked_for_or_stdout_is_a_terminal(capsys, monkeypatch):
    main(["render", str(REPRO)])
    assert "\x1b[" not in capsys.readouterr().out  # captured: not a terminal
    main(["render", str(REPRO), "--color", "always"])
    assert ANSI_PAINT_OPEN in capsys.readouterr().out
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    main(["render", str(REPRO)])
    assert ANSI_PAINT_OPEN in capsys.readouterr().out
    monkeypatch.setenv("NO_COLOR", "1")
    main(["render", str(REPRO)])
    assert "\x1b[" not in capsys.readouterr().out


def test_render_of_a_missing_fixture_exits_2_naming_it(capsys, tmp_path):
    assert main(["render", str(tmp_path / "nope.json")]) == 2
    assert "nope.json" in capsys.readouterr().err


@pytest.mark.parametrize("width", ["10", "19"])
def test_render_below_the_dialogs_minimum_width_is_a_usage_error_not_a_traceback(capsys, width):
    with pytest.raises(SystemExit) as exit_info:
        main(
            ["render", "corpus/bash/powershell-here-string-report-200-lines.json", "--width", width]
        )
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert f"the dialog needs at least 20 columns, got {width}" in err and "Traceback" not in err


# ── a renderer's screen, as the gate's terminal shows it ────────────────────


def _gate_screen(terminal: str, source=None) -> tuple[str, ...]:
    """The bounded screen of CIRCLED at 80 columns the gate kept, read on ``terminal``."""
    fixture, payload = load_checked_prompt(BUILTIN_CORPUS / f"{CIRCLED}.json")
    drawn = source or reference_source
    frame = drawn(payload, fixture, "bounded", 80, fixture.budget(80))
    return tuple(read_frame(frame.lines, 80, MODELS[terminal]).rows)


def test_impl_shows_the_screen_the_gate_judged_on_the_terminal_named(capsys):
    """The rows wrap on ``codepoint`` as the gate saw them wrap there: the very screen it kept for ``fit``."""
    narrow = variant_named("widths-by-graphemes").render
    fixture, payload = load_checked_prompt(BUILTIN_CORPUS / f"{CIRCLED}.json")
    kept = judge_payload(
        payload, fixture.budget(80), source=narrow, fixture=fixture, keep_screens=True
    ).screens["bounded"]
    assert kept.terminals == ("codepoint",)
    assert (
        main(["render", "--impl", NARROW, CIRCLED, "--width", "80", "--terminal", "codepoint"]) == 0
    )
    shown = tuple(capsys.readouterr().out.splitlines())
    assert shown == kept.rows == _gate_screen("codepoint", narrow)
    assert shown != _gate_screen("grapheme", narrow)  # wrapped here, not there


def test_impl_reads_on_the_first_terminal_check_reads_on_unless_told(capsys):
    assert main(["render", "--impl", NARROW, CIRCLED, "--width", "80"]) == 0
    assert tuple(capsys.readouterr().out.splitlines()) == _gate_screen(
        next(iter(MODELS)), variant_named("widths-by-graphemes").render
    )


def test_terminal_alone_shows_the_reference_screen(capsys):
    assert main(["render", CIRCLED, "--width", "80", "--terminal", "ambiguous-wide"]) == 0
    assert tuple(capsys.readouterr().out.splitlines()) == _gate_screen("ambiguous-wide")


def test_complete_works_with_impl(capsys):
    assert main(["render", "--impl", REFERENCE, str(REPRO), "--width", "80", "--complete"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) > 200 and "ctrl+o collapse" in rows[-1]


def test_beside_puts_the_reference_next_to_the_renderer_when_both_fit(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    args = [
        "render",
        "--impl",
        NARROW,
        CIRCLED,
        "--width",
        "80",
        "--terminal",
        "codepoint",
        "--beside",
    ]
    assert main(args) == EXIT_OK
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(NARROW[:40]) and lines[0].endswith(" | reference")
    assert lines[1] == f"{'on codepoint, bounded @80':<80} | on codepoint, bounded @80"
    mine = _gate_screen("codepoint", variant_named("widths-by-graphemes").render)
    reference = _gate_screen("codepoint")
    rows = [line.partition(" |") for line in lines[3:]]
    assert all(gap == " |" for _, gap, _ in rows) and len(rows) == max(len(mine), len(reference))
    assert [left.rstrip() for left, _, _ in rows] == [*mine, *[""] * (len(rows) - len(mine))]
    assert [right.removeprefix(" ") for _, _, right in rows] == [
        *reference,
        *[""] * (len(rows) - len(reference)),
    ]


def test_beside_stacks_the_screens_when_the_terminal_is_too_narrow_for_both(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    args = [
        "render",
        "--impl",
        NARROW,
        CIRCLED,
        "--width",
        "80",
        "--terminal",
        "codepoint",
        "--beside",
    ]
    assert main(args) == EXIT_OK
    lines = capsys.readouterr().out.splitlines()
    mine = _gate_screen("codepoint", variant_named("widths-by-graphemes").render)
    reference = _gate_screen("codepoint")
    assert lines == [
        NARROW,
        "on codepoint, bounded @80",
        "-" * 80,
        *mine,
        "",
        "reference",
        "on codepoint, bounded @80",
        "-" * 80,
        *reference,
    ]


def test_beside_without_impl_is_a_usage_error(capsys):
    assert main(["render", CIRCLED, "--beside"]) == EXIT_UNUSABLE
    assert "--beside" in capsys.readouterr().err


def test_an_unknown_terminal_is_refused_naming_the_closest(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["render", CIRCLED, "--terminal", "ambiguous-wid"])
    assert exit_info.value.code == EXIT_UNUSABLE
    assert "did you mean 'ambiguous-wide'" in capsys.readouterr().err


def test_an_adapter_that_times_out_says_so_and_exits_as_check_counts_it(capsys):
    slow = f"{PYTHON} -c 'import time; time.sleep(30)'"
    assert main(["render", "--impl", slow, "--impl-timeout", "0.5", CIRCLED]) == EXIT_VIOLATION
    assert "askbench render: --impl: TIMEOUT: no answer within 0.5 s" in capsys.readouterr().err


def test_an_adapter_that_answers_nothing_stops_as_check_stops_on_it(capsys):
    crash = f"{PYTHON} -c 'import sys; print(\"no renderer here\", file=sys.stderr); sys.exit(3)'"
    assert main(["render", "--impl", crash, CIRCLED]) == EXIT_UNUSABLE
    err = capsys.readouterr().err
    assert "askbench render: --impl: " in err and "answered its first request with nothing" in err
    assert "no renderer here" in err
