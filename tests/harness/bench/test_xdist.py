"""``askbench bench --xdist``: the gate timed in one process and under pytest-xdist, in a section of its own."""

from __future__ import annotations

from pathlib import Path

from tmp_corpus import LS, Corpus

from askbench.harness.bench.xdist import Timed, make_copies, measure_corpus
from askbench.harness.fixtures.loading import load_corpus


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
        "askbench check, 1 process",
        "pytest --askbench, 1 process",
        "pytest --askbench -n auto",
    ]
    assert [run.exit_code for run in timing.runs] == [0, 0, 0]
    assert timing.runs[0].outcome == "1 of 1 fixtures passed"
    assert timing.runs[1].outcome == timing.runs[2].outcome == "9 passed"
    assert all(run.seconds > 0 and run.cpu_seconds > 0 for run in timing.runs)
    assert len(timing.runs[2].worker_cpu) >= 1 and timing.runs[1].worker_cpu == ()


def test_the_wall_on_idle_cores_follows_from_the_busiest_process_and_the_cpu_spread() -> None:
    one = Timed("pytest --askbench, 1 process", (), 50.0, 0, "ok", cpu_seconds=20.0)
    spread = Timed(
        "pytest --askbench -n auto", (), 60.0, 0, "ok", cpu_seconds=26.0, worker_cpu=(12.0, 11.0)
    )
    assert (one.busiest, one.idle_estimate(2)) == (20.0, 20.0)
    assert (spread.busiest, spread.idle_estimate(2)) == (12.0, 13.0)
