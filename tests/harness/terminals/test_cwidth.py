"""askbench.harness.terminals.cwidth: glibc's own widths, the ones xterm, VTE and tmux draw with, from a shipped table."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from askbench.harness.terminals import cwidth_table
from askbench.harness.terminals.cwidth import GLIBC_VERSION, c_wcwidth

_ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize(
    ("char", "cells"),
    [
        ("a", 1),
        ("\u4e2d", 2),  # CJK: wide
        ("\u0301", 0),  # a combining acute accent joins the cell before it
        ("\u200d", 0),  # the zero-width joiner
        ("\U0001f468", 2),  # an emoji, measured alone
        ("\u302e", 2),  # a Hangul tone mark: wcwidth says 0, glibc 2 — the width-disagreement spoof
        ("\u3248", 2),  # circled number ten on black square: ambiguous to Unicode, wide to glibc
        ("\x1b", -1),  # a control: not printable at all
        ("\U0010ffff", -1),  # the last code point, a noncharacter
        ("\U000e0001", 0),  # a language tag: a format character glibc draws as nothing
    ],
)
def test_glibc_measures_each_code_point_alone(char: str, cells: int) -> None:
    assert c_wcwidth(char) == cells


def test_a_lone_surrogate_is_unprintable_not_a_crash() -> None:
    assert c_wcwidth("\ud800") == -1 and c_wcwidth("\udfff") == -1


def test_the_ranges_are_sorted_apart_and_never_the_default() -> None:
    ranges = cwidth_table.RANGES
    assert all(first <= last for first, last, _ in ranges)
    assert all(before[1] < after[0] for before, after in zip(ranges, ranges[1:], strict=False))
    assert {cells for _, _, cells in ranges} == {-1, 0, 2}
    assert ranges[-1][1] <= 0x10FFFF


def test_the_table_names_the_glibc_it_was_made_from() -> None:
    assert GLIBC_VERSION == cwidth_table.GLIBC_VERSION
    assert GLIBC_VERSION.replace(".", "").isdigit()
    assert cwidth_table.UNICODE_VERSION is None or cwidth_table.UNICODE_VERSION.count(".") == 2


def test_the_table_is_the_scripts_output_untouched() -> None:
    script = _ROOT / "scripts" / "generate_cwidth_table.py"
    spec = importlib.util.spec_from_file_location("generate_cwidth_table", script)
    assert spec is not None and spec.loader is not None
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    text = generator.render(
        cwidth_table.RANGES,
        cwidth_table.GLIBC_VERSION,
        cwidth_table.GLIBC_PACKAGE,
        cwidth_table.UNICODE_VERSION,
    )
    assert Path(cwidth_table.__file__).read_text(encoding="utf-8") == text
    widths = [1] * 0x110000
    for first, last, cells in cwidth_table.RANGES:
        widths[first : last + 1] = [cells] * (last - first + 1)
    # maximal runs: no two touching alike
    assert generator.runs(widths) == list(cwidth_table.RANGES)


def _host_glibc() -> str | None:
    try:
        named = os.confstr("CS_GNU_LIBC_VERSION") or ""
    except (ValueError, OSError):
        return None
    library, _, version = named.partition(" ")
    return version if library == "glibc" else None


_LIBC_WIDTHS = """
import ctypes, ctypes.util, locale, sys
try:
    locale.setlocale(locale.LC_CTYPE, "C.UTF-8")
except locale.Error:
    sys.exit(3)
wcwidth = ctypes.CDLL(ctypes.util.find_library("c")).wcwidth
wcwidth.argtypes = [ctypes.c_wchar]
wcwidth.restype = ctypes.c_int
sys.stdout.buffer.write(bytes(
    0 if 0xD800 <= code <= 0xDFFF else wcwidth(chr(code)) + 1 for code in range(0x110000)
))
"""
"""The old ``cwidth``'s question to libc, for every code point, in a process of its own: width + 1 a byte."""


@pytest.mark.skipif(
    _host_glibc() != GLIBC_VERSION,
    reason=f"the shipped table is glibc {GLIBC_VERSION}'s and this host has glibc {_host_glibc()}: "
    f"only a glibc {GLIBC_VERSION} host can vouch for it (regenerate with "
    "`python3 scripts/generate_cwidth_table.py` on the glibc the table should name)",
)
def test_the_table_is_what_libc_says_for_every_code_point() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _LIBC_WIDTHS], capture_output=True, check=False, timeout=120
    )
    if done.returncode == 3:
        pytest.skip("no C.UTF-8 locale on this host to ask libc in")
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    assert len(done.stdout) == 0x110000
    # the table itself, without filling the cache with every code point
    measure = c_wcwidth.__wrapped__
    differ = [
        f"U+{code:04X}: libc {libc - 1}, table {measure(chr(code))}"
        for code, libc in enumerate(done.stdout)
        if measure(chr(code)) != libc - 1
    ]
    assert differ == []


_JUDGE_ON_CODEPOINT = """
import json, locale, sys
from pathlib import Path
from askbench.harness.fixtures.loading import load_discovered
from askbench.harness.runners.gate import fixture_payload, judge_width
from askbench.harness.terminals.models import CODEPOINT

fixture = load_discovered(Path(sys.argv[1]))
result = judge_width(fixture, fixture_payload(fixture), 80, models=(CODEPOINT,))
print(json.dumps({
    "judged": not isinstance(result, str),
    "ctypes": sorted(name for name in sys.modules if name.split(".")[0] in ("ctypes", "_ctypes")),
    "LC_CTYPE": locale.setlocale(locale.LC_CTYPE),
}))
"""


def test_judging_on_the_codepoint_model_never_asks_the_c_library() -> None:
    fixture = (
        _ROOT
        / "corpus"
        / "adversarial"
        / "bash-hangul-tone-marks-302e-widen-rows-on-codepoint-terminals.json"
    )
    done = subprocess.run(
        [sys.executable, "-c", _JUDGE_ON_CODEPOINT, str(fixture)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        env={**os.environ, "LC_ALL": "C"},
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"judged": True, "ctypes": [], "LC_CTYPE": "C"}
