"""``xd://`` virtual tool devices.

Discoverable tools leave the request's tool array and become devices driven
through the ``read``/``write`` tools the model already has::

    read  xd://          mounted device listing
    read  xd://<tool>    docs and JSON parameter schema
    write xd://<tool>    execute; the content is the JSON arguments object

One wire schema per tool instead of one per dispatcher branch keeps the
request small, while :meth:`XdevRegistry.docs_all` inlines as many docs as a
fixed budget allows so most devices need no discovery round trip.

The permission layer never executes anything here: it only needs
:func:`parse_device_path` and :func:`decode_streaming_args` to show
``write xd://github_create_issue`` as the inner tool call it really is.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias

__all__ = [
    "DOCS_PER_DEVICE_CAP",
    "DOCS_TOTAL_BUDGET",
    "EXTERNAL_DESCRIPTION_CAP",
    "INDEX_SUMMARY_CAP",
    "KEEP_TOP_LEVEL",
    "TRANSPORT_TOOLS",
    "XD_PREFIX",
    "Device",
    "DeviceArgsError",
    "Dispatched",
    "Docs",
    "Entry",
    "Executed",
    "UnknownDeviceError",
    "XdevError",
    "XdevRegistry",
    "decode_streaming_args",
    "is_mountable",
    "parse_device_path",
]

XD_PREFIX = "xd://"

# Budgets for docs_all(), the system-prompt embedding. Large MCP catalogs
# would otherwise bloat every request; whatever does not fit stays one
# `read xd://<tool>` away.
DOCS_TOTAL_BUDGET = 48_000
DOCS_PER_DEVICE_CAP = 10_000
EXTERNAL_DESCRIPTION_CAP = 200
INDEX_SUMMARY_CAP = 160

KEEP_TOP_LEVEL = frozenset({"todo", "ask", "grep", "web_search"})
"""Discoverable tools that lose their purpose behind dispatch.

``todo`` feeds the harness's todo machinery, ``ask`` is the model's way to
reach the user, ``grep`` is where shell-interception rules redirect, and
most models call ``web_search`` by name without knowing ``xd://`` at all.
"""

TRANSPORT_TOOLS = frozenset({"read", "write"})
"""Tools that carry ``xd://`` itself; mounting one strands every device."""

_ADDITIONAL_HEADING = "## Additional devices (docs on demand)"
_ADDITIONAL_FOOTER = f"Read {XD_PREFIX}<tool> for full docs and JSON schema before first use."
_USAGE = f"Read {XD_PREFIX}<tool> for docs; write {XD_PREFIX}<tool> with JSON args to execute."
_SECTION_SEPARATOR = "\n\n"
_HELP_WORDS = frozenset({"", "?", "help"})
_NAME_FORBIDDEN = frozenset(" /?#")


def _is_device_name(name: str) -> bool:
    """A name must survive the trip through ``xd://<name>`` unchanged."""
    return bool(name) and name.isprintable() and _NAME_FORBIDDEN.isdisjoint(name)


@dataclass(frozen=True, slots=True, kw_only=True)
class Device:
    """A tool as the registry sees it.

    ``external`` marks prose the project does not curate (MCP servers,
    extensions); it earns less room in the system prompt. ``parameters``
    is excluded from hashing because JSON schemas are plain dicts.
    """

    name: str
    description: str = ""
    parameters: Mapping[str, Any] = field(default_factory=dict, hash=False)
    execute: Callable[[dict[str, Any]], object]
    label: str | None = None
    summary: str | None = None
    discoverable: bool = False
    external: bool = False

    def __post_init__(self) -> None:
        if not _is_device_name(self.name):
            raise ValueError(
                f"invalid device name {self.name!r}: it must round-trip through {XD_PREFIX}<name>"
            )


@dataclass(frozen=True, slots=True)
class Entry:
    name: str
    summary: str


@dataclass(frozen=True, slots=True)
class Docs:
    """``write xd://<tool>`` asked for help instead of executing."""

    device: str
    text: str


@dataclass(frozen=True, slots=True)
class Executed:
    """The device ran; ``args`` are exactly what its callable received."""

    device: str
    args: Mapping[str, Any]
    value: object


Dispatched: TypeAlias = Docs | Executed


class XdevError(Exception):
    """A device write that cannot proceed; ``str(error)`` is model-facing."""

    def __init__(self, device: str, message: str) -> None:
        super().__init__(message)
        self.device = device
        self.message = message


class UnknownDeviceError(XdevError, LookupError):
    def __init__(self, device: str, mounted: tuple[str, ...]) -> None:
        listed = ", ".join(mounted) if mounted else "none"
        super().__init__(device, f"No such tool device: {XD_PREFIX}{device}. Mounted: {listed}.")
        self.mounted = mounted


