from __future__ import annotations

import json

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
    assert "&lt;prompt&gt;" in page and "<prompt>" not in page and page.count("<tr>") == 2
