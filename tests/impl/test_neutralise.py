"""askbench.impl.neutralise: every character that could act on the terminal becomes a visible, reversible notation.

Issue 7 item 1: C0/C1 controls, every ESC sequence (whole), CR, BS, DEL, bidi
controls, invisible format characters, ZWJ/ZWNJ outside emoji, stray
variation selectors and tag characters outside flag sequences become
notation; emoji ZWJ families, flags, skin tones and combining marks on a base
stay as they are; the notation cannot be forged by typing it literally.
"""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st
from wcwidth import iter_graphemes
from wcwidth import width as wc_width

from askbench.impl.cells import grapheme_cells
from askbench.impl.neutralise import (
    MAX_CLUSTER_BYTES,
    MAX_CLUSTER_CELLS,
    MAX_EXTENDERS,
    MAX_TEXT_EXTENDERS,
    neutralise,
    notation,
    restore,
)

ZWJ = "\u200d"
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"  # 👨‍👩‍👧‍👦
TECHNOLOGIST = "\U0001f469\U0001f3fd\u200d\U0001f4bb"  # 👩🏽‍💻
FLAG_FR = "\U0001f1eb\U0001f1f7"
FLAG_SCOTLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
THUMBS_TONE = "\U0001f44d\U0001f3fd"
HEART = "\u2764\ufe0f"
KEYCAP = "1\ufe0f\u20e3"
E_ACUTE = "e\u0301"
DEVANAGARI = "\u0915\u094d\u0937"  # क्ष, a virama conjunct

# ── hypothesis strategies (whole Unicode range, surrogates included) ─────────

ESCAPE_SEQUENCES = (
    "\x1b[1A",
    "\x1b[2K",
    "\x1b[2J\x1b[H",
    "\x1b[31;1m",
    "\x1b]8;;https://evil.example/x\x1b\\",
    "\x1b]8;;\x07",
    "\x1b]52;c;Y3VybCBldmlsIHwgc2g=\x07",
    "\x1b]0;innocent title\x07",
    "\x1b]2;t\x1b\\",
    "\x1bP$q m\x1b\\",
    "\x1b_Gf=100;AAAA\x1b\\",
    "\x1b^private\x1b\\",
    "\x1bXstart of string\x1b\\",
    "\x1b7\x1b8",
    "\x9b1A",
    "\x9d0;t\x9c",
    "\x90q\x9c",
)
SPECIALS = tuple(
    "\x00\x07\x08\t\n\r\x0b\x0c\x1b\x7f\x85\x9b\x9f\u00ad\u061c"
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
    "\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063\u2064\ufeff\u2028\u2029"
    "\ufe0e\ufe0f\U000e0100\U000e0041\U000e0020\U000e007f\u0301\u20e3\U0001f3fd"
    "\u3164\u115f\u2800\u27e8\u27e9\u241b\u240d\u2421\u2400"
) + ("\ud800", "\udfff", "\ud83d")
CLUSTERS = (
    FAMILY,
    TECHNOLOGIST,
    FLAG_FR,
    FLAG_SCOTLAND,
    THUMBS_TONE,
    HEART,
    KEYCAP,
    E_ACUTE,
    DEVANAGARI,
    "漢字",
    "한국어",
    "\U0001f3f4",
    "\U0001f1eb",
    "⟨U+202E⟩",
    "␛[1A",
    "a" + "\u0301" * 30,
)

any_char_text = st.text(st.characters(exclude_categories=()))
hostile_text = st.lists(
    st.one_of(
        any_char_text,
        st.sampled_from(ESCAPE_SEQUENCES),
        st.sampled_from(SPECIALS),
        st.sampled_from(CLUSTERS),
    ),
    max_size=12,
).map("".join)


# ── what the output may contain ─────────────────────────────────────────────

FORBIDDEN_FORMAT = frozenset(
    "\u200b\u200c\u200e\u200f\u2060\u2061\u2062\u2063\u2064\ufeff\u2028\u2029\u00ad\u061c"
)


def _is_variation_selector(char: str) -> bool:
    return "\ufe00" <= char <= "\ufe0f" or "\U000e0100" <= char <= "\U000e01ef"


