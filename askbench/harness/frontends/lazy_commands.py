"""Subcommands whose parsers, and the modules behind them, are built only when they are used.

Building every subcommand's parser imports every subcommand's module — the
renderer, the judge, jsonschema, pyte — so ``askbench --version`` would pay
for the whole harness, and ``askbench try`` for the bench and the mutants.
Each subcommand is registered by name with the function that adds its
parser; the function runs when the command line names it, or when the top
level help has to list every command's help text.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

AddParser = Callable[["LazyCommands"], object]
"""Adds one subcommand's parser with ``commands.add_parser(name, ...)``; importing its module is its own business."""


class LazyCommands(argparse._SubParsersAction):  # type: ignore[type-arg]
    """The ``add_subparsers`` action with ``lazy(name, add)``: a subcommand known by name until it is needed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._pending: dict[str, AddParser] = {}

    def lazy(self, name: str, add: AddParser) -> None:
        """Register ``name``; ``add(self)`` builds its parser the first time it is asked for."""
        self._pending[name] = add
        self._name_parser_map[name] = None  # known to the choices check, not yet built

    def build(self, name: str) -> None:
        """Run the pending ``add`` of ``name`` (once); a name with nothing pending is left alone."""
        add = self._pending.pop(name, None)
        if add is None:
            return
        del self._name_parser_map[name]
        add(self)
        if name not in self._name_parser_map:
            raise RuntimeError(
                f"the parser registered as {name!r} did not add a subcommand of that name"
            )

    def build_all(self) -> None:
        for name in list(self._pending):
            self.build(name)

    def _get_subactions(self) -> list[argparse.Action]:
        self.build_all()  # the top-level help lists every command with its help text
        return super()._get_subactions()

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        if isinstance(values, Sequence) and values and isinstance(values[0], str):
            self.build(values[0])
        super().__call__(parser, namespace, values, option_string)


__all__ = ["AddParser", "LazyCommands"]
