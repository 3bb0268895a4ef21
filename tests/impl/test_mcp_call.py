"""Every MCP envelope read as one call: the target the upstream resolves, the arguments, the mode.

Target expectations follow the upstream permission system's own tests
(``test/access-intent/mcp-targets.test.ts``); the envelopes are pi-mcp-adapter
2.36.0's (its ``mcp`` tool parameters, namespace proxy and direct tools).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from askbench.impl.mcp_call import (
    McpArguments,
    gateway_input,
    is_mcp_tool_name,
    parse_qualified_tool_name,
    read_gateway_input,
    resolve_mcp_call,
    wildcard_match,
)
from askbench.impl.payload import build_payload, derive_kind

ISSUE = {"owner": "acme", "repo": "api", "title": "Crash on start"}

ONE_CALL_IN_EVERY_ENVELOPE = [
    pytest.param(
        "mcp", {"tool": "github_create_issue", "args": ISSUE}, None, id="adapter-prefixed-name"
    ),
    pytest.param(
        "mcp", {"tool": "create_issue", "server": "github", "args": ISSUE}, None, id="server-hint"
    ),
    pytest.param(
        "mcp",
        {"tool": "create_issue", "server": "github", "args": json.dumps(ISSUE)},
        None,
        id="args-json-string",
    ),
    pytest.param(
        "mcp", {"tool": "github:create_issue", "arguments": ISSUE}, None, id="qualified-arguments"
    ),
    pytest.param(
        "mcp__github", {"tool": "create_issue", "args": ISSUE}, None, id="namespace-proxy"
    ),
    pytest.param("mcp__github__create_issue", ISSUE, None, id="mcp-double-underscore"),
    pytest.param("github_create_issue", ISSUE, "github", id="direct-tool-with-server"),
]


@pytest.mark.parametrize(("name", "tool_input", "hint"), ONE_CALL_IN_EVERY_ENVELOPE)
def test_every_envelope_of_one_call_resolves_to_one_target_and_the_same_arguments(
    name, tool_input, hint
) -> None:
    call = resolve_mcp_call(name, tool_input, hint)
    assert call.mode == "call"
    assert call.target() == "github_create_issue"
    assert dict(call.arguments.values) == ISSUE
    ask = {"kind": "mcp", "mcpServer": hint} if hint else {}
    payload = build_payload({"name": name, "input": tool_input}, ask)
    assert payload.kind == "mcp"
    assert payload.request.value == "github_create_issue"
    assert payload.evidence[0].text == 'with owner: "acme", repo: "api", title: "Crash on start"'
    assert [(e.label, e.text) for e in payload.evidence[1:]] == list(ISSUE.items())


def test_the_adapter_prefixed_name_without_a_hint_is_the_target_as_sent() -> None:
    call = read_gateway_input({"tool": "github_create_issue", "args": ISSUE})
    assert (call.server, call.tool, call.targets) == (
        None,
        "github_create_issue",
        ("github_create_issue", "mcp_call"),
    )


@pytest.mark.parametrize(
    ("tool_input", "expected"),
    [
        ({"tool": "exa:search"}, ("exa_search", "exa:search", "exa", "search", "mcp_call")),
        (
            {"tool": "search", "server": "exa"},
            ("exa_search", "exa:search", "exa", "search", "mcp_call"),
        ),
        ({"tool": "exa_search"}, ("exa_search", "mcp_call")),
        ({"connect": "exa"}, ("mcp_connect_exa", "exa", "mcp_connect")),
        ({"describe": "exa:search"}, ("exa_search", "exa:search", "exa", "search", "mcp_describe")),
        ({"search": "weather"}, ("weather", "mcp_search")),
        (
            {"search": "weather", "server": "exa"},
            ("mcp_server_exa", "exa", "weather", "mcp_search"),
        ),
        ({"server": "exa"}, ("mcp_server_exa", "exa", "mcp_list")),
        ({}, ("mcp_status",)),
        ({"unrelated": "value"}, ("mcp_status",)),
        ({"tool": "   "}, ("mcp_status",)),
    ],
)
def test_targets_follow_the_upstream_candidates_most_specific_first(tool_input, expected) -> None:
    assert read_gateway_input(tool_input).targets == expected


def test_the_target_shown_is_the_candidate_the_matched_rule_names() -> None:
    call = read_gateway_input({"tool": "exa:search"})
    assert call.target() == "exa_search"
    assert call.target("exa:*") == "exa:search"
    assert call.target("exa") == "exa"
    assert call.target("nothing-matches") == "exa_search"
    unscoped = read_gateway_input({"tool": "search"})
    assert unscoped.target("mcp_call") == "mcp_call"
    assert unscoped.target("mcp") == "mcp"


def test_a_call_that_names_its_server_shows_a_target_that_names_it_whatever_rule_matched() -> None:
    """A rule for the bare tool or the gateway matches the call on any server: shown as the target, it hides
    which server the adapter runs it on (found by askbench fuzz: the tool ``\\x01`` on server ``0``)."""
    for call in (
        read_gateway_input({"tool": "exa:search"}),
        read_gateway_input({"tool": "search", "server": "exa"}),
        resolve_mcp_call("mcp__exa", {"tool": "search"}),
    ):
        for rule in ("search", "mcp_call", "mcp", "*"):
            assert call.target(rule) == "exa_search", (call, rule)
        assert call.target("exa:*") == "exa:search"
    assert read_gateway_input({"search": "weather", "server": "exa"}).target("mcp_search") == (
        "mcp_server_exa"
    )
    assert read_gateway_input({"connect": "exa"}).target("mcp_connect") == "mcp_connect_exa"


@pytest.mark.parametrize(
    ("tool_input", "mode", "target"),
    [
        ({"action": "install", "url": "https://mcp.example.com/mcp"}, "action", "mcp_install"),
        ({"action": "install", "url": "https://x/mcp", "server": "x"}, "action", "mcp_install_x"),
        ({"action": "auth-start", "server": "linear"}, "action", "mcp_auth_start_linear"),
        ({"action": "ui-messages"}, "action", "mcp_ui_messages"),
        ({"instructions": "github"}, "instructions", "mcp_instructions_github"),
        ({"action": "reboot", "tool": "github_get_me"}, "call", "github_get_me"),
    ],
)
def test_the_adapters_own_modes_name_what_they_do(tool_input, mode, target) -> None:
    call = read_gateway_input(tool_input)
    assert (call.mode, call.target()) == (mode, target)


def test_an_action_wins_over_a_tool_as_in_the_adapter() -> None:
    # pi-mcp-adapter checks action before tool: this call installs, it does not call github_get_me
    call = read_gateway_input(
        {"tool": "github_get_me", "action": "install", "url": "https://evil.example/mcp"}
    )
    assert (call.mode, call.subject, call.target()) == ("action", "install", "mcp_install")
    payload = build_payload(
        {
            "name": "mcp",
            "input": {
                "tool": "github_get_me",
                "action": "install",
                "url": "https://evil.example/mcp",
            },
        }
    )
    assert (
        payload.evidence[0].text
        == "to install the MCP server at 'https://evil.example/mcp' into the global MCP config"
    )
    # the adapter does nothing with "tool" in an install: shown as ignored, never under the core label "tool"
    assert ("ignored", '"tool": github_get_me') in [(e.label, e.text) for e in payload.evidence]


@pytest.mark.parametrize(
    ("args", "values", "problem"),
    [
        ('{"a": 1}', {"a": 1}, None),
        ("", {}, None),
        (
            '{"a": 1,}',
            {},
            "not valid JSON (Expecting property name enclosed in double quotes at line 1 column 9)",
        ),
        ("[1, 2]", {}, "a JSON array, not an object"),
        ('{"n": NaN}', {}, "not valid JSON (NaN is not JSON)"),
    ],
)
def test_args_as_a_json_string_is_read_as_the_adapter_parses_it(args, values, problem) -> None:
    arguments = read_gateway_input({"tool": "s_t", "args": args}).arguments
    assert (dict(arguments.values), arguments.problem) == (values, problem)
    assert arguments.raw == (args or None)


def test_malformed_args_are_shown_as_sent_with_the_reason() -> None:
    raw = "{'owner': 'acme', 'repo': 'api'}"
    payload = build_payload({"name": "mcp", "input": {"tool": "github_get_me", "args": raw}})
    entries = [(e.label, e.text) for e in payload.evidence]
    assert entries[0] == ("input", "with args that are not a JSON object")
    assert (
        entries[1][0] == "decode"
        and "not valid JSON" in entries[1][1]
        and "line 1 column 2" in entries[1][1]
    )
    assert entries[2] == ("args", raw)


def test_args_of_another_type_stay_in_the_input_with_the_reason() -> None:
    payload = build_payload({"name": "mcp", "input": {"tool": "s_t", "args": [1, 2]}})
    assert [(e.label, e.text) for e in payload.evidence] == [
        ("input", "with args that are not a JSON object"),
        ("decode", "args is a JSON array, not an object; shown as sent"),
        ("args", "[1, 2]"),
    ]


def test_arguments_that_are_not_an_object_are_not_arguments_and_the_adapter_ignores_them() -> None:
    call = read_gateway_input({"tool": "s_t", "arguments": '{"a": 1}'})
    assert call.arguments == McpArguments() and call.ignored == ("arguments",)
    payload = build_payload({"name": "mcp", "input": {"tool": "s_t", "arguments": '{"a": 1}'}})
    assert ("ignored", '"arguments": {"a": 1}') in [(e.label, e.text) for e in payload.evidence]


@pytest.mark.parametrize(
    ("tool_input", "ignored"),
    [
        (
            {"tool": "github_create_issue", "args": {"title": "x"}, "owner": "acme"},
            ("owner",),
        ),  # never reaches the tool
        ({"tool": "t", "args": {"a": 1}, "arguments": {"b": 2}}, ("arguments",)),
        (
            {"tool": "t", "arguments": {"b": 2}},
            (),
        ),  # the seed host's envelope: read as the arguments
    ],
)
def test_a_key_beside_the_gateways_parameters_never_reaches_the_tool(tool_input, ignored) -> None:
    assert read_gateway_input(tool_input).ignored == ignored


@pytest.mark.parametrize(
    ("name", "hint", "server", "tool"),
    [
        ("mcp__github__create_issue", None, "github", "create_issue"),
        ("mcp__chrome-devtools__take_screenshot", None, "chrome-devtools", "take_screenshot"),
        ("github_create_issue", "github", "github", "create_issue"),
        ("github_create_issue", None, None, "github_create_issue"),
        ("create_issue", "github", "github", "create_issue"),
        ("mcp__github_create_issue", None, None, "mcp__github_create_issue"),
    ],
)
def test_direct_tools_take_their_server_from_the_name_or_the_hint(name, hint, server, tool) -> None:
    call = resolve_mcp_call(name, {"title": "x"}, hint)
    assert (call.mode, call.server, call.tool, call.invoked_as) == ("call", server, tool, name)
    assert dict(call.arguments.values) == {"title": "x"}


def test_a_direct_tool_is_invoked_as_its_own_name_on_the_mcp_surface() -> None:
    payload = build_payload({"name": "mcp__github__create_issue", "input": ISSUE})
    assert (payload.request.tool_name, payload.request.invoked_tool_name) == (
        "mcp",
        "mcp__github__create_issue",
    )
    assert payload.legacy_message.startswith(
        "Current agent requested MCP target 'github_create_issue' with owner"
    )
    host_mapped = build_payload(
        {"name": "github_create_issue", "input": ISSUE},
        {"kind": "mcp", "mcpServer": "github", "invokedAs": "github_create_issue"},
    )
    assert host_mapped.request.invoked_tool_name == "github_create_issue"


def test_the_namespace_proxy_is_the_gateway_for_one_server() -> None:
    call = resolve_mcp_call("mcp__linear", {"describe": "create_issue", "tool": "create_issue"})
    assert (call.mode, call.server, call.invoked_as) == ("call", "linear", "mcp__linear")
    assert gateway_input(call, {"tool": "create_issue"}) == {
        "tool": "create_issue",
        "server": "linear",
    }


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("mcp", "mcp"),
        ("mcp__github__create_issue", "mcp"),
        ("mcp__github", "mcp"),
        (" mcp ", "mcp"),
        ("mcp__", "tool"),
        ("github_create_issue", "tool"),
        ("mcpx", "tool"),
    ],
)
def test_mcp_names_derive_the_mcp_kind(name, kind) -> None:
    assert is_mcp_tool_name(name) is (kind == "mcp")
    assert derive_kind(name, {}) == kind


@pytest.mark.parametrize(
    ("reference", "expected"),
    [
        ("exa:search", ("exa", "search")),
        ("  exa : search  ", ("exa", "search")),
        ("", None),
        (":search", None),
        ("exa:", None),
        ("exa_search", None),
        (" :search", None),
        ("exa: ", None),
        ("a:b:c", ("a", "b:c")),
    ],
)
def test_qualified_names_split_at_the_first_colon(reference, expected) -> None:
    assert parse_qualified_tool_name(reference) == expected


@pytest.mark.parametrize(
    ("pattern", "value", "matches"),
    [
        ("github:*", "github:create_issue", True),
        ("github:*", "github_create_issue", False),
        ("*", "", True),
        ("exa_?earch", "exa_search", True),
        ("a.b", "axb", False),
        ("git *", "git", True),
        ("mcp_connect_*", "mcp_connect_exa", True),
        ("x", "x\ny", False),
        ("x*", "x\ny", True),
    ],
)
def test_wildcards_match_as_the_rules_do(pattern, value, matches) -> None:
    assert wildcard_match(pattern, value) is matches


json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**6), 10**6), st.text(max_size=8)
)
arguments = st.dictionaries(st.text(min_size=1, max_size=6), json_scalars, max_size=5)


@given(arguments)
def test_args_as_an_object_and_as_its_json_text_show_the_same_prompt(values) -> None:
    as_object = build_payload({"name": "mcp", "input": {"tool": "s_t", "args": values}})
    as_text = build_payload({"name": "mcp", "input": {"tool": "s_t", "args": json.dumps(values)}})
    assert as_object.evidence == as_text.evidence
    assert as_object.request == as_text.request


gateway_keys = st.sampled_from(
    [
        "tool",
        "server",
        "connect",
        "describe",
        "search",
        "instructions",
        "action",
        "url",
        "target",
        "args",
        "arguments",
        "limit",
        "regex",
        "other",
    ]
)
gateway_values = st.one_of(st.text(max_size=6), st.integers(), st.none(), st.booleans(), arguments)


@given(st.dictionaries(gateway_keys, gateway_values, max_size=6))
def test_any_gateway_input_is_a_request_and_loses_no_key(tool_input) -> None:
    call = read_gateway_input(tool_input)
    payload = build_payload({"name": "mcp", "input": tool_input})
    assert payload.request.value in call.targets
    shown = {e.label for e in payload.evidence} | set(call.consumed)
    shown |= {
        e.text.split('"', 2)[1]
        for e in payload.evidence
        if e.label == "argument" and e.text.startswith('"')
    }
    assert set(tool_input) <= shown


def test_a_server_key_on_the_namespace_proxy_is_ignored_as_the_adapter_ignores_it() -> None:
    """pi-mcp-adapter 2.36.0 namespace-tools.ts forwards only {tool, args} with the proxy's own server."""
    tool_input = {"tool": "query", "server": "scratch-sqlite", "args": {"sql": "DROP TABLE users"}}
    call = resolve_mcp_call("mcp__postgres", tool_input)
    assert (call.mode, call.server, call.target(), call.ignored) == (
        "call",
        "postgres",
        "postgres_query",
        ("server",),
    )
    payload = build_payload({"name": "mcp__postgres", "input": tool_input})
    assert (
        payload.request.value == "postgres_query" and "scratch-sqlite" not in payload.request.value
    )
    assert ("ignored", '"server": scratch-sqlite') in [(e.label, e.text) for e in payload.evidence]


@pytest.mark.parametrize("key", ["connect", "action", "arguments", "describe", "other"])
def test_the_namespace_proxy_reads_no_mode_but_a_call(key) -> None:
    call = resolve_mcp_call("mcp__linear", {"tool": "create_issue", key: "install"})
    assert (call.mode, call.server, call.ignored) == ("call", "linear", (key,))


@pytest.mark.parametrize(
    ("tool_input", "ignored"),
    [
        ({"tool": "exa_search", "connect": "evil"}, ("connect",)),
        ({"connect": "exa", "server": "other", "url": "https://x"}, ("server", "url")),
        ({"search": "x", "describe": "y"}, ("search",)),  # the adapter tries describe before search
        ({"tool": "t", "server": "s", "args": {}}, ()),
    ],
)
def test_a_gateway_parameter_of_another_mode_is_ignored(tool_input, ignored) -> None:
    assert read_gateway_input(tool_input).ignored == ignored
