"""The built-in MCP argument summariser, registered through the public seam.

Without it an MCP prompt names the target and nothing of what the call
carries. It goes through ``register`` exactly as a third party would, so the
seam is exercised by the project's own start-up.
"""

from __future__ import annotations

from collections.abc import Mapping

from .jsonish import js_entries, js_string
from .preview import as_record
from .registry import ToolInputFormatterRegistry
from .truncate import truncate_inline_text

MCP_ARGS_SUMMARY_MAX_LENGTH = 160
MCP_ARG_VALUE_MAX_LENGTH = 60


def _render_arg_value(value: object) -> str:
    if isinstance(value, str):
        return f'"{truncate_inline_text(value, MCP_ARG_VALUE_MAX_LENGTH)}"'
    if isinstance(value, list | tuple):
        return f"[{len(value)} items]"
    if isinstance(value, Mapping):
        return "{…}"
    return js_string(value)


def format_mcp_input_for_prompt(tool_input: Mapping[str, object]) -> str | None:
    """``with key: value, …`` for the call's ``arguments``; ``None`` when there are none."""
    arguments = as_record(tool_input.get("arguments"))
    if not arguments:
        return None
    parts = [f"{key}: {_render_arg_value(value)}" for key, value in js_entries(arguments)]
    return f"with {truncate_inline_text(', '.join(parts), MCP_ARGS_SUMMARY_MAX_LENGTH)}"


def register_builtin_tool_input_formatters(registry: ToolInputFormatterRegistry) -> None:
    registry.register("mcp", format_mcp_input_for_prompt)
