"""GitHub Actions annotations: one per failing fixture and unusable path, escaped as the runner reads them."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from harness.gate import GateRun
from harness.reporters.github import _command, workflow_commands


def test_one_annotation_per_unusable_path_and_failing_fixture(run: GateRun) -> None:
    commands = workflow_commands(run)
    assert len(commands) == 4 + 2
    assert all(command.startswith("::error file=") for command in commands)
    assert any(",title=askbench%3A not found::" in command for command in commands)
    failing = next(command for command in commands if "cases/fails" in command)
    assert failing.count("%0A") == 3  # four violations, one per line


def test_a_run_that_judged_nothing_is_annotated() -> None:
    assert workflow_commands(GateRun([], [])) == ["::error file=.,title=askbench%3A nothing judged::no fixtures were given"]


@given(st.text(st.characters(codec=None), max_size=40), st.text(st.characters(codec=None), max_size=40))
def test_no_text_can_end_the_command_or_start_another(file: str, message: str) -> None:
    command = _command(file, "title", [message, message])
    assert "\n" not in command and "\r" not in command
    properties, _, data = command.removeprefix("::error ").partition("::")
    assert properties.count(",") == 1 and "::" not in properties
