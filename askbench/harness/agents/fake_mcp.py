"""A stdio MCP server that lists one recorded server's tools and answers every call with plain text.

The CLIs learn MCP tools' names and schemas from ``tools/list``, so a
fixture's call reaches the permission prompt exactly as the real server's
would: the list is the one recorded in ``corpus/mcp/servers/``. Run as
``python -m askbench.harness.agents.fake_mcp RECORD.json``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TextIO

__all__ = ["answer", "serve"]


def answer(
    message: Mapping[str, object], record: Mapping[str, object]
) -> Mapping[str, object] | None:
    """The JSON-RPC reply to one message, or None for a notification."""
    if "id" not in message:
        return None
    method = message.get("method")
    params = message.get("params")
    version = params.get("protocolVersion") if isinstance(params, Mapping) else None
    if method == "initialize":
        result: object = {
            "protocolVersion": version or record.get("protocolVersion", "2024-11-05"),
            "capabilities": {"tools": {"listChanged": False}},
            "serverInfo": record.get("serverInfo", {"name": "fake", "version": "0"}),
        }
    elif method == "tools/list":
        result = {"tools": record.get("tools", [])}
    elif method == "tools/call":
        result = {"content": [{"type": "text", "text": "ok"}], "isError": False}
    elif method in ("ping", "logging/setLevel"):
        result = {}
    elif method in ("resources/list", "prompts/list", "resources/templates/list"):
        key = {"resources/list": "resources", "prompts/list": "prompts"}.get(
            str(method), "resourceTemplates"
        )
        result = {key: []}
    else:
        return {
            "jsonrpc": "2.0",
            "id": message["id"],
            "error": {"code": -32601, "message": f"no method {method}"},
        }
    return {"jsonrpc": "2.0", "id": message["id"], "result": result}


def serve(record: Mapping[str, object], reader: TextIO, writer: TextIO) -> None:
    for line in reader:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except json.JSONDecodeError:
            continue
        reply = answer(message, record) if isinstance(message, dict) else None
        if reply is not None:
            writer.write(json.dumps(reply) + "\n")
            writer.flush()


def main() -> None:
    serve(json.loads(Path(sys.argv[1]).read_text(encoding="utf-8")), sys.stdin, sys.stdout)


if __name__ == "__main__":
    main()
