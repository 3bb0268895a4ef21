"""The truth screen must see what a terminal would do, including what pyte hides."""

import re
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from askbench.harness.terminals import models
from askbench.harness.terminals.models import (
    PLAIN,
    TRANSCRIPT,
    apply_sgr,
    foreign_controls,
    printed_text,
    read_frame,
)


def test_a_plain_frame_is_contained_and_read_back_row_by_row():
    reading = read_frame(["Permission Required", "tool : bash", "command : ls -la"], 40)
    assert reading.rows == ["Permission Required", "tool : bash", "command : ls -la"]
    assert reading.frame_rows == 3
    assert reading.transcript_intact and not reading.cursor_left_frame
    assert (
        reading.foreign_events == [] and reading.foreign_bytes == [] and reading.unprintable == []
    )


def test_cursor_up_and_erase_are_caught_and_the_transcript_change_is_seen():
    reading = read_frame(["ok", "\x1b[6A\x1b[2Kharmless"], 60)
    assert not reading.transcript_intact
    assert reading.cursor_left_frame
    assert any(event.startswith("cursor_up") for event in reading.foreign_events)
    assert reading.foreign_bytes


@pytest.mark.parametrize("sequence", ["\x1b[?A", "\x1b[?5B", "\x1b[?2J", "\x9b?1K", "\x1b[?1;2H"])
def test_a_private_marked_sequence_is_caught_and_never_crashes_the_reading(sequence):
    reading = read_frame(["ok", f"a{sequence}b"], 40)
    assert reading.foreign_events
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
    assert (
        reading.frame_rows == 5
    )  # the tab stops at the last column; 'y' is drawn there, 'z' wraps
    assert "tab" in reading.foreign_events  # and it is still a control the frame must not send


# ── SGR in both forms, and what cannot be read ─────────────────────────────


@pytest.mark.parametrize(
    "parameters, fg, bg",
    [
        (
            "38:2::255:0:0",
            "ff0000",
            "default",
        ),  # T.416: an empty colour-space identifier before R:G:B
        ("38:2:7:255:0:0", "ff0000", "default"),  # T.416 with a colour-space identifier
        ("38:2:255:0:0", "ff0000", "default"),  # the identifier left out, as terminals also accept
        ("38;2;255;0;0", "ff0000", "default"),
        ("38:5:196", "ff0000", "default"),
        ("38;5;196", "ff0000", "default"),
        ("48:2::1:2:3;38:5:15", "brightwhite", "010203"),  # 0–15: the theme's own colours
        ("1;38:2::255:255:255;4:3", "ffffff", "default"),
    ],
)
def test_sgr_is_read_in_the_semicolon_and_the_colon_form(parameters, fg, bg):
    style = apply_sgr(PLAIN, parameters)
    assert (style.fg, style.bg) == (fg, bg)


def test_a_colon_sub_parameter_belongs_to_its_own_parameter():
    style = apply_sgr(PLAIN, "4:3;9")
    assert style.underline and style.strikethrough
    assert not apply_sgr(style, "4:0").underline


def test_a_malformed_extended_colour_ends_the_sequence():
    assert apply_sgr(PLAIN, "38;5") == PLAIN and apply_sgr(PLAIN, "38:2:1;1").fg == "default"


@pytest.mark.parametrize(
    "parameters",
    [
        "38:2::255:255:255;48:2::255:255:255",  # white on white, colon form
        "38;2;9;9;9;48;5;0",  # near-black on black
        "30",
        "38;5;0",
        "38:2::0:0:0",  # black on the default background: gone on a dark theme
        "97",
        "37",
        "38;5;231",
        "38:2::255:255:255",  # white on the default background: gone on a light theme
        "47",
        "40",  # the default foreground on a background one theme's foreground matches
        "8",
        "7;8",
    ],
)
def test_text_lost_on_a_dark_or_a_light_theme_is_invisible(parameters):
    assert apply_sgr(PLAIN, parameters).invisible


@pytest.mark.parametrize(
    "parameters",
    [
        "33",  # xterm's yellow on white, 1.70:1
        "1;36",  # xterm's cyan on white, 1.98:1
        "2",  # the default foreground dimmed on Solarized Light, 1.88:1
        "90",  # Solarized's bright black is Solarized Dark's background
        "31;47",  # GitHub Light's red on its white, a grey: 1.18:1
        "38:2::255:255:255;48:5:4",  # white on One Dark's blue, 2.36:1
    ],
)
def test_colour_that_fades_on_some_real_theme_is_invisible(parameters):
    assert apply_sgr(PLAIN, parameters).invisible


@pytest.mark.parametrize(
    "parameters",
    ["", "1", "7", "31", "35", "38;5;166", "1;38;5;32", "38;5;244", "38:2::255:255:255;48:5:18"],
)
def test_colour_that_reads_on_every_theme_is_visible(parameters):
    style = apply_sgr(PLAIN, parameters)
    assert not style.invisible and style.unreadable is None


def test_strikethrough_is_unreadable_but_not_invisible():
    style = apply_sgr(PLAIN, "9")
    assert not style.invisible and style.unreadable is not None and "struck" in style.unreadable
    assert apply_sgr(style, "29").unreadable is None


def test_a_colon_form_colour_on_screen_keeps_its_value():
    row = read_frame(
        ["\x1b[38:2::255:255:255;48:2::255:255:255mhidden\x1b[0m shown"], 40
    ).screen_rows[0]
    assert [style.invisible for style in row.styles] == [True] * 6 + [False] * 6


