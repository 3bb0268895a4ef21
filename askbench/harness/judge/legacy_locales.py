"""The legacy CJK locales bash may run a command in, where a character's last byte can be a backslash.

In GB18030, GBK, Big5, Shift_JIS and their kin a multibyte character's second byte may
be any of ``@``–``~``, the backslash among them, and its first byte any
byte a UTF-8 character ends with. So the UTF-8 bytes of ``中\\"`` read in
such a locale are a character, a character that swallowed the backslash,
and a quote that now closes the string: ``git commit -m "修复中\\" ; curl … #"``
runs curl there and nothing in ``C.UTF-8``. Bash's syntax is all ASCII, so
a locale reads a command as ``C.UTF-8`` does unless it takes an ASCII byte
into the character before it; a command is run only in the locales that
could (``locales_for``).

The locales are compiled once with glibc's ``localedef`` into a folder of
the user's cache (``LOCPATH``), the host's own locales left alone; a host
without ``localedef`` or the charmaps runs ``C.UTF-8`` alone, and the
verdicts say which locales judged.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from functools import cache
from pathlib import Path

__all__ = ["BASE_LOCALE", "LEGACY_LOCALES", "legacy_locale_folder", "locales_for"]

BASE_LOCALE = "C.UTF-8"
LEGACY_LOCALES: tuple[tuple[str, str], ...] = (
    ("zh_CN.GB18030", "GB18030"),
    ("zh_CN.GBK", "GBK"),
    ("zh_TW.BIG5", "BIG5"),
    ("zh_HK.BIG5-HKSCS", "BIG5-HKSCS"),
    ("ja_JP.SHIFT_JIS", "SHIFT_JIS"),
    ("ja_JP.SHIFT_JISX0213", "SHIFT_JISX0213"),
    ("ko_KR.JOHAB", "JOHAB"),
)
"""Each locale by the name ``LC_ALL`` takes, and its charmap: every charmap glibc ships whose two-byte
characters may end with ASCII's punctuation, the backslash among it (CP949's end with letters only)."""

_TRAIL_IN_ASCII = re.compile(rb"[\x81-\xfe][\x40-\x7e]")
"""A byte that may open a character of these encodings, then an ASCII byte that may end one: ``@``–``~`` is
the second byte of a two-byte character in each."""
_ABSORBS = {
    "GB18030": re.compile(rb"[\x81-\xfe][\x30-\x39\x40-\x7e]"),
    "JOHAB": re.compile(rb"[\x81-\xfe][\x31-\x7e]"),
}
"""Where a charmap's characters end with more of ASCII: GB18030's four-byte ones with a digit, JOHAB's
two-byte ones with anything from ``1`` on."""


def _cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "askbench" / "locales"


def _glibc() -> str:
    """The C library's version, as the compiled locales depend on it (``glibc 2.36``: ``2.36``)."""
    try:
        found = os.confstr("CS_GNU_LIBC_VERSION")
    except (ValueError, OSError):
        found = None
    return (found or "unknown").rsplit(" ", 1)[-1]


@cache
def legacy_locale_folder() -> Path | None:
    """A folder holding every legacy locale compiled for this glibc, or ``None`` where one cannot be made.

    Each locale is made once and put in place by an atomic rename, so judges that start together never read
    half of one, and a folder made before a locale joined the list gets just that one added.
    """
    if shutil.which("localedef") is None:
        return None
    folder = _cache_root() / f"glibc-{_glibc()}"
    for name, charmap in LEGACY_LOCALES:
        if not (folder / name).is_dir() and not _made(folder, name, charmap):
            return None
    return folder


def _made(folder: Path, name: str, charmap: str) -> bool:
    folder.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix="building-", dir=folder.parent))
    try:
        subprocess.run(
            ["localedef", "-c", "-i", name.split(".", 1)[0], "-f", charmap, str(building / name)],
            capture_output=True,
            check=False,
            timeout=120,
        )
        if not (building / name).is_dir():
            return False
        try:
            (building / name).rename(folder / name)
        except OSError:
            return (folder / name).is_dir()
        return True
    finally:
        shutil.rmtree(building, ignore_errors=True)


def locales_for(command: str) -> tuple[str, ...]:
    """The locales ``command`` is run in: ``C.UTF-8``, and each legacy one (where they can be made) whose
    characters could take in an ASCII byte of its UTF-8 bytes — the only way its reading can differ, as
    every byte a UTF-8 character holds is above ASCII. The test asks only whether such a pair of bytes
    stands anywhere, not whether the locale reads it as one character: more runs, never a missed one."""
    if command.isascii() or legacy_locale_folder() is None:
        return (BASE_LOCALE,)
    encoded = command.encode("utf-8", "surrogateescape")
    return (
        BASE_LOCALE,
        *(
            name
            for name, charmap in LEGACY_LOCALES
            if _ABSORBS.get(charmap, _TRAIL_IN_ASCII).search(encoded)
        ),
    )
