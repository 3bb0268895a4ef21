"""The typical fixture mistakes, each named at its field and line with the fix; every one of a file at once."""

from __future__ import annotations

import json

import pytest
from tmp_corpus import LS, Corpus

from askbench.harness.corpus import FixtureProblem, load_corpus, load_one

MCP = {
    "description": "an MCP call", "source": "constructed for the test",
    "call": {"name": "mcp", "input": {"tool": "github_create_issue", "args": {"owner": "a", "repo": "b", "title": "t"}}},
    "schema": {"server": "@modelcontextprotocol/server-github@2025.4.8", "tool": "create_issue"},
}
GOOD_TEXT = json.dumps(LS, indent=2)


def _with(base: dict[str, object], **changes: object) -> str:
    return json.dumps({**base, **changes}, indent=2)


# (what the contributor did, the file, the field named, words of the fix)
MISTAKES = [
    ("trailing comma in an object", GOOD_TEXT.replace('"ls -la"\n', '"ls -la",\n'), "(file)",
     "trailing comma at line 7 column 26"),
    ("trailing comma in a list", _with(LS, expect={"visible": ["ls"]}).replace('"ls"\n', '"ls",\n'), "(file)",
     "trailing comma at line 12"),
    ("a // comment", GOOD_TEXT.replace('{\n', '{\n  // the ls case\n', 1), "(file)", "comments are not JSON (line 2)"),
    ("a /* */ comment", GOOD_TEXT.replace('"call"', '/* why */ "call"'), "(file)", "comments are not JSON"),
    ("single quotes", GOOD_TEXT.replace('"ls"', "'ls'"), "(file)", "take double quotes"),
    ("a Python literal", _with(LS, ask={"agent": None}).replace("null", "None"), "(file)", "write null"),
    ("a missing comma", GOOD_TEXT.replace('"ls",', '"ls"'), "(file)", "a comma is missing at line 3"),
    ("an unquoted key", GOOD_TEXT.replace('"source"', "source"), "(file)", "unquoted key at line 3"),
    ("an empty file", "", "(file)", "the file is empty"),
    ("a misspelt top-level key", _with(LS, descripton="x"), "descripton", "did you mean 'description'?"),
    ("a misspelt expect key", _with(LS, expect={"visibel": ["ls"]}), "expect.visibel", "did you mean 'visible'?"),
    ("a misspelt ask key", _with(LS, ask={"matched_pattern": "ls *"}), "ask.matched_pattern",
     "did you mean 'matchedPattern'?"),
    ("a missing source", json.dumps({k: v for k, v in LS.items() if k != "source"}), "source", "where the payload comes from"),
    ("a call without input", _with(LS, call={"name": "bash", "args": {"command": "ls"}}), "call.input",
     "the tool input, a JSON object"),
    ("Bash for bash", _with(LS, call={"name": "Bash", "input": {"command": "ls"}}), "call.name", "named 'bash'"),
    ("cmd for command", _with(LS, call={"name": "bash", "input": {"cmd": "ls"}}), "call.input.command",
     "'cmd' should be 'command'"),
    ("file for path", _with(LS, call={"name": "write", "input": {"file": "a.txt", "content": "x"}}), "call.input.path",
     "'file' should be 'path'"),
    ("a kind in capitals", _with(LS, expect={"kind": "BASH"}), "expect.kind", "did you mean 'bash'?"),
    ("a number in quotes", _with(LS, budget={"maxRows": "24"}), "budget.maxRows", "write the number without quotes"),
    ("a string for a list", _with(LS, expect={"visible": "ls"}), "expect.visible", 'a list: ["ls"]'),
    ("a line break in the description", _with(LS, description="two\nlines"), "description", "one line: no line break"),
    ("a server without its version", _with(MCP, schema={"server": "@modelcontextprotocol/server-github",
                                                        "tool": "create_issue"}), "schema.server", "<package>@<version>"),
    ("a server never recorded", _with(MCP, schema={"server": "no-such-server@9.9.9", "tool": "x"}), "schema.server",
     "no record of 'no-such-server@9.9.9'"),
    ("a version not recorded", _with(MCP, schema={"server": "@modelcontextprotocol/server-github@2025.4.9",
                                                  "tool": "create_issue"}), "schema.server",
     "did you mean '@modelcontextprotocol/server-github@2025.4.8'?"),
    ("a tool the server does not list", _with(MCP, schema={**MCP["schema"], "tool": "create_isue"}),  # type: ignore[dict-item]
     "schema.tool", "did you mean 'create_issue'?"),
]


