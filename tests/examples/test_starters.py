"""The starter adapters of ``examples/`` pass the gate, so a change that breaks one fails the suite cheaply.

`make starters` runs each on the whole built-in corpus at every width; here each runs on a handful of fixtures
chosen for the rules an outside renderer meets first (a cut with its count of hidden commands, evidence left
out, escapes spelled out, wide and ambiguous characters, a lone surrogate, a detail after the arrow), and a
starter with one rule broken must fail on that rule, so the handful can tell.
"""

from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path

import pytest

from askbench.harness.exit_codes import EXIT_OK, EXIT_VIOLATION
from askbench.harness.frontends.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NODE = shutil.which("node")
STARTERS = {
    "python": (EXAMPLES / "starter-python" / "adapter.py", sys.executable),
    "node": (EXAMPLES / "starter-node" / "adapter.mjs", NODE),
}
HANDFUL = [
    "adversarial/bash-and-chain-hides-curl-pipe-sh-at-command-15",
    "adversarial/bash-heredoc-fed-to-sh-runs-its-body",
    "bash/single-line-command-10236-chars",
    "mcp/github-add-issue-comment-stack-trace",
    "adversarial/bash-csi-cursor-up-erase-line-fake-ls",
    "adversarial/bash-lone-low-surrogate-and-reversed-pair",
    "adversarial/mcp-500-cjk-title",
    "external/bash-copy-geoip-db-from-downloads",
    "unicode/rtl-hebrew-arabic-issue-body",
]
MUTANTS = {
    "python": [
        ("        elif spelled_out(char):", "        elif False:", "containment"),
        ("    if hidden:\n", "    if False:\n", "runs"),
    ],
    "node": [
        ("    else if (spelledOut(char)) {", "    else if (false) {", "containment"),
        (
            "const cellsOf = (char) => (char.codePointAt(0) < 0x80 ? 1 : 2);",
            "const cellsOf = () => 1;",
            "fit",
        ),
    ],
}
"""Each starter with one rule broken: its notation off (tool input's escapes reach the terminal); the Python
one's cut without its count of hidden commands; the Node one measuring every character as one cell (its rows
overflow on a CJK terminal)."""


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


@pytest.mark.parametrize(
    ("name", "mutant"),
    [(name, mutant) for name, mutants in sorted(MUTANTS.items()) for mutant in mutants],
    ids=lambda value: value if isinstance(value, str) else value[2],
)
def test_a_starter_with_one_rule_broken_fails_the_handful_on_that_rule(
    name: str, mutant: tuple[str, str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script, _ = STARTERS[name]
    original, broken, invariant = mutant
    source = script.read_text(encoding="utf-8")
    assert source.count(original) == 1
    copy = tmp_path / script.name
    copy.write_text(source.replace(original, broken), encoding="utf-8")
    assert (
        main(["check", "--widths", "80", "--impl", command(name, copy), *HANDFUL]) == EXIT_VIOLATION
    )
    assert f"{invariant} (bounded @80" in capsys.readouterr().out
