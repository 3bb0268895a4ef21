"""askbench.harness.judge.label_heads: each row read once for the labels it begins with, agreeing with ``label_head`` row by row."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from askbench.harness.judge.expected_facts import ExpectedFact
from askbench.harness.judge.label_heads import HeadIndex, label_head
from askbench.harness.judge.work_units import WorkMeter
from askbench.harness.terminals.frame_reading import read_frame

LABELS = [
    "tool",
    "command",
    "note 1",
    "note: x",
    "a very long evidence label",
    "\x80",
    "a\tb",
    "\tlead",
    "  ",
    "⟨",
]
ROWS = st.lists(
    st.one_of(
        st.sampled_from(
            [
                "tool : bash",
                "tool:",
                "note 1 : x",
                "note: x : y",
                "a very long evi… : z",
                "a very long e: z",
                "⟨U+0080⟩  : x",
                "a b   : v",
                "a    b: v",
                "    lead : x",
                "   : blank",
                "⟨U+27E8⟩ : x",
                "…",
                "",
                "  continued",
                "toolbox : x",
            ]
        ),
        st.text(alphabet="abt o:l…⟨ ", max_size=14),
    ),
    min_size=1,
    max_size=12,
)


def _rows(texts: list[str]):
    return read_frame(texts, 200).screen_rows


@settings(max_examples=200)
@given(texts=ROWS)
def test_the_index_finds_exactly_the_rows_label_head_finds(texts: list[str]) -> None:
    rows = _rows(texts)
    facts = [ExpectedFact(label, ("x",), core=False) for label in LABELS]
    index = HeadIndex(rows, facts, len(rows), WorkMeter(1 << 30))
    for label in LABELS:
        found = [row for row in range(len(rows)) if label_head(rows[row].text, label) is not None]
        assert [
            row for row in range(len(rows)) if index.next_row(label, row, row + 1) is not None
        ] == found, label
    for row in range(len(rows)):
        heads = [
            position
            for position, fact in enumerate(facts)
            if label_head(rows[row].text, fact.label) is not None
        ]
        assert index.last_position[row] == max(heads, default=-1)


@pytest.mark.parametrize("shown", ["0 一: x", "0    一 : x", "0        一: x", "0⟨U+0009⟩一: x"])
def test_a_tab_in_a_label_shows_as_one_to_eight_blanks_or_a_notation(shown: str) -> None:
    """As in a value: a tab is layout, so a label holding one is found however many blanks it took."""
    assert label_head(shown, "0\t一") is not None


@pytest.mark.parametrize("shown", ["0一: x", "0         一: x", "0 x一: x"])
def test_a_tab_left_out_or_wider_than_a_tab_stop_is_not_the_label(shown: str) -> None:
    assert label_head(shown, "0\t一") is None


def test_a_label_that_opens_with_a_tab_begins_its_row_with_blanks() -> None:
    rows = _rows([": b9", "    011-y/.:", ""])
    facts = [ExpectedFact("", ("b9",), core=False), ExpectedFact("\t011-y/.", ("",), core=False)]
    index = HeadIndex(rows, facts, len(rows), WorkMeter(1 << 30))
    assert index.next_row("\t011-y/.", 0, len(rows)) == 1


def test_breaks_are_later_facts_label_rows_and_lone_markers_nearest_first() -> None:
    rows = _rows(["tool : bash", "command : ls", "…", "tool : again", "note 1 : x", ""])
    facts = [ExpectedFact(label, ("x",), core=False) for label in ("tool", "command", "note 1")]
    index = HeadIndex(rows, facts, len(rows), WorkMeter(1 << 30))
    assert list(index.breaks(0, len(rows), 0)) == [
        1,
        2,
        4,
    ]  # row 3 heads only 'tool', which comes first
    assert list(index.blank_ends(0, len(rows))) == [5]
    assert index.is_break(2) and index.is_break(3) and not index.is_break(5)
