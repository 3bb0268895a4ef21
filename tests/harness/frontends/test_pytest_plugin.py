"""``pytest --askbench``: one item per fixture x width x view, so -k, --lf, --junitxml and xdist work."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from tmp_corpus import LS, Corpus

from askbench.harness.frontends import pytest_plugin

pytest_plugins = ["pytester"]


@pytest.fixture
def small(pytester: pytest.Pytester) -> Corpus:
    corpus = Corpus(pytester.path / "corpus")
    corpus.write("passes", {**LS, "expect": {"visible": ["ls -la"]}})
    corpus.write("fails", {**LS, "expect": {"kind": "mcp"}})
    return corpus


def test_an_item_per_fixture_width_and_view(pytester: pytest.Pytester, small: Corpus) -> None:
    result = pytester.runpytest(
        "--askbench", "--askbench-widths", "80,120", str(small.root), "--collect-only", "-q"
    )
    items = [line for line in result.outlines if "::" in line]
    assert sorted(items) == sorted(
        f"corpus/cases/{name}.json::{view}-{width}"
        for name in ("fails", "passes")
        for width in (80, 120)
        for view in ("bounded", "complete", "legacy")
    )


def test_the_gates_verdicts_with_every_violation_and_the_screen(
    pytester: pytest.Pytester, small: Corpus
) -> None:
    result = pytester.runpytest("--askbench", "--askbench-widths", "80", str(small.root))
    result.assert_outcomes(passed=5, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*bounded @80: 1 violation",
            "*expect (bounded @80, grapheme, codepoint, ambiguous-wide): kind is 'bash', expected 'mcp'*",
            "*the bounded screen at 80 columns on grapheme, codepoint, ambiguous-wide:*",
            "*│Permission Required*",
        ]
    )


def test_k_selects_and_lf_reruns_only_the_failure(pytester: pytest.Pytester, small: Corpus) -> None:
    pytester.runpytest(
        "--askbench", "--askbench-widths", "80", str(small.root), "-k", "passes"
    ).assert_outcomes(passed=3)
    pytester.runpytest("--askbench", "--askbench-widths", "80", str(small.root)).assert_outcomes(
        passed=5, failed=1
    )
    rerun = pytester.runpytest("--askbench", "--askbench-widths", "80", str(small.root), "--lf")
    rerun.assert_outcomes(failed=1)
    rerun.stdout.fnmatch_lines(["*run-last-failure: rerun previous 1 failure*"])


def test_junitxml_names_each_view(pytester: pytest.Pytester, small: Corpus) -> None:
    report = pytester.path / "junit.xml"
    pytester.runpytest(
        "--askbench", "--askbench-widths", "80", str(small.root), f"--junitxml={report}"
    )
    names = {case.get("name") for case in ET.parse(report).getroot().iter("testcase")}
    assert names == {"bounded-80", "complete-80", "legacy-80"}


def test_unusable_input_is_an_error_not_a_pass(pytester: pytest.Pytester) -> None:
    corpus = Corpus(pytester.path / "corpus")
    corpus.write("broken", "{")
    corpus.write("command-not-text", {**LS, "call": {"name": "bash", "input": {"command": 42}}})
    corpus.write("typo", LS, family="cases-typo")
    result = pytester.runpytest("--askbench", "--askbench-widths", "80", str(corpus.root))
    assert (
        result.ret == pytest.ExitCode.INTERRUPTED
    )  # a file that is no fixture stops the run, as in the gate
    result.assert_outcomes(errors=2)
    result.stdout.fnmatch_lines(
        ["*askbench: malformed*broken.json*", "*askbench: family*'cases-typo' is not declared*"]
    )
    going_on = pytester.runpytest(
        "--askbench", "--askbench-widths", "80", str(corpus.root), "--continue-on-collection-errors"
    )
    going_on.assert_outcomes(
        errors=2 + 3
    )  # and a call that cannot become a prompt errors each of its views
    going_on.stdout.fnmatch_lines(["*unusable fixture:*call.input.command*"])


def test_json_files_are_left_alone_without_the_flag(
    pytester: pytest.Pytester, small: Corpus
) -> None:
    result = pytester.runpytest(str(small.root))
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


def test_without_paths_and_no_corpus_of_ones_own_it_says_so(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--askbench", "--collect-only", "-q")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["*pytest --askbench: no corpus of your own under *--pyargs askbench.corpus*"]
    )


def test_pyargs_names_the_built_in_corpus_alone(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_own="def test_own(): pass")
    result = pytester.runpytest(
        "--askbench",
        "--pyargs",
        "askbench.corpus",
        "--collect-only",
        "-q",
        "-k",
        "powershell-here-string-report-200-lines or test_own",
    )
    items = [line for line in result.outlines if "::" in line]
    assert "bash/powershell-here-string-report-200-lines.json::bounded-80" in items
    assert not [line for line in items if "test_own" in line]


# ── in someone else's project ───────────────────────────────────────────────

_PLUGIN_PACKAGES = {
    ".".join(pytest_plugin.__name__.split(".")[:depth])
    for depth in range(1, pytest_plugin.__name__.count(".") + 2)
}
_HEAVY_ROOTS = {"askbench", "jsonschema", "pyte", "tree_sitter", "wcwidth"}


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    """A project of its own: a package, its tests, a data JSON under tests/ and an askbench corpus of its fixtures."""
    pytester.makepyfile(**{"mylib/__init__.py": "def answer() -> int:\n    return 42\n"})
    pytester.makepyfile(
        **{
            "tests/test_mylib.py": f"""
