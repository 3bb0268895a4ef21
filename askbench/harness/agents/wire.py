"""Just enough of four model wire protocols to hand a CLI one tool call, then plain text.

Each protocol is a reader of requests (which tools the CLI offers, which
tool results it sends back) and a writer of replies, streamed as server-sent
events or as one JSON body when the request did not ask for a stream:
Anthropic Messages, OpenAI Responses, OpenAI Chat Completions and Gemini's
``generateContent``/``streamGenerateContent``. Nothing else of the APIs is
spoken; a CLI that needs more gets a plain text answer.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from .toolcall import ToolCall

__all__ = [
    "Protocol",
    "PROTOCOLS",
    "Request",
    "read_request",
    "reply_events",
    "protocol_for_path",
    "sse",
    "parse_sse",
]

Protocol = Literal["anthropic", "responses", "chat", "gemini"]
PROTOCOLS: tuple[Protocol, ...] = ("anthropic", "responses", "chat", "gemini")


@dataclass(frozen=True)
class Request:
    """What the fake model needs from a request: the tools offered, the tool results returned, streaming or not."""

    protocol: Protocol
    tools: tuple[str, ...]
    results: tuple[str, ...]
    stream: bool


def protocol_for_path(path: str) -> Protocol | None:
    """Which API a request path belongs to (any prefix before the API's own path is accepted)."""
    bare = path.split("?", 1)[0]
    if bare.endswith("/messages"):
        return "anthropic"
    if bare.endswith("/responses"):
        return "responses"
    if bare.endswith("/chat/completions"):
        return "chat"
    if ":generateContent" in bare or ":streamGenerateContent" in bare:
        return "gemini"
    return None


def _dicts(value: object) -> list[Mapping[str, object]]:
    return [item for item in value if isinstance(item, Mapping)] if isinstance(value, list) else []


def _text(value: object) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def _tool_names(protocol: Protocol, body: Mapping[str, object]) -> tuple[str, ...]:
    tools = _dicts(body.get("tools"))
    if protocol == "gemini":
        declared = [
            decl
            for tool in tools
            for decl in _dicts(
                tool.get("functionDeclarations") or tool.get("function_declarations")
            )
        ]
        return tuple(str(decl.get("name")) for decl in declared)
    if protocol == "chat":
        return tuple(
            str(_as_map(tool.get("function")).get("name", tool.get("name"))) for tool in tools
        )
    names: list[str] = []
    for tool in tools:
        # OpenAI Responses: a server's tools grouped under one name
        if tool.get("type") == "namespace":
            names.extend(
                f"{tool.get('name')}.{inner.get('name')}" for inner in _dicts(tool.get("tools"))
            )
        elif tool.get("name"):
            names.append(str(tool.get("name")))
    return tuple(names)


def _as_map(value: object) -> Mapping[str, object]:
    return value if isinstance(value, Mapping) else {}


def _results(protocol: Protocol, body: Mapping[str, object]) -> tuple[str, ...]:
    if protocol == "anthropic":
        blocks = [
            block
            for message in _dicts(body.get("messages"))
            for block in _dicts(message.get("content"))
        ]
        return tuple(
            _text(block.get("content")) for block in blocks if block.get("type") == "tool_result"
        )
    if protocol == "responses":
        return tuple(
            _text(item.get("output"))
            for item in _dicts(body.get("input"))
            if item.get("type") == "function_call_output"
        )
    if protocol == "chat":
        return tuple(
            _text(message.get("content"))
            for message in _dicts(body.get("messages"))
            if message.get("role") == "tool"
        )
    parts = [
        part for content in _dicts(body.get("contents")) for part in _dicts(content.get("parts"))
    ]
    return tuple(_text(part["functionResponse"]) for part in parts if "functionResponse" in part)


def read_request(protocol: Protocol, path: str, body: Mapping[str, object]) -> Request:
    stream = bool(body.get("stream")) or ":streamGenerateContent" in path
    return Request(protocol, _tool_names(protocol, body), _results(protocol, body), stream)


def sse(event: str | None, data: Mapping[str, object] | str) -> bytes:
    """One server-sent event: an optional ``event:`` line and one ``data:`` line."""
    payload = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    head = f"event: {event}\n" if event else ""
    return f"{head}data: {payload}\n\n".encode()


_USAGE = {"input_tokens": 10, "output_tokens": 5}


def _anthropic(call: ToolCall | None, text: str) -> list[tuple[str, Mapping[str, object]]]:
    message: dict[str, object] = {
        "id": "msg_fake",
        "type": "message",
        "role": "assistant",
        "model": "fake",
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": _USAGE,
    }
    if call:
        block: Mapping[str, object] = {
            "type": "tool_use",
            "id": "toolu_fake1",
            "name": call.name,
            "input": {},
        }
        delta: Mapping[str, object] = {
            "type": "input_json_delta",
            "partial_json": call.arguments_json,
        }
    else:
        block = {"type": "text", "text": ""}
        delta = {"type": "text_delta", "text": text}
    return [
        ("message_start", {"type": "message_start", "message": message}),
        (
            "content_block_start",
            {"type": "content_block_start", "index": 0, "content_block": block},
        ),
        ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}),
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        (
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": "tool_use" if call else "end_turn", "stop_sequence": None},
                "usage": {"output_tokens": 5},
            },
        ),
        ("message_stop", {"type": "message_stop"}),
    ]


