"""askbench.harness.judge.box: a box drawn around the prompt is the renderer's frame, taken off before reading."""

from askbench.harness.judge.box import unbox
from askbench.harness.terminals.models import read_frame


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
