"""Each protocol's replies read back by the stand-in's reader, and its requests read by the fake model's."""

from __future__ import annotations

import json

import pytest

from askbench.harness.agents import standin
from askbench.harness.agents.toolcall import ToolCall
from askbench.harness.agents.wire import (
    PROTOCOLS,
    Protocol,
    parse_sse,
    protocol_for_path,
    read_request,
    reply_events,
)

CALL = ToolCall("bash", {"command": "printf '\\x1b[8m' && rm -rf ~/build"})


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_a_streamed_tool_call_reads_back_whole(protocol: Protocol) -> None:
    content_type, chunks = reply_events(protocol, CALL, "Done.", stream=True)
    assert content_type == "text/event-stream"
    assert standin.read_call(protocol, b"".join(chunks)) == (CALL.name, CALL.arguments)


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_a_text_reply_carries_no_call(protocol: Protocol) -> None:
    _type, chunks = reply_events(protocol, None, "Done.", stream=True)
    raw = b"".join(chunks)
    assert standin.read_call(protocol, raw) is None
    assert b"Done." in raw


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_a_reply_not_streamed_is_one_json_body(protocol: Protocol) -> None:
    content_type, chunks = reply_events(protocol, CALL, "Done.", stream=False)
    body = json.loads(b"".join(chunks))
    assert content_type == "application/json"
    assert CALL.name in json.dumps(body)


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_requests_say_which_tools_are_offered_and_which_results_come_back(
    protocol: Protocol,
) -> None:
    path = standin.PATHS[protocol]
    assert protocol_for_path(path) == protocol
    first = read_request(
        protocol, path, dict(standin.request_body(protocol, ["bash", "mcp__github__create_issue"]))
    )
    assert first.tools == ("bash", "mcp__github__create_issue") and first.results == ()
    second = read_request(
        protocol,
        path,
        dict(standin.result_body(protocol, ["bash"], "bash", CALL.arguments, "denied")),
    )
    assert len(second.results) == 1 and "denied" in second.results[0]
    assert first.stream


def test_paths_of_no_protocol_are_none() -> None:
    assert protocol_for_path("/v1/messages/count_tokens") is None
    assert (
        protocol_for_path("/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse")
        == "gemini"
    )


def test_responses_namespaces_list_their_tools_and_a_call_names_its_namespace() -> None:
    body = {
        "tools": [
            {
                "type": "namespace",
                "name": "mcp__github",
                "tools": [{"type": "function", "name": "create_issue"}],
            },
            {"type": "function", "name": "exec_command"},
        ]
    }
    assert read_request("responses", "/v1/responses", body).tools == (
        "mcp__github.create_issue",
        "exec_command",
    )
    _type, chunks = reply_events(
        "responses", ToolCall("mcp__github.create_issue", {"owner": "acme"}), "", stream=True
    )
    done = [
        json.loads(data)
        for _event, data in parse_sse(b"".join(chunks))
        if "output_item.done" in data
    ][0]
    assert done["item"]["name"] == "create_issue" and done["item"]["namespace"] == "mcp__github"
