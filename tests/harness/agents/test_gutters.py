"""Gutters read off a CLI's rows: line numbers counting up and diff marks, and nothing that only looks like one."""

from __future__ import annotations

from askbench.harness.agents.gutters import without_gutters


def test_line_numbers_counting_up_are_read_off_with_their_diff_marks() -> None:
    rows = [
        "│ │ 299   return x;",
        "│ │ 300 }",
        "  ┃    1 + /**",
        "  ┃    2 +  * Retry",
        "  ┃        publishes).",
        "  ┃    3 -  *",
    ]
    assert [row.split() for row in without_gutters(rows)] == [
        ["│", "│", "return", "x;"],
        ["│", "│", "}"],
        ["┃", "/**"],
        ["┃", "*", "Retry"],
        ["┃", "publishes)."],
        ["┃", "*"],
    ]


def test_numbers_that_do_not_count_up_are_the_text_s_own() -> None:
    rows = ["  3 apples", "  7 pears", "  10 -1 is less", "  2024 release"]
    assert without_gutters(rows) == tuple(rows)
    assert without_gutters(["1 line"]) == ("1 line",)
