"""Grapheme-safe truncation.

Deliberately not the upstream's behaviour: the upstream slices UTF-16 code
units (``value.slice(0, maxLength)``), so a cut can land inside a surrogate
pair, a ZWJ sequence or a base + combining mark. Here limits count code points
(equal to the upstream's count for ASCII, where the output is byte-for-byte
the same) and the cut moves back to the last grapheme boundary.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from wcwidth import iter_graphemes

from askbench.impl.truncate import ELLIPSIS, grapheme_prefix, truncate_inline_text

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # man ZWJ woman ZWJ girl: 5 code points, 1 grapheme
FLAG_DE = "\U0001f1e9\U0001f1ea"
FLAG_FR = "\U0001f1eb\U0001f1f7"
E_ACUTE = "e\u0301"  # e + combining acute: 2 code points, 1 grapheme
THUMBS_DARK = "\U0001f44d\U0001f3ff"  # emoji + skin-tone modifier
HANGUL_JAMO = "\u1100\u1161\u11a8"  # L V T: one syllable grapheme
KEYCAP = "1\ufe0f\u20e3"


def boundaries(text: str) -> set[int]:
    """Every grapheme boundary of ``text``, as code-point offsets, per wcwidth."""
    offsets, position = {0}, 0
    for grapheme in iter_graphemes(text):
        position += len(grapheme)
        offsets.add(position)
    return offsets


def test_marker_is_the_bare_ellipsis():
    assert ELLIPSIS == "\u2026"


@pytest.mark.parametrize(
    ("text", "limit", "expected"),
    [
        ("abc", 3, "abc"),
        ("abc", 10, "abc"),
        ("abcd", 3, "abc…"),
        ("", 0, ""),
        ("a", 0, "…"),
        ("hello world", 5, "hello…"),
    ],
)
def test_ascii_truncation_matches_the_upstream_slice(text, limit, expected):
    assert truncate_inline_text(text, limit) == expected


def test_text_that_fits_is_returned_unchanged_even_with_a_marker_inside():
    assert truncate_inline_text("ab…", 3) == "ab…"


def test_300_emoji_are_not_cut_at_401_because_limits_count_code_points():
    """The issue's measurement: the upstream counts 600 UTF-16 units and cuts mid-pair."""
    text = "\U0001f600" * 300
    assert truncate_inline_text(text, 401) == text


def test_many_emoji_cut_at_401_leave_no_lone_surrogate():
    result = truncate_inline_text("\U0001f600" * 500, 401)
    assert result == "\U0001f600" * 401 + ELLIPSIS
    result.encode("utf-8")  # a lone surrogate would raise


@pytest.mark.parametrize(
    ("text", "limit", "expected"),
    [
        pytest.param(
            "ab" + FAMILY + "cd", 4, "ab…", id="zwj-family-straddling-the-cut-is-dropped-whole"
        ),
        pytest.param(
            "ab" + FAMILY + "cd", 7, "ab" + FAMILY + "…", id="zwj-family-that-fits-is-kept-whole"
        ),
        pytest.param(
            FLAG_DE + FLAG_FR, 3, FLAG_DE + "…", id="regional-indicator-pairs-stay-paired"
        ),
        pytest.param(FLAG_DE + FLAG_FR, 1, "…", id="half-a-flag-is-never-shown"),
        pytest.param(
            "abcd" + E_ACUTE + "fgh", 5, "abcd…", id="base-is-not-separated-from-its-combining-mark"
        ),
        pytest.param(
            "abcd" + E_ACUTE + "fgh",
            6,
            "abcd" + E_ACUTE + "…",
            id="base-and-mark-that-fit-are-kept",
        ),
        pytest.param(
            "x" + THUMBS_DARK + "y", 2, "x…", id="skin-tone-modifier-stays-with-its-emoji"
        ),
        pytest.param("x" + HANGUL_JAMO + "y", 3, "x…", id="hangul-jamo-syllable-stays-whole"),
        pytest.param("x" + KEYCAP + "y", 3, "x…", id="keycap-sequence-stays-whole"),
        pytest.param("a\r\nb", 2, "a…", id="crlf-is-one-grapheme"),
    ],
)
def test_cut_moves_back_to_a_grapheme_boundary(text, limit, expected):
    assert truncate_inline_text(text, limit) == expected


def test_a_first_grapheme_longer_than_the_limit_leaves_only_the_marker():
    assert truncate_inline_text(FAMILY + "abc", 3) == ELLIPSIS


def test_a_grapheme_longer_than_the_lookahead_window_is_never_split():
    zalgo = "a" + "\u0301" * 150
    text = "xy" + zalgo + "tail"
    assert grapheme_prefix(text, 10) == "xy"
    assert grapheme_prefix(text, 152) == "xy"
    assert grapheme_prefix(text, 153) == "xy" + zalgo


def test_grapheme_prefix_returns_the_whole_text_when_it_fits():
    assert grapheme_prefix("ab" + FAMILY, 7) == "ab" + FAMILY


CLUSTERS = [
    FAMILY,
    FLAG_DE,
    FLAG_FR,
    E_ACUTE,
    THUMBS_DARK,
    HANGUL_JAMO,
    KEYCAP,
    "\r\n",
    "\u0301",  # a stray combining mark
    "\u200d",  # a stray joiner
    "\U0001f1e9",  # a lone regional indicator
    "a",
    " ",
    "…",
    "\u4e16",
    "\U0001f600",
]

texts = st.one_of(
    st.text(),
    st.lists(st.sampled_from(CLUSTERS), max_size=40).map("".join),
    st.lists(st.one_of(st.sampled_from(CLUSTERS), st.text(max_size=3)), max_size=30).map("".join),
)
limits = st.integers(min_value=0, max_value=120)


@given(texts, limits)
@example("ab" + FAMILY + "cd", 4)
@example("a" + "\u0301" * 200, 100)
def test_truncation_properties(text, limit):
    result = truncate_inline_text(text, limit)
    if len(text) <= limit:
        assert result == text
        return
    assert result.endswith(ELLIPSIS)
    kept = result[: -len(ELLIPSIS)]
    # never exceeds the limit plus the marker
    assert len(kept) <= limit
    assert len(result) <= limit + len(ELLIPSIS)
    # is a prefix of the input
    assert text.startswith(kept)
    # never splits a grapheme of the input
    cuts = boundaries(text)
    assert len(kept) in cuts
    # and gives up no more than it must: the longest boundary within the limit
    assert len(kept) == max(cut for cut in cuts if cut <= limit)


@given(texts, limits)
def test_grapheme_prefix_is_idempotent_and_within_the_limit(text, limit):
    prefix = grapheme_prefix(text, limit)
    assert len(prefix) <= limit or prefix == text
    assert text.startswith(prefix)
    assert grapheme_prefix(prefix, limit) == prefix
