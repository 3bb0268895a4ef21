"""One custom preview formatter per tool name.

Other extensions shape how their tool's input reads in a permission prompt by
registering a formatter here. Resolution must be deterministic, so a second
registration for the same name is an error rather than a silent override, and
the disposer only ever removes the very formatter it registered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

ToolInputFormatter = Callable[[Mapping[str, object]], "str | None"]
"""Returns the preview fragment for a tool input, or ``None`` to decline."""

Dispose = Callable[[], None]


class DuplicateFormatterError(ValueError):
    """A formatter is already registered for this tool name."""


class ToolInputFormatterLookup(Protocol):
    """The read side the preview formatter depends on."""

    def get(self, tool_name: str) -> ToolInputFormatter | None: ...


class _Registration:
    __slots__ = ("formatter",)

    def __init__(self, formatter: ToolInputFormatter) -> None:
        self.formatter = formatter


class ToolInputFormatterRegistry:
    """Maps a tool name to its single custom formatter."""

    def __init__(self) -> None:
        self._formatters: dict[str, _Registration] = {}

    def register(self, tool_name: str, formatter: ToolInputFormatter) -> Dispose:
        """Register ``formatter`` for ``tool_name`` and return its disposer.

        The disposer is tied to this registration, not to the function: after
        dispose and re-register of the same function, the old disposer is stale.
        """
        if tool_name in self._formatters:
            raise DuplicateFormatterError(
                f"A tool input formatter is already registered for '{tool_name}'."
            )
        registration = _Registration(formatter)
        self._formatters[tool_name] = registration

        def dispose() -> None:
            if self._formatters.get(tool_name) is registration:
                del self._formatters[tool_name]

        return dispose

    def get(self, tool_name: str) -> ToolInputFormatter | None:
        registration = self._formatters.get(tool_name)
        return registration.formatter if registration else None

    def __contains__(self, tool_name: object) -> bool:
        return tool_name in self._formatters
