"""Golden screens: every fixture, bounded and complete, at 80, 120 and 160 columns, one file per fixture.

Each fixture's screens are one plain-text file in
``__snapshots__/test_snapshots/`` that a reviewer reads as the screen a
person would see; each view opens with a ruler naming its ask rows and frame
rows. Update every fixture with ``make snapshots``, or one without touching
the rest with ``make snapshots FIXTURE=mcp/github-create-issue-long-markdown-body``
(``family/name``, or any ``-k`` expression; the test ids read ``family.name``).
"""

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from harness.corpus import BUILTIN_CORPUS, Fixture, load_corpus
from harness.reporters.vocabulary import fixture_id
from harness.screens import screen_text

FIXTURES, PROBLEMS = load_corpus([BUILTIN_CORPUS])


class ScreenSnapshot(SingleFileSnapshotExtension):
    """A fixture's screens as a text file of their own: a diff shows one fixture's rows, nothing else."""

    _write_mode = WriteMode.TEXT
    file_extension = "txt"


@pytest.fixture
def screens(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    return snapshot.use_extension(ScreenSnapshot)


def test_the_built_in_corpus_loads_without_problems():
    assert PROBLEMS == []
    assert len(FIXTURES) >= 80


def snapshot_id(fixture: Fixture) -> str:
    """``family.name``: a file name of its own (syrupy drops a ``/``), and what ``-k`` selects."""
    return fixture_id(fixture).replace("/", ".")


@pytest.mark.parametrize("fixture", FIXTURES, ids=snapshot_id)
def test_screens(fixture: Fixture, screens: SnapshotAssertion):
    assert screen_text(fixture) == screens
