"""``--terminal``: names checked, models and real terminals chosen, a missing real terminal an exit 2 that says how to install it."""

import shutil
from pathlib import Path

import pytest

from askbench.harness.frontends.cli import main
from askbench.harness.terminals.choice import TERMINAL_NAMES, choose_terminals, parse_terminals
from askbench.harness.terminals.models import MODELS
from askbench.harness.terminals.real_screen import TerminalUnavailable
from askbench.harness.terminals.xterm_screen import xterm_model

FIXTURE = "corpus/bash/sudo-wrapper-restart-nginx.json"


def test_every_model_and_real_terminal_is_a_choice() -> None:
    assert TERMINAL_NAMES == (
        "grapheme",
        "codepoint",
        "ambiguous-wide",
        "tmux",
        "xterm",
        "xterm-unicode11",
    )
    assert parse_terminals("codepoint, grapheme,codepoint") == ["codepoint", "grapheme"]


@pytest.mark.parametrize("text", ["", ",", "kitty", "grapheme,kitty"])
def test_an_unknown_terminal_is_refused_with_the_choices(text: str) -> None:
    with pytest.raises(ValueError, match="choose from grapheme, codepoint, ambiguous-wide, tmux"):
        parse_terminals(text)


def test_the_models_are_chosen_without_starting_anything() -> None:
    assert choose_terminals(["ambiguous-wide", "grapheme"]) == [
        MODELS["ambiguous-wide"],
        MODELS["grapheme"],
    ]


def test_check_judges_on_the_terminals_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", FIXTURE, "--terminal", "codepoint", "--json", "--widths", "80"]) == 0
    with pytest.raises(SystemExit) as refused:
        main(["check", FIXTURE, "--terminal", "kitty"])
    assert refused.value.code == 2 and "choose from" in capsys.readouterr().err


def test_a_missing_xterm_exits_2_naming_the_make_target(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ASKBENCH_NODE_MODULES", str(tmp_path))
    xterm_model.cache_clear()
    try:
        assert main(["check", FIXTURE, "--terminal", "xterm-unicode11"]) == 2
    finally:
        xterm_model.cache_clear()
    error = capsys.readouterr().err
    assert "make terminals" in error and "@xterm/headless@6.0.0" in error and str(tmp_path) in error


def test_a_missing_tmux_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from askbench.harness.terminals import tmux_screen

    monkeypatch.setattr(shutil, "which", lambda name: None)
    tmux_screen.tmux_model.cache_clear()
    try:
        with pytest.raises(TerminalUnavailable, match="apt-get install tmux"):
            choose_terminals(["tmux"])
    finally:
        tmux_screen.tmux_model.cache_clear()


def test_the_reports_name_the_terminals_judged_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import json

    junit = tmp_path / "run.xml"
    assert (
        main(
            [
                "check",
                FIXTURE,
                "--terminal",
                "codepoint",
                "--json",
                "--widths",
                "80",
                "--junit",
                str(junit),
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["terminals"] == ["codepoint"]
    assert "[codepoint]" in junit.read_text() and "[grapheme]" not in junit.read_text()
