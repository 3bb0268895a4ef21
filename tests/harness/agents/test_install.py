from __future__ import annotations

from pathlib import Path

import pytest

from askbench.harness.agents.install import bin_dir, default_cache, install, installed
from askbench.harness.agents.profiles import PROFILES


def test_each_cli_and_version_has_its_own_prefix_outside_the_repository(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("ASKBENCH_AGENTS_CACHE", raising=False)
    assert default_cache() == Path.home() / ".cache" / "askbench" / "agents"
    monkeypatch.setenv("ASKBENCH_AGENTS_CACHE", str(tmp_path))
    assert default_cache() == tmp_path
    codex = PROFILES["codex"]
    assert bin_dir(codex, tmp_path) == tmp_path / f"codex-{codex.version}" / "node_modules" / ".bin"
    assert not installed(codex, tmp_path)
    (bin_dir(codex, tmp_path)).mkdir(parents=True)
    (bin_dir(codex, tmp_path) / "codex").write_text("")
    assert installed(codex, tmp_path) and install(codex, tmp_path) is None
