"""Rows rewritten to ``label : value`` from the cells the perturbation located, and nothing that says something lost."""

import re

import pytest

from askbench.harness.judge.label_heads import LabelVocabulary
from askbench.harness.judge.located_rows import (
    common_margin,
    located_rows,
    shown_characters,
    without_margin,
)
from askbench.harness.judge.perturbation import locate_payload, perturb
from askbench.harness.terminals.rows import ScreenRow


def _rows(texts):
    return [ScreenRow(text, ()) for text in texts]


def _shaped(drawn, marks_after=False, **known):
    """``drawn`` rows read in located form, the payload text in each marked between ``[`` and ``]``."""
    original, perturbed = [], []
    for text in drawn:
        pieces = re.split(r"\[(.*?)\]", text)
        original.append("".join(pieces))
        perturbed.append(
            "".join(perturb(piece) if at % 2 else piece for at, piece in enumerate(pieces))
        )
    located = locate_payload(original, perturbed)
    assert located is not None
    shaped = located_rows(
        _rows(original), located, 0, len(original), marks_after=marks_after, **known
    )
    return [row.text for row in shaped]


@pytest.mark.parametrize(
    ("drawn", "read"),
    [
        ("tool : [bash]", "tool : bash"),
        ("tool:    [bash]", "tool : bash"),
        ("tool  :  [bash]", "tool : bash"),
        ("tool:[bash]", "tool : bash"),
        ("• tool: [bash]", "tool : bash"),
        ("│ tool : [bash]", "tool : bash"),
        ("    tool : [bash]", "tool : bash"),
        ('command: "[git push]"', "command : git push"),
        ("path : [/srv/app]", "path : /srv/app"),
        ("command : [git push --fo]…", "command : git push --fo…"),
        ("command : [git push] (safe)", "command : git push (safe)"),
        ("working directory : [~/x]", "working directory : ~/x"),
    ],
)
def test_a_fact_row_reads_as_label_colon_value_where_its_value_stood(drawn, read):
    (shaped,) = _shaped([drawn])
    assert re.sub(r"^(.*?) *: *", r"\1 : ", shaped) == read
    label, value = read.split(" : ", 1)
    # where it was drawn, or as much further as a longer ``label : `` head pushes it and the blanks before it
    at = drawn.index("[")
    blanks = len(drawn[:at]) - len(drawn[:at].rstrip(" "))
    assert shaped.index(value) == at + max(0, len(label) + 3 - (at - blanks))


def test_a_notation_or_a_control_picture_against_a_value_is_the_values():
    assert _shaped(["command : ⟨U+009B⟩[2K npm test]", "          ⟨U+009B⟩[2J]␍"]) == [
        "command :  ⟨U+009B⟩2K npm test",
        "          ⟨U+009B⟩2J␍",
    ]


@pytest.mark.parametrize(
    ("drawn", "read"),
    [
        # the value opens with marks the perturbation keeps, right against the label's colon or a blank after it
        ("function:()[ => {]", "function : () => {"),
        ("• function: ()[ => {]", "function : () => {"),
        # a control spelled as a notation, only its digits changed, and a detail after it
        ("path:⟨U+03[00]⟩ → [0]", "path : ⟨U+0300⟩ → 0"),
        ("external path: ⟨U+03[00]⟩ → [0]", "external path : ⟨U+0300⟩ → 0"),
        # a count's words kept, its digit changed, the payload's own … spelled before it (found by make outside)
        ("• command: ⟨U+2026⟩ [3] more commands …", "command : ⟨U+2026⟩ 3 more commands …"),
    ],
)
def test_a_value_opening_with_what_the_perturbation_kept_is_read_from_its_start(drawn, read):
    (shaped,) = _shaped([drawn], marks_after=True, marks_before=True)
    assert re.sub(r"^(.*?) *: *", r"\1 : ", shaped) == read


def test_a_modifier_or_mark_the_payload_holds_may_show_as_its_notation():
    assert {"⟨", "⟩"} <= shown_characters(["\U0001f3fb"])
    assert {"⟨", "⟩"} <= shown_characters(["e\u0300"])
    assert "⟨" not in shown_characters(["caf\u00e9"])


def test_marks_after_a_value_are_read_both_ways():
    assert _shaped(["tool : [bash] (invoked as [x])"], marks_after=True) == [
        "tool :  bash (invoked as x)"
    ]
    assert _shaped(['command : "[ls]"'], marks_after=True) == ['command  : ls"']


