"""askbench matrix's Markdown and HTML: what no fixture, implementation name or message can break."""

from __future__ import annotations

from dataclasses import replace
from importlib.metadata import version
from pathlib import Path

from hostile_text import HOSTILE, html_survived, markdown_survived
from tmp_corpus import Corpus

from askbench.harness.fixtures.loading import Fixture, FixtureProblem
from askbench.harness.reporters.matrix_report import to_html, to_markdown
from askbench.harness.runners.matrix import Cell, Implementation, Matrix, run_matrix
from askbench.harness.runners.toolchain import gather_toolchain

_ATTRIBUTE = '" onerror="alert(2)'


def _matrix() -> Matrix:
    fixture = Fixture(Path("x.json"), HOSTILE, "fam", HOSTILE + _ATTRIBUTE, "", {})
    return Matrix(
        [fixture],
        [FixtureProblem(Path(HOSTILE), HOSTILE, HOSTILE)],
        [Implementation(HOSTILE)],
        [80],
        {(0, HOSTILE, 80): Cell(("layout", "core"), screen=f"screens/{HOSTILE}.txt")},
    )


def test_hostile_text_stays_text_in_the_markdown() -> None:
    assert markdown_survived(to_markdown(_matrix())) == []


def test_hostile_text_stays_text_in_the_html() -> None:
    page = to_html(_matrix())
    assert html_survived(page) == []
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_the_matrix_records_its_toolchain_and_both_pages_name_it(corpus: Corpus) -> None:
    corpus.write("ok")
    matrix, _ = run_matrix([corpus.root], [], [80])
    assert matrix.toolchain == gather_toolchain()
    line = f"Toolchain: {gather_toolchain().line()}."
    assert line in to_markdown(matrix).splitlines()
    assert f"<p>{line}</p>" in to_html(matrix)
    assert f"pyte {version('pyte')}" in line
    assert "Toolchain" not in to_markdown(replace(matrix, toolchain=None))
