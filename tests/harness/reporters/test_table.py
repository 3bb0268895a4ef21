"""The table: full names, labelled row counts, every reason, colour only when asked."""

from __future__ import annotations

from askbench.harness.reporters.table import format_table
from askbench.harness.runners.gate import GateRun

LONG = "cases/fails-with-three-violations-and-a-name-far-longer-than-fifty-eight-characters-in-all"


def test_names_are_never_cut(run: GateRun) -> None:
    table = format_table(run)
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
        == "3 fixtures, 1 passed, 2 failed, 1 not found, 1 no fixtures, 1 malformed, 1 no family"
    )


def test_failures_only_leaves_out_what_passed(run: GateRun) -> None:
    table = format_table(run, failures_only=True)
    assert "cases/passes" not in table
    assert LONG in table and "3 fixtures, 1 passed" in table


def test_fixture_text_cannot_act_on_the_terminal(run: GateRun) -> None:
    table = format_table(run, all_violations=True)
    assert "\x1b" not in table and "\x07" not in table
    assert "pwned" in table


def test_colour_only_when_asked(run: GateRun) -> None:
    assert "\x1b[" not in format_table(run)
    coloured = format_table(run, colour=True)
    assert "\x1b[32mok\x1b[0m" in coloured and "\x1b[31mFAIL\x1b[0m" in coloured


def test_a_run_that_judged_nothing_says_so() -> None:
    assert (
        format_table(GateRun([], [])).splitlines()[-1]
        == "nothing was judged: no fixtures were given"
    )