import os
import sys

import mylib


def test_answer():
    assert mylib.answer() == 42


def test_askbench_loaded_only_its_plugin():
    roots = {sorted(_HEAVY_ROOTS)!r}
    plugin = {sorted(_PLUGIN_PACKAGES)!r}
    loaded = sorted(name for name in sys.modules if name.split(".")[0] in roots and name not in plugin)
    assert "ASKBENCH_IMPORT_PROBE" not in os.environ or loaded == []
"""
        }
    )
    (pytester.path / "tests" / "data").mkdir()
    (pytester.path / "tests" / "data" / "sample.json").write_text(
        '{"not": "a fixture"}', encoding="utf-8"
    )
    (pytester.path / "tests" / "data" / "broken.json").write_text('{"not json', encoding="utf-8")
    pytester.makeini("[pytest]\ntestpaths = tests\npythonpath = .\n")
    corpus = Corpus(pytester.path / "tests" / "prompts")
    corpus.write("passes", {**LS, "expect": {"visible": ["ls -la"]}})
    return pytester


def test_a_plain_run_imports_nothing_of_askbench_but_the_plugin(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(
        "ASKBENCH_IMPORT_PROBE", "1"
    )  # a fresh process: only there is sys.modules the project's own
    result = project.runpytest_subprocess()
    result.assert_outcomes(passed=2)


def test_the_flag_adds_items_next_to_the_projects_tests_and_leaves_other_json_alone(
    project: pytest.Pytester,
) -> None:
    result = project.runpytest("--askbench", "--askbench-widths", "80", "tests")
    result.assert_outcomes(passed=2 + 3)
    assert result.ret == pytest.ExitCode.OK
    assert "sample.json" not in result.stdout.str() and "broken.json" not in result.stdout.str()


def test_without_paths_the_projects_own_corpora_join_the_testpaths(
    project: pytest.Pytester,
) -> None:
    Corpus(project.path / "prompts").write("elsewhere")  # outside testpaths, under the rootdir
    result = project.runpytest("--askbench", "--askbench-widths", "80", "--collect-only", "-q")
    items = [line for line in result.outlines if "::" in line]
    assert "tests/test_mylib.py::test_answer" in items
    assert "tests/prompts/cases/passes.json::bounded-80" in items
    assert "prompts/cases/elsewhere.json::bounded-80" in items
    assert len(items) == 2 + 3 + 3  # once each, and nothing of the built-in corpus


def test_xdist_spreads_the_items_over_processes(pytester: pytest.Pytester, small: Corpus) -> None:
    result = pytester.runpytest_subprocess(
        "--askbench", "--askbench-widths", "80", str(small.root), "-n", "2"
    )
    result.assert_outcomes(passed=5, failed=1)
    result.stdout.fnmatch_lines(
        ["*2 workers*", "askbench: CPU seconds per xdist worker: gw0 *, gw1 *"]
    )
