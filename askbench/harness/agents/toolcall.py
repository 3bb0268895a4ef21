"""The one tool call a fixture asks a CLI to make, in the names that CLI offers its model.

A CLI lists its tools in every model request, so the call is resolved
against that list rather than against names remembered per version: the
shell tool is the first of the profile's candidates the CLI offers, an MCP
tool is the offered name that ends in the fixture's tool name (every CLI
prefixes it with its server in its own way), a file tool likewise.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..fixtures.loading import Fixture

__all__ = ["ToolCall", "Intent", "intent_of", "resolve"]


@dataclass(frozen=True)
class ToolCall:
    """A function call as a model emits it: the tool's name and its arguments as a JSON object."""

    name: str
    arguments: Mapping[str, object]

    @property
    def arguments_json(self) -> str:
        return json.dumps(self.arguments, ensure_ascii=False)


@dataclass(frozen=True)
class Intent:
    """What the fixture asks for, before a CLI's names are known: a kind and its arguments."""

    kind: str
    """``bash``, ``mcp`` or ``write``."""
    arguments: Mapping[str, object]
    tool: str = ""
    """MCP: the tool as its server lists it; ``server`` names the server."""
    server: str = ""


def _mcp_arguments(call_input: Mapping[str, object]) -> Mapping[str, object]:
    for key in ("args", "arguments"):
        value = call_input.get(key)
        if isinstance(value, Mapping):
            return value
        if isinstance(value, str):
            try:
                parsed = json.loads(value)
            except json.JSONDecodeError:
                return {"raw": value}
            return parsed if isinstance(parsed, Mapping) else {"value": parsed}
    return {}


def intent_of(fixture: Fixture) -> Intent | None:
    """The fixture's call as something every CLI can be asked to make, or None where no CLI tool fits it."""
    name = str(fixture.call.get("name", ""))
    raw = fixture.call.get("input", {})
    call_input: Mapping[str, object] = raw if isinstance(raw, Mapping) else {}
    if name == "bash" and isinstance(call_input.get("command"), str):
        return Intent("bash", {"command": call_input["command"]})
    if name == "mcp" or name.startswith("mcp__") or fixture.schema.get("tool"):
        tool = str(fixture.schema.get("tool") or call_input.get("tool") or "").split(":")[-1]
        server = (
            str(call_input.get("server") or "")
            or str(fixture.schema.get("server", "mcp")).rsplit("@", 1)[0].split("/")[-1]
        )
        if tool:
            return Intent(
                "mcp",
                _mcp_arguments(call_input) if name == "mcp" else dict(call_input),
                tool,
                server,
            )
    if name == "write" and isinstance(call_input.get("content"), str):
        path = call_input.get("path") or call_input.get("file_path")
        return Intent("write", {"path": str(path), "content": call_input["content"]})
    return None


ROOT = "root"
"""A write mapping's folder that a relative ``path`` is joined to, for a CLI whose write tool takes absolute
paths only (Qwen Code, GitHub Copilot CLI): the file is the same, under the CLI's working folder."""


def _renamed(arguments: Mapping[str, object], names: Mapping[str, str]) -> dict[str, object]:
    root = names.get(ROOT)
    renamed: dict[str, object] = {}
    for key, value in arguments.items():
        if key == "path" and root and isinstance(value, str) and not value.startswith("/"):
            value = f"{root.rstrip('/')}/{value}"
        renamed[names.get(key, key)] = value
    return renamed


def resolve(
    intent: Intent,
    offered: Sequence[str],
    shell: Mapping[str, Mapping[str, object]],
    write: Mapping[str, Mapping[str, str]],
) -> ToolCall | None:
    """The call in the CLI's own names, or None when the CLI offers no tool for it.

    ``shell`` maps each candidate shell tool name to extra arguments (a
    ``"{command}"`` value is replaced by the command, ``"{argv}"`` by
    ``["bash", "-lc", command]``); ``write`` maps candidate write tools to
    their argument names (``path``/``content`` renamed; ``ROOT``, a folder a relative path is joined to).
    """
    if intent.kind == "bash":
        command = str(intent.arguments["command"])
        for name, template in shell.items():
            if name in offered:
                return ToolCall(
                    name, {key: _fill(value, command) for key, value in template.items()}
                )
        return None
    if intent.kind == "mcp":
        matches = [
            name
            for name in offered
            if name == intent.tool or name.endswith(tuple(mark + intent.tool for mark in "_.-"))
        ]
        preferred = [name for name in matches if intent.server in name] or matches
        return ToolCall(preferred[0], intent.arguments) if preferred else None
    for name, names in write.items():
        if name in offered:
            return ToolCall(name, _renamed(intent.arguments, names))
    return None


def _fill(value: object, command: str) -> object:
    if value == "{command}":
        return command
    if value == "{argv}":
        return ["bash", "-lc", command]
    return value
