"""One machine's share of a matrix: ``--shard K/N`` drives every N-th CLI × fixture pair, from the K-th.

The slice is taken from the pairs sorted by CLI and fixture, so every
machine that is given the same CLIs and fixtures computes the same slices,
whatever order it listed them in, and each CLI's fixtures are dealt evenly
across the machines (a slow CLI does not land on one). A pair keeps all of
its widths: ``monotone`` compares one CLI's widths of one fixture, so they
are judged in one run.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["Shard", "parse_shard", "Pair"]

Pair = tuple[str, str]
"""A CLI's profile name and a fixture's id: the unit a shard drives, at every width."""


@dataclass(frozen=True)
class Shard:
    index: int
    """From 1 to ``count``."""
    count: int

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"

    def pairs(self, clis: Iterable[str], fixtures: Iterable[str]) -> frozenset[Pair]:
        """This shard's CLI × fixture pairs: every ``count``-th of the sorted pairs, from the ``index``-th."""
        every = sorted({(cli, fixture) for cli in clis for fixture in set(fixtures)})
        return frozenset(every[self.index - 1 :: self.count])


def parse_shard(text: str) -> Shard:
    """``K/N`` with 1 ≤ K ≤ N; a ``ValueError`` saying what is wrong otherwise (argparse shows it)."""
    match = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text)
    if match is None:
        raise ValueError(f"a shard is K/N (such as 2/4), not {text!r}")
    index, count = int(match.group(1)), int(match.group(2))
    if not 1 <= index <= count:
        raise ValueError(f"shard {index}/{count}: K must be from 1 to N")
    return Shard(index, count)