class DeviceArgsError(XdevError, ValueError):
    """The content of a device write is not acceptable arguments.

    On a schema mismatch ``docs`` is set and already appended to the
    message, so the model can repair the call without another read.
    """

    def __init__(self, device: str, message: str, docs: str | None = None) -> None:
        super().__init__(device, message if docs is None else f"{message}\n\n{docs}")
        self.docs = docs


def is_mountable(device: Device) -> bool:
    """Whether a tool lives under ``xd://`` rather than in the tool array.

    Only discoverable tools opt in; the pinned and transport tools never do,
    whatever they declare, because hiding them breaks the harness or the
    transport itself.
    """
    if device.name in TRANSPORT_TOOLS or device.name in KEEP_TOP_LEVEL:
        return False
    return device.discoverable


def parse_device_path(path: str) -> str | None:
    """The device a ``read``/``write`` path names: ``""`` for the listing.

    Deliberately strict: the permission layer presents a match as the inner
    tool, so anything the transport might treat as a plain file must not
    match.
    """
    if not path.startswith(XD_PREFIX):
        return None
    name = path[len(XD_PREFIX) :]
    if name == "" or _is_device_name(name):
        return name
    return None


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _summary(device: Device) -> str:
    """Summaries are single lines so a catalog row can never break."""
    if device.summary and device.summary.strip():
        return _one_line(device.summary)
    for line in device.description.splitlines():
        if line.strip():
            return _one_line(line)
    return _one_line(device.label or "") or device.name


def _plain_json(value: object) -> object:
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def _render_docs(device: Device, level: int = 1, description_cap: int | None = None) -> str:
    heading = "#" * level
    title = f"{heading} {device.name}" + (f" — {device.label}" if device.label else "")
    description = device.description.strip()
    if description_cap is not None and len(description) > description_cap:
        description = (
            f"{description[:description_cap].rstrip()}… (full docs: read {XD_PREFIX}{device.name})"
        )
    schema = json.dumps(device.parameters, indent=2, ensure_ascii=False, default=_plain_json)
    lines = [title, ""]
    if description:
        lines += [description, ""]
    lines += [
        f"{heading}# Schema",
        "```json",
        schema,
        "```",
        f"Execute by writing JSON to {XD_PREFIX}{device.name}.",
    ]
    return "\n".join(lines)


def _index_row(device: Device) -> str:
    summary = _summary(device)
    if len(summary) > INDEX_SUMMARY_CAP:
        summary = summary[: INDEX_SUMMARY_CAP - 1].rstrip() + "…"
    return f"- {XD_PREFIX}{device.name} — {summary}"


def _embedding_length(inlined_chars: int, inlined: int, row_chars: int, rows: int) -> int:
    """Length docs_all() would have, computed without building it."""
    index = (
        0
        if rows == 0
        else len(_ADDITIONAL_HEADING) + row_chars + len(_ADDITIONAL_FOOTER) + rows + 2
    )
    parts = inlined + (1 if rows else 0)
    return inlined_chars + index + len(_SECTION_SEPARATOR) * max(parts - 1, 0)


def _declares_intent(schema: Mapping[str, Any]) -> bool:
    properties = schema.get("properties")
    return isinstance(properties, Mapping) and "i" in properties


def _json_kind(value: object) -> str:
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    return "null"


def _reject_constant(token: str) -> object:
    raise ValueError(f"{token} is not valid JSON")