def test_unassigned_noncharacter_and_private_use_code_points_are_unprintable() -> None:
    for char in ("\u0378", "\ufdd0", "\U0010fffe", "\ue000", "\U000f0000"):
        assert read_frame([f"npx eslint{char} --fix"], 40).unprintable == [char]
        assert read_frame([f"e\u0301{char}"], 40).unprintable == [char]


def _laid_out_cell_by_cell(line: str, width: int) -> models.ScreenRows:
    """The general layout, every run placed through ``_place_text``: what the painted-row shortcut must equal."""
    rows = models._RowsBuilder()
    row, style = models._Row(), PLAIN
    for text, sgr in models._runs(line):
        if sgr is not None:
            style = apply_sgr(style, sgr)
            continue
        row = models._place_text(rows, row, text, style, width, models.GRAPHEME)
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
    rows = models.place([line], 80, models.GRAPHEME)
    assert rows == _laid_out_cell_by_cell(line, 80)
    assert [row.kinds for row in rows] == [row.kinds for row in _laid_out_cell_by_cell(line, 80)]


_LINE_PIECES = [
    "a",
    " ",
    "é",
    "\x1b",
    "[",
    "0",
    ";",
    ":",
    "m",
    "\x1b[31m",
    "\x1b[0;1m",
    "\x07",
    "\x00",
    "\x7f",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from([*_LINE_PIECES, "\x9b", "\u200b"]), max_size=14))
def test_foreign_controls_are_the_controls_left_once_sgr_is_removed(pieces: list[str]) -> None:
    """Found in one pass, the controls are those a reader finds after taking every SGR sequence out: an escape that
    begins none (``\\x1b\\x1b[0m``'s first) among them, the one that begins a sequence not."""
    line = "".join(pieces)
    stripped = re.sub(r"\x1b\[[0-9;:]*m", "", line)
    assert models.foreign_controls(line) == [
        repr(char) for char in re.findall(r"[\x00-\x1f\x7f-\x9f]", stripped)
    ]


# ── a screen held compactly ────────────────────────────────────────────────

_screen_lines = st.lists(
    st.text(alphabet="ab \x1b[33m\x1b[0m\u00b1漢", max_size=30).map(
        lambda text: text.replace("\x1b", "\x1b[3m")
    ),
    max_size=24,
)


@settings(max_examples=200)
@given(
    _screen_lines, st.integers(1, 12), st.integers(1, 5), st.integers(-3, 30), st.integers(-3, 30)
)
def test_a_screen_held_compactly_reads_as_its_rows_made_one_by_one(
    lines: list[str], width: int, block: int, start: int, stop: int
) -> None:
    """Rows held a block of texts at a time read as the rows a layout makes (``ScreenRow`` by ``ScreenRow``),
    across every block boundary: by index, by slice, as texts, as kinds, and from any row to any row."""
    with mock.patch.object(models, "_BLOCK", block):
        rows = models.place(lines, width, models.GRAPHEME)
        one_by_one = _made_one_by_one(lines, width)
        assert rows == one_by_one and len(rows) == len(one_by_one)
        assert [rows[index] for index in range(-len(rows), len(rows))] == one_by_one * 2
        assert rows[start:stop] == one_by_one[start:stop]
        assert list(rows.texts) == [row.text for row in one_by_one]
        assert rows.texts[start:stop] == [row.text for row in one_by_one[start:stop]]
        assert list(models.texts_between(rows, start, stop)) == [
            row.text for row in one_by_one[max(0, start) : max(0, stop)]
        ]
        assert list(models.row_kinds(rows)) == [row.kinds for row in one_by_one]
        with pytest.raises(IndexError):
            rows[len(rows)]


def _made_one_by_one(lines: list[str], width: int) -> list[models.ScreenRow]:
    """The rows as a list of ``ScreenRow`` made as the layout adds them: what the compact screen stands for."""

    class Listed(models._RowsBuilder):
        def __init__(self) -> None:
            super().__init__()
            self.made: list[models.ScreenRow] = []

        def add(self, text: str, styles, kinds) -> None:  # type: ignore[no-untyped-def]
            self.made.append(models.ScreenRow(text, styles, kinds))

    listed = Listed()
    with mock.patch.object(models, "_RowsBuilder", lambda: listed):
        models.place(lines, width, models.GRAPHEME)
    return listed.made


def test_a_long_screen_is_held_in_little_more_than_its_text() -> None:
    """A row of its own (text object, ``ScreenRow``, list slot) costs three times a short row's text; held as
    blocks of text with offsets, a screen of 20,000 painted rows costs well under twice its text."""
    import tracemalloc

    lines = [
        "          \x1b[33mecho " + "B" * 60 + f"{index:05d}\x1b[39m" for index in range(20_000)
    ]
    printed = sum(len(printed_text(line)) for line in lines)
    models.place(lines[:10], 80, models.GRAPHEME)
    tracemalloc.start()
    try:
        rows = models.place(lines, 80, models.GRAPHEME)
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(rows) == 20_000 and rows[-1].text.endswith("19999")
    assert held < 1.5 * printed


def test_a_control_with_more_parameters_than_pyte_takes_is_recorded_not_a_crash() -> None:
    reading = read_frame(["a\x1b[1;2;3nb"], 40)
    assert reading.foreign_bytes and reading.foreign_events == ["report_device_status(1, 2, 3)"]
