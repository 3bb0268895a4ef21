"""What is wrong with a fixture, all of it at once, each problem with where it is and how to fix it.

A contributor fixes a fixture in one edit when every mistake is named in one
run, at its JSON path and line, with the fix spelled out: the closest key
for one the schema does not know, "trailing comma" rather than a parser's
"Expecting property name", the tool name and input key the gate reads for a
call it would otherwise show as an unknown extension tool, and the recorded
MCP server and tool a ``schema`` names. Each finding is a ``Finding``;
``askbench.harness.corpus`` turns them into problems of the file.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from jsonschema.exceptions import ValidationError

__all__ = ["Finding", "KNOWN_TOOLS", "call_findings", "schema_findings", "syntax_findings"]

MAX_SYNTAX_FINDINGS = 50


@dataclass(frozen=True)
class Finding:
    """One problem: its JSON path (``parts``, empty for the file), what is wrong and the fix."""

    parts: tuple[str | int, ...]
    message: str
    line: int | None = None


def _closest(word: str, choices: Iterable[str]) -> str | None:
    options = list(choices)
    folded = {option.casefold(): option for option in options}
    if word.casefold() in folded:
        return folded[word.casefold()]
    close = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    return close[0] if close else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``; did you mean 'x'?`` for the closest choice, or the choices when none is close."""
    options = sorted(choices)
    close = _closest(word, options)
    if close is not None:
        return f"; did you mean {close!r}?"
    return f"; the keys here are {', '.join(repr(option) for option in options)}" if options else ""


# ── JSON syntax ─────────────────────────────────────────────────────────────


def _before(text: str, offset: int) -> int:
    """The offset of the last non-blank character before ``offset`` (or -1)."""
    index = offset - 1
    while index >= 0 and text[index] in " \t\r\n":
        index -= 1
    return index


def _blank(text: str, start: int, end: int) -> str:
    """``text`` with ``[start, end)`` made spaces (line breaks kept), so every later line and column stays put."""
    return text[:start] + "".join(c if c == "\n" else " " for c in text[start:end]) + text[end:]


_LITERALS = {"True": "true", "False": "false", "None": "null"}


def _comment_end(text: str, start: int) -> int:
    if text.startswith("/*", start):
        end = text.find("*/", start + 2)
        return len(text) if end < 0 else end + 2
    end = text.find("\n", start)
    return len(text) if end < 0 else end


def _diagnose(text: str, error: json.JSONDecodeError) -> tuple[Finding, str | None]:
    """The finding for one parser error, and the text with that mistake repaired when a repair is certain."""
    pos, line = error.pos, error.lineno
    rest = text[pos:pos + 5]
    if rest.startswith(("//", "/*", "#")):
        return (Finding((), f"comments are not JSON (line {line}): move the note into \"description\" or delete it",
                        line), _blank(text, pos, _comment_end(text, pos)))
    previous = _before(text, pos)
    if rest[:1] in ("}", "]") and previous >= 0 and text[previous] == ",":
        comma_line = text.count("\n", 0, previous) + 1
        column = previous - text.rfind("\n", 0, previous)
        return (Finding((), f"trailing comma at line {comma_line} column {column}: JSON allows no comma after the "
                        "last item; delete it", comma_line), _blank(text, previous, previous + 1))
    for literal, spelled in _LITERALS.items():
        if text.startswith(literal, pos):
            return (Finding((), f"{literal} at line {line} is Python, not JSON: write {spelled}", line),
                    text[:pos] + spelled.ljust(len(literal)) + text[pos + len(literal):])
    if rest.startswith("'"):
        return Finding((), f"single quotes at line {line}: JSON strings and keys take double quotes", line), None
    if error.msg.startswith("Expecting property name") and rest[:1].isalpha():
        return Finding((), f"unquoted key at line {line}: JSON keys take double quotes (\"key\": …)", line), None
    if error.msg == "Expecting ',' delimiter":
        return Finding((), f"a comma is missing at line {line} column {error.colno}, between two items", line), None
    if not text.strip():
        return Finding((), "the file is empty: a fixture is a JSON object (corpus/README.md, \"Fields\"; "
                       "askbench docs corpus)", 1), None
    return Finding((), f"not valid JSON at line {line} column {error.colno}: {error.msg}", line), None