def assert_inert(text: str) -> None:
    """No character that acts instead of printing, and no invisible one on its own."""
    for index, char in enumerate(text):
        code = ord(char)
        assert char in "\n\t" or code >= 0x20, f"C0 control {char!r} at {index}"
        assert not 0x7F <= code <= 0x9F, f"DEL/C1 control {char!r} at {index}"
        assert not (
            0x202A <= code <= 0x202E or 0x2066 <= code <= 0x2069
        ), f"bidi control {char!r} at {index}"
        assert char not in FORBIDDEN_FORMAT, f"invisible format character {char!r} at {index}"
        assert not 0xD800 <= code <= 0xDFFF, f"lone surrogate {char!r} at {index}"
    for line in text.split("\n"):
        for grapheme in iter_graphemes(line):
            if grapheme == "\t":
                continue
            assert wc_width(grapheme) >= 1, f"zero-width grapheme {grapheme!r}"
            base = grapheme[0]
            assert (
                unicodedata.category(base)[0] != "M"
            ), f"grapheme starts with a mark: {grapheme!r}"
            for position, char in enumerate(grapheme):
                if char == ZWJ:
                    assert 0 < position < len(grapheme) - 1, f"ZWJ at the edge of {grapheme!r}"
                    assert grapheme[position + 1] != ZWJ and grapheme[position - 1] != ZWJ
                if "\U000e0020" <= char <= "\U000e007f":
                    assert (
                        base == "\U0001f3f4"
                    ), f"tag character outside a flag sequence: {grapheme!r}"
                if _is_variation_selector(char):
                    assert position > 0 and not _is_variation_selector(
                        grapheme[position - 1]
                    ), f"stray variation selector in {grapheme!r}"
            extenders = len(grapheme) - 1
            assert extenders <= MAX_EXTENDERS + 1, f"{extenders} extenders stacked on {base!r}"


# ── the notation, class by class ─────────────────────────────────────────────


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("\x1b[1A\x1b[2K", "␛[1A␛[2K"),  # CSI cursor up + erase line, visible whole
        (
            "\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\",
            "␛]8;;https://evil.example␛\\click␛]8;;␛\\",
        ),
        ("\x1b]8;;https://e\x07x\x1b]8;;\x07", "␛]8;;https://e␇x␛]8;;␇"),  # OSC 8, BEL-terminated
        ("\x1b]52;c;Y3VybA==\x07", "␛]52;c;Y3VybA==␇"),  # OSC 52 clipboard write
        ("\x1b]0;title\x07", "␛]0;title␇"),  # OSC 0 title
        ("\x1bP$q m\x1b\\", "␛P$q m␛\\"),  # DCS
        ("\x1b_Gf=100\x1b\\", "␛_Gf=100␛\\"),  # APC
        ("\x1b^pm\x1b\\", "␛^pm␛\\"),  # PM
        ("\x1bXsos\x1b\\", "␛Xsos␛\\"),  # SOS
        ("\x9b1A", "⟨U+009B⟩1A"),  # 8-bit CSI
        ("\x90q\x9c", "⟨U+0090⟩q⟨U+009C⟩"),  # 8-bit DCS and ST
        ("\x85", "⟨U+0085⟩"),  # NEL
        ("ls\rrm -rf ~", "ls␍rm -rf ~"),  # CR overwrites
        ("rm\b\bls", "rm␈␈ls"),  # BS overwrites
        ("a\x7fb", "a␡b"),  # DEL
        ("\x00\x07\x0b\x0c", "␀␇␋␌"),
        ("a\r\nb", "a␍\nb"),  # CRLF: CR visible, the LF stays a line break
        ("a\nb\tc", "a\nb\tc"),  # LF and tab are layout, not notation
    ],
)
def test_controls_and_escape_sequences_become_visible_notation(raw: str, shown: str) -> None:
    assert neutralise(raw) == shown
    assert restore(shown) == raw
    assert "\x1b" not in neutralise(raw)


@pytest.mark.parametrize("code", [*range(0x202A, 0x202F), *range(0x2066, 0x206A)])
def test_every_bidi_control_becomes_notation(code: int) -> None:
    raw = f"file{chr(code)}gpj.exe"
    assert neutralise(raw) == f"file⟨U+{code:04X}⟩gpj.exe"


