"""askbench.harness.judge.box: a box drawn around the prompt is the renderer's frame, taken off before reading."""

import pytest

from askbench.harness.judge.box import unbox, unbox_under_header
from askbench.harness.terminals.frame_reading import read_frame


def test_a_box_around_the_prompt_is_taken_off_and_its_rows_keep_their_places() -> None:
    lines = [
        "╭──────────────────────╮",
        "│ Permission Required  │",
        "│ tool : bash          │",
        "│ command : ls         │",
        "│            -la       │",
        "│                      │",
        "│ ● 1. Allow once      │",
        "│   3. No              │",
        "╰──────────────────────╯",
    ]
    rows = [row.text for row in unbox(read_frame(lines, 40).screen_rows)]
    assert rows == [
        "",
        "Permission Required",
        "tool : bash",
        "command : ls",
        "           -la",
        "",
        "● 1. Allow once",
        "  3. No",
        "",
    ]


def test_a_box_that_does_not_close_or_stands_in_from_the_edge_is_text() -> None:
    open_box = ["╭────╮", "│ ab │", "cd"]
    assert [row.text for row in unbox(read_frame(open_box, 20).screen_rows)] == open_box
    inner = ["tool : x", "    ╭────╮", "    │ ab │", "    ╰────╯"]
    assert [row.text for row in unbox(read_frame(inner, 20).screen_rows)] == inner


def test_a_title_set_into_the_top_border_is_the_title() -> None:
    lines = ["╭─ Permission Required ─╮", "│ tool : bash           │", "╰───────────────────────╯"]
    assert [row.text for row in unbox(read_frame(lines, 40).screen_rows)] == [
        "Permission Required",
        "tool : bash",
        "",
    ]


# ── a box around the command, under the header ─────────────────────────────

GEMINI = [
    "╭──────────────────────────────────────╮",
    "│ ? Shell  cd /srv/app && rm -rf build │",
    "│ ╭──────────────────────────────────╮ │",
    "│ │ cd /srv/app && rm -rf build      │ │",
    "│ │   --verbose                      │ │",
    "│ ╰──────────────────────────────────╯ │",
    "│ Tool: bash                           │",
    "│ Allow execution of: 'cd'?            │",
    "│                                      │",
    "│ ● 1. Allow once                      │",
    "╰──────────────────────────────────────╯",
]
"""Gemini CLI 0.61's prompt (a kept run of the real CLI), with a second row in its inner box."""


def _under_header(lines: list[str]) -> list[str]:
    return [row.text for row in unbox_under_header(unbox(read_frame(lines, 80).screen_rows))]


def test_a_box_under_the_header_reads_as_rules_around_its_rows_set_in_past_its_left_side() -> None:
    rows = _under_header(GEMINI)
    assert rows[1:6] == [
        "? Shell  cd /srv/app && rm -rf build",
        "─" * 36,
        "   cd /srv/app && rm -rf build",
        "     --verbose",
        "─" * 36,
    ]
    assert rows[6:] == _under_header([*GEMINI[:2], *GEMINI[6:]])[2:]


@pytest.mark.parametrize(
    "row",
    [
        pytest.param("│ │ cd /srv/app && rm -rf      │ build │", id="text after its right side"),
        pytest.param("│ │ cd /srv/app && rm -rf build         │", id="no right side"),
        pytest.param("│ cd /srv/app && rm -rf build         │ │", id="no left side"),
    ],
)
def test_a_box_with_a_row_not_inside_both_its_sides_is_not_taken_off(row: str) -> None:
    lines = [*GEMINI[:3], row, *GEMINI[4:]]
    assert _under_header(lines) == [row.text for row in unbox(read_frame(lines, 80).screen_rows)]


def test_only_a_box_right_under_the_header_is_taken_off() -> None:
    lines = [GEMINI[0], GEMINI[1], "│                                      │", *GEMINI[2:]]
    assert _under_header(lines) == [row.text for row in unbox(read_frame(lines, 80).screen_rows)]
