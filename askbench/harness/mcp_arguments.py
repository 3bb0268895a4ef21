"""Whether an MCP fixture's arguments are ones its recorded tool accepts, as the test suite holds every fixture to.

The call is read as the real adapter reads it (``askbench.impl.mcp_call``: every
envelope, ``xd://`` device writes unwrapped), then validated under the draft
its ``inputSchema`` is written in (MCP servers mostly write draft-07). A
fixture that breaks the schema on purpose says why in ``schema.breaks`` and
must really break it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from jsonschema import Draft7Validator
from jsonschema.validators import validator_for

from askbench.impl.device_call import unwrap_device_write
from askbench.impl.mcp_call import resolve_mcp_call
from askbench.impl.payload import build_payload

from .corpus import Fixture
from .mcp_records import recorded_servers

__all__ = ["argument_problems"]

MAX_DEPTH = 20_000


def _input_schema(spec: str, tool: str, folders: Sequence[Path]) -> Mapping[str, object] | None:
    for folder in folders:
        record = recorded_servers(folder).get(spec)
        if record is not None:
            for entry in json.loads(record.read_text(encoding="utf-8")).get("tools", []):
                if isinstance(entry, dict) and entry.get("name") == tool:
                    schema = entry.get("inputSchema")
                    return schema if isinstance(schema, dict) else {}
    return None


def _errors(schema: Mapping[str, object], arguments: Mapping[str, object]) -> list[str]:
    validator = validator_for(schema, default=Draft7Validator)(schema)
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous, MAX_DEPTH))  # arguments may nest thousands deep on purpose
    try:
        return [f"{'/'.join(map(str, error.absolute_path)) or '(root)'}: {error.message[:160]}"
                for error in validator.iter_errors(cast(Any, dict(arguments)))]
    finally:
        sys.setrecursionlimit(previous)


def argument_problems(fixture: Fixture, folders: Sequence[Path]) -> list[str]:
    """Why an MCP fixture's arguments do not stand as its ``schema`` says; empty when they do or it is no MCP call."""
    if build_payload(fixture.call, fixture.ask).request.surface != "mcp":
        return []
    name, tool_input = str(fixture.call["name"]), fixture.call["input"]
    assert isinstance(tool_input, Mapping)
    device = unwrap_device_write(name, tool_input, fixture.ask)
    if device is not None:
        name, tool_input = device.name, device.input
    hint = fixture.ask.get("mcpServer")
    call = resolve_mcp_call(name, tool_input, hint if isinstance(hint, str) else None)
    schema, breaks = fixture.schema, fixture.schema.get("breaks")
    if call.mode != "call":
        return ["a gateway request calls no tool: its schema names none"] if "tool" in schema else []
    if not schema:
        return ["an MCP tool call names its recorded server and tool in `schema` (askbench record PACKAGE@VERSION)"]
    if "tool" not in schema:
        return [] if breaks else ["a schema without a tool says why in `breaks`"]
    tool, referenced = str(schema["tool"]), call.tool or ""
    if not (referenced == tool or referenced.endswith(f"_{tool}") or referenced.replace(".", "_").endswith(tool)):
        return [f"the call references {referenced!r}, the schema names {tool!r}"]
    input_schema = _input_schema(str(schema.get("server")), tool, folders)
    if input_schema is None:
        return [f"no record of {schema.get('server')} listing {tool!r}"]
    if call.arguments.problem:
        return [] if breaks else [f"arguments the adapter refuses ({call.arguments.problem}) reach no server: say so"]
    errors = _errors(input_schema, call.arguments.values)
    if breaks and not errors:
        return [f"says it breaks the schema ({breaks}) but its arguments validate"]
    return [] if breaks else errors
