"""The facade other extensions reach.

There is exactly one formatter registry per service: the same instance the
prompt's preview formatter reads, so a registration made here changes the
next rendered prompt and its disposer restores the previous one.
"""

from __future__ import annotations

from collections.abc import Mapping

from .builtin_formatters import register_builtin_tool_input_formatters
from .config import PermissionConfig
from .preview import ToolPreviewFormatter, resolve_tool_preview_limits
from .registry import Dispose, ToolInputFormatter, ToolInputFormatterRegistry


class PermissionsService:
    def __init__(
        self,
        config: PermissionConfig | None = None,
        registry: ToolInputFormatterRegistry | None = None,
    ):
        self.config = config or PermissionConfig()
        if registry is None:
            registry = ToolInputFormatterRegistry()
            register_builtin_tool_input_formatters(registry)
        self.registry = registry

    def register_tool_input_formatter(
        self, tool_name: str, formatter: ToolInputFormatter
    ) -> Dispose:
        return self.registry.register(tool_name, formatter)

    def formatter(self) -> ToolPreviewFormatter:
        """A formatter for one prompt, built fresh so a config change applies to the next ask."""
        return ToolPreviewFormatter(resolve_tool_preview_limits(self.config), self.registry)

    def format_tool_input(self, tool_name: str, tool_input: Mapping[str, object]) -> str:
        return self.formatter().format_tool_input_for_prompt(tool_name, tool_input)
