#!/usr/bin/env python3
"""Write ``askbench/harness/terminals/cwidth_table.py``: glibc's ``wcwidth(3)`` of every code point, as ranges.

The ``codepoint`` terminal model measures each code point the way xterm, VTE and tmux do, by the C
library's ``wcwidth``. Asking the host's libc while judging would make a verdict depend on the machine
(and needs a process-wide ``setlocale``), so askbench ships the answers of one named glibc instead, the
way the wcwidth package ships tables generated from the Unicode data files. Run this on a machine with
the glibc the table should name (the one shipped: Debian 12, glibc 2.36):

    python3 scripts/generate_cwidth_table.py

It asks ``wcwidth`` for every code point 0..0x10FFFF in this process's ``C.UTF-8`` locale (set here,
in the script's own process, never in askbench), with surrogates taken as -1 (they are not characters,
and ctypes cannot pass them), and writes the runs whose width is not 1, several to a line, with the
glibc version, the Debian package it came from and the Unicode version of its locale data. The table
is formatted as ``ruff format`` leaves it. ``tests/harness/terminals/test_cwidth.py`` compares the shipped table with
libc for every code point when the host's glibc is the one the table names.
"""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import json
import locale
import os
import re
import subprocess
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

TABLE = (
    Path(__file__).resolve().parent.parent
    / "askbench"
    / "harness"
    / "terminals"
    / "cwidth_table.py"
)
COMMAND = "python3 scripts/generate_cwidth_table.py"
LAST = 0x10FFFF
SURROGATES = range(0xD800, 0xE000)
I18N_CTYPE = Path("/usr/share/i18n/locales/i18n_ctype")
"""glibc's LC_CTYPE source (Debian package ``locales``), whose header names its Unicode version."""

Run = tuple[int, int, int]


def glibc_version() -> str:
    """The running C library's version (``2.36``); exits when it is not glibc."""
    try:
        named = os.confstr("CS_GNU_LIBC_VERSION") or ""
    except (ValueError, OSError):
        named = ""
    library, _, version = named.partition(" ")
    if library != "glibc" or not version:
        sys.exit(f"not a glibc system (CS_GNU_LIBC_VERSION is {named!r}): the table names a glibc")
    return version


def debian_package() -> str | None:
    """``libc6 2.36-9+deb12u14`` as dpkg knows it, or None off Debian."""
    try:
        done = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", "libc6"],
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError:
        return None
    return f"libc6 {done.stdout.strip()}" if done.returncode == 0 and done.stdout.strip() else None


def unicode_version() -> str | None:
    """The Unicode version glibc's character data was generated from, per the header of ``i18n_ctype``."""
    try:
        head = I18N_CTYPE.read_text(encoding="utf-8", errors="replace")[:2000]
    except OSError:
        return None
    found = re.search(r"for Unicode (\d+\.\d+\.\d+)", head)
    return found.group(1) if found else None


def libc_widths() -> list[int]:
    """``wcwidth(3)`` of every code point in ``C.UTF-8``, -1 for each surrogate."""
    locale.setlocale(locale.LC_CTYPE, "C.UTF-8")
    name = ctypes.util.find_library("c")
    if name is None:
        sys.exit("no C library found (ctypes.util.find_library('c') is None)")
    wcwidth = ctypes.CDLL(name).wcwidth
    wcwidth.argtypes = [ctypes.c_wchar]
    wcwidth.restype = ctypes.c_int
    return [-1 if code in SURROGATES else int(wcwidth(chr(code))) for code in range(LAST + 1)]


def runs(widths: Sequence[int]) -> list[Run]:
    """``(first, last, width)`` of every maximal run of one width other than 1."""
    found: list[Run] = []
    first = 0
    for code in range(1, len(widths) + 1):
        if code == len(widths) or widths[code] != widths[first]:
            if widths[first] != 1:
                found.append((first, code - 1, widths[first]))
            first = code
    return found


def _literal(value: str | None) -> str:
    """A Python literal as ``ruff format`` writes it: double quotes."""
    return "None" if value is None else json.dumps(value)


_HEADER = '''"""``wcwidth(3)`` of {made_from} in ``C.UTF-8``, for every code point: generated, do not edit.

Regenerate on a machine with that glibc: ``{command}``. Each range is
``(first, last, width)``, sorted, for the code points whose width is not 1; every other code
point is 1 cell. -1 is what glibc calls non-printable (and every surrogate). The ranges are
written ``FIRST-LAST:WIDTH`` (hexadecimal code points), several to a line.
"""

GLIBC_VERSION = {glibc}
"""The glibc whose ``wcwidth`` this is."""
GLIBC_PACKAGE: str | None = {package}
"""The Debian package that glibc came from, or None when it was not Debian's."""
UNICODE_VERSION: str | None = {unicode}
"""The Unicode version of that glibc's character data (its ``i18n_ctype``), if known."""

_TABLE = """
'''

_FOOTER = '''"""


def _range(token: str) -> tuple[int, int, int]:
    """``FIRST-LAST:WIDTH`` as ``(first, last, width)``; a width may be negative, so only the first ``-`` splits."""
    first, _, rest = token.partition("-")
    last, _, width = rest.partition(":")
    return int(first, 16), int(last, 16), int(width)


RANGES: tuple[tuple[int, int, int], ...] = tuple(_range(token) for token in _TABLE.split())
'''
_COLUMNS = 100
"""The formatter's line length: the table's lines are filled up to it."""


def render(table: Sequence[Run], glibc: str, package: str | None, unicode: str | None) -> str:
    """The table module's text, formatted as ``ruff format`` leaves it."""
    header = _HEADER.format(
        made_from=f"glibc {glibc}" + (f" (Debian {package})" if package else ""),
        command=COMMAND,
        glibc=_literal(glibc),
        package=_literal(package),
        unicode=_literal(unicode),
    )
    tokens = [f"{first:04X}-{last:04X}:{width}" for first, last, width in table]
    lines = textwrap.wrap(
        " ".join(tokens), _COLUMNS, break_long_words=False, break_on_hyphens=False
    )
    return header + "".join(f"{line}\n" for line in lines) + _FOOTER


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--output", type=Path, default=TABLE, help=f"default: {TABLE}")
    args = parser.parse_args(argv)
    glibc = glibc_version()
    table = runs(libc_widths())
    args.output.write_text(
        render(table, glibc, debian_package(), unicode_version()), encoding="utf-8"
    )
    print(f"{args.output}: {len(table)} ranges from glibc {glibc}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
