"""The built-in MCP argument summariser.

Parity: ``MCP_CASES`` were produced by running the upstream TypeScript
``formatMcpInputForPrompt`` (src/builtin-tool-input-formatters.ts,
@gotgenes/pi-permission-system 20.7.3) under Node on exactly these inputs,
given as JSON text; the expected strings (``None`` for the upstream's
``undefined``) are its output, copied verbatim. Note the upstream's own
``[1 items]`` for a one-element array, kept on purpose.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from impl import (
    DuplicateFormatterError,
    ToolInputFormatterRegistry,
    ToolPreviewFormatter,
    format_mcp_input_for_prompt,
    register_builtin_tool_input_formatters,
)
from impl.builtin_formatters import MCP_ARG_VALUE_MAX_LENGTH, MCP_ARGS_SUMMARY_MAX_LENGTH

MCP_CASES = [
    pytest.param(
        {'tool': 'github:create_issue', 'arguments': {'title': 'Bug', 'labels': ['a', 'b'], 'meta': {'x': 1}, 'n': 5, 'ok': True, 'nil': None}},
        'with title: "Bug", labels: [2 items], meta: {…}, n: 5, ok: true, nil: null',
        id='mcp_every_type',
    ),
    pytest.param(
        {'arguments': {'z': 1, '10': 'ten', '2': 'two', '007': 'bond'}},
        'with 2: "two", 10: "ten", z: 1, 007: "bond"',
        id='mcp_integer_like_keys',
    ),
    pytest.param(
        {'arguments': {'ids': [42]}},
        'with ids: [1 items]',
        id='mcp_one_item_array',
    ),
    pytest.param(
        {'arguments': {'a': [], 'o': {}, 's': ''}},
        'with a: [0 items], o: {…}, s: ""',
        id='mcp_empty_containers',
    ),
    pytest.param(
        {'arguments': {'f': 1.5, 'g': 1.0, 'h': 1e-07, 'i': -0.0, 'j': 1e-05, 'k': False}},
        'with f: 1.5, g: 1, h: 1e-7, i: 0, j: 0.00001, k: false',
        id='mcp_numbers',
    ),
    pytest.param(
        {'tool': 's:t', 'arguments': {}},
        None,
        id='mcp_empty_arguments',
    ),
    pytest.param(
        {'tool': 's:t'},
        None,
        id='mcp_absent_arguments',
    ),
    pytest.param(
        {'arguments': [1, 2]},
        None,
        id='mcp_array_arguments',
    ),
    pytest.param(
        {'arguments': '{"a":1}'},
        None,
        id='mcp_string_arguments',
    ),
    pytest.param(
        {'arguments': None},
        None,
        id='mcp_null_arguments',
    ),
    pytest.param(
        {'arguments': {'body': 'The quick brown fox jumps over the lazy dog and keeps running far away'}},
        'with body: "The quick brown fox jumps over the lazy dog and keeps runnin…"',
        id='mcp_long_string_cut_at_60',
    ),
    pytest.param(
        {'arguments': {'aaaaaaaa': '0123456789012345678901234567890123456789', 'bbbbbbbb': '0123456789012345678901234567890123456789', 'cccccccc': '0123456789012345678901234567890123456789', 'dddddddd': '0123456789012345678901234567890123456789'}},
        'with aaaaaaaa: "0123456789012345678901234567890123456789", bbbbbbbb: "0123456789012345678901234567890123456789", cccccccc: "0123456789012345678901234567890123456789"…',
        id='mcp_summary_cut_at_160',
    ),
    pytest.param(
        {'arguments': {'body': 'line one\nline   two'}},
        'with body: "line one\nline   two"',
        id='mcp_newlines_kept_in_values',
    ),
    pytest.param(
        {'arguments': {'tïtle': 'café 世界'}},
        'with tïtle: "café 世界"',
        id='mcp_unicode_value',
    ),
    pytest.param(
        {'arguments': {'s': '012345678901234567890123456789012345678901234567890123456789'}},
        'with s: "012345678901234567890123456789012345678901234567890123456789"',
        id='mcp_string_exactly_60',
    ),
]


@pytest.mark.parametrize(("tool_input", "expected"), MCP_CASES)
def test_mcp_summary_matches_upstream(tool_input, expected):
    assert format_mcp_input_for_prompt(tool_input) == expected


def test_issue_wording_for_every_value_type():
    tool_input = {
        "tool": "github:create_issue",
        "arguments": {"title": "Bug", "labels": ["bug", "p1"], "meta": {"a": 1}, "n": 5, "ok": True, "nil": None},
    }
    expected = 'with title: "Bug", labels: [2 items], meta: {…}, n: 5, ok: true, nil: null'
    assert format_mcp_input_for_prompt(tool_input) == expected


def test_limits_are_60_per_value_and_160_for_the_summary():
    assert (MCP_ARG_VALUE_MAX_LENGTH, MCP_ARGS_SUMMARY_MAX_LENGTH) == (60, 160)


def test_string_value_of_60_characters_is_whole_and_61_is_cut():
    assert format_mcp_input_for_prompt({"arguments": {"s": "x" * 60}}) == f'with s: "{"x" * 60}"'
    assert format_mcp_input_for_prompt({"arguments": {"s": "x" * 61}}) == f'with s: "{"x" * 60}…"'


def test_value_cut_keeps_the_closing_quote_after_the_marker():
    summary = format_mcp_input_for_prompt({"arguments": {"body": "y" * 500, "n": 1}})
    assert summary == f'with body: "{"y" * 60}…", n: 1'


def test_summary_of_160_characters_is_whole_and_161_is_cut():
    # each part is 'k: "' + value + '"' (5 characters plus the value), joined by ", "
    fits = format_mcp_input_for_prompt({"arguments": {"k": "v" * 54, "j": "w" * 50, "i": "u" * 37}})
    assert fits is not None
    assert len(fits) == len("with ") + 160
    assert not fits.endswith("…")
    over = format_mcp_input_for_prompt({"arguments": {"k": "v" * 54, "j": "w" * 50, "i": "u" * 38}})
    assert over == "with " + 'k: "' + "v" * 54 + '", j: "' + "w" * 50 + '", i: "' + "u" * 38 + "…"


@pytest.mark.parametrize(
    "tool_input",
    [{}, {"tool": "s:t"}, {"arguments": {}}, {"arguments": None}, {"arguments": []}, {"arguments": ["a"]},
     {"arguments": "x=1"}, {"arguments": 3}],
    ids=["no-input", "absent", "empty", "null", "empty-array", "array", "string", "number"],
)
def test_none_when_there_are_no_arguments(tool_input):
    assert format_mcp_input_for_prompt(tool_input) is None


def test_integer_like_argument_names_come_first_as_in_javascript():
    summary = format_mcp_input_for_prompt({"arguments": {"b": 1, "10": 2, "2": 3, "a": 4}})
    assert summary == "with 2: 3, 10: 2, b: 1, a: 4"


def test_tuple_values_count_as_arrays():
    assert format_mcp_input_for_prompt({"arguments": {"pair": (1, 2)}}) == "with pair: [2 items]"


def test_registered_through_the_public_register():
    calls = []

    class RecordingRegistry(ToolInputFormatterRegistry):
        def register(self, tool_name, formatter):
            calls.append((tool_name, formatter))
            return super().register(tool_name, formatter)

    registry = RecordingRegistry()
    register_builtin_tool_input_formatters(registry)
    assert calls == [("mcp", format_mcp_input_for_prompt)]
    assert registry.get("mcp") is format_mcp_input_for_prompt


def test_registering_the_built_ins_twice_raises_like_any_duplicate():
    registry = ToolInputFormatterRegistry()
    register_builtin_tool_input_formatters(registry)
    with pytest.raises(DuplicateFormatterError, match="'mcp'"):
        register_builtin_tool_input_formatters(registry)


def test_a_third_party_cannot_replace_the_mcp_summariser():
    registry = ToolInputFormatterRegistry()
    register_builtin_tool_input_formatters(registry)
    with pytest.raises(DuplicateFormatterError):
        registry.register("mcp", lambda tool_input: "mine")
    assert registry.get("mcp") is format_mcp_input_for_prompt


def test_the_registered_summariser_reaches_the_prompt_fragment():
    registry = ToolInputFormatterRegistry()
    register_builtin_tool_input_formatters(registry)
    formatter = ToolPreviewFormatter(custom_formatters=registry)
    assert formatter.format_tool_input_for_prompt("mcp", {"arguments": {"q": "x"}}) == 'with q: "x"'
    assert formatter.format_tool_input_for_prompt("mcp", {"arguments": {}}) == ""


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text()),
    lambda children: st.one_of(st.lists(children, max_size=3), st.dictionaries(st.text(max_size=4), children, max_size=3)),
    max_leaves=10,
)


@given(st.dictionaries(st.text(max_size=10), json_values, max_size=8))
def test_summary_exists_exactly_when_there_are_arguments_and_is_bounded(arguments):
    summary = format_mcp_input_for_prompt({"tool": "s:t", "arguments": arguments})
    if not arguments:
        assert summary is None
        return
    assert summary is not None
    assert summary.startswith("with ")
    assert len(summary) <= len("with ") + MCP_ARGS_SUMMARY_MAX_LENGTH + 1
    if not summary.endswith("…"):
        for key in arguments:
            assert f"{key}: " in summary
