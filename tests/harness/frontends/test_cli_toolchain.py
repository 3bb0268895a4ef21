"""``askbench check`` names its toolchain in ``--json`` and ``--junit``: identical across runs, tmux only when read on."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from importlib.metadata import version
from pathlib import Path

import pytest
from tmp_corpus import Corpus

from askbench.harness.exit_codes import EXIT_OK
from askbench.harness.frontends.cli import main


def _check(*args: str) -> subprocess.CompletedProcess[str]:
    """A fresh process each time: nothing one run cached can make the next one agree with it."""
    return subprocess.run(
        [sys.executable, "-m", "askbench", "check", "--widths", "80", *args],
        capture_output=True,
        text=True,
        check=False,
    )


def test_json_names_the_toolchain_identically_in_two_runs(corpus: Corpus) -> None:
    corpus.write("ok")
    first, second = _check("--json", str(corpus.root)), _check("--json", str(corpus.root))
    assert first.returncode == second.returncode == EXIT_OK, first.stderr
    assert first.stdout == second.stdout
    toolchain = json.loads(first.stdout)["toolchain"]
    assert toolchain["wcwidth"] == version("wcwidth")
    assert toolchain["tree-sitter-bash"] == version("tree-sitter-bash")
    assert not {"tmux", "node", "@xterm/headless"} & toolchain.keys()


def test_junit_names_the_toolchain_on_the_suite(
    corpus: Corpus, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus.write("ok")
    report = tmp_path / "askbench.xml"
    assert main(["check", "--widths", "80", "--junit", str(report), str(corpus.root)]) == EXIT_OK
    suite = ET.parse(report).getroot().find("testsuite")
    assert suite is not None
    properties = {item.get("name"): item.get("value") for item in suite.iter("property")}
    assert properties["askbench.toolchain.pyte"] == version("pyte")
    assert properties["askbench.toolchain.askbench"] == version("askbench")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed here")
def test_tmux_is_in_the_toolchain_only_when_read_on(
    corpus: Corpus, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus.write("ok")
    args = ["check", "--widths", "80", "--json", "--terminal", "grapheme,tmux", str(corpus.root)]
    assert main(args) == EXIT_OK
    toolchain = json.loads(capsys.readouterr().out)["toolchain"]
    tmux = subprocess.run(["tmux", "-V"], capture_output=True, text=True, check=True).stdout
    assert f"tmux {toolchain['tmux']}" == tmux.strip()
    assert "@xterm/headless" not in toolchain