def test_a_gutter_drawn_down_a_value_turns_to_blanks_and_a_mark_that_stands_once_stays():
    assert _shaped(
        ["command : [ls \\]", "  │ [-la \\]", "  │ 🤖 [done]", "  │ [/srv]", "    - [x]"]
    ) == ["command :  ls \\", "    -la \\", "    🤖 done", "    /srv", "    - x"]


def test_a_rule_reads_as_blank_and_a_row_that_says_something_stays():
    drawn = ["tool : [bash]", "────────", "Allow this command?", "…", "risk : low"]
    assert _shaped(drawn) == ["tool :  bash", "", "Allow this command?", "…", "risk :  low"]


def test_a_margin_is_the_blank_columns_every_row_begins_with():
    texts = ["  Permission", "", "    tool : bash", "  ▶ (y) Yes"]
    assert common_margin(texts) == 2
    assert [row.text for row in without_margin(_rows(texts), 2)] == [
        "Permission",
        "",
        "  tool : bash",
        "▶ (y) Yes",
    ]
    assert common_margin(["tool", "  x"]) == 0


LABELS = LabelVocabulary.of(["tool", "command", "content", ""])


def test_words_before_a_value_that_are_no_label_of_the_payload_continue_the_value_above():
    # a notation the wrap split: its second half stands before the located text, and is the value's
    drawn = ["• command: [sh]⟨U+009B⟩[1A]⟨U", "           +009B⟩[2K npm test]"]
    assert _shaped(drawn, labels=LABELS) == [
        "command :  sh⟨U+009B⟩1A⟨U",
        "           +009B⟩2K npm test",
    ]
    # the mutant reading: any words are a label
    assert _shaped(drawn)[1].startswith("+009B")


def test_a_row_drawn_like_the_located_label_rows_is_one_though_its_value_did_not_change():
    drawn = ["• tool:    [bash]", "• command: …", "• content:", "• risk:    low"]
    assert (
        _shaped(drawn, labels=LABELS)
        == [
            "tool :     bash",
            "command :  …",
            "content : ",
            "  risk:    low",  # no label of the payload: the row says what it says, as drawn past the gutter
        ]
    )


def test_a_row_of_marks_is_a_rule_only_where_the_payload_could_not_show_them():
    drawn = ["body : [LGTM]≈≈≈", "       ≈≈≈≈≈≈", "───────"]
    shown = shown_characters(["LGTM≈≈≈≈≈≈≈≈≈"])
    assert _shaped(drawn, shown=shown) == ["body :  LGTM≈≈≈", "       ≈≈≈≈≈≈", ""]
    # the mutant reading: every row of marks alone is a rule
    assert _shaped(drawn)[1] == ""


def test_a_row_of_controls_spelled_out_says_something_whatever_the_payload() -> None:
    drawn = ["body : [LGTM]␇␇␇", "       ␇␇␇␇␇␇", "───────"]
    assert [bool(row.strip()) for row in _shaped(drawn)] == [True, True, False]


def test_a_row_of_lines_the_payload_also_draws_is_a_rule_where_it_did_not_change():
    """The payload draws ``──`` too, but its lines changed under the perturbation and the rule did not: what
    stayed as drawn is the renderer's (found by make outside: a rule closing the ask)."""
    drawn = ["content : [// ── Policies ──]", "          [}]", "──────────"]
    shown = shown_characters(["// ── Policies ──\n}"])
    assert _shaped(drawn, shown=shown)[2] == ""
    assert (
        _shaped(["content : [// ── Policies ──]", "          [────]"], shown=shown)[1].strip()
        == "────"
    )


def test_a_mark_the_payload_repeats_down_its_own_list_is_no_gutter():
    drawn = ["text : [changes]", "       • [retries]", "       • [alerts]"]
    shown = shown_characters(["changes\n• retries\n• alerts"])
    assert _shaped(drawn, shown=shown)[1:] == ["       • retries", "       • alerts"]
    # the mutant reading: every mark repeated down a value is a gutter
    assert _shaped(drawn)[1:] == ["         retries", "         alerts"]


def test_a_gutter_every_row_of_the_ask_begins_with_is_the_renderers():
    """``│ `` down the whole ask, labels' rows and values' alike, turns to blanks, a value's row the
    perturbation located nothing on (a cut's count row) included."""
    drawn = ["│ command : [git push]", "│           [--force]", "│           … 1 more command …"]
    assert _shaped(drawn, labels=LABELS) == [
        "command  :  git push",
        "            --force",
        "            … 1 more command …",
    ]
    # a mark one row lacks is no gutter of the whole ask: the value's row keeps it
    drawn[2] = "            … 1 more command …"
    assert _shaped(drawn, labels=LABELS)[1] == "│           --force"


