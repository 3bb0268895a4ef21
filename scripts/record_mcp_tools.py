#!/usr/bin/env python3
"""Record the ``tools/list`` result of every MCP server the corpus uses, at a pinned npm version.

The corpus's MCP fixtures are checked against these records (``tests/harness/test_mcp_schemas.py``),
so a fixture's arguments are the ones the real server accepts, not ones we imagined. Each record is
``corpus/mcp/servers/<package>@<version>.json``: the package, the command it was run with, the
server's ``initialize`` answer and its tools exactly as listed.

A server is run the way an MCP client runs it: ``npx -y <package>@<version>`` over stdio, then
JSON-RPC ``initialize``, ``notifications/initialized`` and ``tools/list`` (following ``nextCursor``).
Servers that need credentials get dummy ones: listing tools never calls the service. Servers run in
a scratch folder (``--workdir``), never inside the repository. The engine is ``askbench.harness.fixtures.mcp_client``
(run this with the project's venv); ``askbench record`` records one server the same way. A server
that is not in ``askbench.harness.fixtures.mcp_client.KNOWN_SERVERS`` is run as given (``--env KEY=VALUE``, ``--arg``).

    python scripts/record_mcp_tools.py --workdir /tmp/mcp-scratch            # every server below
    python scripts/record_mcp_tools.py --workdir /tmp/mcp-scratch chrome-devtools-mcp@1.11.0
    python scripts/record_mcp_tools.py --workdir /tmp/mcp-scratch some-new-server@1.2.3 --env API_KEY=dummy

A server that is not on npm is recorded from its published tool definitions: github/github-mcp-server
(Go) keeps one JSON file per tool in ``pkg/github/__toolsnaps__``, checked by its own tests:

    git -C github-mcp-server archive v1.10.1 pkg/github/__toolsnaps__ | tar -x -C /tmp/snaps
    python scripts/record_mcp_tools.py --toolsnaps /tmp/snaps/pkg/github/__toolsnaps__ \\
        github-mcp-server@1.10.1 --source "github.com/github/github-mcp-server tag v1.10.1 pkg/github/__toolsnaps__"
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(
    0, str(Path(__file__).resolve().parent.parent)
)  # the harness of this checkout, venv or not

from askbench.harness.fixtures.mcp_client import (  # noqa: E402
    KNOWN_SERVERS,
    RecordingError,
    record,
    record_toolsnaps,
    server_for,
    write_record,
)
from askbench.harness.frontends.record_command import add_server_options  # noqa: E402

SERVERS_DIR = Path(__file__).resolve().parent.parent / "corpus" / "mcp" / "servers"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "specs", nargs="*", help="package@version to record (default: every known server)"
    )
    parser.add_argument(
        "--workdir", type=Path, help="scratch folder the servers run in (not the repo)"
    )
    parser.add_argument(
        "--toolsnaps",
        type=Path,
        help="record one non-npm server from this folder of <tool>.snap files",
    )
    parser.add_argument("--source", help="with --toolsnaps: where the definitions were published")
    parser.add_argument(
        "--node-bin",
        type=Path,
        help="folder with a newer node for servers that need one (context-mode)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=240.0,
        help="seconds to wait for each answer (npx installs first)",
    )
    add_server_options(parser)
    args = parser.parse_args(argv)
    if args.toolsnaps:
        if len(args.specs) != 1 or not args.source:
            parser.error("--toolsnaps records one package@version and needs --source")
        path = write_record(
            record_toolsnaps(args.toolsnaps, args.specs[0], args.source), SERVERS_DIR
        )
        print(f"{args.specs[0]} -> {path}")
        return 0
    if args.workdir is None:
        parser.error("--workdir is required to run servers")
    try:
        chosen = [
            server_for(spec, dict(args.env), tuple(args.arg), ()) for spec in args.specs
        ] or list(KNOWN_SERVERS)
    except RecordingError as error:
        parser.error(str(error))
    args.workdir.mkdir(parents=True, exist_ok=True)
    failed = 0
    for server in chosen:
        try:
            result = record(server, args.workdir.resolve(), args.timeout, args.node_bin)
        except (RecordingError, OSError) as error:
            print(f"FAILED {error}", file=sys.stderr)
            failed += 1
            continue
        path = write_record(result, SERVERS_DIR)
        print(
            f"{server.spec}: {len(result['tools'])} tools -> {path.relative_to(SERVERS_DIR.parent.parent.parent)}"
        )  # type: ignore[arg-type]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
