"""The one-sentence ask: what the old dialog showed, and what a forwarded ask carries.

``format_ask_prompt`` is kept word for word with the upstream because it is
the measured baseline (the 202/205-row dialog) and the text a subagent relays
to its parent. It puts the whole tool input inline; the bounded renderer in
``dialog`` exists because of that.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .preview import ToolPreviewFormatter, as_record, non_empty_string

COMMAND_CONTEXT_LABELS = {
    "command_substitution": "command substitution",
    "process_substitution": "process substitution",
    "subshell": "subshell",
}


@dataclass(frozen=True)
class PermissionCheckResult:
    """What the policy decided to ask about."""

    tool_name: str
    command: str | None = None
    target: str | None = None
    matched_pattern: str | None = None
    source: str | None = None
    command_context: str | None = None


@dataclass(frozen=True)
class ExternalPath:
    """A path outside the working directory, and where its symlinks lead."""

    path: str
    resolves_to: str | None = None


def subject(agent_name: str | None) -> str:
    return f"Agent '{agent_name}'" if agent_name else "Current agent"


def describe_command_context(context: str | None) -> str | None:
    """``inside command substitution`` reads better than the enum; unknown contexts say nothing."""
    return COMMAND_CONTEXT_LABELS.get(context or "")


def match_qualifier(matched_pattern: str | None, command_context: str | None) -> str:
    parts = []
    if matched_pattern:
        parts.append(f"matched '{matched_pattern}'")
    if label := describe_command_context(command_context):
        parts.append(f"inside {label}")
    return f"({', '.join(parts)})" if parts else ""


def is_mcp_check(result: PermissionCheckResult) -> bool:
    return result.source == "mcp" or result.tool_name.strip() == "mcp"


def format_ask_prompt(
    result: PermissionCheckResult,
    agent_name: str | None = None,
    input: object = None,
    formatter: ToolPreviewFormatter | None = None,
) -> str:
    """The bash, MCP or generic-tool ask sentence."""
    who = subject(agent_name)
    if result.tool_name.strip() == "bash":
        sub_command = result.command or ""
        qualifier = match_qualifier(result.matched_pattern, result.command_context)
        qualifier_info = f" {qualifier}" if qualifier else ""
        full_command = non_empty_string(as_record(input).get("command"))
        full_info = (
            f" (full command: '{full_command}')"
            if full_command and full_command != sub_command
            else ""
        )
        return f"{who} requested bash command '{sub_command}'{qualifier_info}{full_info}. Allow this command?"
    pattern_info = f" (matched '{result.matched_pattern}')" if result.matched_pattern else ""
    if is_mcp_check(result) and result.target:
        preview = formatter.format_tool_input_for_prompt("mcp", input) if formatter else ""
        suffix = f" {preview}" if preview else ""
        return (
            f"{who} requested MCP target '{result.target}'{pattern_info}{suffix}. Allow this call?"
        )
    preview = formatter.format_tool_input_for_prompt(result.tool_name, input) if formatter else ""
    suffix = f" {preview}" if preview else ""
    return f"{who} requested tool '{result.tool_name}'{pattern_info}{suffix}. Allow this call?"


def format_skill_ask_prompt(skill_name: str, agent_name: str | None = None) -> str:
    return f"{subject(agent_name)} requested skill '{skill_name}'. Allow loading this skill?"


def format_skill_path_ask_prompt(
    skill_name: str, read_path: str, agent_name: str | None = None
) -> str:
    return f"{subject(agent_name)} requested access to skill '{skill_name}' via '{read_path}'. Allow this read?"


def _resolves_to(path: ExternalPath) -> str:
    return f" (resolves to '{path.resolves_to}')" if path.resolves_to else ""


def format_external_directory_ask_prompt(
    tool_name: str, path: ExternalPath, cwd: str, agent_name: str | None = None
) -> str:
    return (
        f"{subject(agent_name)} requested tool '{tool_name}' for path '{path.path}'{_resolves_to(path)}"
        f" outside working directory '{cwd}'. Allow this external directory access?"
    )


def format_bash_external_directory_ask_prompt(
    command: str, paths: Sequence[ExternalPath], cwd: str, agent_name: str | None = None
) -> str:
    listed = ", ".join(f"{path.path}{_resolves_to(path)}" for path in paths)
    return (
        f"{subject(agent_name)} requested bash command '{command}' which references path(s)"
        f" outside working directory '{cwd}': {listed}. Allow this external directory access?"
    )
