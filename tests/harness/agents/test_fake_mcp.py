from __future__ import annotations

import io
import json

from agents_cases import recorded

from askbench.harness.agents.fake_mcp import answer, serve


def test_it_lists_the_recorded_tools_and_answers_calls() -> None:
    record = recorded("@modelcontextprotocol/server-github@2025.4.8")
    messages = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {"protocolVersion": "2025-06-18"},
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "tools/call",
            "params": {"name": "create_issue", "arguments": {}},
        },
        {"jsonrpc": "2.0", "id": 4, "method": "no/such"},
    ]
    out = io.StringIO()
    serve(record, io.StringIO("".join(json.dumps(message) + "\n" for message in messages)), out)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [reply["id"] for reply in replies] == [1, 2, 3, 4]
    assert replies[0]["result"]["protocolVersion"] == "2025-06-18"
    assert [tool["name"] for tool in replies[1]["result"]["tools"]] == [
        tool["name"] for tool in record["tools"]
    ]  # type: ignore[union-attr]
    assert replies[2]["result"]["isError"] is False
    assert replies[3]["error"]["code"] == -32601
    assert answer({"method": "notifications/initialized"}, record) is None
