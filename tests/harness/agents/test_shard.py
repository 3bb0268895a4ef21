"""A shard's slice: the same on any machine, disjoint from the others', all of them the whole matrix."""

from __future__ import annotations

import pytest

from askbench.harness.agents.shard import Shard, parse_shard

CLIS = ["codex", "claude-code", "opencode"]
FIXTURES = [f"bash/case-{number}" for number in range(7)]


def test_the_shards_of_a_run_deal_every_pair_once() -> None:
    slices = [Shard(index, 4).pairs(CLIS, FIXTURES) for index in range(1, 5)]
    every = {(cli, fixture) for cli in CLIS for fixture in FIXTURES}
    assert set().union(*slices) == every
    assert sum(len(piece) for piece in slices) == len(every)
    assert sorted(len(piece) for piece in slices) == [5, 5, 5, 6]


def test_a_slice_does_not_depend_on_the_order_things_were_listed_in() -> None:
    shard = Shard(2, 3)
    assert shard.pairs(CLIS, FIXTURES) == shard.pairs(CLIS[::-1], FIXTURES[::-1])


def test_each_cli_s_fixtures_are_dealt_across_the_shards() -> None:
    for index in (1, 2, 3):
        clis = {cli for cli, _ in Shard(index, 3).pairs(CLIS, FIXTURES)}
        assert clis == set(CLIS)


def test_more_shards_than_pairs_leaves_some_empty() -> None:
    assert Shard(3, 3).pairs(["codex"], ["bash/a", "bash/b"]) == frozenset()


def test_k_of_n_is_parsed_and_anything_else_refused() -> None:
    assert parse_shard("2/4") == Shard(2, 4) and str(Shard(2, 4)) == "2/4"
    for wrong in ("0/4", "5/4", "2", "a/b", "1/0"):
        with pytest.raises(ValueError):
            parse_shard(wrong)
