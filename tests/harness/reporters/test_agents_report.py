from __future__ import annotations

import html
import json

from askbench.harness.agents.exhibit import Excerpt, Exhibit
from askbench.harness.agents.matrix import NOT_RUN, AgentMatrix
from askbench.harness.agents.profiles import standin
from askbench.harness.agents.verdicts import Failure, Verdict
from askbench.harness.reporters.agents_report import to_html, to_json, to_markdown

PROFILES = (standin("chat"), standin("gemini"))


def _matrix() -> AgentMatrix:
    verdicts = (
        Verdict(
            "standin-chat",
            "bash/a",
            80,
            "FAIL",
            (Failure("rows", "taller than 40 rows"),),
            screen=("<prompt>",),
            exhibit=Exhibit(
                '{"name": "bash", "arguments": {"command": "ls 7"}}',
                (("prompt", ("Permission required 3",)), ("page 1", ("```", "row 9"))),
                Excerpt("where the prompt drew the input's start", 12, "\\x1b[2Jls 7"),
            ),
        ),
        Verdict("standin-chat", "bash/a", 120, "PASS"),
        Verdict("standin-gemini", "bash/a", 80, "REFUSED", notes=("declined before asking",)),
    )
    return AgentMatrix(
        PROFILES,
        ("bash/a",),
        (80, 120),
        verdicts,
        {("bash/a", 80): "PASS"},
        {"OpenCode": "not installed"},
        {"date": "today"},
    )


def test_every_cell_has_a_verdict_and_one_not_reached_says_not_run() -> None:
    text = to_markdown(_matrix())
    assert "`@0`" in text and "80: FAIL rows<br>120: PASS" in text
    assert f"80: REFUSED<br>120: {NOT_RUN}" in text and "not run: OpenCode" in text
    assert "rows: taller than 40 rows" in text and "declined before asking" in text
    assert (
        text.split("| `bash/a` |")[1].split("|")[0].strip() == f"80: PASS<br>120: {NOT_RUN}"
    )  # the reference


def test_json_lists_every_cell_with_its_reasons() -> None:
    data = json.loads(to_json(_matrix()))
    assert len(data["cells"]) == 4 and data["versions"]["standin-chat"] == "@0"
    assert [cell["status"] for cell in data["cells"]] == ["FAIL", "PASS", "REFUSED", NOT_RUN]
    assert data["cells"][0]["failures"] == [{"invariant": "rows", "message": "taller than 40 rows"}]


def test_html_shows_the_screens_escaped() -> None:
    page = to_html(_matrix())
    assert "<pre>&lt;prompt&gt;</pre>" in page and "<prompt>" not in page
    assert page.count("<details><summary>screen") == 1  # the one cell with a screen


def test_the_html_says_what_the_markdown_says_summary_and_legend_included() -> None:
    from same_content import differences

    from askbench.harness.reporters.agents_report import LEGEND

    markdown, page = to_markdown(_matrix()), to_html(_matrix())
    assert differences(markdown, page) == []
    for text in (markdown, html.unescape(page)):
        assert "stand-in (chat, sound)" in text and "FAIL 1, PASS 1" in text  # the summary
        assert all(meaning in text for _, meaning in LEGEND)
        assert "not run: OpenCode" in text and "today" in text


def test_fixture_and_cli_text_is_escaped_in_both_formats() -> None:
    from hostile_text import HOSTILE, html_survived, markdown_survived

    matrix = _matrix()
    hostile = AgentMatrix(
        matrix.profiles,
        (HOSTILE,),
        matrix.widths,
        tuple(
            Verdict(
                v.profile, HOSTILE, v.width, v.status, v.failures, (HOSTILE,), screen=(HOSTILE,)
            )
            for v in matrix.verdicts
        ),
        {(HOSTILE, 80): HOSTILE},
        {HOSTILE: HOSTILE},
        {HOSTILE: HOSTILE},
    )
    assert markdown_survived(to_markdown(hostile)) == []
    assert html_survived(to_html(hostile)) == []


def test_a_finding_shows_its_call_configuration_bytes_and_screens_in_both_formats() -> None:
    from same_content import differences

    markdown, page = to_markdown(_matrix()), to_html(_matrix())
    title = "1. stand-in (chat, sound) @0: rows, taller than N rows"
    assert f"### {title}" in markdown and f"<h3>{title}</h3>" in page
    for text in (markdown, html.unescape(page)):
        assert '{"name": "bash", "arguments": {"command": "ls 7"}}' in text
        assert "command:" in text and "-m askbench.harness.agents.standin --protocol chat" in text
        assert "where the prompt drew the input's start, from character 12 of the stream" in text
        assert "\\x1b[2Jls 7" in text and "Permission required 3" in text and "row 9" in text
        assert "It shows in 1 cell: 1 fixture at width 80." in text
    assert (
        "````text\n```\nrow 9\n````" in markdown
    )  # a fence longer than the screen's own backticks
    assert differences(markdown, page) == []
    assert differences(markdown, page.replace("<h3>" + title, "<h3>")) != []


def test_a_matrix_without_failures_says_no_cell_failed() -> None:
    matrix = _matrix()
    passing = AgentMatrix(matrix.profiles, matrix.fixtures, matrix.widths, matrix.verdicts[1:])
    assert "## Findings\n\nNo cell failed." in to_markdown(passing)
    assert "<p>No cell failed.</p>" in to_html(passing)
