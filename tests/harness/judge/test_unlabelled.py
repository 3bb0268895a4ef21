"""askbench.harness.judge.unlabelled: the one place a value may stand with no label, known by shape alone."""

import pytest

from askbench.harness.judge.unlabelled import UnlabelledBlock, block_indent, unlabelled_block
from askbench.harness.terminals.models import read_frame


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
    assert block_indent(rows, block, "if true; then") == [4]
    deep = [
        "? Shell",
        "",
        "      echo a",
        "      echo b",
    ]  # every line of the value begins with two blanks
    block = _block(deep)
    assert block is not None
    assert block_indent(_rows(deep), block, "  echo a") == [6, 4]
