"""The truth screen must see what a terminal would do, including what pyte hides."""

from harness.terminal import TRANSCRIPT, foreign_controls, read_frame


def test_a_plain_frame_is_contained_and_read_back_row_by_row():
    reading = read_frame(["Permission Required", "tool : bash", "command : ls -la"], 40)
    assert reading.rows == ["Permission Required", "tool : bash", "command : ls -la"]
    assert reading.frame_rows == 3
    assert reading.transcript_intact and not reading.cursor_left_frame
    assert reading.foreign_events == [] and reading.foreign_bytes == [] and reading.unprintable == []


def test_cursor_up_and_erase_are_caught_and_the_transcript_change_is_seen():
    reading = read_frame(["ok", "\x1b[6A\x1b[2Kharmless"], 60)
    assert not reading.transcript_intact
    assert reading.cursor_left_frame
    assert any(event.startswith("cursor_up") for event in reading.foreign_events)
    assert reading.foreign_bytes


def test_a_line_wider_than_the_screen_takes_two_rows():
    assert read_frame(["x" * 41], 40).frame_rows == 2


def test_a_wide_character_at_the_edge_moves_whole_to_the_next_row():
    reading = read_frame(["a" * 39 + "界"], 40)
    assert reading.rows == ["a" * 39, "界"]


def test_zero_width_characters_pyte_would_silently_drop_are_recorded():
    reading = read_frame(["rm\u200b -rf /tmp/x"], 40)
    assert reading.unprintable == ["\u200b"]


def test_emoji_sequences_occupy_their_grapheme_width():
    reading = read_frame(["👨\u200d👩\u200d👧 family"], 40)
    assert reading.rows == ["👨\u200d👩\u200d👧 family"]
    assert reading.unprintable == []


def test_only_sgr_colour_is_allowed_in_a_frame():
    assert foreign_controls("\x1b[33mwarn\x1b[39m \x1b[1;36mtitle\x1b[0m") == []
    assert foreign_controls("\x1b]0;title\x07") != []
    assert foreign_controls("\x9b2J") != []
    assert foreign_controls("a\rb") != []


def test_painted_cells_are_counted_from_the_screen():
    assert read_frame(["\x1b[33mflag\x1b[39m plain"], 40).painted_cells == 4
    assert len(TRANSCRIPT) == 4


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
    assert reading.frame_rows == 5  # the tab stops at the last column; 'y' is drawn there, 'z' wraps
    assert "tab" in reading.foreign_events  # and it is still a control the frame must not send


def test_unassigned_noncharacter_and_private_use_code_points_are_unprintable() -> None:
    for char in ("\u0378", "\ufdd0", "\U0010fffe", "\ue000", "\U000f0000"):
        assert read_frame([f"npx eslint{char} --fix"], 40).unprintable == [char]
        assert read_frame([f"e\u0301{char}"], 40).unprintable == [char]
