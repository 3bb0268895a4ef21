"""The fixture counts the documents state are the corpus's: a number written once goes stale as fixtures
are added, and a reader who counts 399 where the README says 375 stops trusting the rest of it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from askbench.harness.fixtures.loading import BUILTIN_CORPUS, load_corpus
from askbench.harness.judge.width_run import WIDTHS
from askbench.harness.terms import VIEWS

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
    ROOT / "corpus" / "README.md",
]
COUNT = re.compile(
    r"\b(\d{3,}|\d{1,3}(?:,\d{3})+)\s+(?:built-in\s+|golden\s+)?(fixtures|judgements)\b"
)
"""A count the size of the corpus; smaller ones (``34 fixtures`` of the agents matrix, ``3 fixtures`` of an
example) are parts of it."""


@pytest.fixture(scope="module")
def fixtures() -> int:
    loaded, problems = load_corpus([BUILTIN_CORPUS])
    assert not problems
    return len(loaded)


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_stated_count_is_the_corpus(document: Path, fixtures: int) -> None:
    expected = {"fixtures": fixtures, "judgements": fixtures * len(WIDTHS) * len(VIEWS)}
    text = document.read_text(encoding="utf-8")
    stale = [
        f"line {text.count(chr(10), 0, found.start()) + 1}: {found.group()!r}, the corpus has "
        f"{expected[found.group(2)]}"
        for found in COUNT.finditer(text)
        if int(found.group(1).replace(",", "")) != expected[found.group(2)]
    ]
    assert not stale
