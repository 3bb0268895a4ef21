"""askbench.impl.legacy: the old unbounded dialog, kept honest as the measured baseline."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from wcwidth import width as wc_width

from askbench.impl.legacy import render_legacy_message, wrap_message
from askbench.impl.neutralise import neutralise, restore
from askbench.impl.payload import build_payload

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
"""A family of three: one cluster a terminal cell holds whole (past it, extenders are spelled out)."""


@pytest.mark.parametrize(
    ("call", "ask", "message"),
    [
        (
            {"name": "bash", "input": {"command": "ls"}},
            {},
            "Current agent requested bash command 'ls'. Allow this command?",
        ),
        (
            {"name": "bash", "input": {"command": "ls"}},
            {"agent": "a", "matchedPattern": "ls*"},
            "Agent 'a' requested bash command 'ls' (matched 'ls*'). Allow this command?",
        ),
        (
            {"name": "skill", "input": {"name": "pdf"}},
            {},
            "Current agent requested skill 'pdf'. Allow loading this skill?",
        ),
        (
            {"name": "bash", "input": {"command": "ls"}},
            {"forwarded": {"agent": "scout", "sessionId": "s1"}},
            "Subagent 'scout' requested permission.\nSession ID: s1\n\n"
            "Agent 'scout' requested bash command 'ls'. Allow this command?",
        ),
    ],
)
def test_render_legacy_message_is_the_one_sentence_ask(call: dict, ask: dict, message: str) -> None:
    assert render_legacy_message(build_payload(call, ask)) == message


def test_the_legacy_message_carries_the_whole_input() -> None:
    command = "echo " + "x" * 20_000 + "\n" * 300
    assert command in render_legacy_message(
        build_payload({"name": "bash", "input": {"command": command}})
    )


def test_wrap_message_keeps_every_line_unbounded() -> None:
    message = "\n".join(f"line {index}" for index in range(500))
    assert len(wrap_message(message, 80)) == 500


def test_wrap_message_hard_wraps_long_lines_by_cell() -> None:
    assert wrap_message("a" * 250, 100) == ["a" * 100, "a" * 100, "a" * 50]
    assert wrap_message("漢" * 50, 20) == ["漢" * 10] * 5
    assert wrap_message("a" + FAMILY * 3, 2) == ["a", FAMILY, FAMILY, FAMILY]


def test_wrap_message_keeps_blank_lines() -> None:
    assert wrap_message("a\n\nb\n", 10) == ["a", "", "b", ""]


def test_wrap_message_neutralises_and_expands_tabs() -> None:
    rows = wrap_message("ls\x1b[1A\x1b[2K\rrm\tx\u202e", 80)
    assert rows == ["ls␛[1A␛[2K␍rm   x⟨U+202E⟩"]  # the tab stop counts the notation's cells
    assert "\x1b" not in "".join(rows)


def test_a_wider_terminal_buys_nothing_for_short_lines() -> None:
    message = "\n".join("short line" for _ in range(200))
    assert len(wrap_message(message, 80)) == len(wrap_message(message, 160)) == 200


any_text = (
    st.lists(
        st.one_of(
            st.text(st.characters(exclude_categories=()), max_size=40),
            st.sampled_from(("漢字", FAMILY, "\n", "x" * 300, "\x1b[2J", "e\u0301")),
        ),
        max_size=10,
    )
    .map("".join)
    .map(lambda text: text.replace("\t", " "))
)


@given(any_text, st.integers(20, 200))
def test_wrap_message_fits_and_loses_nothing(message: str, width: int) -> None:
    rows = wrap_message(message, width)
    for row in rows:
        assert wc_width(row) <= width
    lines = neutralise(message).split("\n")
    assert len(rows) >= len(lines)
    # rows regroup into the neutralised lines, which restore to the message
    regrouped, index = [], 0
    for line in lines:
        joined = rows[index]
        index += 1
        while joined != line and index < len(rows):
            joined += rows[index]
            index += 1
        assert joined == line
        regrouped.append(joined)
    assert index == len(rows)
    assert restore("\n".join(regrouped)) == message