def _anthropic_body(call: ToolCall | None, text: str) -> Mapping[str, object]:
    content = (
        [{"type": "tool_use", "id": "toolu_fake1", "name": call.name, "input": call.arguments}]
        if call
        else [{"type": "text", "text": text}]
    )
    return {
        "id": "msg_fake",
        "type": "message",
        "role": "assistant",
        "model": "fake",
        "content": content,
        "stop_reason": "tool_use" if call else "end_turn",
        "stop_sequence": None,
        "usage": _USAGE,
    }


def _responses_item(call: ToolCall | None, text: str, done: bool) -> Mapping[str, object]:
    if call:
        namespace, _dot, name = call.name.rpartition(".")
        item = {
            "type": "function_call",
            "id": "fc_fake1",
            "call_id": "call_fake1",
            "name": name,
            "arguments": call.arguments_json if done else "",
            "status": "completed" if done else "in_progress",
        }
        return {**item, "namespace": namespace} if namespace else item
    return {
        "type": "message",
        "id": "msg_fake1",
        "role": "assistant",
        "status": "completed" if done else "in_progress",
        "content": [{"type": "output_text", "text": text, "annotations": []}] if done else [],
    }


def _responses(call: ToolCall | None, text: str) -> list[tuple[str, Mapping[str, object]]]:
    response = {
        "id": "resp_fake",
        "object": "response",
        "status": "in_progress",
        "model": "fake",
        "output": [],
    }
    done_item = _responses_item(call, text, True)
    middle: list[tuple[str, Mapping[str, object]]] = (
        [
            (
                "response.function_call_arguments.delta",
                {
                    "type": "response.function_call_arguments.delta",
                    "item_id": "fc_fake1",
                    "output_index": 0,
                    "delta": call.arguments_json,
                },
            ),
            (
                "response.function_call_arguments.done",
                {
                    "type": "response.function_call_arguments.done",
                    "item_id": "fc_fake1",
                    "output_index": 0,
                    "arguments": call.arguments_json,
                },
            ),
        ]
        if call
        else [
            (
                "response.content_part.added",
                {
                    "type": "response.content_part.added",
                    "item_id": "msg_fake1",
                    "output_index": 0,
                    "content_index": 0,
                    "part": {"type": "output_text", "text": "", "annotations": []},
                },
            ),
            (
                "response.output_text.delta",
                {
                    "type": "response.output_text.delta",
                    "item_id": "msg_fake1",
                    "output_index": 0,
                    "content_index": 0,
                    "delta": text,
                },
            ),
            (
                "response.output_text.done",
                {
                    "type": "response.output_text.done",
                    "item_id": "msg_fake1",
                    "output_index": 0,
                    "content_index": 0,
                    "text": text,
                },
            ),
        ]
    )
    usage = {
        "input_tokens": 10,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": 5,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": 15,
    }
    return [
        ("response.created", {"type": "response.created", "response": response}),
        (
            "response.output_item.added",
            {
                "type": "response.output_item.added",
                "output_index": 0,
                "item": _responses_item(call, text, False),
            },
        ),
        *middle,
        (
            "response.output_item.done",
            {"type": "response.output_item.done", "output_index": 0, "item": done_item},
        ),
        (
            "response.completed",
            {
                "type": "response.completed",
                "response": {
                    **response,
                    "status": "completed",
                    "output": [done_item],
                    "usage": usage,
                },
            },
        ),
    ]


