"""What an MCP call asks for, in every shape agents send it.

The same request reaches the gate in several envelopes: the gateway tool
``mcp`` of pi-mcp-adapter (``{tool: "github_create_issue", args: {…}}``, with
``args`` an object or a JSON string, an optional ``server`` hint, or one of its
other modes: ``connect``, ``describe``, ``search``, ``instructions``, a bare
``server``, ``action: "install"`` from a ``url``…), its per-server namespace
proxy ``mcp__github`` (``{tool, args}``), a direct tool the adapter registers
(``github_create_issue``) or the ``mcp__github__create_issue`` name other agents
use, and the older ``{tool: "server:tool", arguments: {…}}``. Each becomes one
``McpCall``: what it does, the permission target, and the arguments — so the
prompt shows what the call does, not which envelope it came in.

What each envelope reads follows the adapter's source (pi-mcp-adapter 2.36.0):
the gateway acts on its first mode (``index.ts``) and the namespace proxy
forwards only ``tool`` and ``args`` to its own server (``namespace-tools.ts``);
a key it does not read is ``ignored``, shown as such and never as the target.

Targets follow the upstream permission system (``mcp-targets.ts``): a call's
candidates run from ``server_tool`` to ``mcp_call``, and the one shown is the
candidate the matched rule names, else the most specific. The adapter's
``action`` modes, which the upstream does not resolve (an install from a URL
would read as ``mcp_status``), get targets that name the action.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from .jsonish import decode_json_object, json_type_name
from .preview import non_empty_string

McpMode = Literal[
    "call", "describe", "connect", "search", "list", "status", "instructions", "action"
]

ADAPTER_ACTIONS = ("install", "ui-messages", "auth-start", "auth-complete")
"""The ``action`` values pi-mcp-adapter 2.36.0 acts on; it checks them before every other mode."""

GATEWAY_TOOL = "mcp"
NAMESPACE_PREFIX = "mcp__"
_LAST_CANDIDATE = "mcp"  # the upstream's surface-wide fallback after every target


@dataclass(frozen=True)
class McpArguments:
    """The call's tool arguments, and how they arrived when that matters to the person."""

    values: Mapping[str, object] = field(default_factory=dict)
    key: str | None = None
    """The input key that carried them (``args`` or ``arguments``); ``None`` for a direct tool's whole input."""
    raw: str | None = None
    """``args`` exactly as sent when it was a JSON string."""
    problem: str | None = None
    """Why a JSON-string ``args`` is not an object; the adapter refuses such a call."""


@dataclass(frozen=True)
class McpCall:
    """One MCP request, whatever envelope it came in."""

    mode: McpMode
    targets: tuple[str, ...]
    """Permission candidates, most specific first (the upstream's order)."""
    server: str | None = None
    tool: str | None = None
    """``call`` and ``describe``: the tool as referenced, without a ``server:`` qualifier."""
    subject: str | None = None
    """What the mode acts on: the search text, the server to connect or list, the action's name."""
    arguments: McpArguments = field(default_factory=McpArguments)
    options: Mapping[str, object] = field(default_factory=dict)
    """The mode's other gateway parameters (``url``, ``target``, ``regex``, ``limit``…), as sent; still shown as input."""
    invoked_as: str | None = None
    """The direct or namespace tool the agent called, when it was not the gateway ``mcp``."""
    consumed: frozenset[str] = frozenset()
    """Input keys this reading accounts for; any other key is shown as it is."""
    ignored: tuple[str, ...] = ()
    """Input keys the adapter does not read in this envelope and mode (among ``consumed``): shown as ignored, never as the target."""
    naming_the_server: int = 0
    """How many of ``targets``, from the first, name the server the call acts on."""

    def target(self, matched_pattern: str | None = None) -> str:
        """The candidate the matched rule names (as the upstream reports it), else the most specific one.

        Where the call names its server, the target names it too: a rule for the bare tool (``create_issue``,
        ``mcp``) matches the same call on any server, and a target without the server would hide which one
        the adapter runs it on. The rule row still says which rule matched.
        """
        candidates = self.targets[: self.naming_the_server] or (*self.targets, _LAST_CANDIDATE)
        if matched_pattern:
            for candidate in candidates:
                if wildcard_match(matched_pattern, candidate):
                    return candidate
        return self.targets[0]


def wildcard_match(pattern: str, value: str) -> bool:
    """The permission rules' wildcard: ``*`` any run, ``?`` one character, a trailing `` *`` optional."""
    optional_tail = pattern.endswith(" *")
    body = pattern[:-2] if optional_tail else pattern
    regex = ".*".join(re.escape(part).replace(r"\?", ".") for part in body.split("*"))
    return re.fullmatch(regex + ("( .*)?" if optional_tail else ""), value, re.DOTALL) is not None


