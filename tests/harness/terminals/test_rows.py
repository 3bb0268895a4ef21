"""A screen held compactly reads as its rows, and costs little more than its text."""

from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from askbench.harness.terminals import layout
from askbench.harness.terminals import rows as screen_rows
from askbench.harness.terminals.layout import place
from askbench.harness.terminals.models import GRAPHEME
from askbench.harness.terminals.rows import RowsBuilder, ScreenRow, ScreenRows
from askbench.harness.terminals.unprintables import printed_text

_screen_lines = st.lists(
    st.text(alphabet="ab \x1b[33m\x1b[0m\u00b1漢", max_size=30).map(
        lambda text: text.replace("\x1b", "\x1b[3m")
    ),
    max_size=24,
)


@settings(max_examples=200)
@given(
    _screen_lines, st.integers(1, 12), st.integers(1, 5), st.integers(-3, 30), st.integers(-3, 30)
)
def test_a_screen_held_compactly_reads_as_its_rows_made_one_by_one(
    lines: list[str], width: int, block: int, start: int, stop: int
) -> None:
    """Rows held a block of texts at a time read as the rows a layout makes (``ScreenRow`` by ``ScreenRow``),
    across every block boundary: by index, by slice, as texts, as kinds, and from any row to any row."""
    with mock.patch.object(screen_rows, "_BLOCK", block):
        rows = place(lines, width, GRAPHEME)
        one_by_one = _made_one_by_one(lines, width)
        assert rows == one_by_one and len(rows) == len(one_by_one)
        assert [rows[index] for index in range(-len(rows), len(rows))] == one_by_one * 2
        assert rows[start:stop] == one_by_one[start:stop]
        assert list(rows.texts) == [row.text for row in one_by_one]
        assert rows.texts[start:stop] == [row.text for row in one_by_one[start:stop]]
        assert list(rows.texts_between(start, stop)) == [
            row.text for row in one_by_one[max(0, start) : max(0, stop)]
        ]
        assert list(rows.all_kinds()) == [row.kinds for row in one_by_one]
        with pytest.raises(IndexError):
            rows[len(rows)]


def _made_one_by_one(lines: list[str], width: int) -> list[ScreenRow]:
    """The rows as a list of ``ScreenRow`` made as the layout adds them: what the compact screen stands for."""

    class Listed(RowsBuilder):
        def __init__(self) -> None:
            super().__init__()
            self.made: list[ScreenRow] = []

        def add(self, text: str, styles, kinds) -> None:  # type: ignore[no-untyped-def]
            self.made.append(ScreenRow(text, styles, kinds))

    listed = Listed()
    with mock.patch.object(layout, "RowsBuilder", lambda: listed):
        place(lines, width, GRAPHEME)
    return listed.made


def test_a_long_screen_is_held_in_little_more_than_its_text() -> None:
    """A row of its own (text object, ``ScreenRow``, list slot) costs three times a short row's text; held as
    blocks of text with offsets, a screen of 20,000 painted rows costs well under twice its text."""
    import tracemalloc

    lines = [
        "          \x1b[33mecho " + "B" * 60 + f"{index:05d}\x1b[39m" for index in range(20_000)
    ]
    printed = sum(len(printed_text(line)) for line in lines)
    place(lines[:10], 80, GRAPHEME)
    tracemalloc.start()
    try:
        rows = place(lines, 80, GRAPHEME)
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(rows) == 20_000 and rows[-1].text.endswith("19999")
    assert held < 1.5 * printed


@settings(max_examples=100)
@given(_screen_lines, st.integers(1, 12), st.integers(1, 5))
def test_rows_a_reader_changed_are_held_as_the_one_row_type(
    lines: list[str], width: int, block: int
) -> None:
    """``ScreenRows.of`` holds any rows as the rows they are: texts, styles and kinds, across every block."""
    with mock.patch.object(screen_rows, "_BLOCK", block):
        made = _made_one_by_one(lines, width)
        held = ScreenRows.of(made)
        assert isinstance(held, ScreenRows) and held == made
        assert list(held.texts) == [row.text for row in made]
        assert list(held.all_kinds()) == [row.kinds for row in made]