def _chat_chunk(delta: Mapping[str, object], finish: str | None) -> Mapping[str, object]:
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion.chunk",
        "created": 0,
        "model": "fake",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }


def _chat_calls(call: ToolCall) -> list[Mapping[str, object]]:
    return [
        {
            "index": 0,
            "id": "call_fake1",
            "type": "function",
            "function": {"name": call.name, "arguments": call.arguments_json},
        }
    ]


def _chat(call: ToolCall | None, text: str) -> list[Mapping[str, object]]:
    delta: Mapping[str, object] = (
        {"role": "assistant", "tool_calls": _chat_calls(call)}
        if call
        else {"role": "assistant", "content": text}
    )
    final = _chat_chunk({}, "tool_calls" if call else "stop")
    return [
        _chat_chunk(delta, None),
        {**final, "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}},
    ]


def _chat_body(call: ToolCall | None, text: str) -> Mapping[str, object]:
    message: Mapping[str, object] = (
        {"role": "assistant", "content": None, "tool_calls": _chat_calls(call)}
        if call
        else {"role": "assistant", "content": text}
    )
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 0,
        "model": "fake",
        "choices": [
            {"index": 0, "message": message, "finish_reason": "tool_calls" if call else "stop"}
        ],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
    }


def _gemini(call: ToolCall | None, text: str) -> Mapping[str, object]:
    part: Mapping[str, object] = (
        {"functionCall": {"name": call.name, "args": call.arguments}} if call else {"text": text}
    )
    return {
        "candidates": [
            {"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}
        ],
        "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
        "modelVersion": "fake",
    }


def reply_events(
    protocol: Protocol, call: ToolCall | None, text: str, stream: bool
) -> tuple[str, Iterator[bytes]]:
    """The content type and the body chunks of a reply: the tool call when given, else ``text``."""
    if not stream:
        body: Mapping[str, object] = (
            _anthropic_body(call, text)
            if protocol == "anthropic"
            else _gemini(call, text)
            if protocol == "gemini"
            else _chat_body(call, text)
            if protocol == "chat"
            else dict(_responses(call, text)[-1][1])["response"]  # type: ignore[assignment]
        )
        return "application/json", iter([json.dumps(body, ensure_ascii=False).encode()])
    return "text/event-stream", _stream(protocol, call, text)


def _stream(protocol: Protocol, call: ToolCall | None, text: str) -> Iterator[bytes]:
    if protocol == "anthropic":
        yield from (sse(event, data) for event, data in _anthropic(call, text))
    elif protocol == "responses":
        yield from (sse(event, data) for event, data in _responses(call, text))
    elif protocol == "chat":
        yield from (sse(None, chunk) for chunk in _chat(call, text))
        yield sse(None, "[DONE]")
    else:
        yield sse(None, _gemini(call, text))


def parse_sse(raw: bytes) -> Sequence[tuple[str | None, str]]:
    """The ``(event, data)`` pairs of a server-sent event stream (for the stand-in CLI and the tests)."""
    events = []
    for block in raw.decode().split("\n\n"):
        event = None
        data = []
        for line in block.splitlines():
            if line.startswith("event:"):
                event = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].strip())
        if data:
            events.append((event, "\n".join(data)))
    return events
