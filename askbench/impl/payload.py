"""The prompt payload: everything a permission prompt may show, complete.

A payload is built once per ask from the tool call as the agent emitted it
and the gate's context, and never truncates: bounding is the renderer's job,
so the complete view and the bounded view are two renders of one fact.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, get_args

from .ask import (
    COMMAND_CONTEXT_LABELS,
    ExternalPath,
    PermissionCheckResult,
    format_ask_prompt,
    format_bash_external_directory_ask_prompt,
    format_external_directory_ask_prompt,
    format_skill_ask_prompt,
    format_skill_path_ask_prompt,
)
from .builtin_formatters import register_builtin_tool_input_formatters
from .command_reader import CommandReader, CommandWatcher, read_spans, with_watched
from .command_spans import CommandSpans
from .device_call import file_reached, unwrap_device_write
from .jsonish import find_unprintable_integer, js_entries, shown_json, to_plain_json
from .mcp_call import McpCall, gateway_input, is_mcp_tool_name, resolve_mcp_call
from .preview import PATH_BEARING_TOOLS, ToolPreviewFormatter, as_record, prompt_path
from .registry import ToolInputFormatterRegistry
from .shell import DIALECTS, UNAVAILABLE, UNAVAILABLE_COUNTED, differs_from, outline
from .truncate import ELLIPSIS

PayloadKind = Literal[
    "bash",
    "mcp",
    "tool",
    "path",
    "external_directory",
    "bash_external_directory",
    "skill",
    "skill_read",
    "forwarded",
]
PAYLOAD_KINDS: tuple[str, ...] = get_args(PayloadKind)

VALUE_LABELS: Mapping[str, str] = {
    "bash": "command",
    "bash_external_directory": "command",
    "mcp": "target",
    "tool": "target",
    "path": "path",
    "external_directory": "path",
    "skill": "skill",
    "skill_read": "skill",
}


CORE_LABELS: frozenset[str] = frozenset(
    {
        "agent",
        "subagent",
        "tool",
        "surface",
        "rule",
        "runs",
        "context",
        "shape",
        *VALUE_LABELS.values(),
    }
)
"""Labels only core facts stand under. Tool input names its own keys, so a key may never take one of these:
an input key ``runs`` shown as ``runs : ls -la`` under the real command would read as what really runs.
Compared as they read (``askbench.impl.label_fold``): ``Runs``, ``RUNS`` and ``tooI`` are ``runs`` and ``tool``."""


def poses_as_core(label: str) -> bool:
    """Whether ``label`` in the label column would read as a core fact's label, once case and confusables are folded."""
    from .label_fold import (
        poses_as,  # on the first label read: a call with no field but its command needs no TR39
    )

    return poses_as(label, CORE_LABELS)


@dataclass(frozen=True)
class Requester:
    agent_name: str | None = None
    forwarded: bool = False
    session_id: str | None = None


@dataclass(frozen=True)
class RequestFacts:
    """The core: what is asked, by whom, under which rule. Never elided, only capped."""

    requester: Requester
    surface: str
    tool_name: str | None
    value: str
    value_label: str
    invoked_tool_name: str | None = None
    matched_pattern: str | None = None
    command_context: str | None = None
    executed_unit: str | None = None
    shape: str | None = None
    """A shell command's outline (``askbench.impl.shell``) when it tells more than the command's words: what runs, at a glance."""
    shape_commands: CommandSpans | None = None
    """Where the outline's commands stand in ``shape``: a cut of the shape counts the commands it hides."""
    value_commands: CommandSpans | None = None
    """Where a command's commands stand in ``value`` when no shape is shown: a cut of the value counts them."""


@dataclass(frozen=True)
class Evidence:
    """Supporting detail, shown whole or not at all; ``detail`` stays on the same line."""

    label: str
    text: str
    detail: str | None = None
    brief: str | None = None
    """The text with the request's value, which the core already shows, as a bare ``…``: the bounded view's form when the value is long."""


@dataclass(frozen=True)
class PromptPayload:
    kind: PayloadKind
    request: RequestFacts
    evidence: tuple[Evidence, ...] = ()
    annotations: tuple[str, ...] = ()
    flagged: tuple[str, ...] = field(default=())
    """The text the highlight paints: the value, or each external path."""
    legacy_message: str = ""
    """The one-sentence ask of the old dialog (and what a subagent relays)."""
    forwarded_kind: PayloadKind | None = None
    """A forwarded ask's own kind, the child's (``bash``, ``mcp``, …): ``kind`` says only that it was relayed."""


