"""askbench.harness.judge.unlabelled: the one place a value may stand with no label, known by shape alone."""

import pytest

from askbench.harness.judge.unlabelled import (
    UnlabelledBlock,
    block_indent,
    gutter_column,
    unlabelled_block,
    value_head,
    without_gutter,
    without_prompt,
)
from askbench.harness.terminals.frame_reading import read_frame


def _rows(lines: list[str]):
    return read_frame(lines, 80).screen_rows


def _block(lines: list[str], heads: frozenset[int] = frozenset()) -> UnlabelledBlock | None:
    rows = _rows(lines)
    return unlabelled_block(rows, len(rows), lambda index: index in heads)


def test_the_block_is_the_indented_rows_under_a_header_and_a_blank_row_up_to_a_row_at_column_0():
    block = _block(["? Shell", "", "    printf 'a'", "      rm -rf build", "tool: bash"])
    assert block == UnlabelledBlock(header=0, start=2, end=4, resume=4)


def test_blank_rows_inside_the_block_are_its_own_and_those_at_its_end_are_not():
    block = _block(["? Shell", "", "", "    cat <<EOF", "", "    EOF", "", "", "Allow?"])
    assert block == UnlabelledBlock(header=0, start=3, end=6, resume=8)


def test_blank_rows_above_the_header_are_not_the_header():
    assert _block(["", "Bash command", "", "    ls"]) == UnlabelledBlock(1, 3, 4, 4)


@pytest.mark.parametrize(
    "lines",
    [
        pytest.param(["? Shell", "    ls -la"], id="no blank row under the header"),
        pytest.param(
            ["? Shell", "ls -la", "", "    rm -rf /"], id="a row at column 0 under the header"
        ),
        pytest.param(["  ? Shell", "", "    ls"], id="an indented header"),
        pytest.param(["? Shell", "", "tool: bash"], id="the first row under the blank at column 0"),
        pytest.param(["? Shell", ""], id="nothing under the header"),
        pytest.param([], id="no rows"),
    ],
)
def test_no_block_where_anything_but_blank_rows_stands_between_a_one_row_header_and_indented_rows(
    lines: list[str],
):
    assert _block(lines) is None


def test_a_block_of_which_a_row_heads_a_fact_is_none():
    assert _block(["? Shell", "", "    ls", "    x"], heads=frozenset({3})) is None
    assert _block(["tool: bash", "", "    ls"], heads=frozenset({0})) is None


def test_the_block_ends_at_the_options_it_is_given_as_its_stop():
    rows = _rows(["? Shell", "", "    ls", "  2. Allow for this session"])
    assert unlabelled_block(rows, 3, lambda index: False) == UnlabelledBlock(0, 2, 3, 3)


def test_the_indent_is_the_least_indented_row_or_the_first_less_the_values_own_blanks():
    rows = _rows(["? Shell", "", "      if true; then", "    fi"])
    block = _block(["? Shell", "", "      if true; then", "    fi"])
    assert block is not None
    assert block_indent(rows, block, "if true; then") == [4, 6]
    deep = [
        "? Shell",
        "",
        "      echo a",
        "      echo b",
    ]  # every line of the value begins with two blanks
    block = _block(deep)
    assert block is not None
    assert block_indent(_rows(deep), block, "  echo a") == [6, 4]


def test_a_rule_across_the_row_separates_the_header_from_the_block_and_may_follow_it():
    lines = ["Bash command", "╌╌╌╌╌╌╌╌", "   │ ls -la", "╌╌╌╌╌╌╌╌", "tool: bash"]
    assert _block(lines) == UnlabelledBlock(header=0, start=2, end=3, resume=4)


@pytest.mark.parametrize(
    "separator",
    [
        pytest.param("--------", id="ascii dashes a value's line could be"),
        pytest.param("╌╌╌ ls", id="a rule that says something"),
        pytest.param(" ╌╌╌╌", id="an indented rule"),
    ],
)
def test_a_row_that_is_not_only_a_rule_at_column_0_is_no_separator(separator: str):
    block = _block(["Bash command", separator, "   │ ls -la", "tool: bash"])
    assert (
        block is None or block.start == 1
    )  # the indented one is the block itself, not a separator


def test_a_gutter_is_the_same_mark_at_the_same_column_on_every_row_of_the_block_that_is_not_blank():
    lines = ["Bash command", "", "   │ cat <<EOF", "   │", "   │ EOF"]
    rows = _rows(lines)
    block = _block(lines)
    assert block is not None and gutter_column(rows, block) == 3
    assert [row.text for row in without_gutter(rows, block, 3)][2:] == [
        "     cat <<EOF",
        "    ",
        "     EOF",
    ]
    for other in (["   │ a", "    │ b"], ["   │ a", "    b"], ["   │a"], ["   │ a", "   ┃ b"]):
        lines = ["Bash command", "", *other]
        block = _block(lines)
        assert block is not None and gutter_column(_rows(lines), block) is None, other


def test_a_value_begins_on_blank_rows_above_the_block_but_one_under_the_header():
    rows = _rows(["? Shell", "", "", "    rm"])
    block = _block(["? Shell", "", "", "    rm"])
    assert block is not None
    assert [value_head(rows, block, newlines) for newlines in (0, 1, 2)] == [3, 2, 2]
    ruled = ["Bash command", "╌╌╌", "", "    rm"]
    block = _block(ruled)
    assert block is not None and value_head(_rows(ruled), block, 1) == 2


def test_a_shell_prompt_before_the_first_row_is_drawn_as_blanks_and_no_other_mark_is():
    lines = ["Allow command?", "", "    $ ls", "      -la"]
    block = _block(lines)
    assert block is not None
    prompted = without_prompt(_rows(lines), block)
    assert prompted is not None and [row.text for row in prompted][2:] == ["      ls", "      -la"]
    for first in ("    $ls", "    # ls", "    > ls"):
        lines = ["Allow command?", "", first]
        block = _block(lines)
        assert block is not None and without_prompt(_rows(lines), block) is None, first


# ── a header that repeats the value's first row ────────────────────────────


@pytest.mark.parametrize(
    "header",
    [
        pytest.param("? Shell  cd /srv/app && rm -rf build", id="the whole first row"),
        pytest.param("? Shell  cd /srv/app &…", id="its head and a bare …"),
        pytest.param(
            "? Shell (subagent)  cd /srv/app && rm -rf build", id="after words of its own"
        ),
        pytest.param("? Shell cd /srv/app", id="no gap: the title's own text"),
    ],
)
def test_a_header_that_repeats_the_blocks_first_row_after_a_gap_keeps_the_block(header: str):
    block = _block([header, "", "    cd /srv/app && rm -rf build", "tool: bash"])
    assert block == UnlabelledBlock(header=0, start=2, end=3, resume=3)


def test_a_repeat_reads_the_first_row_behind_its_gutter_or_prompt():
    assert _block(["Bash  ls -la", "", "   │ ls -la"]) is not None
    assert _block(["Allow  ls -la", "", "    $ ls -la"]) is not None


@pytest.mark.parametrize(
    "header",
    [
        pytest.param("? Shell  ls -la", id="another command"),
        pytest.param("? Shell  cd /srv/app", id="a head with no marker"),
        pytest.param("? Shell  cd /srv/x…", id="a head that is not the row's"),
        pytest.param("? Shell  rm -rf build", id="the row's tail"),
    ],
)
def test_a_header_that_shows_another_text_after_a_gap_leaves_no_block(header: str):
    assert _block([header, "", "    cd /srv/app && rm -rf build", "tool: bash"]) is None
