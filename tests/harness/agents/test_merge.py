"""Shards merge into one matrix only when they are slices of one run; a shard not given leaves the run partial."""

from __future__ import annotations

import dataclasses

import pytest
from test_shard_file import FAILED, shard_of

from askbench.harness.agents.merge import RUN_TIME, merge_shards
from askbench.harness.agents.shard import Shard
from askbench.harness.agents.verdicts import Verdict

GEMINI = Verdict("standin-gemini", "bash/b", 80, "REFUSED", notes=("declined",))


def test_the_merged_matrix_holds_every_shard_s_verdicts_and_says_how_it_was_made() -> None:
    first = shard_of(1, 2, (FAILED,), took="3 min 1 s")
    second = shard_of(2, 2, (GEMINI,), took="2 min 9 s", date="2026-01-02 00:00 UTC")
    merged = merge_shards([second, first], "askbench agents merge a b")
    matrix = merged.matrix
    assert merged.absent == () and merged.curated
    assert matrix.cell("standin-chat", "bash/a", 80) == FAILED
    assert matrix.cell("standin-gemini", "bash/b", 80) == GEMINI
    assert matrix.missing == {"Codex CLI": "not installed"}
    assert matrix.context == {
        "command": "askbench agents merge a b",
        "date": "2026-01-02 00:00 UTC",
        "shards": "2 of 2 merged: 1/2 took 3 min 1 s, 2/2 took 2 min 9 s",
    }
    assert set(matrix.context) <= set(RUN_TIME)


def test_a_shard_not_given_is_named() -> None:
    merged = merge_shards([shard_of(2, 3, (GEMINI,))], "merge")
    assert merged.absent == (Shard(1, 3), Shard(3, 3))


def test_shards_of_different_runs_or_given_twice_are_refused() -> None:
    with pytest.raises(ValueError, match="not a slice of the run"):
        merge_shards([shard_of(1, 2, ()), shard_of(2, 3, ())], "merge")
    with pytest.raises(ValueError, match="given more than once"):
        merge_shards([shard_of(1, 2, ()), shard_of(1, 2, ())], "merge")
    other = shard_of(2, 2, ())
    moved = dataclasses.replace(other, pairs=shard_of(1, 2, ()).pairs)
    with pytest.raises(ValueError, match="other pairs"):
        merge_shards([shard_of(1, 2, ()), moved], "merge")
    with pytest.raises(ValueError, match="no shard"):
        merge_shards([], "merge")
