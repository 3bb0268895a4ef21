"""A model server on 127.0.0.1 that asks for one tool call and then answers in plain text.

The first request offering a tool that fits the fixture's intent gets the
tool call; a request carrying a tool result gets a plain answer and the
result is kept (it tells a decline the driver pressed from a refusal the CLI
made on its own); a main turn that comes before the CLI's MCP tools are
listed gets a 503 the CLI retries; every other request — titles, quota probes, token counts,
model lists — gets a short plain answer, so no CLI stalls on an API it was
not expected to need.
"""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType

from .toolcall import Intent, ToolCall, resolve
from .wire import Request, protocol_for_path, read_request, reply_events

__all__ = ["FakeModel", "Exchange"]

ANSWER = "Done."
MAX_BUSY = 6


@dataclass(frozen=True)
class Exchange:
    """One request as the fake model saw it and whether it was answered with the tool call."""

    path: str
    request: Request | None
    sent_call: bool


@dataclass
class _State:
    intent: Intent | None
    shell: Mapping[str, Mapping[str, object]]
    write: Mapping[str, Mapping[str, str]]
    call: ToolCall | None = None
    busy: int = 0
    """How often a request offering tools but not the intent's was answered 503 (MCP servers still connecting)."""
    exchanges: list[Exchange] = field(default_factory=list)
    results: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    called: threading.Event = field(default_factory=threading.Event)
    answered: threading.Event = field(default_factory=threading.Event)

    def wait(self, request: Request) -> bool:
        """Whether to answer 503: the CLI's main turn came before its MCP servers' tools were listed.

        CLIs connect MCP servers while the first turn is already on its way
        and retry a 503 after a back-off, by which time the tools are there.
        """
        with self.lock:
            early = (
                self.intent is not None
                and self.intent.kind == "mcp"
                and self.call is None
                and bool(request.tools)
                and not request.results
                and resolve(self.intent, request.tools, self.shell, self.write) is None
            )
            if early and self.busy < MAX_BUSY:
                self.busy += 1
                return True
            return False

    def choose(self, request: Request) -> ToolCall | None:
        """The tool call for this request, once, and only to a request that offers a fitting tool."""
        with self.lock:
            if request.results:
                self.results.extend(request.results)
                self.answered.set()
                return None
            if self.call is not None or self.intent is None:
                return None
            self.call = resolve(self.intent, request.tools, self.shell, self.write)
            if self.call is not None:
                self.called.set()
            return self.call


def _handler(state: _State) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:
            pass

        def _send(self, status: int, content_type: str, chunks: list[bytes]) -> None:
            body = b"".join(chunks)
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:
            with state.lock:
                state.exchanges.append(Exchange(self.path, None, False))
            self._send(
                200,
                "application/json",
                [json.dumps({"object": "list", "data": [], "models": []}).encode()],
            )

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b"{}"
            protocol = protocol_for_path(self.path)
            try:
                body = json.loads(raw or b"{}")
            except json.JSONDecodeError:
                body = {}
            if protocol is None or not isinstance(body, dict):
                with state.lock:
                    state.exchanges.append(Exchange(self.path, None, False))
                self._send(
                    200,
                    "application/json",
                    [json.dumps({"input_tokens": 10, "totalTokens": 10}).encode()],
                )
                return
            request = read_request(protocol, self.path, body)
            if state.wait(request):
                with state.lock:
                    state.exchanges.append(Exchange(self.path, request, False))
                error = {
                    "type": "error",
                    "error": {
                        "type": "overloaded_error",
                        "message": "busy",
                        "code": 503,
                        "status": "UNAVAILABLE",
                    },
                }
                self._send(503, "application/json", [json.dumps(error).encode()])
                return
            call = state.choose(request)
            with state.lock:
                state.exchanges.append(Exchange(self.path, request, call is not None))
            content_type, chunks = reply_events(protocol, call, ANSWER, request.stream)
            self._send(200, content_type, list(chunks))

    return Handler


class _QuietServer(ThreadingHTTPServer):
    """A CLI that drops its connection mid-request (it was declined, or it exited) is no error of the run's."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


class FakeModel:
    """The server, on a free port of 127.0.0.1, serving from a thread until closed (a context manager)."""

    def __init__(
        self,
        intent: Intent | None,
        shell: Mapping[str, Mapping[str, object]] | None = None,
        write: Mapping[str, Mapping[str, str]] | None = None,
    ) -> None:
        self.state = _State(intent, shell or {}, write or {})
        self._server = _QuietServer(("127.0.0.1", 0), _handler(self.state))
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def call(self) -> ToolCall | None:
        return self.state.call

    @property
    def results(self) -> list[str]:
        with self.state.lock:
            return list(self.state.results)

    @property
    def exchanges(self) -> list[Exchange]:
        with self.state.lock:
            return list(self.state.exchanges)

    def __enter__(self) -> FakeModel:
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._server.shutdown()
        self._server.server_close()
