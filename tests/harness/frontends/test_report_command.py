"""``askbench report``: the files it writes, and ``--check``, the committed report held to today's."""

from __future__ import annotations

from pathlib import Path

import pytest
from tmp_corpus import LS, Corpus

from askbench.harness.exit_codes import EXIT_OK, EXIT_VIOLATION
from askbench.harness.frontends.cli import main


def test_check_passes_on_the_report_it_wrote_and_fails_when_it_is_stale(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = Corpus(tmp_path / "corpus")
    corpus.write("passes", LS)
    out = tmp_path / "reports"
    arguments = ["report", str(corpus.root), "--widths", "80", "--out", str(out)]
    assert main([*arguments, "--check"]) == EXIT_VIOLATION
    assert "corpus.md is missing: run make report" in capsys.readouterr().out
    assert main(arguments) == EXIT_OK
    assert {path.name for path in out.iterdir()} >= {"corpus.md", "corpus.html", "gallery.html"}
    capsys.readouterr()
    assert main([*arguments, "--check"]) == EXIT_OK
    assert capsys.readouterr().out.strip().endswith("corpus.md is up to date")
    corpus.write("added-since", LS)
    assert main([*arguments, "--check"]) == EXIT_VIOLATION
    said = capsys.readouterr().out
    assert "run make report" in said and "+| cases/added-since | 80 |" in said
