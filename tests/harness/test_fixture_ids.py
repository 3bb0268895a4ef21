"""Built-in fixtures by id from any folder; a path that exists wins; -k and --family pick by id."""

from __future__ import annotations

from pathlib import Path

import pytest
from tmp_corpus import LS, Corpus

from askbench.harness.cli import main
from askbench.harness.corpus import BUILTIN_CORPUS, load_corpus
from askbench.harness.fixture_ids import FixtureNotFound, builtin_ids, resolve, selector

ID = "mcp/github-create-issue-long-markdown-body"


def test_an_id_names_the_built_in_fixture_from_any_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert resolve(ID) == BUILTIN_CORPUS / f"{ID}.json"
    assert resolve(f"{ID}.json") == BUILTIN_CORPUS / f"{ID}.json"
    assert resolve("mcp") == BUILTIN_CORPUS / "mcp"


def test_a_path_that_exists_wins_over_an_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mcp").mkdir()
    assert resolve("mcp") == Path("mcp")


def test_an_unknown_id_names_the_closest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(FixtureNotFound, match=f"did you mean {ID}"):
        resolve("mcp/github-create-issue-long-markdwn-body")
    with pytest.raises(FixtureNotFound, match="no built-in fixture"):
        resolve("mcp/servers")  # a folder of records, not a family of fixtures


def test_every_built_in_id_resolves_to_its_file() -> None:
    ids = builtin_ids()
    assert len(ids) > 300 and len(set(ids)) == len(ids)
    assert all(resolve(ident).is_file() for ident in ids[:50])


def test_keywords_and_families_select_by_id(corpus: Corpus) -> None:
    corpus.write("ls-long", LS)
    corpus.write("ls-short", LS)
    corpus.write("cat", LS)
    fixtures, _ = load_corpus([corpus.root])
    keep = selector(["LS-"], [])
    assert keep is not None and sorted(f.name for f in fixtures if keep(f)) == ["ls-long", "ls-short"]
    glob = selector(["cases/*-short"], ["cases"])
    assert glob is not None and [f.name for f in fixtures if glob(f)] == ["ls-short"]
    other = selector([], ["bash"])
    assert other is not None and not [f for f in fixtures if other(f)]
    assert selector([], []) is None


def test_check_list_prints_ids_and_judges_none(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--list", "--family", "mcp", "-k", "github-create-issue-long"]) == 0
    assert capsys.readouterr().out.splitlines() == [ID]
    assert main(["check", "--list", "-k", "no-such-fixture-anywhere"]) == 2
    assert "no fixture matches" in capsys.readouterr().err


def test_check_and_render_take_ids(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["check", ID, "--widths", "80"]) == 0
    assert "1 fixtures, 1 passed" in capsys.readouterr().out
    assert main(["render", ID, "--width", "80", "--plain"]) == 0
    assert capsys.readouterr().out.startswith("Permission Required")
    assert main(["render", "mcp/nope-nope"]) == 2
    assert "no built-in fixture has that id" in capsys.readouterr().err
