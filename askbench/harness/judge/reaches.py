"""What the call reaches, known from the call as sent and the rules of what runs it — never from the renderer.

The prompt may only name what the call really acts on. Three hosts decide
that apart from the words of the call, and each is read here from its own
published rules, written again for the judge:

- **pi-mcp-adapter 2.36.0** (``namespace-tools.ts``): the namespace proxy
  ``mcp__<server>`` forwards only ``tool`` and ``args``, to the server it is
  named for; the gateway ``mcp`` with a ``tool`` calls it on ``server`` when
  one is given (``index.ts``). A ``server`` key on ``mcp__postgres`` changes nothing, and a key
  beside ``tool`` and ``args`` never reaches the tool: shown under its own label it reads as an argument.
- **ECMA-262, The Number Type / Number.MAX_SAFE_INTEGER**: a JavaScript host
  reads every JSON number as an IEEE 754 double, so an integer outside
  ±(2^53 − 1) arrives rounded (``9007199254740993`` is ``9007199254740992``);
  the prompt must say what it becomes.
- **The xd:// seed** (``shared/seeds/004``): only ``xd://<tool>`` drives a
  device; any other path is the file tool's, resolved against the working
  directory like any path (``xd://../../.ssh/authorized_keys`` is
  ``<cwd>/../.ssh/authorized_keys``).

These are payload-level truths: the ``core`` and ``verbatim`` invariants hold
the screen to the payload, and this check holds the payload to the host.
"""

from __future__ import annotations

import json
import os.path
from collections.abc import Iterator, Mapping
from decimal import Decimal

from askbench.impl.payload import PromptPayload

from ..fixtures.loading import Fixture
from .report import Report

__all__ = ["MAX_SAFE_INTEGER", "check_reaches", "javascript_reads", "javascript_trim"]

MAX_SAFE_INTEGER = 9007199254740991
"""ECMA-262 ``Number.MAX_SAFE_INTEGER``, 2^53 − 1."""
_FILE_TOOLS = ("read", "write", "edit", "find", "grep", "ls")
_NOT_IN_A_DEVICE_NAME = frozenset(" \t\n/?#")

_JAVASCRIPT_BLANKS = (
    "\t\v\f\ufeff\n\r\u2028\u2029 \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2007\u2008\u2009\u200a\u202f\u205f\u3000"
)
"""What ``String.prototype.trim`` removes (ECMA-262 WhiteSpace and LineTerminator: tab, VT, FF, ZWNBSP, the
space separators of category Zs, LF, CR, LS, PS). Python's ``str.strip`` removes other characters too — NEL
(U+0085) and the information separators U+001C–U+001F — which a JavaScript host keeps in a name."""


def javascript_trim(text: str) -> str:
    """``text.trim()`` as a JavaScript host runs it."""
    return text.strip(_JAVASCRIPT_BLANKS)


def javascript_reads(value: int) -> str:
    """``String(Number(value))`` as ECMA-262 defines it: the double nearest ``value``, in its shortest digits.

    Number::toString writes an integral double below 10^21 as plain digits
    (its shortest round-trip digits, then zeros) and from 10^21 on in
    exponent form; past the largest double the value is Infinity.
    """
    try:
        number = float(value)
    except OverflowError:
        return "Infinity" if value > 0 else "-Infinity"
    if abs(number) >= 1e21:
        mantissa, _, exponent = repr(number).partition("e")
        return f"{mantissa.removesuffix('.0')}e{'+' if not exponent.startswith('-') else ''}{int(exponent)}"
    return f"{Decimal(repr(number)).normalize():f}"


def _integers(value: object) -> Iterator[int]:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, bool):
            continue
        if isinstance(item, int):
            yield item
        elif isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _parsed_text(tool_input: Mapping[str, object], name: str) -> str | None:
    """JSON text the host parses into arguments: the gateway's string ``args``, a device write's ``content``."""
    if name.startswith("mcp"):
        args = tool_input.get("args")
        return args if isinstance(args, str) else None
    path, content = tool_input.get("path"), tool_input.get("content")
    device = (
        isinstance(path, str)
        and path.startswith("xd://")
        and _NOT_IN_A_DEVICE_NAME.isdisjoint(path[5:])
    )
    return content if name == "write" and device and isinstance(content, str) else None


def _sent_values(fixture: Fixture) -> Iterator[object]:
    """The input as sent, and the JSON text in it that the host parses (``_parsed_text``)."""
    tool_input = fixture.call.get("input")
    yield tool_input
    if isinstance(tool_input, Mapping):
        text = _parsed_text(tool_input, str(fixture.call.get("name", "")))
        if text is not None:
            try:
                yield json.loads(text)
            except (ValueError, RecursionError):
                return


def _payload_texts(payload: PromptPayload) -> str:
    parts = [payload.request.value]
    for entry in payload.evidence:
        parts += [entry.text, entry.detail or ""]
    return "\n".join(parts)