def parse_qualified_tool_name(reference: str) -> tuple[str, str] | None:
    """``server:tool`` split at its first colon; ``None`` unless both sides have text."""
    server, colon, tool = reference.strip().partition(":")
    server, tool = server.strip(), tool.strip()
    return (server, tool) if colon and server and tool else None


class _Targets:
    """An ordered set: the first spelling of a candidate wins, empty ones are dropped."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self.naming_the_server = 0

    def add(self, *values: str | None) -> None:
        for value in values:
            if value and value not in self.items:
                self.items.append(value)

    def add_naming_the_server(self, *values: str | None) -> None:
        """Candidates that name the server the call acts on: added before any that do not."""
        self.add(*values)
        self.naming_the_server = len(self.items)


def _tool_targets(
    reference: str, server_hint: str | None, targets: _Targets
) -> tuple[str | None, str]:
    qualified = parse_qualified_tool_name(reference)
    server = server_hint or (qualified[0] if qualified else None)
    tool = qualified[1] if qualified else reference
    if server:
        targets.add_naming_the_server(f"{server}_{tool}", f"{server}:{tool}", server)
    targets.add(tool, reference)
    return server, tool


def _arguments(tool_input: Mapping[str, object]) -> tuple[McpArguments, str | None]:
    """The arguments and the input key they were read from.

    ``args`` is what the adapter reads: an object, or a JSON string it parses
    (an empty string is no arguments). ``arguments`` (the JSON-RPC
    ``tools/call`` key) counts only as an object, as the upstream summariser
    reads it. A key that is not read as arguments stays in the input, shown
    as it is.
    """
    if "args" in tool_input:
        value = tool_input["args"]
        if isinstance(value, Mapping):
            return McpArguments(value, "args"), "args"
        if value is None or value == "":
            return McpArguments(key="args"), "args"
        if isinstance(value, str):
            decoded = decode_json_object(value)
            return McpArguments(decoded.value or {}, "args", value, decoded.problem), "args"
        return McpArguments(
            key="args", problem=f"a JSON {json_type_name(value)}, not an object"
        ), None
    value = tool_input.get("arguments")
    if isinstance(value, Mapping):
        return McpArguments(value, "arguments"), "arguments"
    return McpArguments(), None


_MODE_READS: Mapping[str, frozenset[str]] = {
    "action": frozenset({"action", "url", "server", "target", "args"}),
    "call": frozenset({"tool", "args", "arguments", "server"}),
    "connect": frozenset({"connect", "args"}),
    "describe": frozenset({"describe", "server", "args"}),
    "search": frozenset(
        {"search", "server", "searchMode", "regex", "includeSchemas", "limit", "offset", "args"}
    ),
    "instructions": frozenset({"instructions", "args"}),
    "list": frozenset({"server", "args"}),
    "status": frozenset({"args"}),
}
"""What the gateway reads in each mode: it acts on the first mode it finds, and a parameter of another mode does
nothing (``{tool, connect}`` calls the tool and connects nowhere), nor does a key that is no parameter at all (an
argument put beside ``args`` never reaches the tool). ``args`` is parsed in every mode; ``arguments``, the seed
host's envelope, counts only where the arguments were read from it."""

NAMESPACE_READS = ("tool", "args")
"""All the namespace proxy ``mcp__<server>`` reads (``namespace-tools.ts``): the server is the one it is named for."""

_MODE_OPTIONS = {
    "search": ("searchMode", "regex", "includeSchemas", "limit", "offset"),
    "action": ("url", "target"),
}


def read_gateway_input(tool_input: Mapping[str, object], server_hint: str | None = None) -> McpCall:
    """The gateway ``mcp`` tool's input, read in the adapter's own order of modes."""
    text = {
        key: non_empty_string(tool_input.get(key))
        for key in ("tool", "server", "connect", "describe", "search", "instructions", "action")
    }
    server = text["server"] or server_hint
    arguments, arguments_key = _arguments(tool_input)
    targets = _Targets()
    consumed = {
        key for key in ("server", arguments_key) if key and (key != "server" or text["server"])
    }

    def made(mode: McpMode, *keys: str, **facts: object) -> McpCall:
        options = {key: tool_input[key] for key in _MODE_OPTIONS.get(mode, ()) if key in tool_input}
        reads = _MODE_READS[mode] - ({"arguments"} - {arguments_key})
        ignored = tuple(key for key in tool_input if key not in reads)
        return McpCall(
            mode,
            tuple(targets.items),
            arguments=arguments,
            options=options,
            consumed=frozenset(consumed | set(keys) | set(ignored)),
            ignored=ignored,
            naming_the_server=targets.naming_the_server,
            **facts,  # type: ignore[arg-type]
        )

    action = text["action"]
    if action in ADAPTER_ACTIONS:
        name = action.replace("-", "_")
        targets.add_naming_the_server(f"mcp_{name}_{server}" if server else None)
        targets.add(f"mcp_{name}")
        return made("action", "action", server=server, subject=action)
    if text["tool"]:
        resolved_server, tool = _tool_targets(text["tool"], server, targets)
        targets.add("mcp_call")
        return made("call", "tool", server=resolved_server, tool=tool)
    if connect := text["connect"]:
        targets.add_naming_the_server(f"mcp_connect_{connect}", connect)
        targets.add("mcp_connect")
        return made("connect", "connect", server=connect, subject=connect)
    if text["describe"]:
        resolved_server, tool = _tool_targets(text["describe"], server, targets)
        targets.add("mcp_describe")
        return made("describe", "describe", server=resolved_server, tool=tool)
    if search := text["search"]:
        targets.add_naming_the_server(f"mcp_server_{server}" if server else None, server)
        targets.add(search, "mcp_search")
        return made("search", "search", server=server, subject=search)
    if instructions := text["instructions"]:
        # the upstream reads this as status; it only shows a server's usage text
        targets.add_naming_the_server(f"mcp_instructions_{instructions}")
        targets.add("mcp_instructions")
        return made("instructions", "instructions", server=instructions, subject=instructions)
    if server:
        targets.add_naming_the_server(f"mcp_server_{server}", server)
        targets.add("mcp_list")
        return made("list", server=server, subject=server)
    targets.add("mcp_status")
    return made("status")


