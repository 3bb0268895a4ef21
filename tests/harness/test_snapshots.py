"""Golden screens: every fixture, bounded and complete, at 80, 120 and 160 columns.

Update with ``make snapshots`` and read the diff as the screen a person would see.
"""

import pytest

from harness.corpus import BUILTIN_CORPUS, Fixture, load_corpus
from harness.screens import screen_text

FIXTURES, PROBLEMS = load_corpus([BUILTIN_CORPUS])


def test_the_built_in_corpus_loads_without_problems():
    assert PROBLEMS == []
    assert len(FIXTURES) >= 80


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda fixture: f"{fixture.family}/{fixture.name}")
def test_screens_match_the_reviewed_snapshot(fixture: Fixture, snapshot):
    assert screen_text(fixture) == snapshot
