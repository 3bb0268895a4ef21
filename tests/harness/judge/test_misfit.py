"""``askbench.harness.judge.misfit``: the line that wraps on a terminal, its cells there and the characters that widened it."""

from askbench.harness.judge.misfit import Widener, find_misfit
from askbench.harness.terminals.models import AMBIGUOUS_WIDE, CODEPOINT, GRAPHEME

ARROWS = "a \u2192 b \u2192 c \u2192 d \u2192 e"
"""17 characters: 17 cells where ``→`` is one, 21 where it is two."""


def test_a_line_of_ambiguous_characters_misfits_only_where_they_are_wide():
    lines = ["title", ARROWS, "end"]
    assert find_misfit(lines, 20, GRAPHEME) is None
    assert find_misfit(lines, 20, CODEPOINT) is None
    misfit = find_misfit(lines, 20, AMBIGUOUS_WIDE)
    assert misfit is not None
    assert (misfit.terminal, misfit.width, misfit.number, misfit.text, misfit.cells) == (
        "ambiguous-wide",
        20,
        2,
        ARROWS,
        21,
    )
    assert misfit.wideners == (Widener("\u2192", 2, 4),)
    assert misfit.said() == (
        f"frame line 2 is 21 cells on ambiguous-wide, over its 20 columns: {ARROWS!r}; "
        "the characters that widened it: \u2192 U+2192 is 2 cells on ambiguous-wide (4 on the line)"
    )


def test_colour_takes_no_cells_and_the_text_quoted_is_what_the_terminal_prints():
    painted = f"\x1b[38;5;166m{ARROWS}\x1b[39m"
    assert find_misfit([painted], 21, AMBIGUOUS_WIDE) is None
    misfit = find_misfit([painted], 20, AMBIGUOUS_WIDE)
    assert misfit is not None and misfit.text == ARROWS


def test_a_line_too_long_in_ascii_is_named_with_no_character_to_blame_and_later_ones_counted():
    misfit = find_misfit(["x" * 30, "ok", "y" * 25, "z" * 21], 20, GRAPHEME)
    assert misfit is not None and (misfit.number, misfit.cells, misfit.others) == (1, 30, 2)
    assert misfit.wideners == ()
    assert misfit.said().endswith(
        "; no character on it is wider than a cell there; 2 more lines do not fit"
    )


def test_a_long_line_is_quoted_cut_and_the_most_frequent_widener_named_first():
    line = "\u2502 " + "\u2192" * 70 + " \u2502"
    misfit = find_misfit([line], 80, AMBIGUOUS_WIDE)
    assert misfit is not None
    said = misfit.said()
    assert f"{line[:60] + '…'!r}" in said
    assert said.endswith(
        "\u2192 U+2192 is 2 cells on ambiguous-wide (70 on the line), "
        "\u2502 U+2502 is 2 cells on ambiguous-wide (2 on the line)"
    )


def test_a_cluster_is_named_by_every_code_point_and_past_five_wideners_only_counted():
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    misfit = find_misfit([family + "\u4e00\u4e01\u4e02\u4e03\u4e04\u4e05" + "x" * 10], 20, GRAPHEME)
    assert misfit is not None
    said = misfit.said()
    assert f"{family} U+1F468 U+200D U+1F469 U+200D U+1F467 is 2 cells on grapheme" in said
    assert said.endswith(", and 2 more")
