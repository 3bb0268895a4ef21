"""A scripted stand-in agent CLI: one model turn over any of the four protocols, then a permission prompt.

It lets the driver, the fake model and the verdicts be tested without the
real CLIs. It speaks to the fake model as they do (a streamed request that
lists its tools, the call read back from the stream, the tool result sent
in a second request) and draws a full-screen prompt in one of several
behaviours, each a way real CLIs behave:

``sound``   the command bounded, escapes spelled out, an elision marker naming ctrl+o, a deny option;
``leak``    the command written raw and unbounded (controls reach the terminal, rows overflow);
``cut``     the head only, with no marker and no expand key;
``refuse``  no prompt: the call is refused and the refusal sent back to the model;
``silent``  no prompt, nothing sent back;
``busy``    a screen that never settles;
``crash``   an error on stderr and exit status 3 before the model is asked;
``login``   a login screen that waits for a key and never asks the model;
``preprompt`` ``sound``, after a pre-prompt asking access to the directory the command names (enter allows it);
``redraw``  ``sound``, each screen drawn over the last with an erase-lines redraw (``ESC[2K ESC[1A`` …), as Gemini CLI;
``lone``    the input's ESC written as it is, then the CLI's own cursor move to the next cell, the rest of its
            sequence drawn as text (OpenCode draws cell by cell);
``strip``   the input's control characters dropped, the rest of their sequences shown with nothing in their
            place (``sh[1A[2K``);
``gutter``  ``sound``, every line of the input numbered with a diff mark before it (``  2 + …``);
``withheld`` ``sound``, its marker in Claude Code's words: ``(value cannot be shown in full, ctrl+o to expand)``;
``unnamed`` MCP arguments' values without their names, a description naming them only inside other words;
``longest`` MCP arguments named, but only the longest value shown.

Run as ``python -m askbench.harness.agents.standin --protocol P --base-url URL [--style S]``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import termios
import time
import tty
import urllib.request
from collections.abc import Callable, Mapping, Sequence

from .wire import PROTOCOLS, Protocol, parse_sse

__all__ = [
    "STANDIN_STYLES",
    "UNBOUNDED",
    "CRASH_ERROR",
    "request_body",
    "read_call",
    "result_body",
    "spelled",
    "prompt_lines",
    "main",
]

STANDIN_STYLES = (
    "sound",
    "leak",
    "cut",
    "refuse",
    "silent",
    "busy",
    "spill",
    "crash",
    "login",
    "preprompt",
    "redraw",
    "lone",
    "strip",
    "gutter",
    "withheld",
    "unnamed",
    "longest",
)
UNBOUNDED = ("cut", "leak")
"""The styles that draw no marker and expand nothing on ctrl+o; every other bounds each field around a marker."""
PRE_PROMPT = "Access external directory"
CRASH_ERROR = "stand-in agent: fatal: no credentials found, run `standin login` first"
SHELL_TOOL = "bash"
PREVIEW_ROWS = 6
TITLE = "Permission required"
USER_TURN = "Run the tool call you were asked for."
"""The user's turn, shown above the prompt as the CLIs show theirs."""


def _schema(name: str) -> Mapping[str, object]:
    return (
        {"type": "object", "properties": {"command": {"type": "string"}}}
        if name == SHELL_TOOL
        else {"type": "object"}
    )


def request_body(
    protocol: Protocol, tools: Sequence[str], history: Sequence[Mapping[str, object]] = ()
) -> Mapping[str, object]:
    """The first (or, with ``history``, the second) request, with the tools listed in the protocol's shape."""
    if protocol == "anthropic":
        return {
            "model": "fake",
            "max_tokens": 1024,
            "stream": True,
            "tools": [{"name": name, "input_schema": _schema(name)} for name in tools],
            "messages": [{"role": "user", "content": "go"}, *history],
        }
    if protocol == "responses":
        return {
            "model": "fake",
            "stream": True,
            "tools": [
                {"type": "function", "name": name, "parameters": _schema(name)} for name in tools
            ],
            "input": [{"role": "user", "content": "go"}, *history],
        }
    if protocol == "chat":
        return {
            "model": "fake",
            "stream": True,
            "tools": [
                {"type": "function", "function": {"name": name, "parameters": _schema(name)}}
                for name in tools
            ],
            "messages": [{"role": "user", "content": "go"}, *history],
        }
    return {
        "tools": [
            {
                "functionDeclarations": [
                    {"name": name, "parameters": _schema(name)} for name in tools
                ]
            }
        ],
        "contents": [{"role": "user", "parts": [{"text": "go"}]}, *history],
    }


