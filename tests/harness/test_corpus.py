"""Loading fixtures: malformed ones are reported with their path and field, never crash, never pass;
a missing path, an empty folder and a fixture outside its corpus's families are each a problem of their own."""

import json
from pathlib import Path

import pytest
from tmp_corpus import LS, Corpus

from askbench.harness.corpus import (
    BUILTIN_CORPUS,
    MANIFEST_NAME,
    Fixture,
    FixtureProblem,
    discover,
    is_fixture_file,
    load_corpus,
    load_fixture,
    membership,
)


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
        ({**GOOD, "call": {"name": "bash"}}, "call.input"),
        ({**GOOD, "call": {"name": "bash", "input": "ls"}}, "call.input"),
        ({**GOOD, "budget": {"maxRows": 0}}, "budget.maxRows"),
        ({**GOOD, "ask": {"kind": "shell"}}, "ask.kind"),
        ({**GOOD, "ask": {"externalPaths": [{"resolvesTo": "/x"}]}}, "ask.externalPaths[0].path"),
        ({**GOOD, "expect": {"rows": 3}}, "expect.rows"),
        ({key: value for key, value in GOOD.items() if key != "source"}, "source"),
        ({**GOOD, "description": "two\nlines"}, "description"),
    ],
)
def test_a_malformed_fixture_names_its_field(tmp_path, data, field):
    problem = load_fixture(write(tmp_path, "bad.json", data))
    assert isinstance(problem, FixtureProblem)
    assert problem.field == field
    assert problem.kind == "malformed"
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


@pytest.mark.parametrize(
    ("literal_at", "field"),
    [
        ('"arguments": {"issue_number": %s}', "call.input.arguments.issue_number"),
        ('"arguments": {"ids": [1, 2, -%s]}', "call.input.arguments.ids[2]"),
    ],
)
def test_an_integer_literal_python_will_not_read_is_malformed_at_its_field(tmp_path, literal_at, field):
    text = json.dumps({**GOOD, "call": {"name": "mcp", "input": {"tool": "github:get_issue", "arguments": {}}}})
    text = text.replace('"arguments": {}', literal_at % ("9" * 5000))
    problem = load_fixture(write(tmp_path, "long-integer.json", text))
    assert isinstance(problem, FixtureProblem)
    assert (problem.field, problem.kind) == (field, "malformed")
    assert problem.message.startswith("an integer literal of 5,000 digits, longer than the 4,300 Python reads")


def test_a_folder_reports_every_file_and_counts_the_problems(corpus: Corpus):
    corpus.write("a", GOOD)
    corpus.write("b", "not json")
    fixtures, problems = load_corpus([corpus.root, corpus.family() / "missing.json"])
    assert [fixture.name for fixture in fixtures] == ["a"]
    assert [(problem.path.name, problem.kind) for problem in problems] == [("b.json", "malformed"), ("missing.json", "not found")]


# ── no silent green: nothing found, nothing declared ───────────────────────


def test_a_path_that_does_not_exist_is_not_found_not_malformed(tmp_path):
    fixtures, problems = load_corpus([tmp_path / "no" / "such" / "folder"])
    assert fixtures == []
    assert [(problem.kind, problem.message) for problem in problems] == [("not found", "does not exist")]


def test_a_folder_without_fixtures_is_a_problem_naming_it(corpus: Corpus):
    (corpus.root / "empty").mkdir()
    fixtures, problems = load_corpus([corpus.root / "empty"])
    assert fixtures == []
    assert [(problem.path, problem.kind) for problem in problems] == [(corpus.root / "empty", "no fixtures")]


def test_a_mistyped_family_is_refused_with_the_declared_ones_and_a_guess(tmp_path):
    typo = Corpus(tmp_path / "c", families=("mcp", "bash")).write("github-create-issue", GOOD, family="mpc")
    problem = membership(typo)
    assert isinstance(problem, FixtureProblem)
    assert problem.kind == "family"
    assert "family 'mpc' is not declared" in problem.message
    assert "(declared: bash, mcp); did you mean 'mcp'?" in problem.message


def test_a_fixture_under_no_manifest_has_no_family(tmp_path):
    lonely = write(tmp_path, "lonely.json", GOOD)
    fixtures, problems = load_corpus([lonely])
    assert fixtures == []
    assert problems[0].kind == "family" and MANIFEST_NAME in problems[0].message


def test_a_fixture_at_the_corpus_root_has_no_family(corpus: Corpus):
    stray = write(corpus.root, "stray.json", GOOD)
    problem = membership(stray)
    assert isinstance(problem, FixtureProblem) and "<family>/<name>.json" in problem.message


def test_files_named_directly_carry_their_family_not_a_placeholder(corpus: Corpus):
    path = corpus.write("ls", LS)
    fixtures, problems = load_corpus([path])
    assert problems == []
    assert (fixtures[0].family, fixtures[0].name) == ("cases", "ls")


def test_a_nested_fixture_keeps_its_folder_in_its_name(corpus: Corpus):
    path = corpus.family() / "deeper" / "x.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(LS), encoding="utf-8")
    fixtures, _ = load_corpus([corpus.root])
    assert [(fixture.family, fixture.name) for fixture in fixtures] == [("cases", "deeper/x")]


def test_skipped_folders_and_the_manifest_are_not_fixtures(tmp_path):
    root = tmp_path / "c"
    Corpus(root)
    manifest = json.loads((root / MANIFEST_NAME).read_text(encoding="utf-8"))
    (root / MANIFEST_NAME).write_text(json.dumps({**manifest, "skip": {"cases/servers": "tool schemas"}}), encoding="utf-8")
    (root / "cases" / "servers").mkdir(parents=True)
    (root / "cases" / "servers" / "schema.json").write_text("{}", encoding="utf-8")
    (root / "cases" / "ok.json").write_text(json.dumps(LS), encoding="utf-8")
    assert [path.name for path in discover([root]) if isinstance(path, Path)] == ["ok.json"]
    assert not is_fixture_file(root / MANIFEST_NAME)
    assert not is_fixture_file(root / "cases" / "servers" / "schema.json")
    problem = membership(root / "cases" / "servers" / "schema.json")
    assert isinstance(problem, FixtureProblem) and "declared to hold no fixtures" in problem.message


def test_a_malformed_manifest_is_reported_once_with_its_field(tmp_path):
    (tmp_path / MANIFEST_NAME).write_text(json.dumps({"families": {"a": 1}}), encoding="utf-8")
    (tmp_path / "a").mkdir()
    fixture = write(tmp_path / "a", "x.json", GOOD)
    write(tmp_path / "a", "y.json", GOOD)
    problem = membership(fixture)
    assert isinstance(problem, FixtureProblem)
    assert (problem.path.name, problem.field, problem.kind) == (MANIFEST_NAME, "families.a", "malformed")
    assert load_corpus([tmp_path]) == ([], [problem])


def test_the_built_in_corpus_declares_every_family_it_files():
    declared = json.loads((BUILTIN_CORPUS / MANIFEST_NAME).read_text(encoding="utf-8"))["families"]
    fixtures, problems = load_corpus([BUILTIN_CORPUS])
    assert problems == []
    assert {fixture.family for fixture in fixtures} == set(declared)
