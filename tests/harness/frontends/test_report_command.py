"""``askbench report``: the files it writes, and ``--check``, the committed report held to today's."""

from __future__ import annotations

from pathlib import Path

import pytest
from tmp_corpus import LS, Corpus

from askbench.harness.exit_codes import EXIT_OK, EXIT_VIOLATION
from askbench.harness.frontends.cli import main
from askbench.harness.frontends.report_command import make_report


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


def test_failing_fixtures_come_first_and_families_filter_the_page(tmp_path: Path) -> None:
    corpus = Corpus(tmp_path / "corpus", families=("ok", "bad", "other"))
    ls = {
        "description": "ls",
        "source": "constructed for the test",
        "call": {"name": "bash", "input": {"command": "ls"}},
    }
    corpus.write("passes", ls, family="ok")
    corpus.write("fails", {**ls, "expect": {"kind": "mcp"}}, family="bad")
    corpus.write("elsewhere", ls, family="other")
    corpus.write("also-passes", ls, family="bad")
    files = make_report(tmp_path / "out", [corpus.root], [80], families=("ok", "bad"))
    page = files.gallery.read_text(encoding="utf-8")
    assert (
        page.index('id="section-failing"')
        < page.index('href="gallery/failing_fixtures.html#bad-fails"')
        < page.index('id="section-families"')
    )
    assert (
        "bad/also-passes" not in page.split('id="section-families"')[0]
    )  # the failing section names only failing fixtures
    failing = (tmp_path / "out" / "gallery" / "failing_fixtures.html").read_text(encoding="utf-8")
    assert 'id="bad-fails"' in failing and failing.count('<pre class="screen"') == 2
    bad = (tmp_path / "out" / "gallery" / "bad.html").read_text(encoding="utf-8")
    assert bad.index('id="bad-fails"') < bad.index(
        'id="bad-also-passes"'
    )  # failures first on its page too
    assert "other/elsewhere" not in "".join(p.read_text(encoding="utf-8") for p in files.pages)
    assert [result.fixture.family for result in files.run.results] == ["bad", "bad", "ok"]
