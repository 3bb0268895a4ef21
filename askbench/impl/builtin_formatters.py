"""The built-in MCP summariser, registered through the public seam.

Without it an MCP prompt names the target and nothing of what the call
carries. It reads every envelope ``askbench.impl.mcp_call`` knows (``args`` as an
object or a JSON string, ``arguments``, a ``server`` hint) and says what a
gateway mode does — connect, describe, search, install from a URL — because
those carry no arguments and their target alone reads like a tool call. A
tool call's arguments read as the upstream words them (``with key: value,
…``). It goes through ``register`` exactly as a third party would, so the
seam is exercised by the project's own start-up.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .jsonish import js_entries, js_string
from .mcp_call import McpCall, read_gateway_input
from .registry import ToolInputFormatterRegistry
from .truncate import truncate_inline_text

MCP_ARGS_SUMMARY_MAX_LENGTH = 160
MCP_ARG_VALUE_MAX_LENGTH = 60


def _render_arg_value(value: object) -> str:
    if isinstance(value, str):
        return f'"{truncate_inline_text(value, MCP_ARG_VALUE_MAX_LENGTH)}"'
    if isinstance(value, list | tuple):
        return f"[{len(value)} items]"
    if isinstance(value, Mapping):
        return "{…}"
    return js_string(value)


def _quoted(value: object) -> str:
    return f"'{truncate_inline_text(str(value), MCP_ARG_VALUE_MAX_LENGTH)}'"


def _on_server(call: McpCall, word: str = "on") -> str:
    return f" {word} server {_quoted(call.server)}" if call.server else ""


def _describe_call(call: McpCall) -> str | None:
    if call.arguments.problem:
        return f"with {call.arguments.key or 'args'} that are not a JSON object"
    if not call.arguments.values:
        return None
    parts = [
        f"{key}: {_render_arg_value(value)}" for key, value in js_entries(call.arguments.values)
    ]
    return f"with {truncate_inline_text(', '.join(parts), MCP_ARGS_SUMMARY_MAX_LENGTH)}"


def _describe_search(call: McpCall) -> str:
    regex = " as a regular expression" if call.options.get("regex") is True else ""
    return f"to search the MCP tools for {_quoted(call.subject)}{regex}{_on_server(call)}"


def _describe_install(call: McpCall) -> str:
    url = call.options.get("url")
    source = f"at {_quoted(url)}" if isinstance(url, str) and url.strip() else "with no url"
    name = f" as {_quoted(call.server)}" if call.server else ""
    where = (
        "the project's .mcp.json"
        if call.options.get("target") == "project"
        else "the global MCP config"
    )
    return f"to install the MCP server {source}{name} into {where}"


def _describe_action(call: McpCall) -> str:
    match call.subject:
        case "install":
            return _describe_install(call)
        case "auth-start":
            return f"to start OAuth sign-in{_on_server(call, 'for')}"
        case "auth-complete":
            return f"to complete OAuth sign-in{_on_server(call, 'for')} with the redirect or code in its args"
        case _:
            return "to read the messages MCP app windows sent"


_MODE_WORDING: Mapping[str, Callable[[McpCall], str | None]] = {
    "call": _describe_call,
    "describe": lambda call: f"to describe tool {_quoted(call.tool)}{_on_server(call)}",
    "connect": lambda call: f"to connect to server {_quoted(call.subject)}",
    "search": _describe_search,
    "instructions": lambda call: f"to read the usage instructions of server {_quoted(call.subject)}",
    "list": lambda call: f"to list the tools of server {_quoted(call.subject)}",
    "status": lambda call: "to show the status of the MCP servers",
    "action": _describe_action,
}


def format_mcp_input_for_prompt(tool_input: Mapping[str, object]) -> str | None:
    """What the call does: ``with key: value, …`` for a tool call's arguments, a phrase for any other mode.

    ``None`` for a tool call without arguments, which leaves the ask sentence as the upstream's.
    """
    call = read_gateway_input(tool_input)
    return _MODE_WORDING[call.mode](call)


def register_builtin_tool_input_formatters(registry: ToolInputFormatterRegistry) -> None:
    registry.register("mcp", format_mcp_input_for_prompt)