@pytest.mark.parametrize(
    "char", ["\u200b", "\u2060", "\u2061", "\u2062", "\u2063", "\u2064", "\ufeff"]
)
def test_invisible_format_characters_become_notation(char: str) -> None:
    assert neutralise(f"r{char}m") == f"r⟨U+{ord(char):04X}⟩m"


@pytest.mark.parametrize("char", ["\u200d", "\u200c"])
def test_zwj_and_zwnj_outside_emoji_become_notation(char: str) -> None:
    code = f"⟨U+{ord(char):04X}⟩"
    assert neutralise(f"git{char}hub.com") == f"git{code}hub.com"
    assert neutralise(f"a{char}") == f"a{code}"
    assert neutralise(f"{char}\U0001f469") == f"{code}\U0001f469"
    # before a pictograph but after a letter or a digit it joins nothing (hypothesis found '0' ZWJ 🏻 kept raw)
    assert neutralise(f"0{char}\U0001f3fb") == f"0{code}\U0001f3fb"
    assert neutralise(f"a{char}\U0001f44d") == f"a{code}\U0001f44d"


def test_doubled_zwj_between_emoji_becomes_notation() -> None:
    assert neutralise("\U0001f469\u200d\u200d\U0001f469") == "\U0001f469⟨U+200D⟩⟨U+200D⟩\U0001f469"


def test_stray_variation_selectors_become_notation() -> None:
    assert neutralise("\ufe0f") == "⟨U+FE0F⟩"
    assert neutralise("a\ufe0f\ufe0f") == "a\ufe0f⟨U+FE0F⟩"  # the second one is padding
    padded = "rm" + "\ufe00" * 5
    assert neutralise(padded) == "rm\ufe00" + "⟨U+FE00⟩" * 4


def test_tag_characters_outside_flag_sequences_become_notation() -> None:
    assert neutralise("a\U000e0041") == "a⟨U+E0041⟩"
    assert neutralise("x\U000e0020x\U000e0020") == "x⟨U+E0020⟩x⟨U+E0020⟩"


def test_line_separators_surrogates_fillers_and_soft_hyphen_become_notation() -> None:
    assert neutralise("a\u2028b\u2029") == "a⟨U+2028⟩b⟨U+2029⟩"
    assert neutralise("\ud800x\udfff") == "⟨U+D800⟩x⟨U+DFFF⟩"
    assert neutralise("\u3164") == "⟨U+3164⟩"
    assert neutralise("un\u00adsafe") == "un⟨U+00AD⟩safe"


def test_a_mark_with_no_base_becomes_notation() -> None:
    assert neutralise("\u0301x") == "⟨U+0301⟩x"


def test_marks_stacked_past_the_limit_become_notation() -> None:
    zalgo = "a" + "\u0301" * (MAX_EXTENDERS + 5)
    assert neutralise(zalgo) == "a" + "\u0301" * MAX_TEXT_EXTENDERS + "⟨U+0301⟩" * (
        MAX_EXTENDERS + 5 - MAX_TEXT_EXTENDERS
    )
    assert restore(neutralise(zalgo)) == zalgo


def test_an_emoji_keeps_more_extenders_than_text_does() -> None:
    tones = (
        "\U0001f44d" + "\U0001f3fd"
    )  # a thumbs-up with a skin tone: one extender, 4 cells per code point
    assert neutralise(tones) == tones
    assert (
        neutralise("\U0001f468" + ("\u200d\U0001f468") * 2)
        == "\U0001f468" + ("\u200d\U0001f468") * 2
    )


def test_a_cluster_holds_no_more_bytes_than_one_terminal_cell() -> None:
    # a family of four is 25 bytes; tmux keeps 21 of them in a cell and drops the boy unseen
    shown = neutralise(FAMILY)
    assert shown == "\U0001f468\u200d\U0001f469\u200d\U0001f467⟨U+200D⟩\U0001f466"
    assert all(len(cluster.encode()) <= MAX_CLUSTER_BYTES for cluster in iter_graphemes(shown))
    assert restore(shown) == FAMILY
    assert (
        neutralise(FLAG_SCOTLAND)
        == "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063⟨U+E0074⟩⟨U+E007F⟩"
    )


