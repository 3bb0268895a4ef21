"""``askbench fuzz`` on the command line: the strategies listed, unusable input refused with exit 2."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from askbench.harness.exit_codes import EXIT_OK, EXIT_UNUSABLE
from askbench.harness.fixtures.fuzz_strategies import STRATEGIES
from askbench.harness.frontends.cli import main


def test_list_names_every_strategy_and_the_families_it_draws(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["fuzz", "--list"]) == EXIT_OK
    out = capsys.readouterr().out
    for name, strategy in STRATEGIES.items():
        assert any(
            line.startswith(name) and strategy.families[0] in line for line in out.splitlines()
        )


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--strategy", "controls,nope"], "--strategy: no strategy 'nope'"),
        (["--family", "mpc"], "--family: no family 'mpc'"),
        (["--strategy", "mcp", "--family", "bash"], "no strategy draws"),
    ],
)
def test_unusable_choices_exit_2_saying_why(
    arguments: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fuzz", *arguments, "--budget", "1", "--save", str(tmp_path)]) == EXIT_UNUSABLE
    assert said in capsys.readouterr().err


def test_an_adapter_that_answers_nothing_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = ["--impl", "exit 3", "--strategy", "requesters", "--budget", "5", "--no-db"]
    assert main(["fuzz", *arguments, "--save", str(tmp_path / "found")]) == EXIT_UNUSABLE
    assert "--impl:" in capsys.readouterr().err
    assert not (tmp_path / "found").exists()


def test_a_budget_that_runs_out_with_nothing_found_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = [
        "--strategy",
        "requesters",
        "--budget",
        "2",
        "--seed",
        "1",
        "--db",
        str(tmp_path / "db"),
    ]
    assert (
        main(["fuzz", *arguments, "--save", str(tmp_path / "found"), "--widths", "80"]) == EXIT_OK
    )
    captured = capsys.readouterr()
    assert "seed 1: none found" in captured.out
    assert "requesters" in captured.err and "cases in" in captured.err


@pytest.mark.parametrize(("budget", "code"), [("0.001", EXIT_UNUSABLE), ("600", EXIT_OK)])
def test_a_search_bounded_by_cases_that_the_budget_stops_first_exits_2(
    budget: str, code: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--max-cases`` asks for those cases: a machine too slow to judge them within the budget did not search
    them, and saying "none found" would make the verdict the machine's speed."""
    arguments = ["--strategy", "requesters", "--seed", "1", "--max-cases", "5", "--no-db"]
    arguments += ["--budget", budget, "--widths", "80", "--save", str(tmp_path / "found")]
    assert main(["fuzz", *arguments]) == code
    said = capsys.readouterr().err
    assert ("ran out before requesters drew 5 cases each" in said) == (code == EXIT_UNUSABLE), said


def test_the_budget_must_be_a_positive_number_of_seconds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["fuzz", "--budget", "0"])
    assert exit_.value.code == EXIT_UNUSABLE


def test_a_case_already_known_is_printed_known_and_does_not_fail_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from askbench.harness.drivers.adapters.variant import command_for

    impl = [
        "--impl",
        command_for("escape-passthrough"),
        "--strategy",
        "controls",
        "--family",
        "bash",
    ]
    # bounded by cases, not seconds: a loaded machine draws and shrinks the same cases, only later
    arguments = [
        *impl,
        "--seed",
        "1",
        "--max-cases",
        "60",
        "--budget",
        "600",
        "--no-db",
        "--save",
        str(tmp_path / "found"),
    ]
    assert main(["fuzz", *arguments]) == 1
    first = capsys.readouterr().out
    assert "FOUND " in first
    again = [*arguments[:-1], str(tmp_path / "again"), "--known", str(tmp_path / "found")]
    assert main(["fuzz", *again]) == EXIT_OK
    out = capsys.readouterr().out
    found = first.count("FOUND ")
    assert out.count("KNOWN ") == found and "FOUND " not in out and f"{found} known in" in out
    assert not (tmp_path / "again").exists()


def test_jobs_split_the_strategies_and_the_closing_line_gives_the_run_s_own_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = ["--strategy", "requesters,mcp", "--seed", "1", "--max-cases", "5", "--no-db"]
    arguments += ["--budget", "600", "--widths", "80", "--save", str(tmp_path / "found")]
    assert main(["fuzz", *arguments, "--jobs", "2"]) == EXIT_OK
    captured = capsys.readouterr()
    assert re.search(r"10 cases in [\d.]+ s \([\d.]+/s, 2 jobs\), seed 1: none found", captured.out)
    assert "requesters" in captured.err and "mcp" in captured.err


def test_jobs_must_be_a_positive_whole_number(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["fuzz", "--jobs", "0"])
    assert exit_.value.code == EXIT_UNUSABLE
    assert "--jobs" in capsys.readouterr().err