PATHS: Mapping[Protocol, str] = {
    "anthropic": "/v1/messages",
    "responses": "/v1/responses",
    "chat": "/v1/chat/completions",
    "gemini": "/v1beta/models/fake:streamGenerateContent?alt=sse",
}


def read_call(protocol: Protocol, raw: bytes) -> tuple[str, Mapping[str, object]] | None:
    """The tool call in a streamed reply: its name and arguments, or None for a text reply."""
    name = ""
    arguments = ""
    for _event, data in parse_sse(raw):
        if data == "[DONE]":
            continue
        chunk = json.loads(data)
        if protocol == "anthropic":
            block = chunk.get("content_block", {})
            name = block.get("name", name) if block.get("type") == "tool_use" else name
            arguments += chunk.get("delta", {}).get("partial_json", "")
        elif protocol == "responses":
            item = chunk.get("item", {})
            if (
                chunk.get("type") == "response.output_item.done"
                and item.get("type") == "function_call"
            ):
                name, arguments = item["name"], item["arguments"]
        elif protocol == "chat":
            for call in chunk["choices"][0]["delta"].get("tool_calls", []):
                name = call["function"].get("name") or name
                arguments += call["function"].get("arguments", "")
        else:
            for part in chunk["candidates"][0]["content"]["parts"]:
                if "functionCall" in part:
                    name, arguments = (
                        part["functionCall"]["name"],
                        json.dumps(part["functionCall"]["args"]),
                    )
    if not name:
        return None
    parsed = json.loads(arguments or "{}")
    return name, parsed if isinstance(parsed, dict) else {}


def result_body(
    protocol: Protocol,
    tools: Sequence[str],
    name: str,
    arguments: Mapping[str, object],
    result: str,
) -> Mapping[str, object]:
    """The second request: the call and its result appended to the conversation."""
    history: list[Mapping[str, object]]
    if protocol == "anthropic":
        history = [
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "t1", "name": name, "input": arguments}],
            },
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "t1", "content": result}],
            },
        ]
    elif protocol == "responses":
        history = [
            {
                "type": "function_call",
                "call_id": "c1",
                "name": name,
                "arguments": json.dumps(arguments),
            },
            {"type": "function_call_output", "call_id": "c1", "output": result},
        ]
    elif protocol == "chat":
        history = [
            {
                "role": "assistant",
                "tool_calls": [
                    {
                        "id": "c1",
                        "type": "function",
                        "function": {"name": name, "arguments": json.dumps(arguments)},
                    }
                ],
            },
            {"role": "tool", "tool_call_id": "c1", "content": result},
        ]
    else:
        history = [
            {"role": "model", "parts": [{"functionCall": {"name": name, "args": arguments}}]},
            {
                "role": "user",
                "parts": [{"functionResponse": {"name": name, "response": {"output": result}}}],
            },
        ]
    return request_body(protocol, tools, history)


