"""``askbench.harness.judge.payload_sgr``: the tool input's own SGR sequences, known in a frame by what surrounds them."""

import json
from dataclasses import replace

import pytest

from askbench.harness.drivers.frame_sources import reference_source
from askbench.harness.fixtures.loading import BUILTIN_CORPUS
from askbench.harness.judge.payload_sgr import PayloadSgr, payload_sgr
from askbench.harness.runners.gate import judge_payload
from askbench.impl.dialog import DialogBudget
from askbench.impl.payload import build_payload

BLEED = "npm publish --access public\x1b[1;5;7;31m"
"""adversarial/bash-sgr-never-reset-bleeds-into-options: bold, blink, reverse and red, never reset, at the very end."""


def _payload(command: str):
    return build_payload({"name": "bash", "input": {"command": command}})


def _passing_through(sequence: str):
    """The reference with the notation of one payload sequence turned back into the sequence."""

    def render(payload, fixture, view, width, budget):
        frame = reference_source(payload, fixture, view, width, budget)
        shown = "\u241b" + sequence[1:]
        return replace(frame, lines=tuple(line.replace(shown, sequence) for line in frame.lines))

    return render


def test_a_sequence_that_only_resets_is_not_looked_for():
    assert payload_sgr(_payload("echo hi\x1b[0m; echo \x1b[39mthere\x1b[m")) == []
    assert {sgr.sequence for sgr in payload_sgr(_payload(BLEED))} == {
        "\x1b[1;5;7;31m"
    }  # in the message and the value


def test_a_bare_sequence_at_a_values_end_is_known_by_what_precedes_it_even_across_a_row_break():
    sgr = next(iter(payload_sgr(_payload(BLEED))))
    line = "ublic\x1b[1;5;7;31m'. A"  # the legacy message at 20 columns breaks inside "public"
    assert sgr.found_in(line, line.index("\x1b"))
    own = (
        "\x1b[1;5;7;31m(y) Yes"  # the same bytes as a renderer's own paint, among other characters
    )
    assert not sgr.found_in(own, 0)


def test_a_sequence_followed_by_another_is_known_by_what_follows_that_in_any_notation():
    sgr = PayloadSgr("\x1b[38;2;30;30;30m", (), (), ("[48;2;",))
    for notation in ("\u241b", "^[", "\\x1b", "\u27e8U+001B\u27e9"):
        line = f"          \x1b[38;2;30;30;30m{notation}[48"
        assert sgr.found_in(line, line.index("\x1b"))


def test_a_renderers_own_paint_before_the_payloads_escape_in_notation_is_not_the_payloads():
    """The value ``ESC[33m[`` painted yellow: ``ESC[33m␛[33m[`` — after the notation comes ``[33m[``, not the value's ``[``.

    Found by hypothesis; the notation was stripped whatever the payload had after its sequence.
    """
    sequences = payload_sgr(_payload("\x1b[33m["))
    painted = "command : \x1b[33m\u241b[33m[\x1b[39m"
    assert sequences and not any(
        sgr.found_in(painted, painted.index("\x1b[33m")) for sgr in sequences
    )
    raw = "command : \x1b[33m["  # the sequence itself, raw, before its '['
    assert any(sgr.found_in(raw, len("command : ")) for sgr in sequences)


def test_a_context_the_payloads_line_ends_in_must_end_in_the_frame_too():
    """The value ``ESC[33mESC[``: after the paint and the first notation comes ``[33m␛[``, not the value's last ``[``."""
    sequences = payload_sgr(_payload("\x1b[33m\x1b["))
    painted = "command : \x1b[33m\u241b[33m\u241b[\x1b[39m"
    assert sequences and not any(
        sgr.found_in(painted, painted.index("\x1b[33m")) for sgr in sequences
    )
    passed_through = "command : \x1b[33m\u241b[\x1b[39m"  # the sequence raw, the escape after it shown, then the reset
    assert any(sgr.found_in(passed_through, len("command : ")) for sgr in sequences)


@pytest.mark.parametrize("width", [80, 120])
def test_the_payloads_own_sgr_at_the_end_of_a_value_is_rejected_by_legible(width):
    fixture = json.loads(
        (BUILTIN_CORPUS / "adversarial/bash-sgr-never-reset-bleeds-into-options.json").read_text()
    )
    payload = build_payload(fixture["call"])
    reference = judge_payload(payload, DialogBudget(max_rows=24, field_max_width=400, width=width))
    passed_through = judge_payload(
        payload,
        DialogBudget(max_rows=24, field_max_width=400, width=width),
        source=_passing_through("\x1b[1;5;7;31m"),
    )
    assert [v for v in reference.violations if v.invariant == "legible"] == []
    assert {v.view for v in passed_through.violations if v.invariant == "legible"} == {
        "bounded",
        "complete",
        "legacy",
    }
