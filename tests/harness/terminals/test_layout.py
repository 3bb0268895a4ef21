"""A frame is laid out as a terminal lays it out: wrapping, wide characters, tabs, painted rows."""

import pytest

from askbench.harness.terminals import layout
from askbench.harness.terminals.frame_reading import read_frame
from askbench.harness.terminals.models import GRAPHEME
from askbench.harness.terminals.rows import RowsBuilder, ScreenRows
from askbench.harness.terminals.sgr import PLAIN, apply_sgr
from askbench.harness.terminals.unprintables import sgr_runs


def test_a_line_wider_than_the_screen_takes_two_rows():
    assert read_frame(["x" * 41], 40).frame_rows == 2


def test_a_wide_character_at_the_edge_moves_whole_to_the_next_row():
    reading = read_frame(["a" * 39 + "界"], 40)
    assert reading.rows == ["a" * 39, "界"]


def _pyte_rows(lines, width):
    import pyte

    screen = pyte.Screen(width, 8)
    pyte.Stream(screen).feed("\r\n".join(lines))
    return [row.rstrip() for row in screen.display if row.strip()]


def test_a_raw_tab_moves_on_to_the_next_stop_as_a_terminal_does():
    """Read as nothing, a tab made the judge report text a terminal never shows (' import (\\n- "enc…' for '- \\t"enc…')."""
    lines = ['          - \t"encoding/json"', "ab\tcd\tef", "\t" * 12 + "x", "x" * 39 + "\tyz"]
    reading = read_frame(lines, 40)
    assert reading.rows == _pyte_rows(lines, 40)
    assert reading.rows[0] == '          -     "encoding/json"'
    # the tab stops at the last column; 'y' is drawn there, 'z' wraps
    assert reading.frame_rows == 5
    assert "tab" in reading.foreign_events  # and it is still a control the frame must not send


def _laid_out_cell_by_cell(line: str, width: int) -> ScreenRows:
    """The general layout, every run placed through ``_place_text``: what the painted-row shortcut must equal."""
    rows = RowsBuilder()
    row, style = layout._Row(), PLAIN
    for text, sgr in sgr_runs(line):
        if sgr is not None:
            style = apply_sgr(style, sgr)
            continue
        row = layout._place_text(rows, row, text, style, width, GRAPHEME)
    row.close(rows)
    return rows.done()


@pytest.mark.parametrize(
    "line",
    [
        "\x1b[2mtool   \x1b[22m : bash",
        "          \x1b[33mecho BBBB\x1b[39m",
        "\x1b[33mpainted blanks   \x1b[39m   ",
        "\x1b[1m\x1b[1mtwice\x1b[0m\x1b[31m\x1b[0m",
        "a\x1b[31mb\x1b[31mc\x1b[32m   \x1b[0m",
        "\x1b[7m   \x1b[0m",
        "",
    ],
)
def test_a_painted_row_reads_as_the_general_layout_lays_it_out(line: str) -> None:
    rows = layout.place([line], 80, GRAPHEME)
    assert rows == _laid_out_cell_by_cell(line, 80)
    assert [row.kinds for row in rows] == [row.kinds for row in _laid_out_cell_by_cell(line, 80)]
