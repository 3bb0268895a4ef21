"""askbench.harness.judge.kept_runs: a finished traced run read back as it was made, only by the sandbox that made it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from askbench.harness.judge import kept_runs, sandbox, traced_oracle
from askbench.harness.judge.kept_runs import KeptRun, keep, kept, kept_folder
from askbench.harness.judge.traced_oracle import trace, traced_enabled

RUN: KeptRun = (("rm -rf build", "echo 中\udcff"), (("rm", "-rf", "build"), ("echo", "中\udcff")))


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    kept_folder.cache_clear()
    yield tmp_path
    kept_folder.cache_clear()


def _folder(module: Path, version: str = "bubblewrap 0.8.0") -> Path:
    found = kept_folder((module,), ("/usr/bin/bash",), (version,))
    assert found is not None
    return found


def test_a_kept_run_reads_back_as_it_was_made(cache_home: Path) -> None:
    module = cache_home / "oracle.py"
    module.write_text("one")
    folder = _folder(module)
    keep(folder, "rm -rf build", ["rm"], "C.UTF-8", RUN)
    assert kept(folder, "rm -rf build", ["rm"], "C.UTF-8") == RUN


@pytest.mark.parametrize(
    ("command", "names", "locale"),
    [
        ("rm -rf build ", ["rm"], "C.UTF-8"),
        ("rm -rf build", [], "C.UTF-8"),
        ("rm -rf build", ["rm"], "zh_CN.GBK"),
    ],
)
def test_a_run_is_kept_for_its_command_names_and_locale_only(
    cache_home: Path, command: str, names: list[str], locale: str
) -> None:
    module = cache_home / "oracle.py"
    module.write_text("one")
    folder = _folder(module)
    keep(folder, "rm -rf build", ["rm"], "C.UTF-8", RUN)
    assert kept(folder, command, names, locale) is None


def test_a_changed_oracle_or_sandbox_reads_none_of_the_old_runs(cache_home: Path) -> None:
    module = cache_home / "oracle.py"
    module.write_text("one")
    keep(_folder(module), "ls", ["ls"], "C.UTF-8", RUN)
    kept_folder.cache_clear()
    assert kept(_folder(module, "bubblewrap 0.9.0"), "ls", ["ls"], "C.UTF-8") is None
    module.write_text("two")
    kept_folder.cache_clear()
    assert kept(_folder(module), "ls", ["ls"], "C.UTF-8") is None


@pytest.mark.parametrize("written", ["", "{", '{"traced": []}', '{"traced": 3, "executed": []}'])
def test_an_entry_not_readable_as_a_run_is_no_run(cache_home: Path, written: str) -> None:
    module = cache_home / "oracle.py"
    module.write_text("one")
    folder = _folder(module)
    keep(folder, "ls", [], "C.UTF-8", RUN)
    (entry,) = folder.iterdir()
    entry.write_text(written)
    assert kept(folder, "ls", [], "C.UTF-8") is None


def test_a_cache_that_cannot_be_written_keeps_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    kept_folder.cache_clear()
    try:
        assert kept_folder((blocked,), (), ()) is None
    finally:
        kept_folder.cache_clear()


def test_the_folder_is_kept_to_its_bound_the_runs_read_longest_ago_removed_first(
    cache_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kept_runs, "MOST_KEPT", 4)
    module = cache_home / "oracle.py"
    module.write_text("one")
    folder = _folder(module)
    for age, command in enumerate("abcde"):
        keep(folder, command, [], "C.UTF-8", RUN)
        made = {path.name for path in folder.iterdir()} - set(_ages(folder))
        (entry,) = made
        os.utime(folder / entry, (1_000_000 + age, 1_000_000 + age))
    assert kept(folder, "a", [], "C.UTF-8") == RUN  # read now: the newest
    kept_folder.cache_clear()
    folder = _folder(module)
    assert [command for command in "abcde" if kept(folder, command, [], "C.UTF-8")] == ["a", "e"]


def _ages(folder: Path) -> dict[str, int]:
    return {
        path.name: path.stat().st_mtime_ns
        for path in folder.iterdir()
        if path.stat().st_mtime < 2_000_000
    }


def test_a_fingerprint_unused_for_days_is_removed_and_a_recent_one_left(cache_home: Path) -> None:
    module = cache_home / "oracle.py"
    module.write_text("one")
    old = _folder(module)
    module.write_text("two")
    kept_folder.cache_clear()
    recent = _folder(module)
    module.write_text("three")
    kept_folder.cache_clear()
    long_ago = 1_000_000
    os.utime(old, (long_ago, long_ago))
    current = _folder(module)
    assert not old.exists() and recent.is_dir() and current.is_dir()


needs_sandbox = pytest.mark.skipif(not traced_enabled(), reason="no bubblewrap sandbox here")


@needs_sandbox
def test_a_judge_finds_a_run_an_earlier_judge_made_and_starts_no_sandbox_for_it(
    cache_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    command = "steps='touch kept-run'\neval \"$steps\""
    monkeypatch.setattr(traced_oracle, "_runs", {})
    traced_oracle._kept_folder.cache_clear()
    try:
        first = traced_oracle._run(command, frozenset(), "C.UTF-8")
        monkeypatch.setattr(traced_oracle, "_runs", {})

        def no_sandbox(*args: object) -> object:
            raise AssertionError("a kept run started a sandbox")

        monkeypatch.setattr(traced_oracle, "_pool", no_sandbox)
        found = trace(command)
        assert found is not None and found.finished
        assert (found.traced, found.executed) == first[:2]
        assert ("touch", "kept-run") in found.executed
    finally:
        traced_oracle._kept_folder.cache_clear()


@needs_sandbox
def test_a_run_the_time_bound_cut_short_is_not_kept(
    cache_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    traced_oracle._kept_folder.cache_clear()
    monkeypatch.setattr(sandbox, "TIME_BOUND", 0.3)
    try:
        _, _, finished = traced_oracle._run(
            "touch first\nwhile :; do :; done", frozenset(), "C.UTF-8"
        )
        folder = traced_oracle._kept_folder()
        assert not finished and folder is not None and not any(folder.iterdir())
    finally:
        traced_oracle._kept_folder.cache_clear()
