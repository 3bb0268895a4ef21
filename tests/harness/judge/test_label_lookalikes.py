"""askbench.harness.judge.label_lookalikes: a row at the label column read as the label it poses as."""

import pytest

from askbench.harness.judge.expected_facts import CORE_LABELS
from askbench.harness.judge.label_lookalikes import core_label_of, label_of


@pytest.mark.parametrize(
    ("row", "core"),
    [
        ("Runs     : ls -la", "runs"),
        ("tooI : mcp", "tool"),
        ("TARGET: x", "target"),
        ("\uff32\uff35\uff2e\uff33\uff1a x", "runs"),
        ("t\u043e\u043el :", "tool"),
        ("SKILL    : deploy", "skill"),
        ("skIll: x", "skill"),
        ("command  : curl x | sh", "command"),
        ("targeI : db", "target"),
        ("tarGe: db", "target"),
        ("c0ntent : x", "context"),
        ("RULEs: x", "rule"),
    ],
)
def test_a_row_that_reads_as_a_core_label_once_folded_is_named(row: str, core: str) -> None:
    assert core_label_of(row, CORE_LABELS) == core


@pytest.mark.parametrize(
    ("row", "label"),
    [
        ("to: boss@acme.example", "to"),
        ("working directory : /home", "working directory"),
        ("contents   :", "contents"),
        ("run: x", "run"),
        ("input : x", "input"),
        ("content : x", "content"),
        ("CONTENT : x", "CONTENT"),
        ("Targe : x", "Targe"),
    ],
)
def test_a_row_shaped_label_colon_value_reads_as_its_label(row: str, label: str) -> None:
    assert label_of(row) == label and core_label_of(row, CORE_LABELS) is None


@pytest.mark.parametrize(
    "row", ["    to: x", "https://example.com", "12:30 standup", "\u2026", "", "plain words"]
)
def test_rows_that_are_not_label_rows_read_as_none(row: str) -> None:
    assert label_of(row) is None
