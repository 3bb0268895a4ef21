"""The tool-input preview: a one-fragment summary of what a tool call will do.

Every fragment reads after ``requested tool 'X'`` in the ask sentence and is
the ``input`` evidence of the bounded dialog, so the wording matches the
upstream byte for byte for ASCII input. Limits are configurable because a
fixed 80-character cap on a regex or a 200-character cap on JSON hides what
the person is asked to approve.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from .jsonish import js_string, stringify
from .registry import ToolInputFormatterLookup
from .truncate import truncate_inline_text

TOOL_INPUT_PREVIEW_MAX_LENGTH = 200
TOOL_TEXT_SUMMARY_MAX_LENGTH = 80
TOOL_INPUT_LOG_PREVIEW_MAX_LENGTH = 1000

PATH_BEARING_TOOLS = frozenset({"read", "write", "edit", "find", "grep", "ls"})
SEARCH_TOOLS = frozenset({"find", "grep", "ls"})

# JavaScript's ``\s`` and ``String.prototype.trim`` set, not Python's: Python
# also counts the ASCII separators U+001C-U+001F and NEL U+0085 as space, and
# not the BOM U+FEFF. The upstream's wording follows JavaScript's set.
JS_WHITESPACE = "\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_WHITESPACE_RUN = re.compile(f"[{JS_WHITESPACE}]+")
_JS_WHITESPACE_CHARACTERS = JS_WHITESPACE.replace(
    "\u2000-\u200a", "".join(map(chr, range(0x2000, 0x200B)))
)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class PreviewLimits:
    """How much of a tool input a preview may show, in characters."""

    tool_input_preview_max_length: int = TOOL_INPUT_PREVIEW_MAX_LENGTH
    tool_text_summary_max_length: int = TOOL_TEXT_SUMMARY_MAX_LENGTH
    tool_input_log_preview_max_length: int = TOOL_INPUT_LOG_PREVIEW_MAX_LENGTH


class _PreviewConfig(Protocol):
    @property
    def tool_input_preview_max_length(self) -> int: ...

    @property
    def tool_text_summary_max_length(self) -> int: ...


def resolve_tool_preview_limits(config: _PreviewConfig) -> PreviewLimits:
    """Preview limits from a normalised config (``normalize_config``).

    The review-log limit is not user-configurable, so it is always the default.
    """
    return PreviewLimits(
        tool_input_preview_max_length=config.tool_input_preview_max_length,
        tool_text_summary_max_length=config.tool_text_summary_max_length,
    )


def as_record(value: object) -> Mapping[str, object]:
    """A tool input as a mapping; anything that is not an object reads as empty."""
    return value if isinstance(value, Mapping) else {}


def js_trim(text: str) -> str:
    """``text.trim()`` in JavaScript: leading and trailing JavaScript whitespace removed.

    ``str.strip`` and not a regex: ``[ws]+\\Z`` retries at every position of
    a run of blanks, so trimming a command padded with blanks in its middle
    would cost the square of their number.
    """
    return text.strip(_JS_WHITESPACE_CHARACTERS)


def non_empty_string(value: object) -> str | None:
    """The trimmed string, or ``None`` for a non-string or blank value."""
    if not isinstance(value, str):
        return None
    trimmed = js_trim(value)
    return trimmed or None


def prompt_path(tool_input: Mapping[str, object]) -> str | None:
    """``path`` wins over ``file_path``: the pi tools' name before Claude Code's."""
    return non_empty_string(tool_input.get("path")) or non_empty_string(tool_input.get("file_path"))


def count_text_lines(text: str) -> int:
    return len(_LINE_BREAK.split(text)) if text else 0


def format_count(value: int, singular: str, plural: str) -> str:
    return f"{value} {singular if value == 1 else plural}"


def serialize_tool_input_preview(tool_input: object) -> str:
    """Inline JSON with whitespace runs collapsed; empty for ``{}`` and ``null``."""
    serialized = stringify(tool_input, shown=True)
    if serialized in ("{}", "null"):
        return ""
    return js_trim(_WHITESPACE_RUN.sub(" ", serialized))


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def format_edit_input(tool_input: Mapping[str, object]) -> str:
    path = prompt_path(tool_input)
    raw_edits = tool_input.get("edits")
    if not isinstance(raw_edits, list):
        old, new = tool_input.get("oldText"), tool_input.get("newText")
        raw_edits = (
            [{"oldText": old, "newText": new}]
            if isinstance(old, str) and isinstance(new, str)
            else []
        )
    edits = [
        edit
        for edit in map(as_record, raw_edits)
        if isinstance(edit.get("oldText"), str) and isinstance(edit.get("newText"), str)
    ]
    path_part = f"for '{path}'" if path else ""
    if not edits:
        return f"{path_part} with edit input" if path_part else "with edit input"
    first = edits[0]
    first_summary = (
        f"edit #1 replaces {format_count(count_text_lines(str(first['oldText'])), 'line', 'lines')}"
        f" with {format_count(count_text_lines(str(first['newText'])), 'line', 'lines')}"
    )
    extra = (
        f", plus {format_count(len(edits) - 1, 'additional edit', 'additional edits')}"
        if len(edits) > 1
        else ""
    )
    summary = f"({format_count(len(edits), 'replacement', 'replacements')}: {first_summary}{extra})"
    return f"{path_part} {summary}" if path_part else summary


def format_write_input(tool_input: Mapping[str, object]) -> str:
    path = prompt_path(tool_input)
    content = tool_input.get("content")
    content = content if isinstance(content, str) else ""
    summary = (
        f"({format_count(count_text_lines(content), 'line', 'lines')},"
        f" {format_count(len(content), 'character', 'characters')})"
    )
    return f"for '{path}' {summary}" if path else summary


def format_read_input(tool_input: Mapping[str, object]) -> str:
    path = prompt_path(tool_input)
    parts = [f"path '{path}'"] if path else []
    for key in ("offset", "limit"):
        value = tool_input.get(key)
        if _is_number(value):
            parts.append(f"{key} {js_string(value)}")
    return f"for {', '.join(parts)}" if parts else ""


class ToolPreviewFormatter:
    """Formats tool inputs for permission prompts and the review log.

    A custom formatter registered for the tool is consulted first; ``None``
    from it falls through to the built-ins, so a registrant can shape some
    inputs of a tool and leave the rest alone.
    """

    def __init__(
        self,
        limits: PreviewLimits | None = None,
        custom_formatters: ToolInputFormatterLookup | None = None,
    ):
        self.limits = limits or PreviewLimits()
        self.custom_formatters = custom_formatters

    def sanitize_inline_text(self, text: str, max_length: int | None = None) -> str:
        """Whitespace runs collapsed, trimmed and capped; ``empty text`` when blank."""
        limit = self.limits.tool_text_summary_max_length if max_length is None else max_length
        normalized = js_trim(_WHITESPACE_RUN.sub(" ", text))
        return truncate_inline_text(normalized, limit) if normalized else "empty text"

    def format_json_input(self, tool_input: object) -> str:
        inline = serialize_tool_input_preview(tool_input)
        return (
            f"with input {truncate_inline_text(inline, self.limits.tool_input_preview_max_length)}"
            if inline
            else ""
        )

    def format_search_input(self, tool_name: str, tool_input: Mapping[str, object]) -> str:
        parts: list[str] = []
        path = prompt_path(tool_input)
        if pattern := non_empty_string(tool_input.get("pattern")):
            parts.append(f"pattern '{self.sanitize_inline_text(pattern)}'")
        if glob := non_empty_string(tool_input.get("glob")):
            parts.append(f"glob '{self.sanitize_inline_text(glob)}'")
        if path:
            parts.append(f"path '{path}'")
        elif tool_name in SEARCH_TOOLS:
            parts.append("current working directory")
        return f"for {', '.join(parts)}" if parts else ""

    def format_tool_input_for_prompt(self, tool_name: str, tool_input: object) -> str:
        """The preview fragment for ``tool_name``'s input; empty when there is nothing to add."""
        record = as_record(tool_input)
        custom = self.custom_formatters.get(tool_name) if self.custom_formatters else None
        if custom is not None:
            rendered = custom(record)
            if rendered is not None:
                return rendered
        match tool_name:
            case "edit":
                return format_edit_input(record)
            case "write":
                return format_write_input(record)
            case "read":
                return format_read_input(record)
            case "find" | "grep" | "ls":
                return self.format_search_input(tool_name, record)
            case "mcp":
                # The target is already the ask's value; raw MCP JSON would only leak the envelope.
                return ""
            case _:
                return self.format_json_input(tool_input)

    def format_tool_input_for_log(
        self, tool_name: str, tool_input: object, *, source: str | None = None
    ) -> str | None:
        """The review log's input preview: bash and MCP carry their own command/target fields.

        Like the upstream, bash and MCP are recognised by the trimmed name but the
        path-bearing lookup uses the name as given.
        """
        name = tool_name.strip()
        if name == "bash" or name == "mcp" or source == "mcp":
            return None
        if tool_name in PATH_BEARING_TOOLS:
            preview = self.format_tool_input_for_prompt(tool_name, tool_input)
            return (
                truncate_inline_text(preview, self.limits.tool_input_log_preview_max_length)
                if preview
                else None
            )
        inline = serialize_tool_input_preview(tool_input)
        return (
            f"input {truncate_inline_text(inline, self.limits.tool_input_log_preview_max_length)}"
            if inline
            else None
        )
