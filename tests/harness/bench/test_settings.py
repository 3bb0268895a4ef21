"""``--only`` and the expected run time."""

from __future__ import annotations

import pytest

from askbench.harness.bench.settings import FULL, QUICK, expected_run, parse_only
from askbench.harness.bench.settings import SECTIONS as SECTION_NAMES


def test_only_takes_known_sections() -> None:
    assert parse_only("repro, peers") == frozenset({"repro", "peers"})
    for bad in ("", "repro,nope", ","):
        with pytest.raises(ValueError, match="the sections are startup, repro, peers, scaling"):
            parse_only(bad)


def test_the_expected_run_time_grows_with_the_sections_and_peers() -> None:
    one = expected_run(FULL, frozenset({"repro"}), 0)
    assert one < expected_run(FULL, frozenset({"repro", "scaling"}), 0)
    assert expected_run(FULL, frozenset({"peers"}), 0) < expected_run(FULL, frozenset({"peers"}), 2)
    assert expected_run(QUICK, frozenset(SECTION_NAMES), 0) < expected_run(
        FULL, frozenset(SECTION_NAMES), 0
    )