class PayloadError(ValueError):
    """A call or ask that cannot describe a permission request; names the field."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(f"{field_name}: {message}")
        self.field = field_name


_SURFACE_KINDS: frozenset[str] = frozenset({"external_directory", "bash_external_directory"})
"""Surfaces that are asks of their own: the gate asked about the paths outside the working directory, not the call."""


def derive_kind(call_name: str, ask: Mapping[str, object]) -> PayloadKind:
    """The payload kind a call implies when the gate does not name one; an external-directory surface names its own."""
    if ask.get("forwarded"):
        return "forwarded"
    surface = ask.get("surface")
    if isinstance(surface, str) and surface in _SURFACE_KINDS:
        return surface  # type: ignore[return-value]
    name = call_name.strip()
    if name in ("bash", "skill"):
        return name  # type: ignore[return-value]
    if is_mcp_tool_name(name):
        return "mcp"
    if name in PATH_BEARING_TOOLS:
        return "path"
    return "tool"


def pretty_value(value: object) -> str:
    """A tool-input value as a person reads it: strings as they are, the rest as indented JSON, unsafe integers with what JavaScript reads."""
    if isinstance(value, str):
        return value
    plain = to_plain_json(value)
    compact = shown_json(plain)
    return compact if len(compact) <= 80 else shown_json(plain, indent=2)


_LABEL_KEY = re.compile(r"[A-Za-z0-9_.\-]{1,16}")


def _field_label(key: str) -> tuple[str, str]:
    """A short identifier key labels its own line; any other key moves into the text, quoted.

    Keys come from the tool input, so only a plain identifier that is not a
    core label may stand in the label column: anything else could be long,
    pose as a core fact (``runs``, ``Path``, ``tooI``), or carry characters
    the notation has to spell out.
    """
    if _LABEL_KEY.fullmatch(key) and not poses_as_core(key):
        return key, ""
    return "argument", json.dumps(key, ensure_ascii=True) + ": "


def input_field_evidence(fields: Mapping[str, object], skip: Sequence[str] = ()) -> list[Evidence]:
    """One evidence entry per input field, so the complete view carries the whole call."""
    entries: list[Evidence] = []
    for key, value in js_entries(fields):
        if key in skip:
            continue
        if key == "edits" and isinstance(value, list):
            entries.extend(_edit_evidence(value))
            continue
        label, prefix = _field_label(key)
        entries.append(Evidence(label, prefix + pretty_value(value)))
    return entries


def _edit_evidence(edits: list[object]) -> list[Evidence]:
    entries = []
    for number, edit in enumerate(edits, start=1):
        record = as_record(edit)
        old, new = record.get("oldText"), record.get("newText")
        if isinstance(old, str) and isinstance(new, str):
            removed = "\n".join("- " + line for line in old.split("\n"))
            added = "\n".join("+ " + line for line in new.split("\n"))
            entries.append(Evidence(f"edit #{number}", f"{removed}\n{added}"))
        else:
            entries.append(Evidence(f"edit #{number}", pretty_value(edit)))
    return entries


def _text(ask: Mapping[str, object], key: str) -> str | None:
    value = ask.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise PayloadError(f"ask.{key}", f"must be a string, got {type(value).__name__}")
    return value


def _external_paths(ask: Mapping[str, object], fallback: str | None) -> list[ExternalPath]:
    raw = ask.get("externalPaths")
    if raw is None:
        return [ExternalPath(fallback)] if fallback else []
    if not isinstance(raw, list):
        raise PayloadError("ask.externalPaths", "must be a list of {path, resolvesTo}")
    paths = []
    for index, item in enumerate(raw):
        record = as_record(item)
        path = record.get("path")
        if not isinstance(path, str):
            raise PayloadError(f"ask.externalPaths[{index}].path", "must be a string")
        resolves = record.get("resolvesTo")
        paths.append(ExternalPath(path, resolves if isinstance(resolves, str) else None))
    return paths


def _extra_evidence(ask: Mapping[str, object]) -> list[Evidence]:
    raw = ask.get("evidence")
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise PayloadError("ask.evidence", "must be a list of {label, text, detail}")
    entries = []
    for index, item in enumerate(raw):
        record = as_record(item)
        label, text, detail = record.get("label"), record.get("text"), record.get("detail")
        if not isinstance(label, str) or not isinstance(text, str):
            raise PayloadError(f"ask.evidence[{index}]", "needs a string label and a string text")
        # moved into the text, as an input key is: only core facts stand there
        if poses_as_core(label):
            label, text = "evidence", f"{json.dumps(label, ensure_ascii=True)}: {text}"
        entries.append(Evidence(label, text, detail if isinstance(detail, str) else None))
    return entries


# ── builders ───────────────────────────────────────────────────────────────


def _default_formatter() -> ToolPreviewFormatter:
    registry = ToolInputFormatterRegistry()
    register_builtin_tool_input_formatters(registry)
    return ToolPreviewFormatter(custom_formatters=registry)


@dataclass(frozen=True)
class _Context:
    name: str
    input: Mapping[str, object]
    ask: Mapping[str, object]
    formatter: ToolPreviewFormatter
    reader: CommandReader | None = None
    """bash's own reading, where the host passes one: a withheld outline's cut then counts what it hides."""
    watcher: CommandWatcher | None = None
    """What bash was watched running beyond its reading, where the host passes it: a proved outline's cut
    counts those commands too."""

    @property
    def agent(self) -> str | None:
        return _text(self.ask, "agent")

    def requester(self) -> Requester:
        return Requester(agent_name=self.agent)

    def summary(self, tool_name: str) -> list[Evidence]:
        text = self.formatter.format_tool_input_for_prompt(tool_name, self.input)
        return [Evidence("input", text)] if text else []


def build_payload(
    call: Mapping[str, object],
    ask: Mapping[str, object] | None = None,
    formatter: ToolPreviewFormatter | None = None,
    reader: CommandReader | None = None,
    watcher: CommandWatcher | None = None,
) -> PromptPayload:
    """The complete payload for a tool call (``{name, input}``) and its gate context.

    ``reader`` is what the host knows of how bash reads a command, and
    ``watcher`` what it saw bash run beyond that reading
    (``askbench.impl.command_reader``); without them the outline's own parse
    is all the payload holds.

    Raises ``PayloadError`` naming the field when the call or ask cannot
    describe a request; never for hostile content, which is the renderer's job.
    """
    if not isinstance(call, Mapping):
        raise PayloadError("call", "must be an object with name and input")
    name = call.get("name")
    if not isinstance(name, str) or not name.strip():
        raise PayloadError("call.name", "must be a non-empty string")
    tool_input = call.get("input", {})
    if not isinstance(tool_input, Mapping):
        raise PayloadError("call.input", f"must be an object, got {type(tool_input).__name__}")
    ask = ask or {}
    if not isinstance(ask, Mapping):
        raise PayloadError("ask", "must be an object")
    _refuse_unprintable_integers({"call.input": tool_input, "ask": ask})
    context = _Context(
        name.strip(), tool_input, ask, formatter or _default_formatter(), reader, watcher
    )
    device = unwrap_device_write(context.name, tool_input, ask)
    if device is not None:
        inner_ask, kind = device.ask, device.kind
        if ask.get("forwarded") or ask.get("kind") == "forwarded":
            # a subagent's device write is still the subagent's ask: the inner call is the child
            inner_ask, kind = {**device.ask, "kind": device.kind}, "forwarded"
        inner = _Context(device.name, device.input, inner_ask, context.formatter, reader, watcher)
        payload = _build(inner, kind)  # type: ignore[arg-type]
        notes = tuple(Evidence(label, text) for label, text in device.notes)
        return replace(payload, evidence=notes + payload.evidence)
    asked = ask.get("kind") or derive_kind(context.name, ask)
    if asked not in PAYLOAD_KINDS:
        raise PayloadError("ask.kind", f"must be one of {', '.join(PAYLOAD_KINDS)}, got {asked!r}")
    return _build(context, asked)  # type: ignore[arg-type]


def _refuse_unprintable_integers(parts: Mapping[str, object]) -> None:
    """An integer the interpreter will not print cannot be shown, so the ask cannot be built."""
    for name, value in parts.items():
        found = find_unprintable_integer(value)
        if found is not None:
            raise PayloadError(
                name + found.path,
                f"an integer of about {found.digits:,} digits, longer than the {found.limit:,} this Python prints "
                "(sys.get_int_max_str_digits), so the prompt cannot show it",
            )


def _build(context: _Context, kind: PayloadKind) -> PromptPayload:
    payload = _BUILDERS[kind](context)
    extra = _extra_evidence(context.ask)
    return replace(payload, evidence=payload.evidence + tuple(extra)) if extra else payload


def _facts(
    context: _Context,
    kind: str,
    *,
    surface: str,
    tool_name: str | None,
    value: str,
    **extra: object,
) -> RequestFacts:
    return RequestFacts(
        requester=context.requester(),
        surface=_text(context.ask, "surface") or surface,
        tool_name=tool_name,
        value=value,
        value_label=VALUE_LABELS[kind],
        invoked_tool_name=_text(context.ask, "invokedAs"),
        matched_pattern=_text(context.ask, "matchedPattern"),
        **extra,  # type: ignore[arg-type]
    )


def _bash_command(context: _Context) -> tuple[str, str]:
    full = context.input.get("command", "")
    if not isinstance(full, str):
        raise PayloadError("call.input.command", f"must be a string, got {type(full).__name__}")
    return _text(context.ask, "command") or full, full


def _shape(context: _Context, command: str) -> dict[str, object]:
    """The command's outline when it differs from the command (``ask.shell`` names the dialect, else the parse
    decides), and where the commands stand in whichever of the two the view shows: the outline, or the command."""
    dialect = _text(context.ask, "shell")
    if dialect is not None and dialect not in DIALECTS:
        raise PayloadError("ask.shell", f"must be one of {', '.join(DIALECTS)}, got {dialect!r}")
    found = outline(command, dialect) if command.strip(" \t\r\n") else None  # type: ignore[arg-type]
    if found is None:
        return {}
    if found.doubtful:
        read = context.reader(command) if context.reader is not None else None
        if read is None:
            return {"shape": UNAVAILABLE}
        return {"shape": UNAVAILABLE_COUNTED, "value_commands": read_spans(command, read)}
    watched = context.watcher(command) if context.watcher and found.dialect == "bash" else None
    if differs_from(found.text, command):
        return {
            "shape": found.text,
            "shape_commands": _watched(found.commands, found.text, watched),
        }
    return {"value_commands": _watched(found.source_commands, command, watched)}


def _watched(
    spans: CommandSpans | None, text: str, watched: Sequence[tuple[str, ...]] | None
) -> CommandSpans | None:
    return spans if spans is None else with_watched(spans, text, watched or ())


def _command_context(context: _Context) -> str | None:
    value = _text(context.ask, "commandContext")
    if value is not None and value not in COMMAND_CONTEXT_LABELS:
        raise PayloadError(
            "ask.commandContext", f"must be one of {', '.join(COMMAND_CONTEXT_LABELS)}"
        )
    return value


def _build_bash(context: _Context) -> PromptPayload:
    value, full = _bash_command(context)
    command_context = _command_context(context)
    evidence = [Evidence("full command", full)] if full and full != value else []
    evidence += input_field_evidence(context.input, skip=("command",))
    legacy = format_ask_prompt(
        PermissionCheckResult(
            "bash",
            command=value,
            matched_pattern=_text(context.ask, "matchedPattern"),
            command_context=command_context,
        ),
        context.agent,
        context.input,
    )
    facts = _facts(
        context,
        "bash",
        surface="bash",
        tool_name="bash",
        value=value,
        command_context=command_context,
        executed_unit=_text(context.ask, "executedUnit"),
        **_shape(context, value),
    )
    return PromptPayload("bash", facts, tuple(evidence), flagged=(value,), legacy_message=legacy)


def _mcp_evidence(call: McpCall, tool_input: Mapping[str, object]) -> list[Evidence]:
    """The arguments one line each, every input key the reading did not account for as sent, and each key the adapter ignores."""
    arguments = call.arguments
    evidence = []
    if arguments.problem:
        evidence.append(
            Evidence("decode", f"{arguments.key or 'args'} is {arguments.problem}; shown as sent")
        )
    if arguments.raw is not None and arguments.problem:
        evidence.append(Evidence(arguments.key or "args", arguments.raw))
    evidence += input_field_evidence(arguments.values)
    evidence += input_field_evidence(tool_input, skip=tuple(call.consumed))
    return evidence + [
        Evidence(
            "ignored", f"{json.dumps(key, ensure_ascii=True)}: {pretty_value(tool_input[key])}"
        )
        for key in call.ignored
    ]


def _build_mcp(context: _Context) -> PromptPayload:
    call = resolve_mcp_call(context.name, context.input, _text(context.ask, "mcpServer"))
    matched = _text(context.ask, "matchedPattern")
    target = call.target(matched)
    shaped = gateway_input(call, context.input)
    summary = context.formatter.format_tool_input_for_prompt("mcp", shaped)
    evidence = ([Evidence("input", summary)] if summary else []) + _mcp_evidence(
        call, context.input
    )
    legacy = format_ask_prompt(
        PermissionCheckResult("mcp", target=target, matched_pattern=matched, source="mcp"),
        context.agent,
        shaped,
        context.formatter,
    )
    invoked = _text(context.ask, "invokedAs") or call.invoked_as
    facts = replace(
        _facts(context, "mcp", surface="mcp", tool_name="mcp", value=target),
        invoked_tool_name=invoked,
    )
    return PromptPayload("mcp", facts, tuple(evidence), flagged=(target,), legacy_message=legacy)


def _generic_legacy(context: _Context) -> str:
    return format_ask_prompt(
        PermissionCheckResult(context.name, matched_pattern=_text(context.ask, "matchedPattern")),
        context.agent,
        context.input,
        context.formatter,
    )


def _build_path(context: _Context) -> PromptPayload:
    sent = prompt_path(context.input) or ""
    reached = file_reached(sent, _text(context.ask, "cwd"))
    value = reached or sent
    evidence = (
        [
            Evidence(
                "path as sent",
                sent,
                "names no xd:// device: a file, relative to the working directory",
            )
        ]
        if reached
        else []
    )
    evidence += context.summary(context.name) + input_field_evidence(
        context.input, skip=("path", "file_path")
    )
    facts = _facts(context, "path", surface=context.name, tool_name=context.name, value=value)
    return PromptPayload(
        "path",
        facts,
        tuple(evidence),
        flagged=(value,) if value else (),
        legacy_message=_generic_legacy(context),
    )


def _build_tool(context: _Context) -> PromptPayload:
    evidence = context.summary(context.name) + input_field_evidence(context.input)
    facts = _facts(
        context, "tool", surface=context.name, tool_name=context.name, value=context.name
    )
    return PromptPayload(
        "tool",
        facts,
        tuple(evidence),
        flagged=(context.name,),
        legacy_message=_generic_legacy(context),
    )


def _working_directory(context: _Context) -> tuple[str, list[Evidence]]:
    cwd = _text(context.ask, "cwd") or ""
    return cwd, [Evidence("working directory", cwd)] if cwd else []


def _build_external_directory(context: _Context) -> PromptPayload:
    paths = _external_paths(context.ask, prompt_path(context.input))
    if not paths:
        raise PayloadError(
            "ask.externalPaths",
            "an external-directory ask needs the path outside the working directory",
        )
    path = paths[0]
    cwd, cwd_evidence = _working_directory(context)
    evidence = [Evidence("external path", path.path, path.resolves_to)] + cwd_evidence
    evidence += context.summary(context.name) + input_field_evidence(
        context.input, skip=("path", "file_path")
    )
    facts = _facts(
        context,
        "external_directory",
        surface="external_directory",
        tool_name=context.name,
        value=path.path,
    )
    legacy = format_external_directory_ask_prompt(context.name, path, cwd, context.agent)
    return PromptPayload(
        "external_directory", facts, tuple(evidence), flagged=(path.path,), legacy_message=legacy
    )


def _build_bash_external_directory(context: _Context) -> PromptPayload:
    value, full = _bash_command(context)
    paths = _external_paths(context.ask, None)
    if not paths:
        raise PayloadError(
            "ask.externalPaths", "a bash external-directory ask lists the paths it references"
        )
    cwd, cwd_evidence = _working_directory(context)
    evidence = [
        Evidence("external path", path.path, path.resolves_to) for path in paths
    ] + cwd_evidence
    if full and full != value:
        evidence.insert(0, Evidence("full command", full))
    evidence += input_field_evidence(context.input, skip=("command",))
    facts = _facts(
        context,
        "bash_external_directory",
        surface="external_directory",
        tool_name="bash",
        value=value,
        command_context=_command_context(context),
        executed_unit=_text(context.ask, "executedUnit"),
        **_shape(context, value),
    )
    legacy = format_bash_external_directory_ask_prompt(value, paths, cwd, context.agent)
    return PromptPayload(
        "bash_external_directory",
        facts,
        tuple(evidence),
        flagged=tuple(path.path for path in paths),
        legacy_message=legacy,
    )


def _build_skill(context: _Context) -> PromptPayload:
    skill = context.input.get("name", context.input.get("skill"))
    if not isinstance(skill, str) or not skill:
        raise PayloadError("call.input.name", "a skill call names the skill")
    facts = _facts(context, "skill", surface="skill", tool_name=context.name, value=skill)
    evidence = input_field_evidence(context.input, skip=("name", "skill"))
    return PromptPayload(
        "skill",
        facts,
        tuple(evidence),
        flagged=(skill,),
        legacy_message=format_skill_ask_prompt(skill, context.agent),
    )


def _build_skill_read(context: _Context) -> PromptPayload:
    skill = _text(context.ask, "skill")
    if not skill:
        raise PayloadError("ask.skill", "a skill_read ask names the skill whose file is read")
    read_path = prompt_path(context.input) or ""
    facts = _facts(context, "skill_read", surface="skill", tool_name=context.name, value=skill)
    evidence = [Evidence("read path", read_path)] if read_path else []
    evidence += input_field_evidence(context.input, skip=("path", "file_path"))
    return PromptPayload(
        "skill_read",
        facts,
        tuple(evidence),
        flagged=(skill,),
        legacy_message=format_skill_path_ask_prompt(skill, read_path, context.agent),
    )


def _build_forwarded(context: _Context) -> PromptPayload:
    relay = context.ask.get("forwarded")
    if not isinstance(relay, Mapping):
        raise PayloadError("ask.forwarded", "a forwarded ask carries {agent, sessionId}")
    agent = relay.get("agent")
    session = relay.get("sessionId")
    if not isinstance(agent, str) or not agent:
        raise PayloadError("ask.forwarded.agent", "must name the subagent")
    if session is not None and not isinstance(session, str):
        raise PayloadError("ask.forwarded.sessionId", "must be a string")
    # the child's own sentence names the subagent that asked, not "Current agent"
    child_ask = {
        key: value for key, value in context.ask.items() if key not in ("forwarded", "evidence")
    }
    if not child_ask.get("agent"):
        child_ask["agent"] = agent
    if child_ask.get("kind") == "forwarded":
        del child_ask["kind"]
    child_kind = child_ask.get("kind") or derive_kind(context.name, child_ask)
    if child_kind not in PAYLOAD_KINDS:
        raise PayloadError("ask.kind", f"must be one of {', '.join(PAYLOAD_KINDS)}")
    child = _BUILDERS[child_kind](replace(context, ask=child_ask))
    message = relay.get("message")
    if message is not None and not isinstance(message, str):
        raise PayloadError("ask.forwarded.message", "must be a string")
    message = message or child.legacy_message
    request = RequestFacts(
        requester=Requester(agent_name=agent, forwarded=True, session_id=session),
        surface=child.request.surface,
        tool_name=child.request.tool_name,
        value=child.request.value,
        value_label=child.request.value_label,
        invoked_tool_name=child.request.invoked_tool_name,
        matched_pattern=child.request.matched_pattern,
        command_context=child.request.command_context,
        executed_unit=child.request.executed_unit,
        shape=child.request.shape,
        shape_commands=child.request.shape_commands,
        value_commands=child.request.value_commands,
    )
    legacy = "\n".join(
        [
            f"Subagent '{agent}' requested permission.",
            f"Session ID: {session or 'unknown'}",
            "",
            message,
        ]
    )
    requested = Evidence("requested", message, brief=_without_value(message, request.value))
    return PromptPayload(
        "forwarded",
        request,
        (requested,) + child.evidence,
        flagged=child.flagged,
        legacy_message=legacy,
        forwarded_kind=child.kind,
    )


def _without_value(message: str, value: str) -> str | None:
    """The child's sentence with the quoted value, which the core line shows, as ``'…'``; ``None`` if it does not quote it."""
    quoted = f"'{value}'"
    return message.replace(quoted, f"'{ELLIPSIS}'") if value and quoted in message else None


_BUILDERS = {
    "bash": _build_bash,
    "mcp": _build_mcp,
    "tool": _build_tool,
    "path": _build_path,
    "external_directory": _build_external_directory,
    "bash_external_directory": _build_bash_external_directory,
    "skill": _build_skill,
    "skill_read": _build_skill_read,
    "forwarded": _build_forwarded,
}
