"""``askbench report``: the seed's table with the measured rows, every fixture x width, and a gallery in colour.

The gallery must show what the terminal shows (coloured runs read back from
pyte's cells) and nothing a fixture could use to act on the page: fixture
text, names and descriptions are all escaped.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tmp_corpus import Corpus

from askbench.harness.fixtures.loading import BUILTIN_CORPUS
from askbench.harness.judge.width_run import WIDTHS
from askbench.harness.reporters.corpus_report import (
    SEED_FORWARDED,
    SEED_LOCAL,
    SEED_SINGLE_LINE,
    ReportFiles,
    source_key,
    write_report,
)
from askbench.harness.reporters.escape import md_cell
from askbench.harness.reporters.gallery import run_html, screen_html
from askbench.harness.runners.fixture_screens import gallery_screens
from askbench.harness.runners.gate import run_gate
from askbench.harness.terminals.frame_reading import StyledRun, read_frame

SEEDS = [
    BUILTIN_CORPUS / SEED_LOCAL,
    BUILTIN_CORPUS / SEED_FORWARDED,
    BUILTIN_CORPUS / SEED_SINGLE_LINE,
]
# (fixture, width) -> legacy, bounded, complete: the seed's table as tests/impl/test_seed_table.py measures it
SEED_TABLE = {
    ("bash/powershell-here-string-report-200-lines", 80): (202, 10, 206),
    ("bash/powershell-here-string-report-200-lines", 120): (202, 10, 205),
    ("bash/powershell-here-string-report-200-lines", 160): (202, 10, 205),
    ("forwarded/powershell-here-string-report-200-lines", 80): (205, 12, 414),
    ("forwarded/powershell-here-string-report-200-lines", 120): (205, 12, 408),
    ("forwarded/powershell-here-string-report-200-lines", 160): (205, 12, 408),
    ("bash/single-line-command-10236-chars", 120): (86, 8, 98),
}
HOSTILE = (
    "</pre><script>alert(1)</script><img src=x onerror=alert(2)> | pipe `tick` \x1b[31mred\x1b[0m"
)


def _written(out: Path, paths: list[Path], widths: tuple[int, ...] = WIDTHS) -> ReportFiles:
    """The report of the gate on ``paths`` and of their screens, both run here and handed to the writer."""
    run = run_gate(paths, widths)
    return write_report(out, run, gallery_screens([r.fixture for r in run.results], widths), widths)


@pytest.fixture(scope="module")
def seed_report(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    return _written(tmp_path_factory.mktemp("report"), SEEDS)


@pytest.fixture(scope="module")
def hostile_report(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    corpus = Corpus(tmp_path_factory.mktemp("corpus"), families=("evil",))
    fixture = {
        "description": f"description {HOSTILE}",
        "source": f"source {HOSTILE}",
        "call": {"name": "bash", "input": {"command": f"echo {HOSTILE}"}},
    }
    corpus.write("script-in-every-field", fixture, family="evil")
    return _written(tmp_path_factory.mktemp("out"), [corpus.root], (80,))


def _seed_section(text: str) -> list[str]:
    section = text.split("## The seed's table", 1)[1].split("\n## ", 1)[0]
    return [
        line
        for line in section.splitlines()
        if line.startswith("| ") and not line.startswith(("| fixture", "| ---"))
    ]


def test_the_seed_table_comes_first_with_the_measured_rows(seed_report) -> None:  # type: ignore[no-untyped-def]
    text = seed_report.corpus.read_text(encoding="utf-8")
    assert text.index("## The seed's table") < text.index("## Every fixture × width")
    rows = _seed_section(text)
    assert len(rows) == len(SEED_TABLE)
    for row, ((name, width), (legacy, bounded, complete)) in zip(
        rows, SEED_TABLE.items(), strict=True
    ):
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        assert cells[0] == name and cells[1] == str(width)
        assert cells[3] == f"{legacy} → **{bounded}** → {complete}"
        assert cells[4] == "yes" and cells[5] == "ok"
    assert [row.split("|")[3].strip() for row in rows] == ["202"] * 3 + ["205"] * 3 + ["about 86"]


def test_every_fixture_at_every_width(seed_report) -> None:  # type: ignore[no-untyped-def]
    text = seed_report.corpus.read_text(encoding="utf-8")
    table = text.split("## Every fixture × width", 1)[1]
    rows = [line for line in table.splitlines() if re.match(r"\| \S+/\S+ \| \d+ \|", line)]
    assert len(rows) == 3 * 3
    assert (
        "| bash/powershell-here-string-report-200-lines | 80 | 202 | 10 | 206 | yes | ok |" in rows
    )
    assert "3 fixtures at widths 80, 120, 160: 3 passed, 0 failed, 0 unusable." in text


def _pages(report) -> str:  # type: ignore[no-untyped-def]
    return "".join(path.read_text(encoding="utf-8") for path in report.pages)


def test_the_gallery_paints_the_flagged_value(seed_report) -> None:  # type: ignore[no-untyped-def]
    page = _pages(seed_report)
    assert '<span style="color:#d75f00">@&#x27;</span>' in page  # the reference's 256-colour 166
    assert '<span class="b" style="color:#0087d7">Permission Required</span>' in page  # bold 32
    assert page.count('<pre class="screen"') == 3 * 2 * 3  # fixtures x views x widths
    assert 'style="width:80ch"' in page and 'style="width:160ch"' in page


def test_the_gallery_is_an_index_and_a_page_per_family(seed_report) -> None:  # type: ignore[no-untyped-def]
    index = seed_report.gallery.read_text(encoding="utf-8")
    assert [
        path.relative_to(seed_report.gallery.parent).as_posix() for path in seed_report.pages
    ] == ["gallery.html", "gallery/bash.html", "gallery/forwarded.html"]
    assert (
        '<pre class="screen"' not in index
    )  # every seed fixture passes: the index holds no screens
    nav = index.split("<nav>", 1)[1].split("</nav>", 1)[0]
    assert (
        '<a href="gallery/bash.html">bash</a> (2)' in nav
        and '<a href="gallery/forwarded.html">forwarded</a> (1)' in nav
    )
    assert 'href="gallery/bash.html#bash-powershell-here-string-report-200-lines"' in nav
    bash = seed_report.pages[1].read_text(encoding="utf-8")
    assert (
        'id="bash-powershell-here-string-report-200-lines"' in bash
        and 'href="../gallery.html"' in bash
    )
    assert bash.count('<pre class="screen"') == 2 * 2 * 3


def test_captions_use_the_tables_row_vocabulary(seed_report) -> None:  # type: ignore[no-untyped-def]
    page = _pages(seed_report)
    assert "<details><summary>complete @80 · 206 ask rows · 215 frame rows (show)</summary>" in page
    assert "<figcaption>bounded @80 · 10 ask rows · 19 frame rows · elided</figcaption>" in page
    table_row = "| bash/powershell-here-string-report-200-lines | 80 | 202 | 10 | 206 | yes | ok |"
    assert table_row in seed_report.corpus.read_text(encoding="utf-8")


def test_hostile_fixture_text_is_escaped_everywhere(hostile_report) -> None:  # type: ignore[no-untyped-def]
    page = (hostile_report.gallery.parent / "gallery" / "evil.html").read_text(encoding="utf-8")
    assert "<script" not in page and "<img" not in page and "\x1b" not in page
    assert "&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in page  # the description and source
    escape = '<span class="cp cp3" title="U+241B ESC" aria-label="ESC">ESC</span>'
    assert (
        f"{escape}[31mred{escape}[0m" in page
    )  # the escape reached the screen as its control picture, drawn
    assert page.count("<pre") == page.count("</pre>") == 2


def test_every_control_picture_is_drawn_by_the_page_not_a_font() -> None:
    from askbench.harness.reporters.gallery import pictures_html

    drawn = pictures_html("".join(chr(code) for code in range(0x2400, 0x2440)) + "<␀>")
    assert not re.search("[\u2400-\u243f]", drawn)  # no glyph left for a font that lacks it
    assert drawn.count('class="cp ') == 0x40 + 1 and "&lt;" in drawn and "&gt;" in drawn
    assert (
        'title="U+2408 BS"' in drawn
        and 'title="U+2421 DEL"' in drawn
        and 'title="U+243F 43F"' in drawn
    )


def test_hostile_fixture_text_is_inert_in_the_markdown(hostile_report) -> None:  # type: ignore[no-untyped-def]
    text = hostile_report.corpus.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| evil/"))
    assert row.count(" | ") == 6  # seven cells: no pipe from the fixture splits the row
    assert "<script" not in text


def test_the_html_report_says_what_the_markdown_says(seed_report, run) -> None:  # type: ignore[no-untyped-def]
    from same_content import differences

    from askbench.harness.reporters.corpus_report import corpus_html, corpus_markdown

    written = seed_report.corpus.read_text(encoding="utf-8")
    assert differences(written, seed_report.corpus_page.read_text(encoding="utf-8")) == []
    assert "## Unusable input" in corpus_markdown(run, [80])  # errors and problems are in both too
    assert differences(corpus_markdown(run, [80]), corpus_html(run, [80])) == []


def test_md_cell() -> None:
    assert md_cell("a | b\nc `d` <e>") == "a \\| b c &#96;d&#96; &lt;e&gt;"


def test_styled_rows_join_to_the_screen_rows() -> None:
    reading = read_frame(
        ["\x1b[1;36mtitle\x1b[0m", "a \x1b[33mflag 漢字\x1b[39m b   ", "", "plain"], 20
    )
    styled = reading.styled_rows()
    assert ["".join(run.text for run in row) for row in styled] == reading.rows
    assert styled[0] == (StyledRun("title", fg="cyan", bold=True),)
    assert styled[1][1] == StyledRun("flag 漢字", fg="brown")
    assert styled[2] == ()


def test_run_html_escapes_and_never_emits_unknown_colours() -> None:
    assert run_html(StyledRun("<b>&")) == "&lt;b&gt;&amp;"
    assert run_html(StyledRun("x", fg="brown")) == '<span class="fg-brown">x</span>'
    assert run_html(StyledRun("x", fg="ff8800")) == '<span style="color:#ff8800">x</span>'
    assert run_html(StyledRun("x", fg="red;}</style><script>")) == "x"
    assert screen_html([(StyledRun("a"),), ()]) == "a\n"


def test_fixtures_are_listed_per_payload_kind_and_per_source(seed_report) -> None:  # type: ignore[no-untyped-def]
    text = seed_report.corpus.read_text(encoding="utf-8")
    kinds = text.split("## Fixtures per payload kind", 1)[1].split("\n## ", 1)[0]
    assert "| bash | 2 | bash |" in kinds and "| forwarded | 1 | forwarded |" in kinds
    sources = text.split("## Fixtures per source", 1)[1].split("\n## ", 1)[0]
    assert (
        "| github.com/gotgenes/pi-packages | 2 | bash/powershell-here-string-report-200-lines, "
        in sources
    )


@pytest.mark.parametrize(
    ("source", "key"),
    [
        (
            "https://github.com/anthropics/claude-code/issues/25441 (the command shape)",
            "github.com/anthropics/claude-code/issues/25441",
        ),
        (
            "npm:@modelcontextprotocol/server-github@2025.4.8 tool create_issue",
            "@modelcontextprotocol/server-github@2025.4.8",
        ),
        ("npm:pi-mcp-adapter@2.36.0 README.md", "pi-mcp-adapter@2.36.0"),
        ("CVE-2021-42574 'Trojan Source'", "CVE-2021-42574"),
        ("constructed to demonstrate: CR overwrite", "constructed"),
        ("github.com/gotgenes/pi-packages issue #710", "github.com/gotgenes/pi-packages"),
    ],
)
def test_a_source_is_filed_under_the_reference_it_leads_with(source: str, key: str) -> None:
    assert source_key(source) == key


def test_hostile_text_stays_text_in_the_corpus_report() -> None:
    from pathlib import Path

    from hostile_text import HOSTILE, markdown_survived

    from askbench.harness.fixtures.loading import Fixture, FixtureProblem
    from askbench.harness.reporters.corpus_report import corpus_markdown, fixture_index_markdown
    from askbench.harness.runners.results import FixtureResult, GateRun

    fixture = Fixture(
        Path(f"fam/{HOSTILE}.json"), HOSTILE, "fam", HOSTILE, HOSTILE, {"name": HOSTILE}
    )
    run = GateRun(
        [FixtureResult(fixture, error=HOSTILE)], [FixtureProblem(Path(HOSTILE), HOSTILE, HOSTILE)]
    )
    assert markdown_survived(corpus_markdown(run, [80])) == []
    assert markdown_survived("\n".join(fixture_index_markdown([fixture]))) == []


def test_the_seed_table_is_data_read_as_written_and_refused_when_malformed() -> None:
    from askbench.harness.reporters.corpus_report import SEED_ROWS, parse_seed_rows

    assert [(width, upstream) for _, width, upstream in SEED_ROWS] == [
        (80, "202"),
        (120, "202"),
        (160, "202"),
        (80, "205"),
        (120, "205"),
        (160, "205"),
        (120, "about 86"),
    ]
    assert parse_seed_rows(
        '[[row]]\nfixture = "a/b.json"\nwidth = 80\nupstream-legacy-rows = "9"\n'
    ) == (("a/b.json", 80, "9"),)
    for malformed in (
        'fixture = "a/b.json"\nwidth = "80"\nupstream-legacy-rows = "9"',
        'fixture = "a/b.json"\nwidth = true\nupstream-legacy-rows = "9"',
        'fixture = "a/b.json"\nwidth = 80\nupstream-legacy-rows = 9',
        'fixture = "a/b.json"\nwidth = 80\nupstream-legacy-rows = "9"\nnote = "x"',
    ):
        with pytest.raises(ValueError, match="row 1"):
            parse_seed_rows(f"[[row]]\n{malformed}\n")


def test_the_report_names_its_toolchain_below_the_summary(hostile_report) -> None:  # type: ignore[no-untyped-def]
    from importlib.metadata import version

    from askbench.harness.runners.toolchain import gather_toolchain

    lines = hostile_report.corpus.read_text(encoding="utf-8").splitlines()
    line = next(line for line in lines if line.startswith("Toolchain: "))
    assert line == f"Toolchain: {gather_toolchain().line()}."
    assert f"wcwidth {version('wcwidth')}" in line and f"askbench {version('askbench')}" in line
    assert lines.index(line) < lines.index("## Every fixture × width")