class XdevRegistry:
    """The devices mounted for one session.

    Built-ins are fixed at construction; dynamic mounts (MCP, extensions,
    custom tools) are replaced wholesale by :meth:`reconcile` so a
    disconnected tool can never be reached through a stale device.

    Failures raise :class:`XdevError` subclasses rather than returning an
    error value: the write tool already turns exceptions into tool errors,
    and an unknown device must fail the same way from every method. The
    two successful outcomes of :meth:`dispatch` are distinct frozen types
    so callers can ``match`` on them.
    """

    __slots__ = ("_builtins", "_dynamic")

    def __init__(self, builtins: Iterable[Device] = ()) -> None:
        self._builtins: dict[str, Device] = {}
        for device in builtins:
            if device.name in self._builtins:
                raise ValueError(f"built-in device {device.name!r} is declared twice")
            self._builtins[device.name] = device
        self._dynamic: dict[str, Device] = {}

    def reconcile(self, tools: Iterable[Device]) -> None:
        """Make ``tools`` the dynamic mounts, in their order.

        A name already taken is skipped — by a built-in, or by an earlier
        entry — so no later mount can hijack a device the model already knows.
        """
        mounts: dict[str, Device] = {}
        for device in tools:
            if device.name not in self._builtins:
                mounts.setdefault(device.name, device)
        self._dynamic = mounts

    def __len__(self) -> int:
        return len(self._builtins) + len(self._dynamic)

    def __contains__(self, name: object) -> bool:
        return name in self._builtins or name in self._dynamic

    def list(self) -> tuple[Device, ...]:
        """Catalog order: built-ins first, then dynamic mounts."""
        return (*self._builtins.values(), *self._dynamic.values())

    def get(self, name: str) -> Device | None:
        device = self._builtins.get(name)
        return device if device is not None else self._dynamic.get(name)

    def entries(self) -> tuple[Entry, ...]:
        return tuple(Entry(device.name, _summary(device)) for device in self.list())

    def listing(self) -> str:
        """The text ``read xd://`` returns."""
        entries = self.entries()
        count = len(entries)
        width = max((len(entry.name) for entry in entries), default=0)
        noun = "device" if count == 1 else "devices"
        rows = [f"{XD_PREFIX}{entry.name.ljust(width)} {entry.summary}" for entry in entries]
        return "\n".join([f"{XD_PREFIX} {count} mounted tool {noun}.", *rows, "", _USAGE])

    def docs(self, name: str) -> str:
        """The text ``read xd://<name>`` returns."""
        return _render_docs(self._resolve(name))

    def docs_all(self) -> str:
        """Docs for the system prompt, bounded by :data:`DOCS_TOTAL_BUDGET`.

        The budget covers the whole text, and the on-demand index is paid
        for first: every device must stay discoverable, so the index is the
        floor. Docs then inline greedily in catalog order into what is left;
        a later, smaller device may still fit after a larger one did not.
        Only a catalog whose index alone exceeds the budget goes over it,
        and then nothing inlines. External prose is capped because the
        server, not the project, wrote it and it can be fetched in full.
        """
        devices = self.list()
        rows = [_index_row(device) for device in devices]
        row_chars = sum(map(len, rows))
        row_count = len(rows)
        inlined_chars = 0
        sections: list[str] = []
        overflow: list[str] = []
        for device, row in zip(devices, rows, strict=False):
            external = device.external or device.name in self._dynamic
            docs = _render_docs(device, 2, EXTERNAL_DESCRIPTION_CAP if external else None)
            fits = (
                len(docs) <= DOCS_PER_DEVICE_CAP
                and _embedding_length(
                    inlined_chars + len(docs),
                    len(sections) + 1,
                    row_chars - len(row),
                    row_count - 1,
                )
                <= DOCS_TOTAL_BUDGET
            )
            if fits:
                sections.append(docs)
                inlined_chars += len(docs)
                row_chars -= len(row)
                row_count -= 1
            else:
                overflow.append(row)
        if overflow:
            sections.append("\n".join([_ADDITIONAL_HEADING, *overflow, "", _ADDITIONAL_FOOTER]))
        return _SECTION_SEPARATOR.join(sections)

    def dispatch(self, name: str, content: str) -> Dispatched:
        """Run a ``write xd://<name>`` whose content is ``content``.

        Empty content, ``?`` or ``help`` returns the docs. Whatever the
        device's own callable raises propagates untouched: that is the
        tool's failure, not the transport's.
        """
        device = self._resolve(name)
        if content.strip().lower() in _HELP_WORDS:
            return Docs(name, _render_docs(device))
        args = self._parse_args(device, content)
        validated = self._validate(device, args)
        return Executed(name, validated, device.execute(validated))

    def _resolve(self, name: str) -> Device:
        device = self.get(name)
        if device is None:
            raise UnknownDeviceError(name, tuple(device.name for device in self.list()))
        return device

    @staticmethod
    def _parse_args(device: Device, content: str) -> dict[str, Any]:
        how = f'For its docs, write {XD_PREFIX}{device.name} with "?".'
        try:
            parsed = json.loads(content, parse_constant=_reject_constant)
        except RecursionError:
            raise DeviceArgsError(
                device.name,
                f"{XD_PREFIX}{device.name} content is nested too deeply to parse. {how}",
            ) from None
        except ValueError as error:
            raise DeviceArgsError(
                device.name,
                f"{XD_PREFIX}{device.name} expects a JSON object as content ({error}). {how}",
            ) from None
        if not isinstance(parsed, dict):
            raise DeviceArgsError(
                device.name,
                f"{XD_PREFIX}{device.name} content must be a JSON object, got {_json_kind(parsed)}. {how}",
            )
        if "i" in parsed and not _declares_intent(device.parameters):
            # Models habitually add the harness's top-level intent field to
            # inner arguments too; strict schemas would reject it.
            del parsed["i"]
        return parsed

    @staticmethod
    def _validate(device: Device, args: dict[str, Any]) -> dict[str, Any]:
        # here, not at the top: only a device write validates, and the preview of one must not load jsonschema
        from jsonschema import Draft202012Validator
        from jsonschema.exceptions import SchemaError
        from referencing.exceptions import Unresolvable

        try:
            Draft202012Validator.check_schema(device.parameters)
            error = next(Draft202012Validator(device.parameters).iter_errors(args), None)
        except (SchemaError, Unresolvable) as defect:
            raise XdevError(
                device.name,
                f"{XD_PREFIX}{device.name} declares an unusable parameter schema: {defect}",
            ) from None
        if error is not None:
            raise DeviceArgsError(
                device.name,
                f"Invalid arguments for {XD_PREFIX}{device.name} at {error.json_path}: {error.message}",
                docs=_render_docs(device),
            )
        return args