@pytest.mark.parametrize(
    "char", ["\u0378", "\U000e0000", "\ufdd0", "\ufffe", "\U0010ffff", "\ue000", "\U000f0000"]
)
def test_unassigned_noncharacter_and_private_use_code_points_are_notation(char: str) -> None:
    assert neutralise(f"eslint{char}") == f"eslint⟨U+{ord(char):04X}⟩"
    assert neutralise(f"e\u0301{char}") == f"e\u0301⟨U+{ord(char):04X}⟩"
    assert restore(neutralise(f"eslint{char}")) == f"eslint{char}"


def test_a_cluster_never_grows_wider_than_the_narrowest_value_column() -> None:
    # fifteen spacing tone marks: 2 cells in kitty, 31 in tmux; kept only while the cluster stays within 16 cells
    shown = neutralise("a" + "\u302e" * 15)
    kept = shown.split("⟨", 1)[0]
    assert grapheme_cells(kept) <= MAX_CLUSTER_CELLS
    assert restore(shown) == "a" + "\u302e" * 15


def test_extenders_after_a_spelled_out_first_character_are_held_to_one_clusters_bounds() -> None:
    """Skin tones with no base: the first is spelled out, the rest join its ``⟩`` as one cluster on screen."""
    tones = "\U0001f3fb" * 36
    shown = neutralise(tones)
    assert shown.startswith("⟨U+1F3FB⟩\U0001f3fb")
    assert_clusters_fit_a_cell(shown)
    assert restore(shown) == tones


def assert_clusters_fit_a_cell(shown: str) -> None:
    for cluster in iter_graphemes(shown):
        assert grapheme_cells(cluster) <= MAX_CLUSTER_CELLS, cluster
        assert (
            len(cluster.encode("utf-8", "surrogatepass")) <= MAX_CLUSTER_BYTES or len(cluster) == 1
        )


def test_a_joiner_is_never_left_dangling_before_a_notation() -> None:
    chain = "\U0001f468" + "\u200d\U0001f468" * 12  # more pictographs than the cluster may hold
    shown = neutralise(chain)
    assert "\u200d⟨" not in shown and not shown.split("⟨", 1)[0].endswith("\u200d")
    assert restore(shown) == chain


@given(
    st.integers(min_value=1, max_value=40), st.sampled_from(["\U0001f468", "\u2764", "\U0001f3f3"])
)
def test_an_emoji_chain_of_any_length_is_inert_and_reversible(links: int, pictograph: str) -> None:
    chain = ZWJ.join([pictograph] * (links + 1))
    assert_inert(neutralise(chain))
    assert restore(neutralise(chain)) == chain


@pytest.mark.parametrize(
    "kept",
    [
        TECHNOLOGIST,
        FLAG_FR,
        THUMBS_TONE,
        HEART,
        KEYCAP,
        E_ACUTE,
        DEVANAGARI,  # FAMILY, FLAG_SCOTLAND: past one cell's bytes
        "漢字かな",
        "עברית",
        "عربي",
        "plain ascii ~!@#$%^&*()",
    ],
)
def test_legitimate_sequences_are_kept(kept: str) -> None:
    assert neutralise(kept) == kept
    assert neutralise(f"x {kept} y") == f"x {kept} y"


def test_literal_notation_is_escaped_so_it_cannot_be_forged() -> None:
    typed_picture = "\u241b[1A"  # someone types ␛[1A
    real_escape = "\x1b[1A"
    assert neutralise(typed_picture) == "⟨U+241B⟩[1A"
    assert neutralise(typed_picture) != neutralise(real_escape)
    typed_code = "⟨U+202E⟩"
    assert neutralise(typed_code) == "⟨U+27E8⟩U+202E⟩"
    assert neutralise(typed_code) != neutralise("\u202e")
    assert restore(neutralise(typed_code)) == typed_code
    assert neutralise("\u2421") == "⟨U+2421⟩"  # the DEL picture
    assert neutralise("\u2400") == "⟨U+2400⟩"


def test_notation_of_single_characters() -> None:
    assert notation("\x1b") == "␛"
    assert notation("\x7f") == "␡"
    assert notation("\u202e") == "⟨U+202E⟩"
    assert notation("\U000e0041") == "⟨U+E0041⟩"


