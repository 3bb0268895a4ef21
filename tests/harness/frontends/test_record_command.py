"""``askbench record``: any stdio MCP server's tools/list into its corpus, where the gate then finds it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from tmp_corpus import LS, Corpus

from askbench.harness.fixtures.loading import FixtureProblem, load_corpus, load_discovered
from askbench.harness.fixtures.mcp_client import RecordingError, known_server, server_for
from askbench.harness.frontends.cli import main

FAKE = """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message.get("method") == "initialize":
        result = {"protocolVersion": "2025-06-18", "serverInfo": {"name": "fake", "version": "1.0.0"}}
    elif message.get("method") == "tools/list" and not message["params"].get("cursor"):
        result = {"tools": [{"name": "ping", "inputSchema": {"type": "object"}}], "nextCursor": "2"}
    elif message.get("method") == "tools/list":
        result = {"tools": [{"name": "pong", "inputSchema": {"type": "object"}}]}
    else:
        continue
    print("a log line on stdout, not JSON", flush=True)
    print(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": result}), flush=True)
"""


@pytest.fixture
def fake_server(tmp_path: Path) -> str:
    script = tmp_path / "fake_server.py"
    script.write_text(FAKE, encoding="utf-8")
    return f"{sys.executable} {script}"


def test_an_unlisted_server_is_recorded_into_its_corpus_and_the_gate_finds_it(
    corpus: Corpus,
    fake_server: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(corpus.family().parent)
    assert main(["record", "fake-server@1.0.0", "--run", fake_server, "--timeout", "20"]) == 0
    record = json.loads(
        (corpus.root / "mcp" / "servers" / "fake-server@1.0.0.json").read_text(encoding="utf-8")
    )
    assert [tool["name"] for tool in record["tools"]] == [
        "ping",
        "pong",
    ]  # every page of tools/list
    assert record["package"] == "fake-server" and "ping, pong" in capsys.readouterr().out
    call = {"name": "mcp", "input": {"tool": "fake_ping", "args": {}}}
    ok = corpus.write(
        "ping", {**LS, "call": call, "schema": {"server": "fake-server@1.0.0", "tool": "ping"}}
    )
    assert not isinstance(load_discovered(ok), FixtureProblem)
    fixtures, problems = load_corpus([corpus.root])
    assert problems == [] and [fixture.name for fixture in fixtures] == [
        "ping"
    ]  # the record is no fixture


def test_outside_a_corpus_it_asks_for_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["record", "fake-server@1.0.0"]) == 2
    assert "--corpus" in capsys.readouterr().err


def test_a_server_that_is_no_mcp_server_is_an_error(
    corpus: Corpus, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        [
            "record",
            "x@1",
            "--corpus",
            str(corpus.root),
            "--run",
            f"{sys.executable} -c pass",
            "--timeout",
            "20",
        ]
    )
    assert code == 1 and "exited during initialize" in capsys.readouterr().err


def test_known_servers_keep_their_dummy_environment_and_any_spec_is_accepted() -> None:
    github = server_for("@modelcontextprotocol/server-github@2025.4.8", {"EXTRA": "1"}, (), ())
    assert github.env == {
        "GITHUB_PERSONAL_ACCESS_TOKEN": "dummy-credential-for-tools-list",
        "EXTRA": "1",
    }
    assert known_server("unlisted@1.0.0") is None
    unlisted = server_for("@scope/unlisted@1.0.0", {"KEY": "v"}, ("--flag",), ())
    assert (unlisted.package, unlisted.version, unlisted.command(Path("/w"))) == (
        "@scope/unlisted",
        "1.0.0",
        ["npx", "-y", "@scope/unlisted@1.0.0", "--flag"],
    )
    with pytest.raises(RecordingError, match="not <package>@<version>"):
        server_for("no-version", {}, (), ())
