"""Shards of one matrix merged into the matrix an unsharded run would have made (``askbench agents merge``).

Shards merge only when they are slices of the same run — the same CLIs,
fixtures, widths and shard count, each shard once, each holding the pairs
``Shard.pairs`` deals it — so no cell is counted twice or judged under
another matrix's columns. A shard not given leaves its cells ``NOT RUN``
and the merged run partial.

The merged matrix equals the unsharded one but for the context fields in
``RUN_TIME``, which say how a run went rather than what it found.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .matrix import AgentMatrix
from .shard import Shard
from .shard_file import ShardFile
from .verdicts import Verdict

__all__ = ["RUN_TIME", "Merged", "merge_shards"]

RUN_TIME = ("command", "date", "took", "shard", "shards")
"""Context fields of how a run went: its command, when, how long, and (merged) which shards on how many machines."""


@dataclass(frozen=True)
class Merged:
    matrix: AgentMatrix
    curated: bool
    """Whether the shards ran the curated fixtures (a whole run) rather than fixtures named."""
    absent: tuple[Shard, ...]
    """The shards of the run that were not given."""


def _same_run(shards: Sequence[ShardFile]) -> None:
    first = shards[0]

    def columns(shard: ShardFile) -> tuple[object, ...]:
        matrix = shard.matrix
        names = tuple(profile.name for profile in matrix.profiles)
        return (shard.shard.count, names, matrix.fixtures, matrix.widths, shard.curated)

    for shard in shards[1:]:
        if columns(shard) != columns(first):
            raise ValueError(
                f"shard {shard.shard} is not a slice of the run shard {first.shard} is "
                "(CLIs, fixtures, widths or shard count differ)"
            )
    indexes = [shard.shard.index for shard in shards]
    twice = sorted({index for index in indexes if indexes.count(index) > 1})
    if twice:
        raise ValueError(f"shard {twice[0]}/{first.shard.count} is given more than once")
    for shard in shards:
        matrix = shard.matrix
        dealt = shard.shard.pairs([profile.name for profile in matrix.profiles], matrix.fixtures)
        if shard.pairs != dealt:
            raise ValueError(f"shard {shard.shard} holds other pairs than --shard deals it")


def _took(shard: ShardFile) -> str:
    took = shard.matrix.context.get("took")
    return f"{shard.shard} took {took}" if took else f"{shard.shard}"


def _context(shards: Sequence[ShardFile], command: str) -> dict[str, str]:
    context = {key: value for key, value in shards[0].matrix.context.items() if key not in RUN_TIME}
    count = shards[0].shard.count
    return {
        "command": command,
        "date": max(shard.matrix.context.get("date", "") for shard in shards),
        **context,
        "shards": f"{len(shards)} of {count} merged: " + ", ".join(map(_took, shards)),
    }


def merge_shards(shards: Sequence[ShardFile], command: str) -> Merged:
    """One matrix from ``shards`` (any order); ``ValueError`` when they are not slices of one run."""
    if not shards:
        raise ValueError("no shard to merge")
    ordered = sorted(shards, key=lambda shard: shard.shard.index)
    _same_run(ordered)
    first = ordered[0].matrix
    verdicts: dict[tuple[str, str, int], Verdict] = {}
    for shard in ordered:
        for verdict in shard.matrix.verdicts:
            verdicts[(verdict.profile, verdict.fixture, verdict.width)] = verdict
    reference = {key: said for shard in ordered for key, said in shard.matrix.reference.items()}
    missing = {name: why for shard in ordered for name, why in shard.matrix.missing.items()}
    matrix = AgentMatrix(
        first.profiles,
        first.fixtures,
        first.widths,
        tuple(verdicts.values()),
        reference,
        missing,
        _context(ordered, command),
    )
    given = {shard.shard.index for shard in ordered}
    count = ordered[0].shard.count
    absent = tuple(Shard(index, count) for index in range(1, count + 1) if index not in given)
    return Merged(matrix, ordered[0].curated, absent)
