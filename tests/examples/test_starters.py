"""The starter adapters of ``examples/`` pass the gate, so a change that breaks one fails the suite cheaply.

`make starters` runs each on the whole built-in corpus at every width; here each runs on a handful of fixtures
chosen for the rules an outside renderer meets first (a cut with its count of hidden commands, evidence left
out, escapes spelled out, wide and ambiguous characters, a lone surrogate, a detail after the arrow), and a
starter with one rule broken must fail, so the handful can tell.
"""

from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path

import pytest

from askbench.harness.frontends.cli import main
from askbench.harness.runners.gate import EXIT_OK, EXIT_VIOLATION

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NODE = shutil.which("node")
STARTERS = {
    "python": (EXAMPLES / "starter-python" / "adapter.py", sys.executable),
    "node": (EXAMPLES / "starter-node" / "adapter.mjs", NODE),
}
HANDFUL = [
    "bash/long-pipeline-git-churn-by-file",
    "bash/single-line-command-10236-chars",
    "mcp/github-add-issue-comment-stack-trace",
    "adversarial/bash-csi-cursor-up-erase-line-fake-ls",
    "adversarial/bash-lone-low-surrogate-and-reversed-pair",
    "adversarial/mcp-500-cjk-title",
    "external/bash-copy-geoip-db-from-downloads",
    "unicode/rtl-hebrew-arabic-issue-body",
]
MUTANTS = {
    "python": ("        elif spelled_out(char):", "        elif False:"),
    "node": ("    else if (spelledOut(char)) {", "    else if (false) {"),
}
"""Each starter with its notation turned off: tool input's escapes then reach the terminal."""


def command(name: str, script: Path) -> str:
    _, runner = STARTERS[name]
    if runner is None:
        pytest.skip("node is not installed: the Node starter needs Node 20 or newer")
    return f"{shlex.quote(runner)} {shlex.quote(str(script))}"


@pytest.mark.parametrize("name", sorted(STARTERS))
def test_a_starter_passes_the_gate_on_a_handful_of_fixtures(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    script, _ = STARTERS[name]
    assert (
        main(["check", "--widths", "80,160", "--impl", command(name, script), *HANDFUL]) == EXIT_OK
    )
    assert f"{len(HANDFUL)} fixtures × 2 widths: all" in capsys.readouterr().out


@pytest.mark.parametrize("name", sorted(STARTERS))
def test_a_starter_that_shows_escapes_raw_fails_the_handful(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script, _ = STARTERS[name]
    original, broken = MUTANTS[name]
    source = script.read_text(encoding="utf-8")
    assert source.count(original) == 1
    mutant = tmp_path / script.name
    mutant.write_text(source.replace(original, broken), encoding="utf-8")
    assert (
        main(["check", "--widths", "80", "--impl", command(name, mutant), *HANDFUL])
        == EXIT_VIOLATION
    )
    assert "containment (" in capsys.readouterr().out
