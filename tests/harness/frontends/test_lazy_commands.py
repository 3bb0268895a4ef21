from __future__ import annotations

import argparse

import pytest

from askbench.harness.frontends.lazy_commands import LazyCommands


def _parser(built: list[str]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tool")
    commands = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", action=LazyCommands
    )
    assert isinstance(commands, LazyCommands)

    def adder(name: str):  # type: ignore[no-untyped-def]
        def add(into: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
            built.append(name)
            sub = into.add_parser(name, help=f"the {name} command")
            sub.add_argument("--flag", action="store_true")
            sub.set_defaults(run=name)

        return add

    commands.lazy("one", adder("one"))
    commands.lazy("two", adder("two"))
    return parser


def test_only_the_named_command_is_built() -> None:
    built: list[str] = []
    args = _parser(built).parse_args(["two", "--flag"])
    assert (built, args.command, args.run, args.flag) == (["two"], "two", "two", True)


def test_nothing_is_built_for_an_option_of_the_top_level() -> None:
    built: list[str] = []
    parser = _parser(built)
    parser.add_argument("--version", action="version", version="1")
    with pytest.raises(SystemExit):
        parser.parse_args(["--version"])
    assert built == []


def test_the_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    built: list[str] = []
    with pytest.raises(SystemExit):
        _parser(built).parse_args(["--help"])
    out = capsys.readouterr().out
    assert built == ["one", "two"] and "the one command" in out and "the two command" in out


def test_an_unknown_command_is_refused_with_the_known_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    built: list[str] = []
    with pytest.raises(SystemExit):
        _parser(built).parse_args(["three"])
    assert built == [] and "'one', 'two'" in capsys.readouterr().err


def test_an_adder_that_adds_another_name_is_an_error() -> None:
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers(dest="command", action=LazyCommands)
    assert isinstance(commands, LazyCommands)
    commands.lazy("one", lambda into: into.add_parser("other"))
    with pytest.raises(RuntimeError, match="'one'"):
        parser.parse_args(["one"])