def _direct_call(
    name: str, server: str | None, tool: str, tool_input: Mapping[str, object]
) -> McpCall:
    targets = _Targets()
    _tool_targets(tool, server, targets)
    targets.add(name, "mcp_call")
    return McpCall(
        "call",
        tuple(targets.items),
        server=server,
        tool=tool,
        arguments=McpArguments(tool_input),
        invoked_as=name,
        consumed=frozenset(tool_input),
        naming_the_server=targets.naming_the_server,
    )


def _namespace_call(name: str, server: str, tool_input: Mapping[str, object]) -> McpCall:
    """``mcp__<server>`` with ``{tool, args}``: the gateway's call on that server, every other key ignored.

    The adapter forwards only ``tool`` and ``args`` with the server it is
    named for, so a ``server`` key (or ``connect``, ``arguments``, …) never
    changes where the call runs; shown as the target it would lie.
    """
    read = {key: tool_input[key] for key in NAMESPACE_READS if key in tool_input}
    call = read_gateway_input(read, server_hint=server)
    ignored = tuple(key for key in tool_input if key not in NAMESPACE_READS)
    return replace(call, invoked_as=name, consumed=call.consumed | set(ignored), ignored=ignored)


def resolve_mcp_call(
    name: str, tool_input: Mapping[str, object], server_hint: str | None = None
) -> McpCall:
    """Any MCP envelope as one call.

    ``name`` is the tool the agent called. ``mcp`` is the gateway;
    ``mcp__<server>`` with a ``tool`` is the adapter's namespace proxy;
    ``mcp__<server>__<tool>`` names both; any other name is a direct tool
    whose whole input is the arguments, its server known only from
    ``server_hint`` (the host that registered it), which a ``<server>_``
    prefix on the name then drops. The gateway names its server itself, so
    the hint is for direct tools only.
    """
    name = name.strip()
    if name == GATEWAY_TOOL:
        return read_gateway_input(tool_input)
    if name.startswith(NAMESPACE_PREFIX):
        rest = name[len(NAMESPACE_PREFIX) :]
        server, separator, tool = rest.partition("__")
        if separator and server and tool:
            return _direct_call(name, server, tool, tool_input)
        if rest and non_empty_string(tool_input.get("tool")):
            return _namespace_call(name, rest, tool_input)
    hinted = server_hint.strip() if server_hint and server_hint.strip() else None
    tool = name.removeprefix(f"{hinted}_") if hinted and name != f"{hinted}_" else name
    return _direct_call(name, hinted, tool, tool_input)


def is_mcp_tool_name(name: str) -> bool:
    """Names that are MCP calls whatever the gate says: the gateway and the ``mcp__`` family."""
    name = name.strip()
    return name == GATEWAY_TOOL or (
        name.startswith(NAMESPACE_PREFIX) and len(name) > len(NAMESPACE_PREFIX)
    )


def gateway_input(call: McpCall, tool_input: Mapping[str, object]) -> Mapping[str, object]:
    """The call as the gateway's input, so one summariser (and any registrant) reads one shape."""
    if call.invoked_as is None:
        return tool_input
    shaped: dict[str, object] = {
        key: value for key, value in tool_input.items() if key not in call.consumed
    }
    if call.tool is not None:
        shaped["tool"] = call.tool
    if call.server is not None:
        shaped["server"] = call.server
    if call.arguments.values or call.arguments.raw is not None:
        shaped["args"] = (
            call.arguments.raw if call.arguments.raw is not None else dict(call.arguments.values)
        )
    return shaped
