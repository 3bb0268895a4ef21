"""``askbench check --contrib``: from an unlisted MCP server to a reviewed screen, with no script edited."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from test_record_command import FAKE
from tmp_corpus import Corpus

from askbench.harness.frontends.cli import main


def test_an_unlisted_server_to_a_reviewed_fixture(
    corpus: Corpus, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    server = tmp_path / "fake_server.py"
    server.write_text(FAKE, encoding="utf-8")
    root = str(corpus.root)
    assert (
        main(
            ["record", "fake-server@1.0.0", "--corpus", root, "--run", f"{sys.executable} {server}"]
        )
        == 0
    )
    assert (
        main(["new", "cases/fake-ping", "--from", "fake-server@1.0.0", "ping", "--corpus", root])
        == 0
    )
    path = corpus.family() / "fake-ping.json"
    capsys.readouterr()

    assert (
        main(["check", "--contrib", str(path), "--widths", "80"]) == 1
    )  # the scaffold's TODOs are refused, first and last, whatever the gate says between
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0] == lines[-1]
    assert lines[0].startswith("NOT READY: 1 placeholder left (cases/fake-ping: description")

    fixture = json.loads(path.read_text(encoding="utf-8"))
    fixture["description"] = "a ping through a server recorded for the test"
    path.write_text(json.dumps(fixture), encoding="utf-8")
    assert main(["check", "--contrib", str(path), "--widths", "80"]) == 0
    out = capsys.readouterr().out
    assert (
        "placeholders: none left" in out and "1 fixture × 1 width: all 3 judgements passed" in out
    )
    assert "schema: every MCP call's arguments stand as its schema says" in out
    assert "the screens of cases/fake-ping" in out and "target : fake_server_ping" in out


def test_arguments_that_break_the_recorded_schema_are_named(
    corpus: Corpus, capsys: pytest.CaptureFixture[str]
) -> None:
    fixture = {
        "description": "an issue without a title",
        "source": "constructed for the test",
        "call": {
            "name": "mcp",
            "input": {"tool": "github_create_issue", "args": {"owner": "a", "repo": "b"}},
        },
        "schema": {
            "server": "@modelcontextprotocol/server-github@2025.4.8",
            "tool": "create_issue",
        },
        "expect": {"kind": "mcp", "visible": ["github_create_issue"]},
    }
    assert (
        main(["check", "--contrib", str(corpus.write("no-title", fixture)), "--widths", "80"]) == 1
    )
    assert "'title' is a required property" in capsys.readouterr().out


def test_a_broken_fixture_stops_at_its_problems(
    corpus: Corpus, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "--contrib", str(corpus.write("broken", '{"description": "x",}'))]) == 2
    assert "trailing comma" in capsys.readouterr().out