def test_plain_text_is_returned_unchanged() -> None:
    text = "echo hello\n\tworld"
    assert neutralise(text) == text


def test_restore_leaves_unrelated_text_alone() -> None:
    assert restore("⟩ U+202E ⟨ not a notation") == "⟩ U+202E ⟨ not a notation"


# ── properties ──────────────────────────────────────────────────────────────


@given(hostile_text)
def test_restore_inverts_neutralise(text: str) -> None:
    assert restore(neutralise(text)) == text


@given(any_char_text)
def test_restore_inverts_neutralise_on_raw_unicode(text: str) -> None:
    assert restore(neutralise(text)) == text


@given(hostile_text)
def test_neutralised_text_is_inert(text: str) -> None:
    assert_inert(neutralise(text))


@given(any_char_text)
def test_neutralised_raw_unicode_is_inert(text: str) -> None:
    assert_inert(neutralise(text))


@given(any_char_text)
def test_no_cluster_of_neutralised_text_is_wider_than_a_value_row_or_a_cell_holds(
    text: str,
) -> None:
    assert_clusters_fit_a_cell(neutralise(text))


@given(hostile_text, hostile_text)
def test_neutralise_is_injective(first: str, second: str) -> None:
    if first != second:
        assert neutralise(first) != neutralise(second)


@given(st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E)))
def test_printable_ascii_is_untouched(text: str) -> None:
    assert neutralise(text) == text


@given(hostile_text)
def test_line_breaks_are_preserved(text: str) -> None:
    assert neutralise(text).count("\n") == text.count("\n")


def test_conjoining_hangul_jamo_stay_one_syllable() -> None:
    nfd = unicodedata.normalize("NFD", "문서/보고서.txt")  # how macOS stores Korean file names
    assert nfd != "문서/보고서.txt"
    assert neutralise(nfd) == nfd
    assert neutralise("\u1100\u1161\u11a8") == "\u1100\u1161\u11a8"


def test_hangul_fillers_and_orphan_jamo_become_notation() -> None:
    assert neutralise("\u1100\u1160\u1161") == "\u1100⟨U+1160⟩⟨U+1161⟩"  # the vowel filler pads
    assert neutralise("\u1161") == "⟨U+1161⟩"
    assert neutralise("a\u1161") == "a⟨U+1161⟩"
    assert neutralise("\u0d4e\u1161") == "\u0d4e⟨U+1161⟩"  # a prepended letter is not Hangul


@pytest.mark.parametrize(
    "raw",
    [
        "\x1b[1A",
        "a\u202eb",
        "x\u200b",
        "a\u200db",
        "\u0301",
        "a\U000e0041",
        "\ufe0f",
        "\ud800",
        "\x9b",
        "\u1161",
    ],
)
def test_the_inertness_check_rejects_raw_hostile_text(raw: str) -> None:
    with pytest.raises(AssertionError):
        assert_inert(raw)


def test_a_count_rows_words_are_set_apart_but_the_callers_own_count_line() -> None:
    """``… 3 more commands …`` in a text would read as the renderer's count: its ``…`` is notation, reversibly,
    unless the caller says the line is its own (an outline's count line)."""
    text = "ls\n\u2026 3 more commands \u2026\n\u2026 5 more commands \u2026"
    assert neutralise(text) == (
        "ls\n\u27e8U+2026\u27e9 3 more commands \u2026\n\u27e8U+2026\u27e9 5 more commands \u2026"
    )
    assert neutralise(text, own_counts=(23,)) == (
        "ls\n\u27e8U+2026\u27e9 3 more commands \u2026\n\u2026 5 more commands \u2026"
    )
    assert restore(neutralise(text)) == text


@pytest.mark.parametrize("letter", ["一", "！", "가", "ア"])
def test_a_joiner_after_a_wide_letter_joins_nothing_and_is_spelled_out(letter: str) -> None:
    """Wide is not a picture: ``一`` + ZWJ + a skin tone draws the joiner as nothing (found by fuzz)."""
    assert neutralise(f"{letter}\u200d\U0001f3fb") == f"{letter}\u27e8U+200D\u27e9\U0001f3fb"
    assert neutralise("\U0001f468\u200d\U0001f469") == "\U0001f468\u200d\U0001f469"
