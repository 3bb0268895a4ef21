"""askbench matrix's Markdown and HTML: what no fixture, implementation name or message can break."""

from __future__ import annotations

from dataclasses import replace
from importlib.metadata import version
from pathlib import Path

from hostile_text import HOSTILE, html_survived, markdown_survived
from tmp_corpus import Corpus

from askbench.harness.fixtures.loading import Fixture, FixtureProblem
from askbench.harness.reporters.matrix_report import (
    matrix_report,
    to_html,
    to_markdown,
    write_matrix,
)
from askbench.harness.runners.matrix import (
    Cell,
    Implementation,
    Matrix,
    parse_implementation,
    run_matrix,
)
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


def _plain_matrix() -> Matrix:
    fixtures = [
        Fixture(Path("a.json"), "a-2", "bash", "two <rows>", "", {}),
        Fixture(Path("b.json"), "b-3", "mcp", "", "", {}),
    ]
    command = parse_implementation("naive=python -m naive --rows 7")
    return Matrix(
        fixtures,
        [FixtureProblem(Path("bash/c-4.json"), "call.input", "missing 5 keys")],
        [Implementation("reference"), command],
        [80, 120],
        {
            (0, "reference", 80): Cell(),
            (1, "reference", 80): Cell(),
            (0, "reference", 120): Cell(),
            (1, "reference", 120): Cell(("layout",), "matrix-screens/reference/b-3@120.txt"),
            (0, "naive", 80): Cell(("rows", "core"), "matrix-screens/naive/a-2@80.txt"),
            (1, "naive", 80): Cell(("CRASH",), "matrix-screens/naive/b-3@80.txt"),
            (0, "naive", 120): Cell(),
        },
    )


def test_the_html_says_what_the_markdown_says() -> None:
    from same_content import differences

    matrix = _plain_matrix()
    markdown, page = to_markdown(matrix), to_html(matrix)
    assert differences(markdown, page) == []
    for shown in ("2/2", "1/2", "0/2", "python -m naive --rows 7", "missing 5 keys"):
        assert shown in markdown and shown in page
    assert "## Width 120" in markdown and '<h2 id="width-120">Width 120</h2>' in page
    assert '<td class="verdict"><a href="matrix-screens/naive/b-3@80.txt">CRASH</a></td>' in page
    assert '<td class="fail"><a href="matrix-screens/naive/a-2@80.txt">rows, core</a></td>' in page
    assert differences(markdown, page.replace("<td>1/2</td>", "<td>2/2</td>", 1)) != []
    assert differences(markdown, page.replace('<h2 id="width-120">Width 120</h2>', "")) != []


def test_both_formats_are_written_from_one_report(tmp_path: Path) -> None:
    matrix = _plain_matrix()
    written = write_matrix(matrix, {"matrix-screens/naive/a-2@80.txt": "a screen"}, tmp_path)
    assert [path.read_text(encoding="utf-8") for path in written] == [
        to_markdown(matrix),
        to_html(matrix),
    ]
    report = matrix_report(matrix)
    assert report.names == ("reference", "naive")
    assert [row.passed for row in report.implementations] == [(2, 1), (0, 1)]
    assert (tmp_path / "matrix-screens/naive/a-2@80.txt").read_text(encoding="utf-8") == "a screen"
