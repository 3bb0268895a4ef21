"""``pytest --askbench`` leaves the process as it found it: the project's own tests run after the gate's items."""

from __future__ import annotations

import pytest
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
    pytester.makepyfile(
        test_after="""
import locale


def test_after():
    assert locale.setlocale(locale.LC_CTYPE) == "C"
"""
    )
    monkeypatch.setenv("LC_ALL", "C")  # a fresh process, so the locale is the one this sets
    # in the order given, so test_after runs once the fixture is judged (pytest-randomly would shuffle)
    result = pytester.runpytest_subprocess(
        "--askbench", "--askbench-widths", "80", str(fixture), "test_after.py", "-p", "no:randomly"
    )
    result.assert_outcomes(passed=3 + 1)
