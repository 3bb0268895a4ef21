"""``askbench new``: the fixture filed in the corpus it names or stands in, never over another, or why not."""

from __future__ import annotations

from pathlib import Path

import pytest
from tmp_corpus import Corpus

from askbench.harness.fixtures.loading import Fixture, load_discovered
from askbench.harness.frontends.cli import main


def test_new_files_it_in_a_declared_family_and_it_loads(
    corpus: Corpus, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["new", "cases/rm-build", "--from", "rm -rf build", "--corpus", str(corpus.root)]) == 0
    )
    assert "askbench check --contrib" in capsys.readouterr().out
    assert isinstance(load_discovered(corpus.family() / "rm-build.json"), Fixture)
    assert (
        main(["new", "cases/rm-build", "--from", "ls", "--corpus", str(corpus.root)]) == 2
    )  # never overwritten
    assert main(["new", "casse/x", "--from", "ls", "--corpus", str(corpus.root)]) == 2
    assert "did you mean 'cases'?" in capsys.readouterr().err


def test_new_from_the_repository_root_or_any_folder_of_it_files_in_its_corpus(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    repository = tmp_path / "repo"
    corpus = Corpus(repository / "corpus")
    (repository / ".git").mkdir()
    (repository / "docs" / "deep").mkdir(parents=True)
    for folder, name in ((repository, "from-root"), (repository / "docs" / "deep", "from-docs")):
        monkeypatch.chdir(folder)
        assert main(["new", f"cases/{name}", "--from", "ls"]) == 0
        assert isinstance(load_discovered(corpus.family() / f"{name}.json"), Fixture)


def test_new_outside_any_corpus_says_where_it_looked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    assert main(["new", "cases/x", "--from", "ls"]) == 2
    assert "nor in a corpus/ folder up to the repository's root" in capsys.readouterr().err
