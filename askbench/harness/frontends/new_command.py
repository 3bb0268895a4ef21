"""``askbench new``: its options, the fixture file written, and the next step printed."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..fixtures.scaffold import TODO, ScaffoldError, fixture_target, scaffold

__all__ = ["add_new_parser", "cmd_new"]


def cmd_new(args: argparse.Namespace) -> int:
    target = fixture_target(args.id, args.corpus)
    if isinstance(target, str):
        print(f"askbench new: {target}", file=sys.stderr)
        return 2
    path, records = target
    if path.exists():
        print(f"askbench new: {path} exists; a new fixture gets a name of its own", file=sys.stderr)
        return 2
    try:
        fixture = scaffold(args.source, records, args.description)
    except ScaffoldError as error:
        print(f"askbench new: {error}", file=sys.stderr)
        return 2
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(fixture, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {path}\nnext: fill in every {TODO}, then: askbench check --contrib {path}")
    return 0


def add_new_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    new = commands.add_parser(
        "new",
        help="scaffold a fixture: FAMILY/NAME --from a tool call, a bash command or PACKAGE@VERSION TOOL",
        description="Write <corpus>/FAMILY/NAME.json from a tool call (a JSON file or text), an MCP server's "
        "recorded tool (PACKAGE@VERSION TOOL: its required arguments as placeholders) or a bash command. What only "
        "you know is left as TODO; askbench check --contrib refuses it until it is filled in.",
    )
    new.add_argument(
        "id", metavar="FAMILY/NAME", help="the new fixture's family (declared) and name"
    )
    new.add_argument(
        "--from",
        dest="source",
        nargs="+",
        required=True,
        metavar="SOURCE",
        help="a tool call as JSON (file or text), PACKAGE@VERSION TOOL, or a bash command",
    )
    new.add_argument("--description", help="the one-line description (default: a TODO)")
    new.add_argument(
        "--corpus",
        type=Path,
        help="the corpus root (default: the corpus the working folder is in, else the repository's corpus/)",
    )
    new.set_defaults(run=cmd_new)
