"""Rows rewritten to ``label : value`` from the cells the perturbation located, and nothing that says something lost."""

import pytest

from askbench.harness.judge.located_rows import common_margin, located_rows, without_margin
from askbench.harness.judge.perturbation import locate_payload, perturb
from askbench.harness.terminals.models import ScreenRow


def _rows(texts):
    return [ScreenRow(text, ()) for text in texts]


def _shaped(drawn):
    """``drawn`` rows, where each row of ``payload_rows`` marks its payload text between ``[`` and ``]``."""
    original, perturbed = [], []
    for text in drawn:
        if "[" in text:
            head, rest = text.split("[", 1)
            value, tail = rest.split("]", 1)
            original.append(head + value + tail)
            perturbed.append(head + perturb(value) + tail)
        else:
            original.append(text)
            perturbed.append(text)
    located = locate_payload(original, perturbed)
    assert located is not None
    return [row.text for row in located_rows(_rows(original), located, 0, len(original))]


@pytest.mark.parametrize(
    ("drawn", "read"),
    [
        ("tool : [bash]", "tool : bash"),
        ("tool:    [bash]", "tool : bash"),
        ("tool  :  [bash]", "tool : bash"),
        ("tool:[bash]", "tool : bash"),
        ("• tool: [bash]", "tool : bash"),
        ("│ tool : [bash]", "tool : bash"),
        ("    tool : [bash]", "tool : bash"),
        ('command: "[git push]"', "command : git push"),
        ("path : [/srv/app]", "path : /srv/app"),
        ("command : [git push --fo]…", "command : git push --fo…"),
        ("command : [git push] (safe)", "command : git push (safe)"),
        ("working directory : [~/x]", "working directory : ~/x"),
    ],
)
def test_a_fact_row_reads_as_label_colon_value(drawn, read):
    assert _shaped([drawn]) == [read]


def test_continuation_rows_keep_their_column_and_lose_their_gutter_marks():
    assert _shaped(["command : [ls \\]", "  │ [-la]", "  12 │ [done]"]) == [
        "command : ls \\",
        "    -la",
        "       done",
    ]


def test_a_rule_reads_as_blank_and_a_row_that_says_something_stays():
    drawn = ["tool : [bash]", "────────", "Allow this command?", "…", "risk : low"]
    assert _shaped(drawn) == ["tool : bash", "", "Allow this command?", "…", "risk : low"]


def test_a_margin_is_the_blank_columns_every_row_begins_with():
    texts = ["  Permission", "", "    tool : bash", "  ▶ (y) Yes"]
    assert common_margin(texts) == 2
    assert [row.text for row in without_margin(_rows(texts), 2)] == [
        "Permission",
        "",
        "  tool : bash",
        "▶ (y) Yes",
    ]
    assert common_margin(["tool", "  x"]) == 0