# ---------------------------------------------------------------------------
# Streaming decode: the permission layer previews arguments while they arrive.

_WHITESPACE = re.compile(r"[ \t\n\r]*")
_STRING_RUN = re.compile(r'[^"\\\x00-\x1f]*')
_HEX4 = re.compile(r"[0-9a-fA-F]{4}")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_NUMBER_RUN = re.compile(r"[-+.eE0-9]*")
_WORD = re.compile(r"[a-z]*")
_LITERALS = ("true", "false", "null")
_SIMPLE_ESCAPES = frozenset('"\\/bfnrt')

# Frame states: what the innermost open container expects next.
_OBJ_FIRST, _OBJ_KEY, _OBJ_COLON, _OBJ_VALUE, _OBJ_NEXT = range(5)
_ARR_FIRST, _ARR_VALUE, _ARR_NEXT = range(5, 8)
_AFTER_VALUE = {"}": _OBJ_NEXT, "]": _ARR_NEXT}
_MAY_CLOSE = frozenset({_OBJ_FIRST, _OBJ_NEXT, _ARR_FIRST, _ARR_NEXT})


def _run_end(run: re.Pattern[str], text: str, at: int) -> int:
    """Where a run of ``run`` from ``at`` ends: the run patterns match the empty string, so they always match."""
    match = run.match(text, at)
    assert match is not None
    return match.end()


def _scan_string(text: str, start: int) -> tuple[int, bool]:
    """End of the string opening at ``start`` and whether it closed.

    When it did not, the end is the last point where the contents so far
    are well formed, so a half-written escape is never kept.
    """
    end = len(text)
    at = start + 1
    while True:
        at = _run_end(_STRING_RUN, text, at)
        if at >= end:
            return end, False
        char = text[at]
        if char == '"':
            return at + 1, True
        if char != "\\" or at + 1 >= end:
            return at, False
        escape = text[at + 1]
        if escape in _SIMPLE_ESCAPES:
            at += 2
        elif escape == "u" and _HEX4.match(text, at + 2):
            at += 6
        else:
            return at, False


@dataclass(slots=True)
class _Frame:
    """An open container: the character that closes it, how much text is safe to keep, and what comes next."""

    closer: str
    safe: int
    state: int


@dataclass(frozen=True, slots=True)
class _Stop:
    """Where reading ends: the text is kept up to ``cut``, then ``tail``, then the closers of the open containers."""

    cut: int
    tail: str = ""


_Reader: TypeAlias = Callable[[str, int, list[_Frame]], int | _Stop]


def _repair(text: str) -> str | None:
    """The longest sensible reading of a JSON object cut off anywhere.

    Iterative on purpose: a model can stream arbitrarily deep nesting.
    Incomplete keys, dangling colons and commas are dropped, a partial
    string or number keeps what arrived, a partial literal is completed
    (its prefix is unambiguous) and open containers are closed. Anything
    malformed is treated as the end of the stream.
    """
    start = _run_end(_WHITESPACE, text, 0)
    if start >= len(text) or text[start] != "{":
        return None
    frames = [_Frame("}", start + 1, _OBJ_FIRST)]
    at: int | _Stop = start + 1
    while isinstance(at, int):
        at = _step(text, _run_end(_WHITESPACE, text, at), frames)
    return text[: at.cut] + at.tail + "".join(frame.closer for frame in reversed(frames))


