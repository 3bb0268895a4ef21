"""askbench's reference implementation: pure functions and small classes, no I/O.

The names below are the stable surface of ``docs/design.md``; everything else may move.
"""

from .ask import PermissionCheckResult, format_ask_prompt
from .builtin_formatters import format_mcp_input_for_prompt, register_builtin_tool_input_formatters
from .complete_view import CompleteView
from .config import ConfigError, ConfigIssue, PermissionConfig, normalize_config, parse_config
from .decision import Decision, PromptConfig, reduce_prompt
from .dialog import DialogBudget, DialogView, complete_view_budget, render_prompt_dialog
from .fallback import fallback_decision, fallback_select
from .keys import InputParser, Paste
from .legacy import render_legacy_message
from .neutralise import neutralise, restore
from .payload import Evidence, PayloadError, PromptPayload, Requester, RequestFacts, build_payload
from .preview import PreviewLimits, ToolPreviewFormatter, resolve_tool_preview_limits
from .prompt import PermissionPrompt
from .registry import DuplicateFormatterError, ToolInputFormatter, ToolInputFormatterRegistry
from .service import PermissionsService
from .xdev import XdevRegistry

__all__ = [
    "CompleteView",
    "ConfigError",
    "Decision",
    "ConfigIssue",
    "DialogBudget",
    "DialogView",
    "DuplicateFormatterError",
    "Evidence",
    "InputParser",
    "Paste",
    "PayloadError",
    "PermissionCheckResult",
    "PermissionConfig",
    "PermissionPrompt",
    "PermissionsService",
    "PreviewLimits",
    "PromptConfig",
    "PromptPayload",
    "RequestFacts",
    "Requester",
    "ToolInputFormatter",
    "ToolInputFormatterRegistry",
    "ToolPreviewFormatter",
    "XdevRegistry",
    "build_payload",
    "complete_view_budget",
    "fallback_decision",
    "fallback_select",
    "format_ask_prompt",
    "format_mcp_input_for_prompt",
    "neutralise",
    "normalize_config",
    "parse_config",
    "reduce_prompt",
    "register_builtin_tool_input_formatters",
    "render_legacy_message",
    "render_prompt_dialog",
    "resolve_tool_preview_limits",
    "restore",
]