def syntax_findings(text: str, parse: Callable[[str], object]) -> tuple[object | None, list[Finding]]:
    """The JSON of ``text`` and nothing wrong; or every syntax mistake found, and the JSON of the text with the
    certain repairs made (comments and trailing commas dropped, Python literals spelled) when that parses, so
    the schema's findings can be added to them; ``None`` when a mistake stops the reading."""
    findings: list[Finding] = []
    while len(findings) < MAX_SYNTAX_FINDINGS:
        try:
            return parse(text), findings
        except json.JSONDecodeError as error:
            finding, repaired = _diagnose(text, error)
            findings.append(finding)
            if repaired is None:
                return None, findings
            text = repaired
    return None, findings


# ── the fixture schema ──────────────────────────────────────────────────────

_REQUIRED_HINTS = {
    "description": "one line: what the case is and why it matters",
    "source": "where the payload comes from: npm:<package>@<version> tool <name>, an issue URL, or 'constructed: …'",
    "call": "the tool call as the agent emits it: {\"name\": \"bash\", \"input\": {\"command\": \"…\"}}",
    "name": "the tool's name as the agent emits it (bash, mcp, read, write, edit, …)",
    "input": "the tool input, a JSON object: {\"command\": \"…\"} for bash",
    "agent": "the subagent's name",
    "label": "the evidence row's label",
    "text": "the evidence row's text",
    "path": "the path",
}

_PATTERN_HINTS = {
    "description": "one line: no line break",
    "server": "<package>@<version> as recorded in mcp/servers/, e.g. @modelcontextprotocol/server-github@2025.4.8",
}


def _properties(error: ValidationError) -> Mapping[str, object]:
    schema = error.schema if isinstance(error.schema, Mapping) else {}
    properties = schema.get("properties", {})
    return properties if isinstance(properties, Mapping) else {}


def _type_hint(error: ValidationError) -> str:
    wanted, value = error.validator_value, error.instance
    if wanted == "integer" and isinstance(value, str) and value.strip().isdigit():
        return "; write the number without quotes"
    if wanted == "array" and isinstance(value, str):
        return f"; a list: [{json.dumps(value)}]"
    if wanted == "object" and isinstance(value, str) and value.lstrip().startswith("{"):
        return "; write the object itself, not a string holding it"
    return ""


def _unexpected(error: ValidationError, parts: tuple[str | int, ...]) -> list[Finding]:
    known = _properties(error)
    instance = error.instance if isinstance(error.instance, Mapping) else {}
    return [Finding((*parts, key), f"{key!r} is not a field here{did_you_mean(key, known)}")
            for key in instance if key not in known]


def _missing(error: ValidationError, parts: tuple[str | int, ...]) -> list[Finding]:
    instance = error.instance if isinstance(error.instance, Mapping) else {}
    wanted = error.validator_value if isinstance(error.validator_value, list) else []
    return [Finding((*parts, key), f"{key!r} is missing: {_REQUIRED_HINTS.get(key, 'it is required')}")
            for key in wanted if key not in instance]


def _not_a_choice(error: ValidationError, parts: tuple[str | int, ...]) -> list[Finding]:
    values = error.validator_value if isinstance(error.validator_value, list) else []
    choices = [str(choice) for choice in values if choice is not None]
    close = _closest(error.instance, choices) if isinstance(error.instance, str) else None
    hint = f"; did you mean {close!r}?" if close else f"; one of {', '.join(choices)}"
    return [Finding(parts, f"{error.instance!r} is not a value here{hint}")]


def _wrong_type(error: ValidationError, parts: tuple[str | int, ...]) -> list[Finding]:
    got = json.dumps(error.instance)[:60]
    return [Finding(parts, f"must be of type {error.validator_value}, got {got}{_type_hint(error)}")]


