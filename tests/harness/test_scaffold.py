"""``askbench new``: a fixture from a bash command, a tool call or a recorded MCP tool, TODOs where only you know."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tmp_corpus import Corpus

from askbench.harness.cli import main
from askbench.harness.corpus import BUILTIN_CORPUS, Fixture, load_one
from askbench.harness.mcp_records import RECORDS
from askbench.harness.scaffold import ScaffoldError, scaffold

RECORDS_SEARCHED = [BUILTIN_CORPUS / RECORDS]


def test_a_bash_command() -> None:
    fixture = scaffold(["rm -rf build && make"], RECORDS_SEARCHED)
    assert fixture["call"] == {"name": "bash", "input": {"command": "rm -rf build && make"}}
    assert fixture["expect"] == {"kind": "bash", "visible": ["rm -rf build && make"]}
    assert str(fixture["description"]).startswith("TODO") and str(fixture["source"]).startswith("TODO")


def test_a_tool_call_as_json_text_or_file(tmp_path: Path) -> None:
    call = {"name": "read", "input": {"path": "/etc/hosts"}}
    assert scaffold([json.dumps(call)], RECORDS_SEARCHED)["expect"] == {"kind": "path", "visible": ["/etc/hosts"]}
    (tmp_path / "call.json").write_text(json.dumps(call), encoding="utf-8")
    assert scaffold([str(tmp_path / "call.json")], RECORDS_SEARCHED)["call"] == call
    with pytest.raises(ScaffoldError, match='"name"'):
        scaffold(['{"input": {}}'], RECORDS_SEARCHED)


def test_a_recorded_mcp_tool_gets_its_required_arguments_as_typed_placeholders() -> None:
    fixture = scaffold(["@modelcontextprotocol/server-github@2025.4.8", "create_issue"], RECORDS_SEARCHED,
                       description="an issue")
    assert fixture["call"] == {"name": "mcp", "input": {"tool": "github_create_issue",
                                                        "args": {"owner": "TODO", "repo": "TODO", "title": "TODO"}}}
    assert fixture["schema"] == {"server": "@modelcontextprotocol/server-github@2025.4.8", "tool": "create_issue"}
    assert fixture["source"] == "npm:@modelcontextprotocol/server-github@2025.4.8 tool create_issue"
    assert fixture["description"] == "an issue"
    with pytest.raises(ScaffoldError, match="askbench record no-such@1.0.0"):
        scaffold(["no-such@1.0.0", "tool"], RECORDS_SEARCHED)
    with pytest.raises(ScaffoldError, match="lists no tool 'create_isue'"):
        scaffold(["@modelcontextprotocol/server-github@2025.4.8", "create_isue"], RECORDS_SEARCHED)


def test_new_files_it_in_a_declared_family_and_it_loads(corpus: Corpus, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "cases/rm-build", "--from", "rm -rf build", "--corpus", str(corpus.root)]) == 0
    assert "askbench check --contrib" in capsys.readouterr().out
    assert isinstance(load_one(corpus.family() / "rm-build.json"), Fixture)
    assert main(["new", "cases/rm-build", "--from", "ls", "--corpus", str(corpus.root)]) == 2  # never overwritten
    assert main(["new", "casse/x", "--from", "ls", "--corpus", str(corpus.root)]) == 2
    assert "did you mean 'cases'?" in capsys.readouterr().err
