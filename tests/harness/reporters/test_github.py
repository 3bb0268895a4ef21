"""GitHub Actions annotations: one per failing fixture and unusable path, escaped as the runner reads them."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st
from tmp_corpus import LS, Corpus

from askbench.harness.reporters.github import _command, _property, workflow_commands
from askbench.harness.reporters.vocabulary import shown_path
from askbench.harness.runners.gate import run_gate
from askbench.harness.runners.results import GateRun


def test_one_annotation_per_unusable_path_and_failing_fixture(run: GateRun) -> None:
    commands = workflow_commands(run)
    assert len(commands) == 4 + 2
    assert all(command.startswith("::error file=") for command in commands)
    assert any(",title=askbench%3A not found::" in command for command in commands)
    failing = next(command for command in commands if "cases/fails" in command)
    assert failing.count("%0A") == 3  # four violations, one per line


def test_a_run_that_judged_nothing_is_annotated() -> None:
    assert workflow_commands(GateRun([], [])) == [
        "::error file=.,title=askbench%3A nothing judged::no fixtures were given"
    ]


@given(
    st.text(st.characters(codec=None), max_size=40), st.text(st.characters(codec=None), max_size=40)
)
def test_no_text_can_end_the_command_or_start_another(file: str, message: str) -> None:
    command = _command(file, "title", [message, message])
    assert "\n" not in command and "\r" not in command
    properties, _, data = command.removeprefix("::error ").partition("::")
    assert properties.count(",") == 1 and "::" not in properties


def test_annotations_carry_the_line_where_the_fixture_json_says_it(run: GateRun) -> None:
    commands = workflow_commands(run)
    failing = next(command for command in commands if "cases/fails" in command)
    assert (
        ",line=1,title=" in failing
    )  # the corpus writes each fixture on one line: its expect is on line 1
    unbuildable = next(command for command in commands if "more/command-not-text" in command)
    assert ",line=1," in unbuildable
    not_found = next(command for command in commands if "not found" in command)
    assert ",line=" not in not_found


def test_a_problem_on_a_later_line_is_annotated_there(corpus: Corpus) -> None:
    text = json.dumps({**LS, "expect": {"visibel": ["ls"]}}, indent=2)
    run = run_gate([corpus.write("typo", text)], [80])
    assert [command.split(",title=")[0] for command in workflow_commands(run)] == [
        f"::error file={_property(shown_path(corpus.family() / 'typo.json'))},line=11"
    ]


def test_a_failing_fixture_is_annotated_at_its_expect_or_its_call(corpus: Corpus) -> None:
    text = json.dumps({**LS, "expect": {"kind": "mcp"}}, indent=2)
    run = run_gate([corpus.write("wrong-kind", text)], [80])
    assert ",line=10," in workflow_commands(run)[0]  # "expect" is the tenth line
