"""The MCP servers' ``tools/list`` on record, and whether a fixture's ``schema`` names one that is there.

An MCP fixture's ``schema`` says which recorded server (``<package>@<version>``,
a file in ``mcp/servers/`` of its corpus or of the built-in one) and which
tool of it the call's arguments come from. The gate checks that the record
exists and lists the tool, so a misspelt or never-recorded server fails
``askbench check`` itself, not only the test suite that validates the
arguments against the tool's ``inputSchema``.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path

from .fixture_problems import Finding

__all__ = ["RECORDS", "record_findings", "recorded_servers"]

RECORDS = Path("mcp") / "servers"
"""Where a corpus keeps its records, below its root."""


@cache
def recorded_servers(folder: Path) -> Mapping[str, Path]:
    """Every record under ``folder`` by its ``<package>@<version>``."""
    if not folder.is_dir():
        return {}
    return {path.relative_to(folder).as_posix().removesuffix(".json"): path for path in sorted(folder.rglob("*.json"))}


@cache
def _tools(record: Path) -> tuple[str, ...] | str:
    try:
        data = json.loads(record.read_text(encoding="utf-8"))
        return tuple(str(tool["name"]) for tool in data["tools"])
    except (OSError, ValueError, KeyError, TypeError) as error:
        return f"the record {record} cannot be read: {error}"


def record_findings(schema: Mapping[str, object], folders: Sequence[Path]) -> list[Finding]:
    """What is wrong with ``schema``'s ``server`` and ``tool`` given the record folders searched, in order."""
    server, tool = schema.get("server"), schema.get("tool")
    if not isinstance(server, str):
        return []
    known: dict[str, Path] = {}
    for folder in reversed(folders):
        known.update(recorded_servers(folder))
    record = known.get(server)
    if record is None:
        close = difflib.get_close_matches(server, known, n=1, cutoff=0.6)
        hint = f"did you mean {close[0]!r}? " if close else ""
        searched = ", ".join(str(folder) for folder in folders)
        return [Finding(("schema", "server"),
                        f"no record of {server!r} in {searched}; {hint}record the server's tools/list first: "
                        f"askbench record {server}")]
    tools = _tools(record)
    if isinstance(tools, str):
        return [Finding(("schema", "server"), tools)]
    if isinstance(tool, str) and tool not in tools:
        close = difflib.get_close_matches(tool, tools, n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]!r}?" if close else f"; it lists {', '.join(tools)}"
        return [Finding(("schema", "tool"), f"{server} lists no tool {tool!r}{hint}")]
    return []
