"""xterm.js headless read as a terminal, with each Unicode table (skipped where its npm packages are not installed)."""

import pytest
from real_terminals import real_terminal

from askbench.harness.terminals.frame_reading import read_frame
from askbench.harness.terminals.models import TerminalModel


@pytest.fixture(scope="module", params=["xterm", "xterm-unicode11"])
def xterm(request: pytest.FixtureRequest) -> TerminalModel:
    return real_terminal(request.param)


def _cells(model: TerminalModel, text: str) -> int:
    return sum(cells for _, cells in model.measure(text))


def test_a_frame_reads_as_its_rows_below_an_intact_transcript(xterm: TerminalModel) -> None:
    reading = read_frame(["Permission Required", "tool : bash", "", "command : ls -la"], 40, xterm)
    assert reading.rows == ["Permission Required", "tool : bash", "", "command : ls -la"]
    assert reading.transcript_intact and not reading.foreign_events


def test_a_long_row_wraps_and_a_wide_character_moves_whole(xterm: TerminalModel) -> None:
    assert read_frame(["x" * 81], 80, xterm).rows == ["x" * 80, "x"]
    assert read_frame(["a" * 39 + "界"], 40, xterm).rows == ["a" * 39, "界"]


def test_each_table_measures_an_emoji_its_own_way(xterm: TerminalModel) -> None:
    thumbs = "\U0001f44d"  # wide from Unicode 9 on; Unicode 6 had no emoji presentation
    assert _cells(xterm, thumbs) == (2 if xterm.name == "xterm-unicode11" else 1)
    assert read_frame([thumbs * 41], 80, xterm).frame_rows == (
        2 if xterm.name == "xterm-unicode11" else 1
    )


def test_a_cursor_move_that_rewrites_the_transcript_is_seen(xterm: TerminalModel) -> None:
    reading = read_frame(["ok", "\x1b[6A\x1b[2Kharmless"], 60, xterm)
    assert not reading.transcript_intact and reading.foreign_bytes


def test_colour_and_conceal_are_read_from_xterm(xterm: TerminalModel) -> None:
    reading = read_frame(
        ["\x1b[33mflag\x1b[39m plain", "\x1b[8mhidden\x1b[28m \x1b[38;2;1;2;3mrgb"], 40, xterm
    )
    first, second = reading.screen_rows
    assert [style.fg for style in first.styles[:5]] == ["brown"] * 4 + ["default"]
    assert all(style.conceal for style in second.styles[:6]) and second.styles[-1].fg == "010203"
    assert reading.painted_cells == 4 + 3
