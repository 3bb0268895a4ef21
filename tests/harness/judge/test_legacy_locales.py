"""The legacy CJK locales: made once where glibc can make them, asked for only by a command not all ASCII."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from askbench.harness.judge import legacy_locales
from askbench.harness.judge.legacy_locales import BASE_LOCALE, LEGACY_LOCALES, locales_for

needs_localedef = pytest.mark.skipif(
    shutil.which("localedef") is None, reason="glibc's localedef is not installed"
)


def test_a_command_of_ascii_alone_runs_in_the_base_locale_only() -> None:
    assert locales_for("git commit -m 'fix \\\" ; rm'") == (BASE_LOCALE,)


@needs_localedef
def test_a_command_not_all_ascii_runs_in_every_legacy_locale_too() -> None:
    assert locales_for("echo 中") == (BASE_LOCALE, *(name for name, _ in LEGACY_LOCALES))


def test_without_localedef_only_the_base_locale_judges(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(legacy_locales.shutil, "which", lambda name: None)
    legacy_locales.legacy_locale_folder.cache_clear()
    try:
        assert locales_for("echo 中") == (BASE_LOCALE,)
    finally:
        legacy_locales.legacy_locale_folder.cache_clear()


@needs_localedef
def test_the_locales_are_made_once_into_the_cache_and_found_there_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    legacy_locales.legacy_locale_folder.cache_clear()
    try:
        folder = legacy_locales.legacy_locale_folder()
        assert folder is not None and folder.is_relative_to(tmp_path)
        assert all((folder / name / "LC_CTYPE").is_file() for name, _ in LEGACY_LOCALES)
        assert [path.name for path in folder.parent.iterdir()] == [folder.name]
        made = {path: path.stat().st_mtime_ns for path in folder.rglob("*")}
        legacy_locales.legacy_locale_folder.cache_clear()
        assert legacy_locales.legacy_locale_folder() == folder
        assert {path: path.stat().st_mtime_ns for path in folder.rglob("*")} == made
    finally:
        legacy_locales.legacy_locale_folder.cache_clear()
