"""The table: full names, labelled row counts, every reason, colour only when asked; the failures and a
summary line by default, every row with ``verbose``."""

from __future__ import annotations

from pathlib import Path

from tmp_corpus import LS, Corpus

from askbench.harness.reporters.table import format_table
from askbench.harness.reporters.vocabulary import counted
from askbench.harness.runners.gate import run_gate
from askbench.harness.runners.results import GateRun

LONG = "cases/fails-with-three-violations-and-a-name-far-longer-than-fifty-eight-characters-in-all"


def test_names_are_never_cut(run: GateRun) -> None:
    table = format_table(run, verbose=True)
    assert any(line.startswith(LONG + "  ") for line in table.splitlines())


def test_row_counts_are_labelled_ask_rows(run: GateRun) -> None:
    header, columns = format_table(run).splitlines()[:2]
    assert "ask rows" in header
    assert columns.split()[:5] == ["fixture", "width", "legacy", "bounded", "complete"]
    assert "ask rows: the screen rows the ask occupies" in format_table(run)


def test_a_row_shows_two_violations_and_how_many_more_unless_all_are_asked(run: GateRun) -> None:
    seen_by_every_model = "expect (bounded @80, grapheme, codepoint, ambiguous-wide)"
    row = next(line for line in format_table(run).splitlines() if line.startswith(LONG))
    assert row.count(seen_by_every_model) == 2
    assert "and 2 more (--all-violations)" in row
    every = next(
        line
        for line in format_table(run, all_violations=True).splitlines()
        if line.startswith(LONG)
    )
    assert every.count(seen_by_every_model) == 4


def test_every_unusable_path_is_named_by_what_is_wrong(run: GateRun) -> None:
    table = format_table(run)
    assert "ERROR  " in table and "call.input.command" in table
    assert any(
        line.startswith("MALFORMED") and "broken.json" in line for line in table.splitlines()
    )
    assert any(
        line.startswith("NO FAMILY") and "'mroe'" in line and "did you mean 'more'?" in line
        for line in table.splitlines()
    )
    assert any(
        line.startswith("NO FIXTURES")
        and line.rstrip().endswith("no fixtures found (*.json at any depth)")
        for line in table.splitlines()
    )
    assert any(
        line.startswith("NOT FOUND") and "missing: does not exist" in line
        for line in table.splitlines()
    )
    assert (
        table.splitlines()[-1]
        == "3 fixtures × 1 width: 1 passed, 2 failed, 1 not found, 1 no fixtures, 1 malformed, 1 no family"
    )


def test_by_default_and_with_failures_only_what_passed_is_left_out(run: GateRun) -> None:
    assert "cases/passes" in format_table(run, verbose=True)
    for table in (format_table(run), format_table(run, verbose=True, failures_only=True)):
        assert "cases/passes" not in table
        assert LONG in table and "3 fixtures × 1 width: 1 passed" in table


def test_a_run_that_passed_is_one_line_counting_every_judgement(tmp_path: Path) -> None:
    corpus = Corpus(tmp_path / "corpus")
    corpus.write("passes", LS)
    passed = run_gate([corpus.root], [80, 120])
    assert format_table(passed) == "1 fixture × 2 widths: all 6 judgements passed"
    verbose = format_table(passed, verbose=True).splitlines()
    assert len(verbose) == 2 + 2 + 2 + 1 and verbose[-1] == format_table(passed)


def test_counts_are_said_in_the_singular_for_one() -> None:
    assert counted(1, "violation") == "1 violation" and counted(0, "fixture") == "0 fixtures"


def test_fixture_text_cannot_act_on_the_terminal(run: GateRun) -> None:
    table = format_table(run, all_violations=True)
    assert "\x1b" not in table and "\x07" not in table
    assert "pwned" in table


def test_colour_only_when_asked(run: GateRun) -> None:
    assert "\x1b[" not in format_table(run)
    coloured = format_table(run, verbose=True, colour=True)
    assert "\x1b[32mok\x1b[0m" in coloured and "\x1b[31mFAIL\x1b[0m" in coloured


def test_a_run_that_judged_nothing_says_so() -> None:
    assert (
        format_table(GateRun([], [])).splitlines()[-1]
        == "nothing was judged: no fixtures were given"
    )