def _post(base_url: str, protocol: Protocol, body: Mapping[str, object]) -> bytes:
    request = urllib.request.Request(
        base_url + PATHS[protocol],
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        data: bytes = response.read()
        return data


def _control(char: str) -> bool:
    return ord(char) < 0x20 and char != "\n" or 0x7F <= ord(char) <= 0x9F


def spelled(text: str) -> str:
    """Every control character as visible notation, so none reaches the terminal."""
    return "".join(f"\\x{ord(char):02x}" if _control(char) else char for char in text)


def _stripped(text: str) -> str:
    """Every control character dropped, nothing in its place."""
    return "".join(char for char in text if not _control(char))


def _lone(text: str) -> str:
    """Every control character spelled out but ESC, which is written as it is."""
    return "".join(char if char == "\x1b" else spelled(char) for char in text)


SHOWN: Mapping[str, Callable[[str], str]] = {
    "leak": lambda text: text,
    "strip": _stripped,
    "lone": _lone,
}
"""How a style shows the input's text; every other spells its controls out."""


def _wrapped(text: str, width: int) -> list[str]:
    rows: list[str] = []
    for line in text.split("\n"):
        rows.extend(line[start : start + width] for start in range(0, max(len(line), 1), width))
    return rows


def _numbered(text: str, width: int) -> list[str]:
    """A diff's rows: each line of ``text`` numbered, a ``+`` after the number, wrapped under the gutter."""
    lines = text.split("\n")
    digits = len(str(len(lines)))
    rows: list[str] = []
    for number, line in enumerate(lines, 1):
        wrapped = _wrapped(line, width - digits - 3)
        rows.append(f"{number:>{digits}} + {wrapped[0]}")
        rows.extend(" " * (digits + 3) + row for row in wrapped[1:])
    return rows


def _bounded(rows: list[str], style: str) -> list[str]:
    """The head and the tail of ``rows`` around a marker naming ctrl+o."""
    if len(rows) <= PREVIEW_ROWS:
        return rows
    head, tail = rows[: PREVIEW_ROWS - 2], rows[-2:]
    marker = (
        "(value cannot be shown in full, ctrl+o to expand)"
        if style == "withheld"
        else f"… {len(rows) - len(head) - len(tail)} more rows (ctrl+o to expand)"
    )
    return [*head, marker, *tail]


def _value_text(value: object) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _argument_rows(
    style: str, arguments: Mapping[str, object], width: int, show: Callable[[str], str]
) -> list[list[str]]:
    """One field an argument: ``name: value``; ``unnamed`` shows the values alone below a description naming
    the arguments only inside other words, ``longest`` every name but only the longest value."""
    texts = {key: _value_text(value) for key, value in arguments.items()}
    longest = max(texts.values(), key=len, default="")
    if style == "unnamed":
        described = "Fills in the " + ", ".join(f"{key}s" for key in texts) + "."
        return [_wrapped(described, width)] + [
            _wrapped(show(text), width) for text in texts.values()
        ]
    return [
        _wrapped(
            f"{key}: {show(text)}" if style != "longest" or text == longest else f"{key}:", width
        )
        for key, text in texts.items()
    ]


def _input_rows(
    style: str, arguments: Mapping[str, object], width: int, expanded: bool
) -> list[str]:
    """The input's rows: a command as one field, MCP arguments one field each; ``cut`` shows the first rows,
    ``leak`` all, any other bounds each field."""
    show = SHOWN.get(style, spelled)
    if "command" not in arguments:
        fields = _argument_rows(style, arguments, width, show)
    elif style == "gutter":
        fields = [_numbered(show(str(arguments["command"])), width)]
    else:
        fields = [_wrapped(show(str(arguments["command"])), width)]
    every = [row for field in fields for row in field]
    if expanded or style == "leak":
        return every
    if style == "cut":
        return every[:PREVIEW_ROWS]
    return [row for field in fields for row in _bounded(field, style)]


def prompt_lines(
    style: str, name: str, arguments: Mapping[str, object], width: int, expanded: bool
) -> list[str]:
    """The prompt's rows: title, tool, the input (bounded unless expanded or leaked), options.

    ``spill`` is ``sound`` measuring its rows without their indent, so each
    full row runs two columns past the terminal's edge and the terminal wraps it.
    """
    shown = _input_rows(style, arguments, width if style == "spill" else width - 4, expanded)
    return [
        f"> {USER_TURN}",
        TITLE,
        f"tool: {name}",
        *(f"  {row}" for row in shown),
        "",
        "> Allow once (y)",
        "  Deny (n)",
    ]


_DRAWN = [0]
"""Rows the last screen drew, for ``redraw`` to erase."""


def _draw(lines: Sequence[str], style: str = "sound") -> None:
    """A screen: cleared and drawn from the top, or (``redraw``) drawn over the last, its rows erased upward.

    ``lone`` follows each ESC it writes with its own move to the next cell.
    """
    if style == "redraw":
        start = "\x1b[2K\x1b[1A" * _DRAWN[0] + "\x1b[2K\x1b[G"
    else:
        start = "\x1b[H\x1b[2J"
    if style == "lone":
        lines = [_moved_after_escapes(line, row) for row, line in enumerate(lines, 1)]
    sys.stdout.write(start + "\r\n".join(lines))
    sys.stdout.flush()
    _DRAWN[0] = len(lines) - 1


def _moved_after_escapes(line: str, row: int) -> str:
    parts = line.split("\x1b")
    out, column = [parts[0]], len(parts[0]) + 1
    for part in parts[1:]:
        column += 1
        out.append(f"\x1b\x1b[{row};{column}H{part}")
        column += len(part)
    return "".join(out)


def _busy() -> None:
    letters = "abcdefghijklmnopqrstuvwxyz"
    tick = 0
    while True:
        _draw([f"working: {letters[tick % 26:]}"])
        tick += 1
        time.sleep(0.1)


def _pre_prompt() -> bool:
    """A prompt before the call's own, as OpenCode asks access to a directory first: enter allows, n or esc denies."""
    _draw(
        [
            f"> {USER_TURN}",
            TITLE,
            f"  {PRE_PROMPT} /srv",
            "  Patterns: /srv/*",
            "",
            "> Allow once (enter)",
            "  Deny (n)",
        ]
    )
    while True:
        key = os.read(0, 16)
        if key in (b"\r", b"y"):
            return True
        if key in (b"n", b"\x1b"):
            return False


def _ask(style: str, name: str, arguments: Mapping[str, object]) -> str:
    """Draw the prompt and read keys until a decision: ctrl+o expands, PageDown pages, y allows, n or esc denies."""
    width, height = os.get_terminal_size()
    expanded, top = False, 0
    while True:
        lines = prompt_lines(style, name, arguments, width, expanded)
        _draw(lines[top : top + height] if expanded else lines, style)
        key = os.read(0, 16)
        if key == b"\x0f" and style not in UNBOUNDED:
            expanded, top = True, 0
        elif key == b"\x1b[6~" and expanded:
            top = min(top + height - 1, max(len(lines) - height, 0))
        elif key in (b"y", b"\r"):
            return "allowed"
        elif key in (b"n", b"\x1b"):
            return "denied by the user"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="standin")
    parser.add_argument("--protocol", choices=PROTOCOLS, required=True)
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--style", choices=STANDIN_STYLES, default="sound")
    parser.add_argument(
        "--tools", default=SHELL_TOOL, help="tool names offered to the model, comma-separated"
    )
    args = parser.parse_args(argv)
    protocol: Protocol = args.protocol
    tools = args.tools.split(",")
    saved = termios.tcgetattr(0)
    tty.setraw(0)
    sys.stdout.write("\x1b[?1049h")
    try:
        _draw(["stand-in agent: thinking"])
        if args.style == "login":
            _draw(
                ["Welcome to stand-in agent", "Select login method:", "> 1. Log in with a browser"]
            )
            os.read(0, 16)
            return 0
        if args.style == "crash":
            sys.stderr.write(CRASH_ERROR + "\r\n")
            return 3
        call = read_call(protocol, _post(args.base_url, protocol, request_body(protocol, tools)))
        if call is None or args.style == "silent":
            _draw(["stand-in agent: no tool to run" if call is None else "stand-in agent: waiting"])
            os.read(0, 16)
            return 0
        if args.style == "busy":
            _busy()
        if args.style == "refuse":
            result = "refused: this command is blocked by policy"
        elif args.style == "preprompt" and not _pre_prompt():
            result = "denied access to the directory by the user"
        else:
            result = _ask("sound" if args.style == "preprompt" else args.style, *call)
        _post(args.base_url, protocol, result_body(protocol, tools, call[0], call[1], result))
        _draw([f"stand-in agent: {result}", "Done."])
        os.read(0, 16)
    finally:
        sys.stdout.write("\x1b[?1049l")
        termios.tcsetattr(0, termios.TCSADRAIN, saved)
    return 0


if __name__ == "__main__":
    sys.exit(main())
