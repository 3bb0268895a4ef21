"""Malformed fixtures are reported with their path and field, never crash, never pass."""

import json
from pathlib import Path

import pytest

from harness.corpus import Fixture, FixtureProblem, load_corpus, load_fixture


def write(tmp_path: Path, name: str, data) -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


GOOD = {"description": "ls", "source": "test", "call": {"name": "bash", "input": {"command": "ls"}}}


def test_a_valid_fixture_loads_with_default_budget(tmp_path):
    fixture = load_fixture(write(tmp_path, "ok.json", GOOD))
    assert isinstance(fixture, Fixture)
    assert (fixture.max_rows, fixture.field_max_width) == (24, 400)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({**GOOD, "call": {"name": "bash"}}, "call"),
        ({**GOOD, "call": {"name": "bash", "input": "ls"}}, "call.input"),
        ({**GOOD, "budget": {"maxRows": 0}}, "budget.maxRows"),
        ({**GOOD, "ask": {"kind": "shell"}}, "ask.kind"),
        ({**GOOD, "ask": {"externalPaths": [{"resolvesTo": "/x"}]}}, "ask.externalPaths[0]"),
        ({**GOOD, "expect": {"rows": 3}}, "expect"),
        ({key: value for key, value in GOOD.items() if key != "source"}, "(root)"),
        ({**GOOD, "description": "two\nlines"}, "description"),
    ],
)
def test_a_malformed_fixture_names_its_field(tmp_path, data, field):
    problem = load_fixture(write(tmp_path, "bad.json", data))
    assert isinstance(problem, FixtureProblem)
    assert problem.field == field
    assert "bad.json" in str(problem)


def test_invalid_json_names_line_and_column(tmp_path):
    problem = load_fixture(write(tmp_path, "broken.json", '{"description": "x",\n  "source": }'))
    assert isinstance(problem, FixtureProblem)
    assert "line 2 column" in problem.message


def test_json_nested_ten_thousand_deep_loads(tmp_path):
    deep = "[" * 10_000 + "]" * 10_000
    text = json.dumps({**GOOD, "call": {"name": "mcp", "input": {"tool": "a:b", "arguments": {}}}})
    text = text.replace('"arguments": {}', f'"arguments": {{"deep": {deep}}}')
    assert isinstance(load_fixture(write(tmp_path, "deep.json", text)), Fixture)


def test_a_folder_reports_every_file_and_counts_the_problems(tmp_path):
    write(tmp_path, "a.json", GOOD)
    write(tmp_path, "b.json", "not json")
    fixtures, problems = load_corpus([tmp_path, tmp_path / "missing.json"])
    assert [fixture.name for fixture in fixtures] == ["a"]
    assert [problem.path.name for problem in problems] == ["b.json", "missing.json"]
