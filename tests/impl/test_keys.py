"""askbench.impl.keys: splitting reads into keys, and telling pasted text from typed keys."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from askbench.impl.keys import (
    CTRL_C,
    DOWN,
    END,
    ENTER,
    ESC,
    ESC_WAIT_SECONDS,
    HOME,
    PAGE_DOWN,
    PASTE_END,
    PASTE_IDLE_SECONDS,
    PASTE_START,
    UP,
    InputParser,
    Paste,
    key_from_name,
    split_keys,
)


def test_split_keys() -> None:
    assert split_keys("yy") == (["y", "y"], "")
    assert split_keys("\x1b[A\x1b[6~j\x1bOB") == ([UP, PAGE_DOWN, "j", DOWN], "")
    assert split_keys("\x1b[1~\x1b[4~\r\n\x08") == ([HOME, END, ENTER, "\x7f"], "")
    assert split_keys("a\x1b") == (["a"], "\x1b")
    assert split_keys("\x1b[5") == ([], "\x1b[5")
    assert split_keys("\x1bx") == ([ESC, "x"], "")


@given(
    st.text(
        alphabet=st.sampled_from(["y", "\x1b", "[", "A", "6", "~", "O", "\r", "\n", "é"]),
        max_size=40,
    )
)
def test_split_keys_is_lossless_for_complete_input(data: str) -> None:
    keys, rest = split_keys(data)
    assert all(keys) and (rest == "" or rest.startswith("\x1b"))


def test_names_are_what_the_terminal_sends() -> None:
    assert key_from_name("<enter>") == ENTER and key_from_name("<paste>") == PASTE_START
    assert key_from_name("yy") == "yy"


# ── one read, one input ──────────────────────────────────────────────────


def test_a_single_key_per_read_is_a_key() -> None:
    parser = InputParser()
    assert parser.feed("y") == ["y"]
    assert parser.feed("\x1b[B") == [DOWN]
    assert parser.feed("\r\n") == [ENTER]
    assert parser.idle_timeout is None


def test_more_than_one_key_in_one_read_is_a_paste() -> None:
    """``tmux paste-buffer`` and a terminal without bracketed paste write the clipboard as raw keys, in one go."""
    parser = InputParser()
    assert parser.feed("yy") == [Paste("yy")]
    assert parser.feed("git status\r") == [Paste("git status\r")]
    assert parser.feed("n\x1b[A") == [Paste("n\x1b[A")]


def test_key_repeat_of_navigation_stays_keys() -> None:
    assert InputParser().feed("\x1b[B\x1b[B\x1b[6~") == [DOWN, DOWN, PAGE_DOWN]


def test_ctrl_c_in_a_burst_still_interrupts() -> None:
    assert InputParser().feed("yy\x03") == [CTRL_C]


def test_a_bracketed_paste_is_a_paste_however_it_is_split() -> None:
    parser = InputParser()
    assert parser.feed(f"{PASTE_START}y") == []
    assert parser.in_paste and parser.idle_timeout == PASTE_IDLE_SECONDS
    assert parser.feed("y\r\x1b[20") == []
    assert parser.feed("1~") == [Paste("yy\r")]
    assert not parser.in_paste
    assert parser.feed("n") == ["n"]


def test_a_bracketed_paste_and_a_key_in_one_read_are_one_paste() -> None:
    assert InputParser().feed(f"{PASTE_START}git status{PASTE_END}\r") == [Paste("git status\r")]


def test_an_unterminated_paste_ends_when_input_goes_quiet() -> None:
    parser = InputParser()
    assert parser.feed(f"{PASTE_START}yy\x1b[2") == []
    assert parser.flush() == [Paste("yy\x1b[2")]
    assert not parser.in_paste and parser.idle_timeout is None
    assert parser.feed("n") == ["n"]


def test_a_lone_esc_waits_for_the_rest_of_a_sequence() -> None:
    parser = InputParser()
    assert parser.feed("\x1b") == []
    assert parser.idle_timeout == ESC_WAIT_SECONDS
    assert parser.feed("[A") == [UP]
    assert parser.feed("\x1b") == []
    assert parser.flush() == [ESC]
    assert parser.flush() == []


@given(
    st.lists(
        st.text(
            alphabet=st.sampled_from(["y", "s", "\r", "\x1b", "[", "2", "0", "1", "~", "A", "x"]),
            max_size=12,
        ),
        max_size=8,
    )
)
def test_every_read_yields_at_most_one_decisive_input(reads: list[str]) -> None:
    """Whatever the bytes, one read never delivers two keys that could decide: a second one makes it a paste."""
    parser = InputParser()
    for data in reads:
        items = parser.feed(data)
        keys = [
            item
            for item in items
            if isinstance(item, str) and item not in (UP, DOWN, PAGE_DOWN, HOME, END)
        ]
        assert len(keys) <= 1 or keys == [CTRL_C]
        assert all(isinstance(item, Paste) or item for item in items)
        assert parser.idle_timeout in (None, 0.05, 0.5)
    items = parser.flush()
    assert len([item for item in items if isinstance(item, str)]) <= 1
    assert parser.idle_timeout is None


def test_a_line_feed_after_a_carriage_return_is_the_same_enter_even_in_the_next_read() -> None:
    parser = InputParser()
    assert parser.feed("\r") == [ENTER]
    assert parser.feed("\n") == []
    assert parser.feed("\n") == [ENTER]  # a line feed on its own is enter
    assert InputParser().feed("\r\n") == [ENTER]


def test_a_legacy_mouse_report_is_one_input_even_split_across_reads() -> None:
    parser = InputParser()
    assert parser.feed("\x1b[M ") == []
    assert parser.feed("!!") == ["\x1b[M !!"]
    assert InputParser().feed("\x1b[I") == ["\x1b[I"]
