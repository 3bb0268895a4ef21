"""``askbench report``: the seed's table with the measured rows, every fixture x width, and a gallery in colour.

The gallery must show what the terminal shows (coloured runs read back from
pyte's cells) and nothing a fixture could use to act on the page: fixture
text, names and descriptions are all escaped.
"""

from __future__ import annotations

import re

import pytest
from tmp_corpus import Corpus

from harness.corpus import BUILTIN_CORPUS
from harness.gallery import run_html, screen_html
from harness.report import (
    SEED_FORWARDED,
    SEED_LOCAL,
    SEED_SINGLE_LINE,
    md_cell,
    source_key,
    write_report,
)
from harness.terminal import StyledRun, read_frame

SEEDS = [BUILTIN_CORPUS / SEED_LOCAL, BUILTIN_CORPUS / SEED_FORWARDED, BUILTIN_CORPUS / SEED_SINGLE_LINE]
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
HOSTILE = "</pre><script>alert(1)</script><img src=x onerror=alert(2)> | pipe `tick` \x1b[31mred\x1b[0m"


@pytest.fixture(scope="module")
def seed_report(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    return write_report(tmp_path_factory.mktemp("report"), SEEDS)


@pytest.fixture(scope="module")
def hostile_report(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    corpus = Corpus(tmp_path_factory.mktemp("corpus"), families=("evil",))
    fixture = {
        "description": f"description {HOSTILE}",
        "source": f"source {HOSTILE}",
        "call": {"name": "bash", "input": {"command": f"echo {HOSTILE}"}},
    }
    corpus.write("script-in-every-field", fixture, family="evil")
    return write_report(tmp_path_factory.mktemp("out"), [corpus.root], [80])


def _seed_section(text: str) -> list[str]:
    section = text.split("## The seed's table", 1)[1].split("\n## ", 1)[0]
    return [line for line in section.splitlines() if line.startswith("| ") and not line.startswith(("| fixture", "| ---"))]


def test_the_seed_table_comes_first_with_the_measured_rows(seed_report) -> None:  # type: ignore[no-untyped-def]
    text = seed_report.corpus.read_text(encoding="utf-8")
    assert text.index("## The seed's table") < text.index("## Every fixture × width")
    rows = _seed_section(text)
    assert len(rows) == len(SEED_TABLE)
    for row, ((name, width), (legacy, bounded, complete)) in zip(rows, SEED_TABLE.items()):
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
    assert "| bash/powershell-here-string-report-200-lines | 80 | 202 | 10 | 206 | yes | ok |" in rows
    assert "3 fixtures at widths 80, 120, 160: 3 passed, 0 failed, 0 unusable." in text


def test_the_gallery_paints_the_flagged_value(seed_report) -> None:  # type: ignore[no-untyped-def]
    page = seed_report.gallery.read_text(encoding="utf-8")
    assert '<span class="fg-brown">@&#x27;</span>' in page  # SGR 33 as pyte reads it: "brown"
    assert '<span class="fg-cyan b">Permission Required</span>' in page
    assert page.count('<pre class="screen"') == 3 * 2 * 3  # fixtures x views x widths
    assert 'style="width:80ch"' in page and 'style="width:160ch"' in page


def test_the_gallery_has_a_table_of_contents_by_family(seed_report) -> None:  # type: ignore[no-untyped-def]
    page = seed_report.gallery.read_text(encoding="utf-8")
    nav = page.split("<nav>", 1)[1].split("</nav>", 1)[0]
    assert '<a href="#section-bash">bash</a> (2)' in nav and '<a href="#section-forwarded">forwarded</a> (1)' in nav
    assert 'href="#bash-powershell-here-string-report-200-lines"' in nav
    assert 'id="bash-powershell-here-string-report-200-lines"' in page
    assert "failing" not in nav  # every seed fixture passes: no failures section


def test_captions_use_the_tables_row_vocabulary(seed_report) -> None:  # type: ignore[no-untyped-def]
    page = seed_report.gallery.read_text(encoding="utf-8")
    assert "<details><summary>complete @80 · 206 ask rows · 215 frame rows (show)</summary>" in page
    assert "<figcaption>bounded @80 · 10 ask rows · 19 frame rows · elided</figcaption>" in page
    table_row = "| bash/powershell-here-string-report-200-lines | 80 | 202 | 10 | 206 | yes | ok |"
    assert table_row in seed_report.corpus.read_text(encoding="utf-8")


def test_failing_fixtures_come_first_and_families_filter_the_page(tmp_path) -> None:
    corpus = Corpus(tmp_path / "corpus", families=("ok", "bad", "other"))
    ls = {"description": "ls", "source": "constructed for the test", "call": {"name": "bash", "input": {"command": "ls"}}}
    corpus.write("passes", ls, family="ok")
    corpus.write("fails", {**ls, "expect": {"kind": "mcp"}}, family="bad")
    corpus.write("elsewhere", ls, family="other")
    files = write_report(tmp_path / "out", [corpus.root], [80], families=("ok", "bad"))
    page = files.gallery.read_text(encoding="utf-8")
    assert page.index('id="section-failing"') < page.index('id="bad-fails"') < page.index('id="section-ok"')
    assert "other/elsewhere" not in page
    assert [result.fixture.family for result in files.run.results] == ["bad", "ok"]


def test_hostile_fixture_text_is_escaped_everywhere(hostile_report) -> None:  # type: ignore[no-untyped-def]
    page = hostile_report.gallery.read_text(encoding="utf-8")
    assert "<script" not in page and "<img" not in page and "\x1b" not in page
    assert "&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in page  # the description and source
    assert "␛[31mred␛[0m" in page  # the escape reached the screen as its control picture, and so the page
    assert page.count("<pre") == page.count("</pre>") == 2


def test_hostile_fixture_text_is_inert_in_the_markdown(hostile_report) -> None:  # type: ignore[no-untyped-def]
    text = hostile_report.corpus.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| evil/"))
    assert row.count(" | ") == 6  # seven cells: no pipe from the fixture splits the row
    assert "<script" not in text


def test_md_cell() -> None:
    assert md_cell("a | b\nc `d` <e>") == "a \\| b c &#96;d&#96; &lt;e&gt;"


def test_styled_rows_join_to_the_screen_rows() -> None:
    reading = read_frame(["\x1b[1;36mtitle\x1b[0m", "a \x1b[33mflag 漢字\x1b[39m b   ", "", "plain"], 20)
    styled = reading.styled_rows()
    assert ["".join(run.text for run in row) for row in styled] == reading.rows
    assert styled[0] == (StyledRun("title", fg="cyan", bold=True),)
    assert styled[1][1] == StyledRun("flag 漢字", fg="brown")
    assert styled[2] == ()


def test_run_html_escapes_and_never_emits_unknown_colours() -> None:
    assert run_html(StyledRun("<b>&")) == "&lt;b&gt;&amp;"
    assert run_html(StyledRun("x", fg="brown")) == '<span class="fg-brown">x</span>'
    assert run_html(StyledRun("x", fg="ff8800")) == '<span style="color:#ff8800">x</span>'
    assert run_html(StyledRun("x", fg='red;}</style><script>')) == "x"
    assert screen_html([(StyledRun("a"),), ()]) == "a\n"


def test_fixtures_are_listed_per_payload_kind_and_per_source(seed_report) -> None:  # type: ignore[no-untyped-def]
    text = seed_report.corpus.read_text(encoding="utf-8")
    kinds = text.split("## Fixtures per payload kind", 1)[1].split("\n## ", 1)[0]
    assert "| bash | 2 | bash |" in kinds and "| forwarded | 1 | forwarded |" in kinds
    sources = text.split("## Fixtures per source", 1)[1].split("\n## ", 1)[0]
    assert "| github.com/gotgenes/pi-packages | 2 | bash/powershell-here-string-report-200-lines, " in sources


@pytest.mark.parametrize(
    ("source", "key"),
    [
        ("https://github.com/anthropics/claude-code/issues/25441 (the command shape)", "github.com/anthropics/claude-code/issues/25441"),
        ("npm:@modelcontextprotocol/server-github@2025.4.8 tool create_issue", "@modelcontextprotocol/server-github@2025.4.8"),
        ("npm:pi-mcp-adapter@2.36.0 README.md", "pi-mcp-adapter@2.36.0"),
        ("CVE-2021-42574 'Trojan Source'", "CVE-2021-42574"),
        ("constructed to demonstrate: CR overwrite", "constructed"),
        ("github.com/gotgenes/pi-packages issue #710", "github.com/gotgenes/pi-packages"),
    ],
)
def test_a_source_is_filed_under_the_reference_it_leads_with(source: str, key: str) -> None:
    assert source_key(source) == key
