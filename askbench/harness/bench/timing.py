"""Timing primitives of ``askbench bench``: medians of batches, functions taking turns, the load average.

A clock is passed in so that the arithmetic can be checked with a fake one.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Hashable, Mapping
from typing import TypeVar

Clock = Callable[[], float]


def median_time(
    fn: Callable[[], object], rounds: int, batch: int = 1, clock: Clock = time.perf_counter
) -> float:
    """Median seconds per call over ``rounds`` batches of ``batch`` calls."""
    samples = []
    for _ in range(max(1, rounds)):
        start = clock()
        for _ in range(max(1, batch)):
            fn()
        samples.append((clock() - start) / max(1, batch))
    return statistics.median(samples)


Key = TypeVar("Key", bound=Hashable)


def interleaved_samples(
    fns: Mapping[Key, Callable[[], object]],
    rounds: int,
    batch: int,
    clock: Clock = time.perf_counter,
) -> dict[Key, list[float]]:
    """Seconds per call of each function in every round, the functions taking turns round by round.

    Taking turns is what makes a ratio trustworthy on a busy machine: a slow
    minute slows every size alike instead of whichever was being timed.
    """
    samples: dict[Key, list[float]] = {key: [] for key in fns}
    for _ in range(max(1, rounds)):
        for key, fn in fns.items():
            start = clock()
            for _ in range(max(1, batch)):
                fn()
            samples[key].append((clock() - start) / max(1, batch))
    return samples


def interleaved_medians(
    fns: Mapping[Key, Callable[[], object]],
    rounds: int,
    batch: int,
    clock: Clock = time.perf_counter,
) -> dict[Key, float]:
    """Median seconds per call of each function, measured taking turns (``interleaved_samples``)."""
    return {
        key: statistics.median(values)
        for key, values in interleaved_samples(fns, rounds, batch, clock).items()
    }


def load_average() -> float | None:
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):  # not every platform has one
        return None


__all__ = ["Clock", "interleaved_medians", "interleaved_samples", "load_average", "median_time"]
