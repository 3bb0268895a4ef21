"""``askbench record PACKAGE@VERSION``: any stdio MCP server's ``tools/list``, on record in a corpus.

The record lands in ``<corpus>/mcp/servers/<package>@<version>.json``, where
the gate looks for the server a fixture's ``schema`` names. The corpus is
``--corpus`` or the one the working folder is in; the server runs in a scratch
folder that is removed afterwards, never in the corpus.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import tempfile
from pathlib import Path

from ..fixtures.loading import CorpusManifest, find_manifest
from ..fixtures.mcp_client import RecordingError, record, server_for, write_record
from ..fixtures.mcp_records import RECORDS

__all__ = ["add_record_parser", "add_server_options", "cmd_record"]


def _pair(text: str) -> tuple[str, str]:
    key, equals, value = text.partition("=")
    if not equals or not key:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    return key, value


def add_server_options(parser: argparse.ArgumentParser) -> None:
    """``--env`` and ``--arg``: how a server not in ``KNOWN_SERVERS`` is run (here and in ``scripts/record_mcp_tools.py``)."""
    parser.add_argument(
        "--env",
        type=_pair,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a dummy environment variable the server insists on (repeatable)",
    )
    parser.add_argument(
        "--arg",
        action="append",
        default=[],
        metavar="ARG",
        help="an argument after the package ({workdir} is the scratch folder; repeatable)",
    )


def _corpus_root(given: Path | None) -> Path | str:
    """The corpus the record belongs to, or why there is none."""
    manifest = find_manifest(given or Path.cwd())
    if isinstance(manifest, CorpusManifest):
        return manifest.root
    where = given or "the working folder"
    return (
        f"{where} is in no corpus (no askbench-corpus.json at or above it); name one with --corpus"
    )


def cmd_record(args: argparse.Namespace) -> int:
    root = _corpus_root(args.corpus)
    if isinstance(root, str):
        print(f"askbench record: {root}", file=sys.stderr)
        return 2
    try:
        server = server_for(
            args.spec, dict(args.env), tuple(args.arg), tuple(shlex.split(args.launch or ""))
        )
        with tempfile.TemporaryDirectory(prefix="askbench-record-") as scratch:
            result = record(server, Path(scratch), args.timeout)
    except (RecordingError, OSError) as error:
        print(f"askbench record: {error}", file=sys.stderr)
        return 1
    path = write_record(result, root / RECORDS)
    tools = result["tools"]
    names = (
        ", ".join(str(tool.get("name")) for tool in tools if isinstance(tool, dict))
        if isinstance(tools, list)
        else ""
    )
    print(
        f"{server.spec}: {len(tools) if isinstance(tools, list) else 0} tools ({names}) -> {path}"
    )
    return 0


def add_record_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = commands.add_parser(
        "record",
        help="record an MCP server's tools/list for the fixtures' schema",
        description="Run any stdio MCP server (npx -y PACKAGE@VERSION, or --run CMD) with dummy credentials, ask "
        "for its tools/list and write <corpus>/mcp/servers/PACKAGE@VERSION.json. Listing tools never calls the "
        "service. Exit 0: recorded; 1: the server did not answer as an MCP server; 2: no corpus.",
    )
    parser.add_argument(
        "spec", metavar="PACKAGE@VERSION", help="the server's npm package and exact version"
    )
    parser.add_argument(
        "--corpus", type=Path, help="the corpus root (default: the corpus the working folder is in)"
    )
    add_server_options(parser)
    parser.add_argument(
        "--run",
        dest="launch",
        metavar="CMD",
        help="start the server with CMD instead of npx (uvx …, a binary)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=240.0,
        help="seconds to wait for each answer (npx installs first; default 240)",
    )
    parser.set_defaults(run=cmd_record)
