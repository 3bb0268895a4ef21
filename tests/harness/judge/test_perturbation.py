"""The perturbation keeps every width and class and changes every mapped character; locating finds the payload's cells."""

import unicodedata

from hypothesis import given
from hypothesis import strategies as st
from wcwidth import wcwidth

from askbench.harness.bash.reading import read_words
from askbench.harness.drivers.frame_sources import reference_source
from askbench.harness.fixtures.loading import BUILTIN_CORPUS, load_corpus
from askbench.harness.judge.perturbation import (
    locate_payload,
    perturb,
    perturbed_call,
    perturbed_payload,
)
from askbench.harness.terminals.layout import place
from askbench.harness.terminals.models import MODELS
from askbench.impl.payload import build_payload


@given(st.text())
def test_every_character_keeps_its_width_category_and_ambiguity(text):
    changed = perturb(text)
    assert len(changed) == len(text)
    for was, now in zip(text, changed, strict=True):
        assert wcwidth(now) == wcwidth(was)
        assert unicodedata.category(now) == unicodedata.category(was)
        for widths in ("A", "WF"):  # ambiguous, or wide on every terminal, alike
            assert (unicodedata.east_asian_width(now) in widths) == (
                unicodedata.east_asian_width(was) in widths
            )


@given(st.text())
def test_the_map_is_a_bijection(text):
    changed = perturb(text)
    assert len(set(changed)) == len(set(text))


def test_letters_digits_punctuation_ideographs_and_hangul_all_change_and_the_rest_stays():
    assert all(perturb(char) != char for char in "azAZ09/.:\"'[{]}<|;&^жЖ中한éשαあｃ")
    assert all(perturb(char) != char for char in "-$_")
    kept = " \t…()\x1b\u200d\u0301\U0001f600"
    assert perturb(kept) == kept


def test_lines_the_payload_draws_change_as_lines_of_the_same_width():
    """A payload's ``// ── Policies ──`` changes, so a rule the renderer draws with the same ``─`` is told from
    it by what stayed (found by make outside: a rule closing the ask read as the file's own line)."""
    drawn = "─│╭╮╰╯┌┐└┘├┤┬┴┼═║"
    assert all(perturb(char) != char for char in drawn)
    assert [unicodedata.east_asian_width(perturb(char)) for char in drawn] == [
        unicodedata.east_asian_width(char) for char in drawn
    ]
    assert perturb(perturb(drawn)) == drawn


def test_a_shell_operator_stays_a_shell_operator_and_nothing_else_becomes_one():
    operators = set(";|&()<>")
    assert {perturb(char) for char in operators} == operators
    others = {chr(point) for point in range(0x21, 0x7F)} - operators
    assert not {perturb(char) for char in others} & operators


def test_a_call_keeps_its_name_and_its_keys():
    call = {"name": "bash", "input": {"command": "ls", "nested": [{"path": "a1"}, 7, None]}}
    assert perturbed_call(call) == {
        "name": "bash",
        "input": {"command": "yf", "nested": [{"path": "n6"}, 7, None]},
    }


def _frames(family_and_name, width=80):
    fixtures, _ = load_corpus([BUILTIN_CORPUS / family_and_name.split("/")[0]])
    fixture = next(f for f in fixtures if f.id == family_and_name)
    payload = build_payload(fixture.call, fixture.ask, reader=read_words)
    texts = []
    for shown in (payload, perturbed_payload(payload)):
        frame = reference_source(shown, fixture, "bounded", width, fixture.budget(width))
        texts.append([row.text for row in place(frame.lines, width, MODELS["grapheme"])])
    return texts


def test_the_payload_is_found_where_it_stands_and_chrome_is_not():
    original, perturbed = _frames("bash/sudo-wrapper-restart-nginx")
    located = locate_payload(original, perturbed)
    assert located is not None
    shown = {
        row: "".join(original[row][at] for at in sorted(located.columns[row]))
        for row in located.rows()
    }
    assert shown[3] == "sudosystemctlrestartnginx.service"
    assert all("Yes" not in original[row] and "Permission" not in original[row] for row in shown)


def test_a_screen_that_changes_shape_locates_nothing():
    original, perturbed = _frames("bash/sudo-wrapper-restart-nginx")
    assert locate_payload(original, [*perturbed, ""]) is None
    assert locate_payload(original, [perturbed[0] + "x", *perturbed[1:]]) is None


def test_the_reference_keeps_its_shape_under_the_map_on_every_family():
    for family_and_name in (
        "mcp/github-merge-pull-request-squash",
        "unicode/emoji-zwj-chain-past-the-extender-cap",
        "adversarial/agent-name-osc0-window-title",
    ):
        for width in (80, 160):
            assert locate_payload(*_frames(family_and_name, width)) is not None, family_and_name
