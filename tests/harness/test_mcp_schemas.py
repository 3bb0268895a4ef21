"""Every MCP fixture's arguments are ones its real server accepts: checked against the recorded ``tools/list``.

The records in ``corpus/mcp/servers/<package>@<version>.json`` are what the
pinned server listed over stdio (``scripts/record_mcp_tools.py``), or, for a
server that is not on npm, its published tool definitions with the source
stated in the record. A fixture names its record and tool in ``schema``; one
whose arguments break the schema on purpose says why in ``schema.breaks``, and
the test holds it to that: its arguments must really fail validation. No Node
and no network here: the records are data.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from functools import cache
from pathlib import Path

import pytest
from jsonschema import Draft7Validator
from jsonschema.validators import validator_for

from askbench.harness.fixtures.loading import BUILTIN_CORPUS, Fixture, load_corpus
from askbench.impl.device_call import unwrap_device_write
from askbench.impl.mcp_call import McpCall, resolve_mcp_call
from askbench.impl.payload import build_payload

SERVERS = BUILTIN_CORPUS / "mcp" / "servers"
MIN_SERVERS = 20


def _mcp_fixtures() -> list[tuple[Fixture, McpCall]]:
    fixtures, problems = load_corpus([BUILTIN_CORPUS])
    assert not problems, problems
    found = []
    for fixture in fixtures:
        if build_payload(fixture.call, fixture.ask).request.surface != "mcp":
            continue
        name, tool_input = str(fixture.call["name"]), fixture.call["input"]
        device = unwrap_device_write(name, tool_input, fixture.ask)  # type: ignore[arg-type]
        if device is not None:
            name, tool_input = device.name, device.input
        hint = fixture.ask.get("mcpServer")
        found.append(
            (fixture, resolve_mcp_call(name, tool_input, hint if isinstance(hint, str) else None))
        )  # type: ignore[arg-type]
    return found


MCP_FIXTURES = _mcp_fixtures()
CALLS = [(fixture, call) for fixture, call in MCP_FIXTURES if call.mode == "call"]


@cache
def server_record(spec: str) -> Mapping[str, object]:
    path = SERVERS / f"{spec}.json"
    assert (
        path.is_file()
    ), f"no record {path.relative_to(BUILTIN_CORPUS.parent)}: run scripts/record_mcp_tools.py"
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def tool_schema(spec: str, tool: str) -> Mapping[str, object]:
    tools = {entry["name"]: entry for entry in server_record(spec)["tools"]}  # type: ignore[attr-defined]
    assert tool in tools, f"{spec} lists no tool {tool!r}; it lists {sorted(tools)}"
    return tools[tool]["inputSchema"]  # type: ignore[no-any-return]


def schema_errors(schema: Mapping[str, object], arguments: Mapping[str, object]) -> list[str]:
    """Validation errors under the schema's own draft (MCP servers mostly write draft-07)."""
    validator = validator_for(schema, default=Draft7Validator)(schema)
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(
        max(previous, 20_000)
    )  # a fixture's arguments may nest thousands deep on purpose
    try:
        return [
            f"{'/'.join(map(str, error.absolute_path)) or '(root)'}: {error.message[:160]}"
            for error in validator.iter_errors(dict(arguments))
        ]
    finally:
        sys.setrecursionlimit(previous)


def test_the_corpus_has_mcp_calls_from_enough_real_servers() -> None:
    servers = {fixture.schema.get("server") for fixture, _ in CALLS} - {None}
    assert len(servers) >= MIN_SERVERS, sorted(servers)  # type: ignore[type-var]


@pytest.mark.parametrize(("fixture", "call"), CALLS, ids=[f.id for f, _ in CALLS])
def test_every_mcp_call_validates_against_its_tools_input_schema(
    fixture: Fixture, call: McpCall
) -> None:
    schema = fixture.schema
    assert (
        schema
    ), f"{fixture.path.name}: an MCP tool call names its recorded server and tool in `schema`"
    if "tool" not in schema:
        assert schema.get("breaks"), "a fixture without a real tool says why"
        return
    tool = str(schema["tool"])
    referenced = call.tool or ""
    assert (
        referenced == tool
        or referenced.endswith(f"_{tool}")
        or referenced.replace(".", "_").endswith(tool)
    ), f"the call references {referenced!r}, the schema names {tool!r}"
    input_schema = tool_schema(str(schema["server"]), tool)
    if call.arguments.problem:
        assert schema.get(
            "breaks"
        ), f"args the adapter refuses ({call.arguments.problem}) reach no server: say so"
        return
    errors = schema_errors(input_schema, call.arguments.values)
    if schema.get("breaks"):
        assert errors, f"says it breaks the schema ({schema['breaks']}) but validates"
    else:
        assert not errors, errors


def test_gateway_modes_carry_no_tool_schema() -> None:
    for fixture, call in MCP_FIXTURES:
        if call.mode != "call":
            assert (
                "tool" not in fixture.schema
            ), f"{fixture.name}: a {call.mode} request calls no tool"


def test_every_record_is_used_and_names_itself() -> None:
    used = {fixture.schema.get("server") for fixture, _ in MCP_FIXTURES}
    for path in sorted(SERVERS.rglob("*.json")):
        spec = path.relative_to(SERVERS).as_posix().removesuffix(".json")
        record = server_record(spec)
        assert f"{record['package']}@{record['version']}" == spec
        assert record["tools"] and all(
            "name" in tool and "inputSchema" in tool for tool in record["tools"]
        )  # type: ignore[attr-defined]
        assert spec in used, f"{spec} is recorded but no fixture uses it"


def test_a_fixture_that_breaks_the_schema_is_held_to_it(tmp_path: Path) -> None:
    schema = tool_schema("@modelcontextprotocol/server-github@2025.4.8", "create_issue")
    assert schema_errors(schema, {"owner": "acme", "repo": "api", "title": "ok"}) == []
    assert schema_errors(schema, {"owner": "acme", "repo": "api"}) == [
        "(root): 'title' is a required property"
    ]
