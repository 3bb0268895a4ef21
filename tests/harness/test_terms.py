"""The one list of invariants is the contract's: docs/design.md's table names the same ones, in order."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from askbench.harness.terms import INVARIANTS, invariant_named

DESIGN = Path(__file__).resolve().parents[2] / "docs" / "design.md"


def _table_invariants(text: str) -> list[str]:
    section = text.split("### Invariants", 1)[1].split("\n### ", 1)[0]
    return re.findall(r"^\| `([a-z-]+)` \|", section, re.MULTILINE)


def test_the_design_table_lists_every_invariant_in_order() -> None:
    assert _table_invariants(DESIGN.read_text(encoding="utf-8")) == list(INVARIANTS)


def test_a_table_that_drops_or_adds_an_invariant_is_told_apart() -> None:
    text = DESIGN.read_text(encoding="utf-8")
    dropped = text.replace("| `monotone` |", "| monotone |", 1)
    added = text.replace("| `expect` |", "| `visible` | the pieces |\n| `expect` |", 1)
    assert _table_invariants(dropped) != list(INVARIANTS)
    assert _table_invariants(added) != list(INVARIANTS)


def test_a_name_read_from_data_is_an_invariant_or_refused() -> None:
    assert [invariant_named(name) for name in INVARIANTS] == list(INVARIANTS)
    with pytest.raises(ValueError, match="no invariant 'containmnet'"):
        invariant_named("containmnet")
