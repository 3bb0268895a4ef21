"""Renderers in layouts the reader does not know, judged where the perturbation located their values.

Each source is the reference with one change of layout (sound: it must pass) or one defect (it must fail);
the same change is also judged with the perturbed frames withheld, so each test shows what locating adds.
"""

import json
import re
from dataclasses import replace

import pytest

from askbench.harness.bash.reading import read_words
from askbench.harness.drivers.frame_sources import reference_source
from askbench.harness.fixtures.loading import BUILTIN_CORPUS
from askbench.harness.judge.perturbation import perturbed_payload
from askbench.harness.judge.width_run import WidthRequest, run_width
from askbench.impl.dialog import DialogBudget
from askbench.impl.payload import build_payload

_SGR = re.compile(r"\x1b\[[0-9;]*m")
_LABEL_ROW = re.compile(r"^(\x1b\[38;5;244m)?([a-z][a-z ]*?) *(\x1b\[39m)? : ")


def _payload(key: str):
    return build_payload(
        json.loads((BUILTIN_CORPUS / f"{key}.json").read_text())["call"], reader=read_words
    )


def _judged(payload, change, *, located: bool = True, max_rows: int = 24, drawn: int = 72):
    budget = DialogBudget(max_rows=max_rows, field_max_width=400, width=80)

    narrower = replace(budget, width=drawn)  # room for the columns a layout adds

    def frames_of(shown):
        def frames(view):
            frame = reference_source(shown, None, view, drawn, narrower)
            return frame if view == "legacy" else replace(frame, lines=tuple(change(frame.lines)))

        return frames

    return run_width(
        WidthRequest(payload, budget),
        frames_of(payload),
        perturbed=frames_of(perturbed_payload(payload)) if located else None,
    ).violations


def _colon_then_blanks(lines):
    """``tool:      bash``: the colon against the label, the value after a run of blanks."""
    return [
        _LABEL_ROW.sub(lambda m: f"{m[1] or ''}{m[2]}{m[3] or ''}:      ", line) for line in lines
    ]


def _bullets(lines):
    """``• tool : bash``, the ask's continuation rows two columns further in."""
    ask_end = next(at for at, line in enumerate(lines) if at and not line)
    return [
        "• " + line
        if _LABEL_ROW.match(line)
        else "  " + line
        if at < ask_end and line.startswith(" ")
        else line
        for at, line in enumerate(lines)
    ]


def _rule_under_the_ask(lines):
    """The ask closed by a ``────`` rule where the reference has its blank row."""
    out = list(lines)
    first_option = next(at for at, line in enumerate(out) if "(y)" in _SGR.sub("", line))
    out[first_option - 1] = "\u2500" * 30
    out.insert(first_option, "")
    return out


def _value_again_below(lines):
    """A defect: the whole command again below the hint, "so it can be copied"."""
    command = next(_SGR.sub("", line) for line in lines if "command" in _SGR.sub("", line))
    return [*lines, "", *[command.split(" : ", 1)[1]] * 30]


def test_blanks_after_the_colon_read_unaided():
    payload = _payload("bash/base-url-variable-curl-health-accounts")
    assert _judged(payload, _colon_then_blanks, located=False) == []


@pytest.mark.parametrize("change", [_bullets, _rule_under_the_ask])
def test_a_sound_layout_the_reader_does_not_know_passes_where_its_values_are_located(change):
    payload = _payload("bash/base-url-variable-curl-health-accounts")
    assert _judged(payload, change) == []
    assert (
        _judged(payload, change, located=False) != []
    ), "the layout is one the reader cannot read unaided"


def test_payload_text_below_the_ask_counts_toward_the_rows():
    payload = _payload("bash/base-url-variable-curl-health-accounts")
    found = _judged(payload, _value_again_below)
    assert any(v.invariant == "rows" and "past the ask" in v.message for v in found)
    assert _judged(payload, lambda lines: [*lines, "", *["(press ? for help)"] * 30]) == []


def test_a_claim_written_beside_a_value_is_read_as_part_of_it():
    payload = _payload("bash/base-url-variable-curl-health-accounts")

    def claim(lines):
        return [
            line + "  (safe)" if "command" in _SGR.sub("", line) else line
            for line in _colon_then_blanks(lines)
        ]

    assert any(v.invariant == "core" for v in _judged(payload, claim, drawn=64))
