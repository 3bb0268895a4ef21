"""tmux read as a terminal: rows, wraps, widths and styles are tmux's own (skipped where tmux is not installed)."""

import pytest
from real_terminals import real_terminal

from askbench.harness.terminals.frame_reading import read_frame
from askbench.harness.terminals.truth import TRANSCRIPT


@pytest.fixture(scope="module")
def tmux():  # type: ignore[no-untyped-def]
    return real_terminal("tmux")


def test_a_frame_reads_as_its_rows_below_an_intact_transcript(tmux) -> None:  # type: ignore[no-untyped-def]
    reading = read_frame(["Permission Required", "tool : bash", "", "command : ls -la"], 40, tmux)
    assert reading.rows == ["Permission Required", "tool : bash", "", "command : ls -la"]
    assert reading.transcript_intact and not reading.foreign_events


def test_a_long_row_wraps_and_a_wide_character_moves_whole(tmux) -> None:  # type: ignore[no-untyped-def]
    assert read_frame(["x" * 41], 40, tmux).rows == ["x" * 40, "x"]
    assert read_frame(["a" * 39 + "界"], 40, tmux).rows == ["a" * 39, "界"]


def test_tmux_joins_a_zwj_family_into_one_cell_and_drops_what_it_cannot_hold(tmux) -> None:  # type: ignore[no-untyped-def]
    assert tmux.measure("\U0001f468\u200d\U0001f469\u200d\U0001f467").__next__()[1] == 2
    four = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"  # 25 bytes: past what a tmux cell holds
    assert read_frame([four], 40, tmux).rows == ["\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d"]


def test_joiners_hold_wherever_a_long_frame_is_cut_into_reads(tmux) -> None:  # type: ignore[no-untyped-def]
    line = "\U0001f468\u200d\U0001f469\u200d\U0001f467 x" * 8  # 25 cells a family: tmux joins each
    lines = [
        "." * offset + line for offset in range(40)
    ]  # a joiner at every byte offset, over many reads
    assert read_frame(lines, 200, tmux).rows == lines


def test_colour_holds_wherever_a_long_frame_is_cut_into_reads(tmux) -> None:  # type: ignore[no-untyped-def]
    line = "".join(
        f"\x1b[33m{index:03d}\x1b[39m\x1b[2m.\x1b[22m" for index in range(40)
    )  # 840 bytes, 160 cells
    lines = ["." * offset + line for offset in range(12)]
    reading = read_frame(lines, 200, tmux)
    assert reading.rows == [
        "." * offset + "".join(f"{index:03d}." for index in range(40)) for offset in range(12)
    ]
    assert reading.painted_cells == 12 * 40 * 3


def test_an_unassigned_code_point_is_drawn_as_nothing(tmux) -> None:  # type: ignore[no-untyped-def]
    assert read_frame(["eslint\u0378"], 40, tmux).rows == ["eslint"]


def test_a_cursor_move_that_rewrites_the_transcript_is_seen(tmux) -> None:  # type: ignore[no-untyped-def]
    reading = read_frame(["ok", "\x1b[6A\x1b[2Kharmless"], 60, tmux)
    assert not reading.transcript_intact and reading.foreign_bytes


def test_colour_and_conceal_are_read_from_tmux(tmux) -> None:  # type: ignore[no-untyped-def]
    reading = read_frame(["\x1b[33mflag\x1b[39m plain", "\x1b[8mhidden\x1b[28m"], 40, tmux)
    first, second = reading.screen_rows
    assert [style.fg for style in first.styles[:5]] == ["brown"] * 4 + ["default"]
    assert all(style.conceal for style in second.styles) and reading.painted_cells == 4
    assert len(TRANSCRIPT) == 4
