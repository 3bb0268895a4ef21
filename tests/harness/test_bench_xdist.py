"""``askbench bench --xdist``: the gate timed in one process and under pytest-xdist, in a section of its own."""

from __future__ import annotations

from pathlib import Path

from tmp_corpus import LS, Corpus

from harness.bench_xdist import (
    BEGIN,
    END,
    CorpusTiming,
    Timed,
    format_section,
    kept_section,
    make_copies,
    measure_corpus,
    splice,
)
from harness.corpus import load_corpus


def test_the_copies_are_a_corpus_ten_times_the_size(corpus: Corpus, tmp_path: Path) -> None:
    corpus.write("one")
    corpus.write("two")
    assert make_copies(corpus.root, tmp_path / "copies") == 20
    fixtures, problems = load_corpus([tmp_path / "copies"])
    assert problems == [] and len(fixtures) == 20
    assert {fixture.name for fixture in fixtures} >= {"one-copy-01", "two-copy-10"}


def test_each_run_is_timed_and_its_outcome_read(corpus: Corpus, tmp_path: Path) -> None:
    corpus.write("ok", LS)
    timing = measure_corpus("tiny", corpus.root, 1, tmp_path, lambda message: None)
    assert [run.label for run in timing.runs] == [
        "askbench check, 1 process", "pytest --askbench, 1 process", "pytest --askbench -n auto"]
    assert [run.exit_code for run in timing.runs] == [0, 0, 0]
    assert timing.runs[0].outcome == "1 of 1 fixtures passed"
    assert timing.runs[1].outcome == timing.runs[2].outcome == "9 passed"
    assert all(run.seconds > 0 for run in timing.runs)


def test_the_section_is_replaced_in_place_and_kept_by_a_plain_bench(tmp_path: Path) -> None:
    runs = tuple(Timed(label, ("python", "-m", "x"), seconds, 0, "ok") for label, seconds in
                 [("askbench check, 1 process", 4.0), ("pytest --askbench, 1 process", 5.0),
                  ("pytest --askbench -n auto", 2.0)])
    section = format_section([CorpusTiming("built-in", 292, runs)], 2, "1.0, 1.0, 1.0", "1.0, 1.0, 1.0")
    assert "| built-in | 292 | pytest --askbench -n auto | 2.0 s | 2.00× | ok (exit 0) |" in section
    report = tmp_path / "bench.md"
    report.write_text(splice("# bench\n\nbody\n", section), encoding="utf-8")
    assert kept_section(report) == section
    again = splice("# bench\n\nnew body\n", section.replace("2.0 s", "3.0 s"))
    assert again.count(BEGIN) == again.count(END) == 1 and "3.0 s" in again
    assert splice(again, section).count(BEGIN) == 1
