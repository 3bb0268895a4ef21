"""Golden screens: every fixture, bounded and complete, at 80, 120 and 160 columns, one file per fixture.

Each fixture's screens are one plain-text file in
``__snapshots__/test_snapshots/`` that a reviewer reads as the screen a
person would see; each view opens with a ruler naming its ask rows and frame
rows. Update every fixture with ``make snapshots``, or one without touching
the rest with ``make snapshots FIXTURE=mcp/github-create-issue-long-markdown-body``
(``family/name``, or any ``-k`` expression; the test ids read ``family.name``).
"""

import difflib
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from askbench.harness.fixtures.loading import BUILTIN_CORPUS, Fixture, load_corpus
from askbench.harness.reporters.screen_text import screen_text
from askbench.harness.runners.fixture_screens import fixture_screens

FIXTURES, PROBLEMS = load_corpus([BUILTIN_CORPUS])
GOLDEN = Path(__file__).resolve().parent / "__snapshots__" / "test_snapshots"
HEADER = "── "
"""How each view's ruler opens (``── bounded @80: 22 ask rows, 31 frame rows ──…``)."""
CONTEXT = 2


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
    return fixture.id.replace("/", ".")


def golden_file(fixture: Fixture) -> Path:
    return GOLDEN / f"test_screens[{snapshot_id(fixture)}].txt"


def screen_diff(golden: str, now: str) -> str:
    """The rows that changed, each hunk under the ruler of the view and width it is in, whatever the verbosity:
    a changed row means nothing without knowing which screen it is on."""
    old, new = golden.splitlines(), now.splitlines()
    out = ["--- golden", "+++ now"]
    for group in difflib.SequenceMatcher(None, old, new, autojunk=False).get_grouped_opcodes(
        CONTEXT
    ):
        (_, i1, _, j1, _), (_, _, i2, _, j2) = group[0], group[-1]
        ruler = next(
            (old[i] for i in range(min(i1, len(old) - 1), -1, -1) if old[i].startswith(HEADER)), ""
        )
        out.append(f"@@ -{i1 + 1},{i2 - i1} +{j1 + 1},{j2 - j1} @@ {ruler}".rstrip())
        for tag, a1, a2, b1, b2 in group:
            out += [f" {line}" for line in old[a1:a2]] if tag == "equal" else []
            out += [f"-{line}" for line in old[a1:a2]] if tag in ("replace", "delete") else []
            out += [f"+{line}" for line in new[b1:b2]] if tag in ("replace", "insert") else []
    return "\n".join(out)


@pytest.mark.parametrize("fixture", FIXTURES, ids=snapshot_id)
def test_screens(fixture: Fixture, screens: SnapshotAssertion, request: pytest.FixtureRequest):
    text = screen_text(fixture_screens(fixture))
    golden = golden_file(fixture)
    if not request.config.option.update_snapshots and golden.is_file():
        recorded = golden.read_text(encoding="utf-8")
        if (
            recorded != text
        ):  # the whole diff, not pytest's cut of it: -q and one -v show as little as none
            pytest.fail(
                f"{fixture.id}: the screens are not the golden ones in {golden.name}; if the change "
                f"is meant, read it, then: make snapshots FIXTURE={fixture.id}\n"
                + screen_diff(recorded, text),
                pytrace=False,
            )
    assert text == screens


def test_every_golden_file_belongs_to_a_fixture():
    """The golden files of fixtures that are gone; syrupy never deletes one (tests/conftest.py), so this names them."""
    wanted = {golden_file(fixture).name for fixture in FIXTURES}
    orphans = sorted(path.name for path in GOLDEN.glob("*.txt") if path.name not in wanted)
    assert not orphans, f"golden files with no fixture (git rm them): {orphans}"


def test_a_diff_shows_each_change_under_its_ruler():
    golden = "\n".join(
        [
            "── bounded @80: 3 ask rows",
            "Permission Required",
            "tool : bash",
            "command : ls",
            "── bounded @120: 3 ask rows",
            "Permission Required",
            "tool : bash",
            "command : ls",
            "a",
            "b",
        ]
    )
    now = golden.replace("command : ls\na", "command : ls -la\na")
    diff = screen_diff(golden, now).splitlines()
    assert diff[2] == "@@ -6,5 +6,5 @@ ── bounded @120: 3 ask rows"
    assert "-command : ls" in diff and "+command : ls -la" in diff
