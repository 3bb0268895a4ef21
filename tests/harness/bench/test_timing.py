"""The bench's timing helpers, with a fake clock."""

from __future__ import annotations

import itertools

from askbench.harness.bench.timing import interleaved_medians, median_time


def test_interleaved_medians_take_turns_and_take_the_median() -> None:
    calls: list[str] = []
    ticks = itertools.count()

    def clock() -> float:
        return float(next(ticks))

    medians = interleaved_medians(
        {"a": lambda: calls.append("a"), "b": lambda: calls.append("b")},
        rounds=3,
        batch=2,
        clock=clock,
    )
    assert calls == ["a", "a", "b", "b"] * 3
    assert medians == {"a": 0.5, "b": 0.5}  # two clock readings per batch of two calls


def test_median_time_is_per_call() -> None:
    readings = iter([0.0, 4.0, 10.0, 12.0, 20.0, 30.0])
    assert (
        median_time(lambda: None, rounds=3, batch=2, clock=lambda: next(readings)) == 2.0
    )  # 2.0, 1.0, 5.0
