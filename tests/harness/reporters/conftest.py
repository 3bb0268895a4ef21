"""One small gate run every reporter formats: a pass, a failure, an unbuildable call, and unusable paths."""

from __future__ import annotations

import pytest
from tmp_corpus import LS, Corpus

from askbench.harness.runners.gate import run_gate
from askbench.harness.runners.results import GateRun

CONTROLS = "\x1b[2J\x1b]0;pwned\x07"


@pytest.fixture(scope="package")
def run(tmp_path_factory: pytest.TempPathFactory) -> GateRun:
    corpus = Corpus(tmp_path_factory.mktemp("reporters") / "corpus", families=("cases", "more"))
    corpus.write("passes", {**LS, "expect": {"visible": ["ls -la"]}})
    corpus.write(
        "fails-with-three-violations-and-a-name-far-longer-than-fifty-eight-characters-in-all",
        {**LS, "expect": {"kind": "mcp", "elided": True, "visible": ["rm -rf /", f"x{CONTROLS}"]}},
    )
    corpus.write(
        "command-not-text",
        {**LS, "call": {"name": "bash", "input": {"command": 42}}},
        family="more",
    )
    corpus.write("broken", "{")
    corpus.write("typo", LS, family="mroe")
    (corpus.root / "empty").mkdir()
    return run_gate(
        [
            corpus.family("cases"),
            corpus.family("more"),
            corpus.root / "mroe",
            corpus.root / "empty",
            corpus.root / "missing",
        ],
        [80],
        keep_screens=True,
    )