def _wrong_form(error: ValidationError, parts: tuple[str | int, ...]) -> list[Finding]:
    field = next((part for part in reversed(parts) if isinstance(part, str)), "")
    form = _PATTERN_HINTS.get(field, error.message)
    return [Finding(parts, f"{json.dumps(error.instance)[:80]} is not in the form here: {form}")]


def _empty(error: ValidationError, parts: tuple[str | int, ...]) -> list[Finding]:
    return [Finding(parts, "must not be empty")]


def _neither(error: ValidationError, parts: tuple[str | int, ...]) -> list[Finding]:
    if parts[-1:] == ("schema",):
        return [Finding(parts, "names the recorded \"server\" and \"tool\", or says in \"breaks\" why no real tool applies")]
    return [Finding(parts, error.message[:300])]


_TEACHERS: Mapping[str, Callable[[ValidationError, tuple[str | int, ...]], list[Finding]]] = {
    "additionalProperties": _unexpected,
    "required": _missing,
    "enum": _not_a_choice,
    "type": _wrong_type,
    "pattern": _wrong_form,
    "minLength": _empty,
    "anyOf": _neither,
}
"""For each kind of schema error, the finding that says the fix; any other keeps the schema's own message."""


def _one(error: ValidationError) -> list[Finding]:
    parts = tuple(error.absolute_path)
    teacher = _TEACHERS.get(str(error.validator))
    return teacher(error, parts) if teacher else [Finding(parts, error.message[:300])]


def schema_findings(errors: Iterable[ValidationError]) -> list[Finding]:
    """Every schema error as a finding at the path of the key it is about, with the fix."""
    return [finding for error in errors for finding in _one(error)]


# ── the call: tool names and their input keys ───────────────────────────────

KNOWN_TOOLS: Mapping[str, Sequence[tuple[str, ...]]] = {
    "bash": (("command",),),
    "read": (("path", "file_path"),),
    "write": (("path", "file_path"), ("content",)),
    "edit": (("path", "file_path"), ("edits", "oldText")),
    "grep": (("pattern",),),
    "find": (("pattern",),),
    "ls": (),
    "skill": (("name", "skill"),),
    "mcp": (),
}
"""The tools the gate knows by name, and the input keys each needs (any one of a tuple): a call without them
shows nothing of what it does."""

_SYNONYMS = {"cmd": "command", "script": "command", "commandline": "command", "command_line": "command",
             "file": "path", "filepath": "path", "filename": "path", "text": "content", "contents": "content",
             "body": "content", "query": "pattern", "regex": "pattern", "skill_name": "name",
             "old_text": "oldText", "oldstring": "oldText", "old_string": "oldText"}


def _renamed(wanted: tuple[str, ...], present: Iterable[str]) -> str | None:
    for key in present:
        if _SYNONYMS.get(key.casefold()) in wanted or _closest(key, wanted) is not None:
            return key
    return None


def call_findings(call: Mapping[str, Any], ask: Mapping[str, Any]) -> list[Finding]:
    """A known tool's name misspelt in case (``Bash``) when the ask does not set the kind on purpose, and a known
    tool's input missing the key it needs (``cmd`` for ``command``)."""
    name, tool_input = call.get("name"), call.get("input")
    if not isinstance(name, str) or not isinstance(tool_input, Mapping):
        return []
    findings: list[Finding] = []
    folded = name.strip().casefold()
    tool = name
    if name not in KNOWN_TOOLS and folded in KNOWN_TOOLS and "kind" not in ask:
        findings.append(Finding(("call", "name"), f"{name!r} is not the {folded} tool, which is named {folded!r}: the "
                                "gate would show it as an unknown extension tool (set ask.kind if that is the case)"))
        tool = folded
    for wanted in KNOWN_TOOLS.get(tool, ()):
        if any(key in tool_input for key in wanted):
            continue
        renamed = _renamed(wanted, tool_input)
        hint = f"; {renamed!r} should be {wanted[0]!r}" if renamed else ""
        either = " or ".join(repr(key) for key in wanted)
        findings.append(Finding(("call", "input", wanted[0]), f"the {tool} tool's input needs {either}{hint}"))
    return findings
