"""``askbench completion bash|zsh|fish``: scripts made from the parser, every command and option in them."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from askbench.harness.frontends.cli import main


def _script(shell: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["completion", shell]) == 0
    return capsys.readouterr().out


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
def test_bash_completes_a_command_and_an_option(capsys: pytest.CaptureFixture[str]) -> None:
    script = _script("bash", capsys)
    probe = (
        script
        + '\nCOMP_WORDS=(askbench ch); COMP_CWORD=1; _shtab_askbench; echo "${COMPREPLY[@]}"'
        + '\nCOMP_WORDS=(askbench check --wid); COMP_CWORD=2; _shtab_askbench; echo "${COMPREPLY[@]}"'
    )
    done = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, check=False)
    assert done.stdout.splitlines() == ["check", "--widths"], done.stderr


def test_zsh_is_a_compdef_of_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    script = _script("zsh", capsys)
    assert script.startswith("#compdef askbench")
    assert all(command in script for command in ("check", "render", "schema", "completion"))


def test_fish_has_every_command_its_options_and_their_choices(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = _script("fish", capsys).splitlines()
    assert (
        "complete -c askbench -n __fish_use_subcommand -a check -d "
        + ("'run every invariant on every fixture at every width'")
        in lines
    )
    check = [line for line in lines if "'__fish_seen_subcommand_from check'" in line]
    assert any("-l widths -r" in line for line in check)
    assert any("-s v -l verbose -d" in line for line in check)
    assert any("-l color -x -a 'auto always never'" in line for line in check)
    schema = [line for line in lines if "'__fish_seen_subcommand_from schema'" in line]
    assert any("-a 'request answer fixture corpus'" in line for line in schema)
