"""Shared cases of the agents tests: corpus fixtures, constructed ones, recorded MCP servers, the tmux mark."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from askbench.harness.agents.tmux import tmux_available
from askbench.harness.fixtures.loading import Fixture, load_discovered

CORPUS = Path(__file__).resolve().parents[3] / "corpus"

needs_tmux = pytest.mark.skipif(not tmux_available(), reason="tmux is not installed")


def fixture(name: str) -> Fixture:
    loaded = load_discovered(CORPUS / f"{name}.json")
    assert isinstance(loaded, Fixture), loaded
    return loaded


def constructed(tmp_path: Path, call: dict[str, object], **extra: object) -> Fixture:
    """A fixture made up for one test (not a corpus case)."""
    return Fixture(
        tmp_path / "case.json",
        "cases/constructed",
        "cases",
        "constructed",
        "constructed for a test",
        call,
        **extra,
    )  # type: ignore[arg-type]


def recorded(server: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(
        (CORPUS / "mcp" / "servers" / f"{server}.json").read_text(encoding="utf-8")
    )
    return data
