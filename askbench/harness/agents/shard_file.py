"""A shard's matrix as a file of its own, every verdict whole, so shards run on several machines merge into one.

The reports (``agents.md``, ``.json``, ``.html``) are views of a matrix
and leave parts of it out (the JSON has no screens, the Markdown no JSON);
a shard writes the matrix itself beside its report, ``agents.shard.json``,
and ``askbench agents merge`` reads those, never the reports.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .exhibit import Excerpt, Exhibit
from .matrix import AgentMatrix
from .profiles import profile_named
from .shard import Pair, Shard, parse_shard
from .verdicts import Failure, Verdict

__all__ = ["FORMAT", "SHARD_FILE", "ShardFile", "write_shard", "read_shard"]

FORMAT = "askbench-agents-shard/1"
SHARD_FILE = "agents.shard.json"


@dataclass(frozen=True)
class ShardFile:
    """One machine's share: which shard, whether its fixtures were the curated set, its pairs, its matrix."""

    shard: Shard
    curated: bool
    pairs: frozenset[Pair]
    matrix: AgentMatrix


def _exhibit_data(exhibit: Exhibit | None) -> dict[str, Any] | None:
    if exhibit is None:
        return None
    excerpt = exhibit.excerpt
    return {
        "call": exhibit.call,
        "screens": [[step, list(rows)] for step, rows in exhibit.screens],
        "excerpt": None if excerpt is None else [excerpt.what, excerpt.start, excerpt.text],
    }


def _exhibit(data: Mapping[str, Any] | None) -> Exhibit | None:
    if data is None:
        return None
    excerpt = data["excerpt"]
    return Exhibit(
        data["call"],
        tuple((step, tuple(rows)) for step, rows in data["screens"]),
        None if excerpt is None else Excerpt(*excerpt),
    )


def _verdict_data(verdict: Verdict) -> dict[str, Any]:
    return {
        "profile": verdict.profile,
        "fixture": verdict.fixture,
        "width": verdict.width,
        "status": verdict.status,
        "failures": [[failure.invariant, failure.message] for failure in verdict.failures],
        "notes": list(verdict.notes),
        "shown": verdict.shown,
        "screen": list(verdict.screen),
        "exhibit": _exhibit_data(verdict.exhibit),
    }


def _verdict(data: Mapping[str, Any]) -> Verdict:
    return Verdict(
        data["profile"],
        data["fixture"],
        data["width"],
        data["status"],
        tuple(Failure(invariant, message) for invariant, message in data["failures"]),
        tuple(data["notes"]),
        data["shown"],
        tuple(data["screen"]),
        _exhibit(data["exhibit"]),
    )


def write_shard(shard: ShardFile, folder: Path) -> Path:
    matrix = shard.matrix
    data = {
        "format": FORMAT,
        "shard": str(shard.shard),
        "curated": shard.curated,
        "pairs": sorted(list(pair) for pair in shard.pairs),
        "clis": [profile.name for profile in matrix.profiles],
        "fixtures": list(matrix.fixtures),
        "widths": list(matrix.widths),
        "reference": [
            [fixture, width, said] for (fixture, width), said in matrix.reference.items()
        ],
        "missing": dict(matrix.missing),
        "context": dict(matrix.context),
        "verdicts": [_verdict_data(verdict) for verdict in matrix.verdicts],
    }
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / SHARD_FILE
    path.write_text(json.dumps(data, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    return path


def read_shard(path: Path) -> ShardFile:
    """The shard in ``path`` (a shard file, or the folder holding one); ``ValueError`` when it is none."""
    file = path / SHARD_FILE if path.is_dir() else path
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise ValueError(f"{file}: not a shard of askbench agents ({error})") from error
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{file}: not a shard of askbench agents (no format {FORMAT!r})")
    try:
        matrix = AgentMatrix(
            tuple(profile_named(name) for name in data["clis"]),
            tuple(data["fixtures"]),
            tuple(data["widths"]),
            tuple(_verdict(verdict) for verdict in data["verdicts"]),
            {(fixture, width): said for fixture, width, said in data["reference"]},
            data["missing"],
            data["context"],
        )
        pairs = frozenset((cli, fixture) for cli, fixture in data["pairs"])
        return ShardFile(parse_shard(data["shard"]), data["curated"], pairs, matrix)
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"{file}: a malformed shard ({error!r})") from error
