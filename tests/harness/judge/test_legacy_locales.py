"""The legacy CJK locales: made once where glibc can make them, asked for only by a command one of them could
read otherwise: one whose UTF-8 bytes put an ASCII byte a character of theirs may end with after one it may
start with."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from askbench.harness.judge import legacy_locales
from askbench.harness.judge.legacy_locales import BASE_LOCALE, LEGACY_LOCALES, locales_for

needs_localedef = pytest.mark.skipif(
    shutil.which("localedef") is None, reason="glibc's localedef is not installed"
)


def test_a_command_of_ascii_alone_runs_in_the_base_locale_only() -> None:
    assert locales_for("git commit -m 'fix \\\" ; rm'") == (BASE_LOCALE,)


@needs_localedef
def test_a_character_before_a_backslash_runs_the_command_in_every_legacy_locale_too() -> None:
    assert locales_for('git commit -m "修复中\\" ; rm #"') == (
        BASE_LOCALE,
        *(name for name, _ in LEGACY_LOCALES),
    )


@needs_localedef
@pytest.mark.parametrize("after", ["a", "@", "~", "`", "|", "{"])
def test_any_ascii_byte_a_legacy_character_may_end_with_asks_for_every_legacy_locale(
    after: str,
) -> None:
    assert locales_for(f"echo 中{after}") == (BASE_LOCALE, *(name for name, _ in LEGACY_LOCALES))


@needs_localedef
def test_a_digit_after_a_character_asks_only_for_the_charsets_whose_characters_end_with_one() -> (
    None
):
    assert locales_for("echo 中1") == (BASE_LOCALE, "zh_CN.GB18030", "ko_KR.JOHAB")
    assert locales_for("echo 中0") == (BASE_LOCALE, "zh_CN.GB18030")


@needs_localedef
@pytest.mark.parametrize("command", ["echo 中", "echo 中 ; rm", 'echo "中"', "echo 中\n"])
def test_characters_followed_by_nothing_a_legacy_character_may_end_with_run_in_the_base_locale_only(
    command: str,
) -> None:
    assert locales_for(command) == (BASE_LOCALE,)


def test_without_localedef_only_the_base_locale_judges(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(legacy_locales.shutil, "which", lambda name: None)
    legacy_locales.legacy_locale_folder.cache_clear()
    try:
        assert locales_for("echo 中") == (BASE_LOCALE,)
    finally:
        legacy_locales.legacy_locale_folder.cache_clear()


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A user cache of this test's own, the folder's lookup forgotten before and after."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    legacy_locales.legacy_locale_folder.cache_clear()
    yield tmp_path
    legacy_locales.legacy_locale_folder.cache_clear()


@needs_localedef
def test_a_locale_that_joined_the_list_is_added_to_a_folder_made_before_it(
    cache_home: Path,
) -> None:
    folder = legacy_locales.legacy_locale_folder()
    assert folder is not None
    (first, _), (later, _) = LEGACY_LOCALES[0], LEGACY_LOCALES[-1]
    shutil.rmtree(folder / later)
    kept = (folder / first / "LC_CTYPE").stat().st_mtime_ns
    legacy_locales.legacy_locale_folder.cache_clear()
    assert legacy_locales.legacy_locale_folder() == folder
    assert (folder / later / "LC_CTYPE").is_file()
    assert (folder / first / "LC_CTYPE").stat().st_mtime_ns == kept
    assert [path.name for path in folder.parent.iterdir()] == [folder.name]


@needs_localedef
def test_the_locales_are_made_once_into_the_cache_and_found_there_after(cache_home: Path) -> None:
    folder = legacy_locales.legacy_locale_folder()
    assert folder is not None and folder.is_relative_to(cache_home)
    assert all((folder / name / "LC_CTYPE").is_file() for name, _ in LEGACY_LOCALES)
    assert [path.name for path in folder.parent.iterdir()] == [folder.name]
    made = {path: path.stat().st_mtime_ns for path in folder.rglob("*")}
    legacy_locales.legacy_locale_folder.cache_clear()
    assert legacy_locales.legacy_locale_folder() == folder
    assert {path: path.stat().st_mtime_ns for path in folder.rglob("*")} == made


_CODECS = {
    "GB18030": "gb18030",
    "GBK": "gbk",
    "BIG5": "big5",
    "BIG5-HKSCS": "big5hkscs",
    "SHIFT_JIS": "shift_jis",
    "SHIFT_JISX0213": "shift_jisx0213",
    "JOHAB": "johab",
}


def _takes_in_ascii(encoded: bytes, codec: str) -> bool:
    """Whether reading ``encoded`` a character at a time in ``codec`` (Python's tables, which glibc's match
    for these charsets) ever makes an ASCII byte part of a character that began before it."""
    at = 0
    while at < len(encoded):
        for size in (1, 2, 4):
            try:
                encoded[at : at + size].decode(codec)
            except UnicodeDecodeError:
                continue
            if any(byte < 0x80 for byte in encoded[at + 1 : at + size]):
                return True
            at += size
            break
        else:
            at += 1
    return False


@needs_localedef
@given(st.text(st.sampled_from("中修复表ソ能十予許功蓋éÁ€😀\\\"'`|{}@~a1 ;$()")))
def test_every_command_a_legacy_charset_reads_an_ascii_byte_into_a_character_of_runs_in_that_locale(
    command: str,
) -> None:
    chosen = locales_for(command)
    encoded = command.encode("utf-8")
    for name, charmap in LEGACY_LOCALES:
        if _takes_in_ascii(encoded, _CODECS[charmap]):
            assert name in chosen
