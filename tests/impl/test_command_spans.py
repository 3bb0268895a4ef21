"""askbench.impl.command_spans: how many commands a cut hides, from where they stand."""

from __future__ import annotations

from collections.abc import Collection

import pytest
from hypothesis import given
from hypothesis import strategies as st

from askbench.impl.cells import text_cells
from askbench.impl.command_spans import CommandSpans, hidden_marker, near_ends
from askbench.impl.neutralise import neutralise

TEXT = "a1 && b2 && c3 && d4 && e5"
SPANS = CommandSpans(5, tuple((index * 6, index * 6 + 2, 1) for index in range(5)))


def _same(text: str, own: Collection[int] = ()) -> str:
    return text


@pytest.mark.parametrize(
    ("head", "tail", "hidden"),
    [
        ("a1 && b2 && ", "e5", 2),  # c3, d4
        ("a1 && b", "e5", 3),  # b2 cut: not shown whole
        ("a1", "5", 4),  # e5 cut from the front
        ("", "", 5),
        (TEXT, "", 0),
    ],
)
def test_a_command_counts_as_shown_only_whole_in_the_head_or_the_tail(
    head: str, tail: str, hidden: int
) -> None:
    assert SPANS.hidden(TEXT, head, tail, _same) == hidden


def test_a_span_that_stands_for_many_commands_counts_as_many() -> None:
    text = "a1\n… 40 more commands …\nz9"
    spans = CommandSpans(42, ((0, 2, 1), (3, 23, 40), (24, 26, 1)))
    assert spans.hidden(text, "a1\n", "z9", _same) == 40
    assert spans.hidden(text, "a1\n… 40 more commands …\n", "z9", _same) == 0


def test_the_texts_own_count_line_is_notated_as_its_own_wherever_an_end_begins() -> None:
    """``own`` is handed to the view's notation as places in the piece it notates: the head's from the text's
    start, the tail's from the command's; a count line not the text's own would be set apart and not found."""
    text = "a1\n… 40 more commands …\nz9"
    owned = CommandSpans(42, ((0, 2, 1), (3, 23, 40), (24, 26, 1)), own=(3,))
    assert owned.hidden(text, "a1\n… 40 more commands …\n", "z9", neutralise) == 0
    assert owned.hidden(text, "a1\n", "… 40 more commands …\nz9", neutralise) == 0
    unowned = CommandSpans(42, owned.spans)
    assert unowned.hidden(text, "a1\n", "… 40 more commands …\nz9", neutralise) == 40
    assert owned.owned(3, len(text)) == (0,) and owned.owned(4, len(text)) == ()


def test_a_command_no_span_places_is_hidden() -> None:
    """The total weighs every command: one past the kept windows can never be found on screen."""
    assert CommandSpans(7, SPANS.spans).hidden(TEXT, TEXT, "", _same) == 2


def test_the_head_and_tail_are_compared_in_the_views_notation() -> None:
    text = "a\x1b && b"
    spans = CommandSpans(2, ((0, 2, 1), (6, 7, 1)))
    notated = text.replace("\x1b", "␛")
    assert spans.hidden(text, notated[:3], "", lambda t, own: t.replace("\x1b", "␛")) == 1
    assert spans.hidden(text, notated[:3], "", _same) == 2  # unnotated: the head does not start so


@given(st.integers(min_value=1, max_value=50), st.data())
def test_the_count_is_what_neither_end_shows_whole(count: int, data: st.DataObject) -> None:
    words = [f"c{index}" for index in range(count)]
    text = " ; ".join(words)
    starts = [sum(len(word) + 3 for word in words[:index]) for index in range(count)]
    spans = CommandSpans(
        count,
        tuple((start, start + len(word), 1) for start, word in zip(starts, words, strict=True)),
    )
    cut_head = data.draw(st.integers(min_value=0, max_value=len(text)))
    cut_tail = data.draw(st.integers(min_value=cut_head, max_value=len(text)))
    head, tail = text[:cut_head], text[cut_tail:]
    shown = [
        w
        for (start, end, _), w in zip(spans.spans, words, strict=True)
        if end <= cut_head or start >= cut_tail
    ]
    assert spans.hidden(text, head, tail, _same) == count - len(shown)


def test_near_ends_keeps_what_a_cut_could_show() -> None:
    spans = [(start, start + 2, 1) for start in range(0, 100_000, 10)]
    kept = near_ends(spans, 100_000)
    assert kept[0] == (0, 2, 1) and kept[-1] == (99_990, 99_992, 1)
    assert all(start < 8_192 or end > 100_000 - 8_192 for start, end, _ in kept)
    assert len(kept) < len(spans) / 5


def test_the_marker_says_how_many() -> None:
    assert hidden_marker(1) == "… 1 more command …"
    assert hidden_marker(19) == "… 19 more commands …"
    assert hidden_marker(0) == "…"


@pytest.mark.parametrize(
    ("count", "cells", "marker"),
    [
        (19, 24, "… 19 more commands …"),
        (19, 21, "…19 more commands…"),  # the blanks go first: … is two cells where it may be wide
        (1, 18, "…1 more command…"),
        (
            185,
            20,
            "…185 more\ncommands…",
        ),  # two rows, broken between words, where one cannot hold it
        (12345, 12, "…12345 more\ncommands…"),
    ],
)
def test_a_count_on_a_narrow_row_keeps_its_words_in_fewer_cells(
    count: int, cells: int, marker: str
) -> None:
    """Each form keeps the count's words (``… N more commands …``, a row break only between words) and fits."""
    assert hidden_marker(count, cells) == marker
    assert all(text_cells(row) <= cells for row in marker.split("\n"))


SCRIPT = "sh -c 'a1\nb2\nc3\nd4' x"
"""A shell (0–20) whose script's four commands stand on four lines."""
SCRIPT_SPANS = CommandSpans(5, ((0, 20, 1), (7, 9, 1), (10, 12, 1), (13, 15, 1), (16, 18, 1)))


@pytest.mark.parametrize(
    ("head", "tail", "hidden"),
    [
        ("sh -c 'a1\n", "d4' x", 2),  # the script goes on after the cut: b2 and c3, not the shell
        ("sh -c 'a1\n", "' x", 4),  # nothing of its script after the cut: the shell is cut through
        ("sh -c 'a", "d4' x", 4),  # nothing of its script before the cut: a1 and the shell too
    ],
)
def test_a_shell_whose_script_is_shown_on_both_sides_of_a_cut_is_not_hidden_by_it(
    head: str, tail: str, hidden: int
) -> None:
    assert SCRIPT_SPANS.hidden(SCRIPT, head, tail, _same) == hidden
