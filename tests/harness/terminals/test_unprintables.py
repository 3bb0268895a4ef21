"""Every control but SGR colour, and every character a terminal would not print, is found."""

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from askbench.harness.terminals.frame_reading import read_frame
from askbench.harness.terminals.unprintables import foreign_controls


def test_only_sgr_colour_is_allowed_in_a_frame():
    assert foreign_controls("\x1b[33mwarn\x1b[39m \x1b[1;36mtitle\x1b[0m") == []
    assert foreign_controls("\x1b]0;title\x07") != []
    assert foreign_controls("\x9b2J") != []
    assert foreign_controls("a\rb") != []


def test_zero_width_characters_pyte_would_silently_drop_are_recorded():
    reading = read_frame(["rm\u200b -rf /tmp/x"], 40)
    assert reading.unprintable == ["\u200b"]


def test_unassigned_noncharacter_and_private_use_code_points_are_unprintable() -> None:
    for char in ("\u0378", "\ufdd0", "\U0010fffe", "\ue000", "\U000f0000"):
        assert read_frame([f"npx eslint{char} --fix"], 40).unprintable == [char]
        assert read_frame([f"e\u0301{char}"], 40).unprintable == [char]


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
    assert foreign_controls(line) == [
        repr(char) for char in re.findall(r"[\x00-\x1f\x7f-\x9f]", stripped)
    ]
