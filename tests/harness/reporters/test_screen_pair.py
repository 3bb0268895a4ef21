"""``askbench.harness.reporters.screen_pair``: two screens side by side when both fit, else one under the other."""

from askbench.harness.reporters.screen_pair import GAP, TitledScreen, beside
from askbench.harness.terminals.models import AMBIGUOUS_WIDE, cells_on

MINE = TitledScreen(("mine", "on ambiguous-wide"), ("\u2192 a", "b"))
THEIRS = TitledScreen(("reference", "on ambiguous-wide"), ("c",))


def _wide(text: str) -> int:
    return cells_on(text, AMBIGUOUS_WIDE)


def test_side_by_side_each_row_is_padded_to_the_width_in_the_terminal_s_cells():
    lines = beside(MINE, THEIRS, 10, 10 + len(GAP) + 10, _wide)
    assert lines == [
        "mine       | reference",
        "on ambig… | on ambig…",  # cut where the … (two cells there too) ends the tenth
        "---------- | ----------",
        "\u2192 a       | c",  # the arrow is two cells there: seven blanks make ten
        "b          |",
    ]


def test_one_column_short_of_both_they_stand_one_under_the_other():
    assert beside(MINE, THEIRS, 10, 10 + len(GAP) + 9, _wide) == [
        "mine",
        "on ambiguous-wide",
        "-" * 10,
        "\u2192 a",
        "b",
        "",
        "reference",
        "on ambiguous-wide",
        "-" * 10,
        "c",
    ]
