"""``pytest --askbench`` and ``askbench check`` leave the process as they found it (locale, signal handlers,
environment, folder): the project's own tests run after the gate's items, and a program may call ``main``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from process_state import FOLDER
from tmp_corpus import Corpus

from askbench.harness.fixtures.loading import BUILTIN_CORPUS

pytest_plugins = ["pytester"]

_FAMILY = "adversarial"
_WIDENED = "bash-hangul-tone-marks-302e-widen-rows-on-codepoint-terminals"
"""A built-in fixture whose verdict hangs on the ``codepoint`` model's widths."""


def test_judging_leaves_the_locale_to_the_tests_after_it(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus = Corpus(pytester.path / "corpus", families=(_FAMILY,))
    fixture = corpus.write(
        _WIDENED,
        (BUILTIN_CORPUS / _FAMILY / f"{_WIDENED}.json").read_text(encoding="utf-8"),
        family=_FAMILY,
    )
    # taken on import, before any item is judged
    pytester.makeconftest(
        f"import sys\nsys.path.insert(0, {str(FOLDER)!r})\nfrom process_state import state\nBEFORE = state()\n"
    )
    pytester.makepyfile(
        test_after="""
import locale

from conftest import BEFORE
from process_state import state


def test_after():
    assert locale.setlocale(locale.LC_CTYPE) == "C"
    assert state() == BEFORE
"""
    )
    monkeypatch.setenv("LC_ALL", "C")  # a fresh process, so the locale is the one this sets
    # in the order given, so test_after runs once the fixture is judged (pytest-randomly would shuffle)
    result = pytester.runpytest_subprocess(
        "--askbench", "--askbench-widths", "80", str(fixture), "test_after.py", "-p", "no:randomly"
    )
    result.assert_outcomes(passed=3 + 1)


_CHECK_IN_PROCESS = """
import json, sys
sys.path.insert(0, sys.argv[1])
from process_state import state

from askbench.harness.frontends.cli import main

before = state()
code = main(["check", "--widths", "80", "--terminal", "grapheme,codepoint,ambiguous-wide", sys.argv[2]])
after = state()
with open(sys.argv[3], "w", encoding="utf-8") as out:
    json.dump({"code": code, "changed": sorted(key for key in before if before[key] != after[key])}, out)
"""


def test_check_leaves_the_process_as_it_found_it(tmp_path: Path) -> None:
    answer = tmp_path / "answer.json"
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            _CHECK_IN_PROCESS,
            str(FOLDER),
            str(BUILTIN_CORPUS / _FAMILY / f"{_WIDENED}.json"),
            str(answer),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        env={**os.environ, "LC_ALL": "C"},
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(answer.read_text(encoding="utf-8")) == {"code": 0, "changed": []}
