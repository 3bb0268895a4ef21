"""A shard's matrix written and read back whole: every verdict with its reasons, notes, count and screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from askbench.harness.agents.exhibit import Excerpt, Exhibit
from askbench.harness.agents.matrix import AgentMatrix
from askbench.harness.agents.profiles import standin
from askbench.harness.agents.shard import Shard
from askbench.harness.agents.shard_file import SHARD_FILE, ShardFile, read_shard, write_shard
from askbench.harness.agents.verdicts import Failure, Verdict


def shard_of(index: int, count: int, verdicts: tuple[Verdict, ...], **context: str) -> ShardFile:
    clis = ("standin-chat", "standin-gemini")
    fixtures = ("bash/a", "bash/b")
    shard = Shard(index, count)
    matrix = AgentMatrix(
        tuple(standin(name.removeprefix("standin-")) for name in clis),  # type: ignore[arg-type]
        fixtures,
        (80, 120),
        verdicts,
        {("bash/a", 80): "PASS", ("bash/a", 120): "FAIL rows"},
        {"Codex CLI": "not installed"},
        {"date": "2026-01-01 00:00 UTC", "command": "askbench agents", **context},
    )
    return ShardFile(shard, True, shard.pairs(clis, fixtures), matrix)


FAILED = Verdict(
    "standin-chat",
    "bash/a",
    80,
    "FAIL",
    (Failure("core", "'rm -rf' is not on the prompt"), Failure("rows", "taller")),
    ("a note",),
    3,
    ("Permission required", "  Deny (n)  ✓"),
    Exhibit(
        '{"name": "bash"}',
        (("prompt", ("Permission required",)), ("page 1", ("x",))),
        Excerpt("where", 3, "ls\\x1b[8m"),
    ),
)


def test_a_shard_reads_back_as_it_was_written(tmp_path: Path) -> None:
    shard = shard_of(
        1, 2, (FAILED, Verdict("standin-chat", "bash/a", 120, "PASS", exhibit=Exhibit("", ())))
    )
    path = write_shard(shard, tmp_path / "one")
    assert path == tmp_path / "one" / SHARD_FILE
    assert read_shard(tmp_path / "one") == shard
    assert read_shard(path) == shard


def test_a_file_that_is_no_shard_is_refused_saying_which(tmp_path: Path) -> None:
    (tmp_path / "report.json").write_text('{"cells": []}')
    with pytest.raises(ValueError, match="report.json: not a shard"):
        read_shard(tmp_path / "report.json")
    with pytest.raises(ValueError, match="not a shard"):
        read_shard(tmp_path / "absent")
    shard = write_shard(shard_of(1, 2, (FAILED,)), tmp_path / "cut")
    shard.write_text(shard.read_text().replace('"clis"', '"other"'))
    with pytest.raises(ValueError, match="malformed"):
        read_shard(shard)