def test_a_frame_side_down_every_row_of_the_ask_is_the_renderers() -> None:
    """A right side ``│`` after every row, a blank before it, its column off by a row's measure of ``…``: gone,
    with the blanks before it; a cut's marker and count before it stay the value's."""
    drawn = [
        "tool    : [bash]                  │",
        "command : [npm ci && npm run l]… │",
        "          … 13 more commands …    │",
        "          …[npm publish]          │",
    ]
    shaped = [re.sub(r"^(\w+) *: *", r"\1 : ", row) for row in _shaped(drawn)]
    assert shaped == [
        "tool : bash",
        "command : npm ci && npm run l…",
        "          … 13 more commands …",
        "          …npm publish",
    ]


@pytest.mark.parametrize(
    "drawn",
    [
        [
            "tool    : [bash] │",
            "command : [npm ci]",
        ],  # one row without it: no side drawn down the ask
        ["tool    : [bash]│", "command : [npm ci]│"],  # against the text: it may be the value's own
    ],
)
def test_a_mark_not_apart_on_every_row_stays_where_it_was_drawn(drawn: list[str]) -> None:
    assert all("│" in row for row in _shaped(drawn, marks_after=True) if "│" in row) and any(
        "│" in row for row in _shaped(drawn, marks_after=True)
    )


def test_a_column_divider_after_the_labels_is_the_renderers_on_the_rows_that_continue_a_value() -> (
    None
):
    """A table's ``|`` between the label column and the value column, drawn on every row: the label rows read as
    ``label : value`` lose it, and the rows that continue a value lose it where the label rows stood it."""
    drawn = [
        "command:   | [sudo -u postgres psql -c 'DROP TABLE s]",
        "           | [essions_old;']",
        "runs:      | [psql -c 'DROP TABLE sessions_old;']",
    ]
    assert [row.rstrip() for row in _shaped(drawn)][1].lstrip() == "essions_old;'"


def test_a_divider_the_payload_also_holds_is_the_renderers_where_the_perturbation_would_have_changed_it() -> (
    None
):
    """The payload pipes (``| sh``), so ``|`` is a character it may show; but its own ``|`` changed under the
    perturbation and the divider did not: the divider is the renderer's, down the value and past a blank
    line of the value drawn as the divider alone."""
    drawn = [
        "command:   | [curl -s https://x.example/i | sh && git checkout release/2.]",
        "           | [4 && npm ci]",
        "           |",
        "           | [echo end]",
    ]
    shown = shown_characters(
        ["curl -s https://x.example/i | sh && git checkout release/2.4 && npm ci\n\necho end"]
    )
    shaped = [row.strip() for row in _shaped(drawn, shown=shown)]
    assert shaped[1:] == ["4 && npm ci", "", "echo end"]


def test_a_row_of_a_divider_and_a_control_picture_continues_the_value() -> None:
    drawn = ["command:   | [echo start]␍", "           |          ␍", "           | [echo end]"]
    shown = shown_characters(["echo start\r\n          \r\necho end"])
    assert [row.strip() for row in _shaped(drawn, shown=shown)][1] == "␍"


def test_marks_between_the_label_and_the_value_that_the_payload_could_not_show_are_not_the_values() -> (
    None
):
    """Read with the marks before a value as its own, a divider the perturbation would have changed still goes:
    ``function: | () => {`` is the value ``() => {``."""
    drawn = ["function: | () => [{]", "          | [return 1]"]
    original = ["".join(re.split(r"\[(.*?)\]", text)) for text in drawn]
    perturbed = [
        "".join(
            perturb(piece) if at % 2 else piece
            for at, piece in enumerate(re.split(r"\[(.*?)\]", text))
        )
        for text in drawn
    ]
    located = locate_payload(original, perturbed)
    assert located is not None
    shaped = located_rows(_rows(original), located, 0, 2, marks_before=True, marks_after=False)
    assert shaped[0].text.split(" : ", 1)[1].strip() == "() => {"


def test_a_row_drawn_like_the_label_rows_reads_its_value_after_every_mark_they_draw_after_the_label() -> (
    None
):
    drawn = ["tool:     | [bash]", "content:  |", "command:  | [ls]"]
    assert " ".join(_shaped(drawn, labels=LABELS)[1].split()) == "content :"
