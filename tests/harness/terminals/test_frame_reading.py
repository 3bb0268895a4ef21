"""A frame is read back row by row, with what it paints and every control it carries recorded."""

from askbench.harness.terminals.frame_reading import read_frame
from askbench.harness.terminals.truth import TRANSCRIPT


def test_a_plain_frame_is_contained_and_read_back_row_by_row():
    reading = read_frame(["Permission Required", "tool : bash", "command : ls -la"], 40)
    assert reading.rows == ["Permission Required", "tool : bash", "command : ls -la"]
    assert reading.frame_rows == 3
    assert reading.transcript_intact and not reading.cursor_left_frame
    assert (
        reading.foreign_events == [] and reading.foreign_bytes == [] and reading.unprintable == []
    )


def test_painted_cells_are_counted_from_the_screen():
    assert read_frame(["\x1b[33mflag\x1b[39m plain"], 40).painted_cells == 4
    assert len(TRANSCRIPT) == 4


def test_a_colon_form_colour_on_screen_keeps_its_value():
    row = read_frame(
        ["\x1b[38:2::255:255:255;48:2::255:255:255mhidden\x1b[0m shown"], 40
    ).screen_rows[0]
    assert [style.invisible for style in row.styles] == [True] * 6 + [False] * 6
