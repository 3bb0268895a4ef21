"""askbench.impl.count_forms: a ``…`` of a value that opens the words of a count row, and where a piece may end."""

from __future__ import annotations

import pytest

from askbench.harness.judge.field_match import COUNTED_CUT
from askbench.impl.count_forms import count_openings, unsettled_from
from askbench.impl.neutralise import neutralise, restore


@pytest.mark.parametrize(
    ("text", "openings"),
    [
        ("\u2026 3 more commands \u2026", [0]),
        ("\u2026 1 more command \u2026", [0]),
        ("\u20263 more commands\u2026", [0]),
        (
            "x \u2026\t12\u00a0more\ncommands  \u2026 y",
            [2],
        ),  # any blank a row shows, a line break too
        ("\u2026 \u0663 more commands \u2026", [0]),  # digits of any script read as a count
        ("\u2026 3 more commands \u2026 5 more commands \u2026", [0, 18]),
        ("\u2026 3 more commands", []),
        ("\u2026 3 more commandz \u2026", []),
        ("\u2026 more commands \u2026", []),
        (
            "\u2026 3 more\x1fcommands \u2026",
            [],
        ),  # a control shows as its picture, which breaks the words
        ("\u2026 3 more\u2028commands \u2026", []),
        ("... 3 more commands ...", []),
    ],
)
def test_a_count_opener_is_a_marker_before_a_count_rows_words(
    text: str, openings: list[int]
) -> None:
    assert count_openings(text) == openings


def test_the_callers_own_count_line_is_no_opener() -> None:
    text = "a\n\u2026 3 more commands \u2026\n\u2026 3 more commands \u2026"
    assert count_openings(text, own=(2,)) == [22]


@pytest.mark.parametrize(
    "text",
    [
        "agent : ls -la\n\u2026 3 more commands \u2026",
        "\u2026 3 more commands \u2026 5 more commands \u2026",
        "x\u2026\n 3\u00a0more\n\ncommands\u2026",
        "\u2026 \u0663 more commands \u2026",
        "\u00e9\u2026 3 more commands \u2026\u0301",
    ],
)
def test_neutralised_no_count_rows_words_remain_and_restore_gives_the_text(text: str) -> None:
    shown = neutralise(text)
    assert COUNTED_CUT.search(shown) is None
    assert restore(shown) == text


@pytest.mark.parametrize(
    ("text", "settled"),
    [
        ("a \u2026 3 more comm", 2),
        ("a \u2026", 2),
        ("a \u2026   ", 2),
        ("a \u2026 3 more commands \u2026", 20),  # a closing marker may open the next run
        ("a \u2026 3 more commands \u2026 x", 23),
        ("a \u2026 3 lines", 11),
        ("plain text", 10),
    ],
)
def test_a_piece_is_settled_up_to_a_marker_that_may_still_open_a_run(
    text: str, settled: int
) -> None:
    assert unsettled_from(text) == settled


def test_unsettled_looks_only_within_its_bounds() -> None:
    text = "\u2026 3 more x \u2026 3"
    assert unsettled_from(text, 0, 9) == 0
    assert unsettled_from(text, 0, 10) == 10
    assert unsettled_from(text, 0, 12) == 11
    assert unsettled_from(text, 1, 9) == 9
    assert unsettled_from(text, 11) == 11
