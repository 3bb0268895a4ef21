"""The one escaper every report uses: hostile text stays text in a Markdown cell, a code span and HTML."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from askbench.harness.reporters.escape import (
    html_text,
    md_cell,
    md_code,
    md_link,
    one_line,
    visible,
)

HOSTILE = st.text(
    st.sampled_from(
        [
            *"|`<>&\"'\\*_[]()#!~\n\r\t \x00\x07\x1b\x85\x9b\u200b\u202e\u2028\ufeff\U000e0001",
            "a",
            "é",
            "界",
            "\U0001f600",
        ]
    ),
    max_size=40,
)


def _acting(text: str) -> list[str]:
    return [char for char in text if unicodedata.category(char)[0] == "C" or char in "\u2028\u2029"]


def _unescaped(text: str, char: str) -> bool:
    """``char`` stands in ``text`` with no backslash of its own before it (an even run of them escapes nothing)."""
    return re.search(rf"(?<!\\)(?:\\\\)*{re.escape(char)}", text) is not None


@given(HOSTILE)
def test_a_cell_is_one_line_of_literal_text(text: str) -> None:
    cell = md_cell(text)
    assert _acting(cell) == []
    assert not set(cell) & set("<>`")
    for char in "|*_[]~":
        assert not _unescaped(cell, char), (text, cell)


@given(HOSTILE)
def test_a_code_span_holds_its_text_whole_on_one_line(text: str) -> None:
    code = md_code(text)
    fence = re.match(r"`+", code)
    assert fence and code.endswith(fence.group())
    inner = code[len(fence.group()) : -len(fence.group())]
    assert fence.group() not in inner
    assert _acting(code) == [] and not _unescaped(inner, "|")


@given(HOSTILE)
def test_html_text_is_text_and_a_quoted_attribute_value(text: str) -> None:
    shown = html_text(text)
    assert not set(shown) & set("<>\"'")
    assert set(_acting(shown)) <= {"\n", "\t"}


def test_what_acts_is_spelt_out_not_dropped() -> None:
    assert visible("rm\x1b[2J\u202e -rf\U000e0001") == "rm\\x1b[2J\\u202e -rf\\U000e0001"
    assert md_cell("a | b\nc `d` <e>") == "a \\| b c &#96;d&#96; &lt;e&gt;"
    assert md_cell("<script>alert(1)</script>") == "&lt;script&gt;alert(1)&lt;/script&gt;"
    assert md_code("a `b` | c") == "``a `b` \\| c``"
    assert md_code("`") == "`` ` ``"
    assert (
        html_text('<img src=x onerror="alert(1)">\x1b')
        == "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;\\x1b"
    )
    assert md_link("x](javascript:alert(1)) [y", "screens/a b (1).html") == (
        "[x\\](javascript:alert(1)) \\[y](screens/a%20b%20%281%29.html)"
    )


def test_a_terminal_line_shows_controls_as_the_prompt_does_and_never_breaks() -> None:
    line = one_line("a\x1b[2Jb\nc\td\u202e")
    assert "\n" not in line and "\t" not in line and "\x1b" not in line and "\u202e" not in line
    assert line.startswith("a\u241b") and "b\u240ac\u2409d" in line


def test_a_block_is_fenced_longer_than_any_backtick_run_it_holds_its_controls_spelt() -> None:
    from askbench.harness.reporters.escape import md_block

    assert md_block("ls\n`x`") == "```text\nls\n`x`\n```"
    block = md_block("a\n````\n\x1b[2Jb")
    assert block == "`````text\na\n````\n\\x1b[2Jb\n`````"