@pytest.mark.parametrize(("text", "field", "fix"), [case[1:] for case in MISTAKES], ids=[case[0] for case in MISTAKES])
def test_a_typical_mistake_is_named_with_its_fix(corpus: Corpus, text: str, field: str, fix: str) -> None:
    problem = load_one(corpus.write("case", text))
    assert isinstance(problem, FixtureProblem)
    named = {(each.field, each.message) for each in problem.every()}
    assert any(each_field == field and fix in message for each_field, message in named), named


def test_the_good_fixtures_behind_the_mistakes_load(corpus: Corpus) -> None:
    assert not isinstance(load_one(corpus.write("ls", GOOD_TEXT)), FixtureProblem)
    assert not isinstance(load_one(corpus.write("mcp", json.dumps(MCP))), FixtureProblem)


def test_every_problem_of_a_file_is_reported_at_once_with_its_line(corpus: Corpus) -> None:
    text = (
        '{\n'
        '  // constructed\n'
        '  "description": "ls",\n'
        '  "source": "constructed for the test",\n'
        '  "call": {"name": "Bash", "input": {"cmd": "ls"}},\n'
        '  "expect": {"visibel": ["ls"], "kind": "Bash",},\n'
        '}\n'
    )
    fixtures, problems = load_corpus([corpus.write("many", text)])
    assert fixtures == []
    assert [(problem.field, problem.line) for problem in problems] == [
        ("(file)", 2), ("(file)", 6), ("(file)", 6),
        ("expect.visibel", 6), ("expect.kind", 6), ("call.name", 5), ("call.input.command", 5),
    ]
    assert "many.json:6: expect.visibel: 'visibel' is not a field here; did you mean 'visible'?" in str(
        load_one(corpus.family() / "many.json"))


def test_a_file_with_thousands_of_problems_reports_a_bounded_few(corpus: Corpus) -> None:
    problem = load_one(corpus.write("wide", _with(LS, expect={f"k{index}": 1 for index in range(5000)})))
    assert isinstance(problem, FixtureProblem)
    every = problem.every()
    assert len(every) == 31 and every[-1].message == "and 4970 more problems"


def test_a_kind_set_on_purpose_keeps_an_extension_tool_named_like_a_known_one(corpus: Corpus) -> None:
    text = _with(LS, call={"name": "Bash", "input": {"command": "ls"}}, ask={"kind": "tool"})
    assert not isinstance(load_one(corpus.write("claude-bash", text)), FixtureProblem)


def test_a_corpus_of_its_own_keeps_its_records_next_to_its_fixtures(corpus: Corpus) -> None:
    record = corpus.root / "mcp" / "servers" / "my-server@1.0.0.json"
    record.parent.mkdir(parents=True)
    record.write_text(json.dumps({"package": "my-server", "version": "1.0.0", "tools": [{"name": "ping"}]}), "utf-8")
    (corpus.root / "askbench-corpus.json").write_text(json.dumps(
        {"families": {"cases": "cases"}, "skip": {"mcp/servers": "records"}}), encoding="utf-8")
    ok = _with(MCP, schema={"server": "my-server@1.0.0", "tool": "ping"})
    assert not isinstance(load_one(corpus.write("mine", ok)), FixtureProblem)
    wrong = load_one(corpus.write("wrong", _with(MCP, schema={"server": "my-server@1.0.0", "tool": "pong"})))
    assert isinstance(wrong, FixtureProblem) and "my-server@1.0.0 lists no tool 'pong'" in wrong.message
