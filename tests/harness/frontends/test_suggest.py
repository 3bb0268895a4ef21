"""Did-you-mean: a mistyped command, option or choice is refused (exit 2) naming the closest one."""

from __future__ import annotations

import pytest

from askbench.harness.frontends.cli import main
from askbench.harness.frontends.suggest import closest, unknown_arguments


def _refusal(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    return capsys.readouterr().err.splitlines()[-1]


def test_a_mistyped_command_names_the_closest(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        _refusal(["chek"], capsys)
        == "askbench: error: unknown command 'chek'; did you mean 'check'?"
    )


def test_a_command_like_none_is_refused_without_a_guess(capsys: pytest.CaptureFixture[str]) -> None:
    assert _refusal(["zzzzzz"], capsys) == "askbench: error: unknown command 'zzzzzz'"


def test_a_mistyped_option_is_refused_by_its_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        _refusal(["check", "--widths", "80", "--jsno"], capsys)
        == "askbench check: error: unknown option '--jsno'; did you mean '--json'?"
    )
    assert "did you mean '--plain'?" in _refusal(["render", "x.json", "--plian=1"], capsys)


def test_a_mistyped_choice_names_the_closest_and_lists_them_all(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert _refusal(["docs", "desing"], capsys).endswith(
        "invalid choice: 'desing'; did you mean 'design'? (choose from 'adapters', 'corpus', 'design')"
    )


def test_unknown_arguments_that_are_no_options_are_named_as_argparse_names_them() -> None:
    assert unknown_arguments(["extra"], ["--json"]) == "unrecognized arguments: extra"
    assert closest("--jsno", ["--json", "--junit"]) == "--json"
    assert closest("--quux", ["--json"]) is None