def _check_numbers(fixture: Fixture, payload: PromptPayload, report: Report) -> None:
    unsafe = {
        value
        for sent in _sent_values(fixture)
        for value in _integers(sent)
        if abs(value) > MAX_SAFE_INTEGER
    }
    if not unsafe:
        return
    texts = _payload_texts(payload)
    for value in sorted(unsafe):
        digits = str(value)
        said = f"{digits} (a JavaScript host reads {javascript_reads(value)})"
        if said not in texts:
            shown = digits if len(digits) <= 24 else f"{digits[:10]}…{digits[-6:]}"
            report(
                "reaches",
                f"the integer {shown} is outside ±Number.MAX_SAFE_INTEGER, and the prompt does not say "
                f"that a JavaScript host reads {javascript_reads(value)[:24]}",
            )
            return


def _names_a_tool(tool_input: Mapping[str, object]) -> bool:
    """The adapter trims the tool's name, and a blank one calls nothing."""
    tool = tool_input.get("tool")
    return isinstance(tool, str) and bool(javascript_trim(tool))


def _mcp_server(fixture: Fixture) -> str | None:
    """The server the adapter runs a tool call on when the envelope fixes it: the namespace's, or the gateway's ``server``."""
    name = str(fixture.call.get("name", "")).strip()
    tool_input = fixture.call.get("input")
    if not isinstance(tool_input, Mapping) or not _names_a_tool(tool_input):
        return None
    if name.startswith("mcp__") and "__" not in name[5:] and name[5:]:
        return name[5:]
    server = tool_input.get("server")
    if (
        name == "mcp"
        and isinstance(server, str)
        and javascript_trim(server)
        and not tool_input.get("action")
    ):
        return javascript_trim(server)
    return None


def _check_mcp_server(fixture: Fixture, payload: PromptPayload, report: Report) -> None:
    server = _mcp_server(fixture)
    if server is None or payload.kind not in ("mcp", "forwarded"):
        return
    target = payload.request.value
    if not target.startswith((f"{server}_", f"{server}:")) and target != server:
        report(
            "reaches",
            f"the call runs on the MCP server '{server[:30]}' (pi-mcp-adapter 2.36.0), but the target "
            f"shown is '{target[:40]}'",
        )


_GATEWAY_CALL_READS = frozenset({"tool", "args", "server"})
"""What the gateway reads when it calls a tool (``index.ts``: ``executeCall(state, params.tool, parsedArgs, params.server)``)."""
_NAMESPACE_READS = frozenset({"tool", "args"})


def _unread_keys(fixture: Fixture) -> list[str]:
    """Input keys a tool call through the adapter never passes on: beside ``tool``/``args`` on the namespace proxy,
    beside ``tool``/``args``/``server`` on the gateway (``arguments`` counts where it is the only arguments). A
    call whose tool's name is blank as the adapter trims it (``\ufeff``) calls nothing, so no key of it is read
    or unread."""
    name = str(fixture.call.get("name", "")).strip()
    tool_input = fixture.call.get("input")
    if not isinstance(tool_input, Mapping) or not _names_a_tool(tool_input):
        return []
    if name.startswith("mcp__") and "__" not in name[5:] and name[5:]:
        reads = _NAMESPACE_READS
    elif name == "mcp" and not tool_input.get("action"):
        reads = _GATEWAY_CALL_READS | ({"arguments"} if "args" not in tool_input else set())
    else:
        return []
    return [str(key) for key in tool_input if key not in reads]


def _check_unread_keys(fixture: Fixture, payload: PromptPayload, report: Report) -> None:
    labels = {entry.label for entry in payload.evidence}
    for key in _unread_keys(fixture):
        if key in labels:
            report(
                "reaches",
                f"the input key '{key[:30]}' never reaches the tool (pi-mcp-adapter 2.36.0 does not pass "
                f"it on), but the prompt shows it under its own label, as an argument",
            )
            return


def _check_xd_path(fixture: Fixture, payload: PromptPayload, report: Report) -> None:
    tool_input = fixture.call.get("input")
    if fixture.call.get("name") not in _FILE_TOOLS or not isinstance(tool_input, Mapping):
        return
    path = tool_input.get("path") or tool_input.get("file_path")
    if not isinstance(path, str) or not path.startswith("xd://"):
        return
    name = path[len("xd://") :]
    if not name or _NOT_IN_A_DEVICE_NAME.isdisjoint(name):
        return  # a device (or the listing): the seed's transport, not a file
    cwd = fixture.ask.get("cwd")
    base = cwd if isinstance(cwd, str) and cwd.startswith("/") else ""
    reached = os.path.normpath(os.path.join(base, path))
    shown = payload.request.value
    if shown.startswith("xd://") or os.path.normpath(shown) != reached:
        report(
            "reaches",
            f"'{path[:40]}' names no xd:// device: the file tool writes '{reached[:50]}', "
            f"but the prompt shows '{shown[:40]}'",
        )


def check_reaches(fixture: Fixture | None, payload: PromptPayload, report: Report) -> None:
    """The payload names what the call reaches: the MCP server the adapter runs it on, the numbers a JavaScript host
    reads, the file an ``xd://`` path that names no device is."""
    if fixture is None:
        return
    _check_mcp_server(fixture, payload, report)
    _check_unread_keys(fixture, payload, report)
    _check_numbers(fixture, payload, report)
    _check_xd_path(fixture, payload, report)
