"""The suite's golden files survive every command syrupy's reports suggest (tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

CONFTEST = Path(__file__).resolve().parent / "conftest.py"


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    """This suite's conftest over two golden screens, recorded once."""
    pytester.makeconftest(CONFTEST.read_text(encoding="utf-8"))
    pytester.makepyfile(
        test_screens="""
import pytest
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode


class Text(SingleFileSnapshotExtension):
    _write_mode = WriteMode.TEXT
    file_extension = "txt"


@pytest.mark.parametrize("name", ["one", "two"])
def test_screen(name, snapshot):
    assert f"screen {name}" == snapshot.use_extension(Text)
"""
    )
    pytester.runpytest("-p", "no:randomly", "--snapshot-update").assert_outcomes(passed=2)
    return pytester


def _golden(project: pytest.Pytester) -> list[str]:
    return sorted(path.name for path in project.path.rglob("*.txt"))


@pytest.mark.parametrize(
    "args",
    [
        ("--collect-only", "--snapshot-update"),
        ("--snapshot-update", "-k", "one"),
        ("--snapshot-update", "-k", "no-such-test"),
    ],
)
def test_no_update_deletes_a_golden_file(project: pytest.Pytester, args: tuple[str, ...]) -> None:
    before = _golden(project)
    assert len(before) == 2
    project.runpytest(*args)
    assert _golden(project) == before


def test_collect_only_does_not_call_every_golden_file_unused(project: pytest.Pytester) -> None:
    result = project.runpytest("--collect-only")
    assert (
        "snapshots unused" not in result.stdout.str()
        and "--snapshot-update" not in result.stdout.str()
    )
