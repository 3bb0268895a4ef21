"""A ``write`` to ``xd://<tool>`` is the inner tool, not a file write.

Devices are driven through the file tools, so the gate sees ``write`` with a
path and a JSON string. Shown as a file write, the person would approve an
opaque blob; shown as the inner tool with its decoded arguments, they see
what runs. The payload still says how it was invoked, and content that is
not a JSON object is shown raw with the reason, never turned into an error.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from dataclasses import dataclass

from .jsonish import decode_json_object, stringify
from .xdev import XD_PREFIX, decode_streaming_args, parse_device_path

HELP_CONTENTS = frozenset({"", "?", "help"})


@dataclass(frozen=True)
class DeviceCall:
    name: str
    input: Mapping[str, object]
    ask: Mapping[str, object]
    kind: str
    notes: tuple[tuple[str, str], ...] = ()
    """``(label, text)`` entries that go first in the evidence: why the content was not a JSON object."""


def _decode(content: str) -> tuple[dict[str, object], str | None]:
    """The arguments and, when they are not a complete JSON object, why; a cut-off stream keeps its prefix."""
    decoded = decode_json_object(content)
    if decoded.value is not None:
        return decoded.value, None
    return (decode_streaming_args(content) if decoded.syntax_error else {}), decoded.problem


def file_reached(path: str, cwd: str | None = None) -> str | None:
    """The file an ``xd://`` path that names no device really reaches, or ``None`` for any other path.

    Only a device name is driven through the transport (``parse_device_path``
    is strict on purpose); anything else is a plain path for the file tool,
    which resolves it against the working directory lexically, as Node's
    ``path.resolve`` does: ``xd:`` is a folder name, ``//`` one separator,
    and ``xd://../../.ssh/authorized_keys`` is ``../.ssh/authorized_keys``.
    Joined to ``cwd`` when the gate knows it; otherwise relative (``./`` or
    ``../`` in front, so it never reads as a URL).
    """
    if not path.startswith(XD_PREFIX) or parse_device_path(path) is not None:
        return None
    if cwd and cwd.startswith("/"):
        return posixpath.normpath(posixpath.join(cwd, path))
    relative = posixpath.normpath(path)
    return relative if relative.startswith(("../", "/")) or relative == ".." else f"./{relative}"


def unwrap_device_write(
    name: str, tool_input: Mapping[str, object], ask: Mapping[str, object]
) -> DeviceCall | None:
    """The inner call of a device write, or ``None`` for any other call."""
    if name != "write":
        return None
    path = tool_input.get("path")
    device = parse_device_path(path) if isinstance(path, str) else None
    if not device:
        return None
    content = tool_input.get("content", "")
    # never raises, unlike json.dumps
    content = content if isinstance(content, str) else stringify(content)
    invoked = ask.get("invokedAs") or f"write xd://{device}"
    inner_ask = {**ask, "invokedAs": invoked}
    if content.strip() in HELP_CONTENTS:
        return DeviceCall(
            device,
            {},
            inner_ask,
            "tool",
            (("request", "the device's documentation (a help write)"),),
        )
    arguments, problem = _decode(content)
    notes: tuple[tuple[str, str], ...] = ()
    if problem:
        shown = "the arguments decoded so far" if arguments else "the raw content"
        notes = (("decode", f"{problem}; showing {shown}"), ("content", content))
    target = ask.get("deviceTarget")
    if isinstance(target, str) and target:
        return DeviceCall("mcp", {"tool": target, "arguments": arguments}, inner_ask, "mcp", notes)
    return DeviceCall(device, arguments, inner_ask, "tool", notes)
