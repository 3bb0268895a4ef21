"""askbench.harness.judge.word_spellings: how one word may stand on a screen, and what every spelling of it holds."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import askbench.harness.judge.word_spellings as word_spellings
from askbench.harness.judge.word_spellings import (
    UNSEEN,
    collapse,
    exact,
    held_pieces,
    is_long,
    whole_spellings,
    word_pattern,
)

_FORM = st.text(alphabet="ab0 /'\"$\\\t\n\x85\u2026", min_size=1, max_size=24).map(collapse)


@st.composite
def _shown(draw: st.DrawFn, form: str) -> str:
    """A text ``exact(form)`` may match: row breaks (a continuation's backslash, a CR, an indent) between its
    characters, any blanks for a blank, a ``$`` before a quote, and other text around it."""
    out = [draw(st.text(alphabet="ab $'\"\n", max_size=4))]
    for at, character in enumerate(form):
        if (
            at and character != " " and draw(st.booleans())
        ):  # a break's indent would take a blank's spaces
            out.append(
                draw(st.sampled_from(["\n", "\\\n", "\r\n", "\\\r\n"]))
                + " " * draw(st.integers(0, 4))
            )
        if character == " ":
            out.append(draw(st.sampled_from([" ", "\t", "  ", "\n  ", "\x0b"])))
        elif character in "'\"" and draw(st.booleans()):
            out.append("$" + character)
        else:
            out.append(character)
    out.append(draw(st.text(alphabet="ab $'\"\n", max_size=4)))
    return "".join(out)


@settings(max_examples=300, deadline=None)
@given(data=st.data(), form=_FORM)
def test_every_match_of_a_whole_spelling_holds_its_pieces(data: st.DataObject, form: str) -> None:
    """``held_pieces`` is what every match of ``exact(form)`` holds, blanks and breaks left out: a screen lacking
    a piece holds no match, so leaving the spelling out of its pattern changes nothing."""
    text = data.draw(st.one_of(_shown(form), st.text(alphabet=form + " \n\\$", max_size=40)))
    pattern = re.compile(exact(form))
    for start in range(len(text) + 1):
        match = pattern.match(text, start)
        if match is not None:
            squeezed = UNSEEN.sub("", match.group())
            assert all(piece in squeezed for piece in held_pieces(form)), (form, match.group())


@settings(max_examples=100, deadline=None)
@given(data=st.data(), form=_FORM)
def test_a_text_made_of_a_spelling_matches_it(data: st.DataObject, form: str) -> None:
    """The texts the test above is held to include every way the spelling stands on screen."""
    text = data.draw(_shown(form))
    assert re.search(exact(form), text) is not None, (form, text)


@pytest.mark.parametrize(
    "mutant",
    [
        lambda form: (form,),
        lambda form: (UNSEEN.sub("", form),),
        lambda form: (UNSEEN.sub("", form) + "a",),
    ],
)
def test_pieces_a_match_may_lack_are_caught(
    monkeypatch: pytest.MonkeyPatch, mutant: object
) -> None:
    """Pieces that keep the blanks and breaks, that keep a quote with the text before it (``$"`` stands between
    them), or that ask for more than the word, are killed by the property above."""
    monkeypatch.setattr(word_spellings, "held_pieces", mutant)
    monkeypatch.setitem(globals(), "held_pieces", mutant)
    with pytest.raises(AssertionError):
        test_every_match_of_a_whole_spelling_holds_its_pieces()


@pytest.mark.parametrize(
    ("head", "unit", "tail"),
    [("", "A", ""), ("'", "a b", "'"), ('x"', "a\\$", '"'), ("a'", "b", "'"), ("", "b", "$(c d)e")],
)
def test_a_long_word_without_its_whole_spellings_is_its_caps(
    head: str, unit: str, tail: str
) -> None:
    """With every whole spelling absent, a long word's pattern is its capped forms: of a size that stops growing
    with the word past ``SHORT_WORD`` characters of each end."""
    raw, grown = (head + unit * count + tail for count in (60, 6_000))
    assert is_long(raw)
    sizes = [len(word_pattern(each, frozenset(whole_spellings(each)))) for each in (raw, grown)]
    assert sizes[0] == sizes[1]
    assert len(word_pattern(grown)) > 10 * sizes[1]


def test_a_word_with_every_spelling_absent_matches_nowhere() -> None:
    """A word of a substitution with a long head and no marker on screen cannot stand on it."""
    raw = "b" * 45 + "$(c d)"
    pattern = re.compile(word_pattern(raw, frozenset(whole_spellings(raw))))
    assert pattern.search(raw) is None
    assert pattern.search("b" * 45 + "…") is not None
    assert re.compile(word_pattern(raw)).search(raw) is not None


def test_the_ansi_c_head_is_a_whole_spelling() -> None:
    raw = "a'" + "b" * 60 + "'"
    assert whole_spellings(raw) == (raw, "a" + "b" * 60, "a")
    assert word_pattern(raw, frozenset({"a"})).count(r"\$'") == 0
