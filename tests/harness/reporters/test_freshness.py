"""A committed report is stale when anything the repository decides differs, never for the machine it was made on."""

from __future__ import annotations

from askbench.harness.reporters.freshness import RUN, stale

REPORT = "# Corpus\n\n3 fixtures: 3 passed.\n\nToolchain: python 3.11.7, glibc 2.36.\n\n| a | 80 | 10 |\n"


def test_the_report_as_written_today_is_not_stale() -> None:
    assert stale("corpus.md", REPORT, REPORT) == []


def test_only_the_machine_it_was_written_on_may_differ() -> None:
    assert stale("corpus.md", REPORT, REPORT.replace("3.11.7", "3.11.9")) == []


def test_a_changed_figure_is_stale_and_says_what_to_run() -> None:
    found = stale("corpus.md", REPORT, REPORT.replace("| 10 |", "| 11 |"))
    assert found[0] == f"corpus.md is not what `askbench report` writes today: {RUN}"
    assert "-| a | 80 | 10 |" in found and "+| a | 80 | 11 |" in found


def test_a_missing_report_is_stale() -> None:
    assert stale("corpus.md", None, REPORT) == [f"corpus.md is missing: {RUN}"]


def test_a_long_difference_is_cut_and_says_how_much_more() -> None:
    fresh = REPORT + "".join(f"| f{n} | 80 | 1 |\n" for n in range(50))
    found = stale("corpus.md", REPORT, fresh)
    assert len(found) == 1 + 20 + 1 and found[-1].endswith("more lines of difference")