def _step(text: str, at: int, frames: list[_Frame]) -> int | _Stop:
    """Read the token at ``at`` into the innermost container: where reading goes on, or where it stops."""
    frame = frames[-1]
    if at >= len(text):
        return _Stop(frame.safe)
    if text[at] == frame.closer and frame.state in _MAY_CLOSE:
        return _close(frames, at + 1)
    return _READERS[frame.state](text, at, frames)


def _close(frames: list[_Frame], at: int) -> int | _Stop:
    """The innermost container closed just before ``at``: it is now a complete value of its parent."""
    frames.pop()
    if not frames:
        return _Stop(at)
    parent = frames[-1]
    parent.safe = at
    parent.state = _AFTER_VALUE[parent.closer]
    return at


def _read_key(text: str, at: int, frames: list[_Frame]) -> int | _Stop:
    """A key is kept only once its closing quote arrived: half a key names nothing."""
    frame = frames[-1]
    if text[at] != '"':
        return _Stop(frame.safe)
    end, closed = _scan_string(text, at)
    if not closed:
        return _Stop(frame.safe)
    frame.state = _OBJ_COLON
    return end


def _expect(punctuation: str, then: int) -> _Reader:
    """A reader for a colon or comma, which moves the container on to ``then``.

    Anything else there is malformed, so the text ends after the last complete value.
    """

    def read(text: str, at: int, frames: list[_Frame]) -> int | _Stop:
        frame = frames[-1]
        if text[at] != punctuation:
            return _Stop(frame.safe)
        frame.state = then
        return at + 1

    return read


def _read_value(text: str, at: int, frames: list[_Frame]) -> int | _Stop:
    """A value opens a container, or is a scalar that completes the innermost one's entry."""
    char = text[at]
    if char == "{" or char == "[":
        frames.append(
            _Frame("}", at + 1, _OBJ_FIRST) if char == "{" else _Frame("]", at + 1, _ARR_FIRST)
        )
        return at + 1
    frame = frames[-1]
    scanned = _scan_scalar(text, at)
    if isinstance(scanned, tuple):
        cut, tail = scanned
        return _Stop(frame.safe if cut is None else cut, tail)
    frame.safe = scanned
    frame.state = _AFTER_VALUE[frame.closer]
    return scanned


_READERS: dict[int, _Reader] = {
    _OBJ_FIRST: _read_key,
    _OBJ_KEY: _read_key,
    _OBJ_COLON: _expect(":", _OBJ_VALUE),
    _OBJ_VALUE: _read_value,
    _OBJ_NEXT: _expect(",", _OBJ_KEY),
    _ARR_FIRST: _read_value,
    _ARR_VALUE: _read_value,
    _ARR_NEXT: _expect(",", _ARR_VALUE),
}
"""What reads the next token, by the state of the innermost container."""


def _scan_scalar(text: str, at: int) -> int | tuple[int | None, str]:
    """End of a complete scalar, or how to finish the text on a partial one.

    The tuple form is ``(cut, tail)``; a ``None`` cut drops the value.
    """
    char = text[at]
    if char == '"':
        end, closed = _scan_string(text, at)
        return end if closed else (end, '"')
    if char in "-0123456789":
        return _scan_number(text, at)
    return _scan_literal(text, at)


def _scan_number(text: str, at: int) -> int | tuple[int | None, str]:
    """A number is complete only once something follows it (``1`` may yet be ``12``); else its valid prefix is kept."""
    run = _run_end(_NUMBER_RUN, text, at)
    number = _NUMBER.match(text, at)
    valid = number.end() if number else at
    if valid == run and run < len(text):
        return run
    return (valid if valid > at else None), ""


def _scan_literal(text: str, at: int) -> int | tuple[int | None, str]:
    """``true``, ``false`` or ``null``; at the end of the text a prefix of one is completed, since only one fits it."""
    word_end = _run_end(_WORD, text, at)
    word = text[at:word_end]
    for literal in _LITERALS:
        if word == literal:
            return word_end
        if word and literal.startswith(word) and word_end == len(text):
            return word_end, literal[len(word) :]
    return None, ""


def decode_streaming_args(content: str) -> dict[str, Any]:
    """Best-effort arguments from a device write that may still be streaming.

    Never raises: the preview must not break while a model is mid-token, so
    anything that is not an object so far reads as ``{}``. Complete JSON
    decodes exactly as :func:`json.loads` would.
    """
    if not isinstance(content, str):
        return {}
    try:
        value = json.loads(content)
    except RecursionError:
        return {}
    except ValueError:
        repaired = _repair(content)
        if repaired is None:
            return {}
        try:
            value = json.loads(repaired)
        except (ValueError, RecursionError):
            return {}
    return value if isinstance(value, dict) else {}
