"""The built-in MCP argument summariser.

Parity: ``MCP_CASES`` were produced by running the upstream TypeScript
``formatMcpInputForPrompt`` (src/builtin-tool-input-formatters.ts,
@gotgenes/pi-permission-system 20.7.3) under Node on exactly these inputs,
given as JSON text; the expected strings (``None`` for the upstream's
``undefined``) are its output, copied verbatim. Note the upstream's own
``[1 items]`` for a one-element array, kept on purpose. Every case names a
``tool``: the upstream ignores it, and without one the adapter (and so this
summariser) reads the call as a status request.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from askbench.impl import (
    DuplicateFormatterError,
    ToolInputFormatterRegistry,
    ToolPreviewFormatter,
    format_mcp_input_for_prompt,
    register_builtin_tool_input_formatters,
)
from askbench.impl.builtin_formatters import MCP_ARG_VALUE_MAX_LENGTH, MCP_ARGS_SUMMARY_MAX_LENGTH

MCP_CASES = [
    pytest.param(
        {
            "tool": "github:create_issue",
            "arguments": {
                "title": "Bug",
                "labels": ["a", "b"],
                "meta": {"x": 1},
                "n": 5,
                "ok": True,
                "nil": None,
            },
        },
        'with title: "Bug", labels: [2 items], meta: {…}, n: 5, ok: true, nil: null',
        id="mcp_every_type",
    ),
    pytest.param(
        {"tool": "s:t", "arguments": {"z": 1, "10": "ten", "2": "two", "007": "bond"}},
        'with 2: "two", 10: "ten", z: 1, 007: "bond"',
        id="mcp_integer_like_keys",
    ),
    pytest.param(
        {"tool": "s:t", "arguments": {"ids": [42]}},
        "with ids: [1 items]",
        id="mcp_one_item_array",
    ),
    pytest.param(
        {"tool": "s:t", "arguments": {"a": [], "o": {}, "s": ""}},
        'with a: [0 items], o: {…}, s: ""',
        id="mcp_empty_containers",
    ),
    pytest.param(
        {
            "tool": "s:t",
            "arguments": {"f": 1.5, "g": 1.0, "h": 1e-07, "i": -0.0, "j": 1e-05, "k": False},
        },
        "with f: 1.5, g: 1, h: 1e-7, i: 0, j: 0.00001, k: false",
        id="mcp_numbers",
    ),
    pytest.param(
        {"tool": "s:t", "arguments": {}},
        None,
        id="mcp_empty_arguments",
    ),
    pytest.param(
        {"tool": "s:t"},
        None,
        id="mcp_absent_arguments",
    ),
    pytest.param(
        {"tool": "s:t", "arguments": [1, 2]},
        None,
        id="mcp_array_arguments",
    ),
    pytest.param(
        {"tool": "s:t", "arguments": '{"a":1}'},
        None,
        id="mcp_string_arguments",
    ),
    pytest.param(
        {"tool": "s:t", "arguments": None},
        None,
        id="mcp_null_arguments",
    ),
    pytest.param(
        {
            "tool": "s:t",
            "arguments": {
                "body": "The quick brown fox jumps over the lazy dog and keeps running far away"
            },
        },
        'with body: "The quick brown fox jumps over the lazy dog and keeps runnin…"',
        id="mcp_long_string_cut_at_60",
    ),
    pytest.param(
        {
            "tool": "s:t",
            "arguments": {
                "aaaaaaaa": "0123456789012345678901234567890123456789",
                "bbbbbbbb": "0123456789012345678901234567890123456789",
                "cccccccc": "0123456789012345678901234567890123456789",
                "dddddddd": "0123456789012345678901234567890123456789",
            },
        },
        'with aaaaaaaa: "0123456789012345678901234567890123456789", bbbbbbbb: "0123456789012345678901234567890123456789", cccccccc: "0123456789012345678901234567890123456789"…',
        id="mcp_summary_cut_at_160",
    ),
    pytest.param(
        {"tool": "s:t", "arguments": {"body": "line one\nline   two"}},
        'with body: "line one\nline   two"',
        id="mcp_newlines_kept_in_values",
    ),
    pytest.param(
        {"tool": "s:t", "arguments": {"tïtle": "café 世界"}},
        'with tïtle: "café 世界"',
        id="mcp_unicode_value",
    ),
    pytest.param(
        {
            "tool": "s:t",
            "arguments": {"s": "012345678901234567890123456789012345678901234567890123456789"},
        },
        'with s: "012345678901234567890123456789012345678901234567890123456789"',
        id="mcp_string_exactly_60",
    ),
]


@pytest.mark.parametrize(("tool_input", "expected"), MCP_CASES)
def test_mcp_summary_matches_upstream(tool_input, expected):
    assert format_mcp_input_for_prompt(tool_input) == expected


def test_issue_wording_for_every_value_type():
    tool_input = {
        "tool": "github:create_issue",
        "arguments": {
            "title": "Bug",
            "labels": ["bug", "p1"],
            "meta": {"a": 1},
            "n": 5,
            "ok": True,
            "nil": None,
        },
    }
    expected = 'with title: "Bug", labels: [2 items], meta: {…}, n: 5, ok: true, nil: null'
    assert format_mcp_input_for_prompt(tool_input) == expected


def test_limits_are_60_per_value_and_160_for_the_summary():
    assert (MCP_ARG_VALUE_MAX_LENGTH, MCP_ARGS_SUMMARY_MAX_LENGTH) == (60, 160)


def test_string_value_of_60_characters_is_whole_and_61_is_cut():
    assert (
        format_mcp_input_for_prompt({"tool": "s:t", "arguments": {"s": "x" * 60}})
        == f'with s: "{"x" * 60}"'
    )
    assert (
        format_mcp_input_for_prompt({"tool": "s:t", "arguments": {"s": "x" * 61}})
        == f'with s: "{"x" * 60}…"'
    )


def test_value_cut_keeps_the_closing_quote_after_the_marker():
    summary = format_mcp_input_for_prompt({"tool": "s:t", "arguments": {"body": "y" * 500, "n": 1}})
    assert summary == f'with body: "{"y" * 60}…", n: 1'


def test_summary_of_160_characters_is_whole_and_161_is_cut():
    # each part is 'k: "' + value + '"' (5 characters plus the value), joined by ", "
    fits = format_mcp_input_for_prompt(
        {"tool": "s:t", "arguments": {"k": "v" * 54, "j": "w" * 50, "i": "u" * 37}}
    )
    assert fits is not None
    assert len(fits) == len("with ") + 160
    assert not fits.endswith("…")
    over = format_mcp_input_for_prompt(
        {"tool": "s:t", "arguments": {"k": "v" * 54, "j": "w" * 50, "i": "u" * 38}}
    )
    assert over == "with " + 'k: "' + "v" * 54 + '", j: "' + "w" * 50 + '", i: "' + "u" * 38 + "…"


@pytest.mark.parametrize(
    "tool_input",
    [
        {"tool": "s:t"},
        {"tool": "s:t", "arguments": {}},
        {"tool": "s:t", "arguments": None},
        {"tool": "s:t", "arguments": []},
        {"tool": "s:t", "arguments": ["a"]},
        {"tool": "s:t", "arguments": "x=1"},
        {"tool": "s:t", "arguments": 3},
        {"tool": "s:t", "args": ""},
        {"tool": "s:t", "args": None},
    ],
    ids=[
        "absent",
        "empty",
        "null",
        "empty-array",
        "array",
        "string",
        "number",
        "empty-args-string",
        "null-args",
    ],
)
def test_none_when_a_tool_call_has_no_arguments(tool_input):
    assert format_mcp_input_for_prompt({**tool_input}) is None


def test_integer_like_argument_names_come_first_as_in_javascript():
    summary = format_mcp_input_for_prompt(
        {"tool": "s:t", "arguments": {"b": 1, "10": 2, "2": 3, "a": 4}}
    )
    assert summary == "with 2: 3, 10: 2, b: 1, a: 4"


def test_tuple_values_count_as_arrays():
    assert (
        format_mcp_input_for_prompt({"tool": "s:t", "arguments": {"pair": (1, 2)}})
        == "with pair: [2 items]"
    )


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
    assert (
        formatter.format_tool_input_for_prompt("mcp", {"tool": "s_t", "args": {"q": "x"}})
        == 'with q: "x"'
    )
    assert formatter.format_tool_input_for_prompt("mcp", {"tool": "s_t", "args": {}}) == ""


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text()),
    lambda children: st.one_of(
        st.lists(children, max_size=3), st.dictionaries(st.text(max_size=4), children, max_size=3)
    ),
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


@pytest.mark.parametrize(
    ("tool_input", "expected"),
    [
        ({"tool": "github_create_issue", "args": {"title": "Bug"}}, 'with title: "Bug"'),
        ({"tool": "github_create_issue", "args": '{"title": "Bug"}'}, 'with title: "Bug"'),
        (
            {"tool": "github_create_issue", "args": "{title: Bug}"},
            "with args that are not a JSON object",
        ),
        (
            {"tool": "github_create_issue", "args": {"title": "A"}, "arguments": {"title": "B"}},
            'with title: "A"',
        ),
        ({"connect": "chrome-devtools"}, "to connect to server 'chrome-devtools'"),
        ({"describe": "github_search_code"}, "to describe tool 'github_search_code'"),
        (
            {"describe": "search_code", "server": "github"},
            "to describe tool 'search_code' on server 'github'",
        ),
        ({"search": "screenshot navigate"}, "to search the MCP tools for 'screenshot navigate'"),
        (
            {"search": "^k8s_.*delete", "regex": True, "server": "kubernetes"},
            "to search the MCP tools for '^k8s_.*delete' as a regular expression on server 'kubernetes'",
        ),
        ({"instructions": "linear"}, "to read the usage instructions of server 'linear'"),
        ({"server": "github"}, "to list the tools of server 'github'"),
        ({}, "to show the status of the MCP servers"),
        (
            {"action": "install", "url": "https://mcp.linear.app/mcp"},
            "to install the MCP server at 'https://mcp.linear.app/mcp' into the global MCP config",
        ),
        (
            {
                "action": "install",
                "url": "https://mcp.linear.app/mcp",
                "server": "linear",
                "target": "project",
            },
            "to install the MCP server at 'https://mcp.linear.app/mcp' as 'linear' into the project's .mcp.json",
        ),
        ({"action": "install"}, "to install the MCP server with no url into the global MCP config"),
        (
            {"action": "auth-start", "server": "linear"},
            "to start OAuth sign-in for server 'linear'",
        ),
        (
            {"action": "auth-complete", "server": "linear", "args": {"code": "abc"}},
            "to complete OAuth sign-in for server 'linear' with the redirect or code in its args",
        ),
        ({"action": "ui-messages"}, "to read the messages MCP app windows sent"),
    ],
    ids=[
        "args-object",
        "args-json-string",
        "args-malformed",
        "args-wins-over-arguments",
        "connect",
        "describe",
        "describe-on-server",
        "search",
        "search-regex-on-server",
        "instructions",
        "list",
        "status",
        "install",
        "install-named-into-project",
        "install-without-url",
        "auth-start",
        "auth-complete",
        "ui-messages",
    ],
)
def test_every_gateway_mode_says_what_it_does(tool_input, expected):
    assert format_mcp_input_for_prompt(tool_input) == expected


def test_a_long_search_or_url_is_cut_like_an_argument_value():
    summary = format_mcp_input_for_prompt({"search": "q" * 200})
    assert summary == f"to search the MCP tools for '{'q' * MCP_ARG_VALUE_MAX_LENGTH}…'"
