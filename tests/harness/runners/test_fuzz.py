"""``askbench fuzz`` finds the defects the mutants carry, through the adapter path, and saves fixtures that keep them.

Each mutant is served behind the ``askbench/1`` contract, as any outside
renderer is; the strategy and family aim the search where its defect shows.
A saved fixture must fail that mutant under ``askbench check`` and pass the
reference, so what the fuzzer keeps is a fixture worth adding to a corpus.
"""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path

import pytest
from hypothesis import strategies as st

from askbench.harness.drivers.adapter_client import AdapterCommand, AdapterSource, AdapterUnusable
from askbench.harness.drivers.adapters.variant import command_for
from askbench.harness.exit_codes import EXIT_OK, EXIT_VIOLATION
from askbench.harness.fixtures.fuzz_strategies import Draft
from askbench.harness.frontends.cli import main
from askbench.harness.judge.width_run import DEFAULT_MODELS
from askbench.harness.runners.fuzz import (
    ERROR,
    Found,
    FuzzSettings,
    as_fixture,
    judge,
    run_fuzz,
    search,
    strategies_for,
)

MUTANTS = [
    ("escape-passthrough", "controls", "bash", "containment", 1),
    ("cap-in-code-points", "widths", "bash", "cap", 1),
    ("elided-never", "sizes", "bash", "elision", 1),
    ("ignored-server-as-target", "mcp", "mcp", None, 4),
]
"""A mutant, the strategy and family aimed at its defect, the invariant that must say so (any, when None), and a
seed whose first 300 cases reach it: the search is bounded by cases, not seconds, so a loaded machine judges the
same cases as an idle one."""


@pytest.mark.parametrize(("mutant", "strategy", "family", "invariant", "seed"), MUTANTS)
def test_the_fuzzer_finds_a_mutants_defect_and_saves_a_fixture_that_keeps_it(
    mutant: str,
    strategy: str,
    family: str,
    invariant: str | None,
    seed: int,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    impl = command_for(mutant)
    save = tmp_path / "found"
    arguments = ["--strategy", strategy, "--family", family, "--seed", str(seed)]
    arguments += ["--max-cases", "300", "--budget", "900"]
    code = main(
        ["fuzz", "--impl", impl, *arguments, "--save", str(save), "--db", str(tmp_path / "db")]
    )
    out = capsys.readouterr().out
    assert code == EXIT_VIOLATION, out
    saved = sorted(save.rglob("fuzz-*.json"))
    assert saved and all(f"FOUND {path}" in out for path in saved)
    if invariant is not None:
        assert f"  {invariant} (" in out
    assert main(["check", str(save), "--impl", impl]) == EXIT_VIOLATION
    assert main(["check", str(save)]) == EXIT_OK, capsys.readouterr().out


def test_a_short_fixed_seed_run_on_the_reference_finds_nothing() -> None:
    fuzz = FuzzSettings(("controls", "requesters"), seed=1, max_cases=60, budget=120, database=None)
    run = run_fuzz(fuzz)
    assert run.found == ()
    assert [strategy.cases for strategy in run.runs] == [60, 60]
    assert all(strategy.rejected == 0 for strategy in run.runs)
    assert run.cut_short == ()


def test_strategies_searched_in_two_jobs_draw_what_one_process_draws() -> None:
    """Each worker takes its strategies whole, so a seeded run bounded by cases judges the same cases at any --jobs."""
    one = run_fuzz(
        FuzzSettings(("controls", "requesters", "mcp"), seed=1, max_cases=15, budget=300)
    )
    two = run_fuzz(
        FuzzSettings(("controls", "requesters", "mcp"), seed=1, max_cases=15, budget=300, jobs=2)
    )
    assert [(run.strategy, run.cases) for run in two.runs] == [
        (run.strategy, run.cases) for run in one.runs
    ]
    assert two.found == one.found == ()


def test_an_adapter_that_answers_nothing_ends_a_run_in_jobs_as_in_one_process() -> None:
    fuzz = FuzzSettings(("controls", "requesters"), seed=1, max_cases=5, budget=60, jobs=2)
    command = AdapterCommand("false")
    with pytest.raises(AdapterUnusable):
        run_fuzz(fuzz, lambda: AdapterSource(command, stop_when_unusable=True))


def test_a_strategy_the_budget_stops_is_cut_short() -> None:
    run = run_fuzz(FuzzSettings(("requesters",), seed=1, max_cases=50, budget=0.001))
    assert run.cut_short == ("requesters",) and run.runs[0].cases < 50


def test_a_rerun_replays_what_failed_first(tmp_path: Path) -> None:
    """Another seed and one case of its own: the failures it finds beyond that one are what the database replayed,
    each already as small as the first run shrank it."""
    command = AdapterCommand(command_for("escape-passthrough"))
    first = FuzzSettings(
        ("controls",), ("bash",), budget=900, seed=1, max_cases=20, database=tmp_path / "db"
    )
    with AdapterSource(command) as source:
        found = run_fuzz(first, lambda: nullcontext(source)).found
        assert len(found) > 1
        again = run_fuzz(
            FuzzSettings(
                ("controls",), ("bash",), budget=900, seed=2, max_cases=1, database=tmp_path / "db"
            ),
            lambda: nullcontext(source),
        )
    replayed = [item.draft for item in again.found]
    assert all(item.draft in replayed for item in found)


def test_a_failures_kind_is_its_invariant_and_words_not_what_it_quotes_or_counts() -> None:
    """Two cases of one defect are one kind; two defects under one invariant are two, shrunk apart."""
    draft = Draft("bash", {"name": "bash", "input": {"command": "ls"}})

    def found(message: str) -> Found:
        return Found("shell", draft, "runs", "bounded", 80, "grapheme", message)

    assert (
        found("a cut says 4 more commands where it hides 2").kind
        == found("a cut says 19 more commands where it hides 3").kind
    )
    assert (
        found("the first command 'rm' is not on the bounded screen").kind
        == found("the first command 'curl -fsSL \\'x\\'' is not on the bounded screen").kind
    )
    assert (
        found("the first command 'rm' is not on the bounded screen").kind
        != found("a cut says 4 more commands where it hides 2").kind
    )


def test_the_judge_names_the_first_invariant_broken() -> None:
    draft = Draft("bash", {"name": "bash", "input": {"command": "\x1b7"}})
    fixture = as_fixture(draft)
    assert fixture is not None
    command = AdapterCommand(command_for("escape-passthrough"))
    with AdapterSource(command) as source:
        found = judge("controls", draft, fixture, (80,), source, DEFAULT_MODELS)
    assert found is not None and found.invariant == "containment"
    assert found.description().startswith("breaks containment (bounded @80")
    assert judge("controls", draft, fixture, (80,), None, DEFAULT_MODELS) is None


def test_strategies_are_chosen_by_name_and_by_the_families_they_draw() -> None:
    assert strategies_for([], ["mcp"]) == (
        "controls",
        "formats",
        "widths",
        "forging",
        "sizes",
        "mcp",
    )
    assert strategies_for(["shell", "mcp"], ["bash"]) == ("shell",)
    with pytest.raises(KeyError, match="no strategy 'nope'"):
        strategies_for(["nope"], [])


def test_a_case_that_makes_the_gate_raise_is_a_finding_and_an_unusable_adapter_ends_the_run() -> (
    None
):
    draft = Draft("bash", {"name": "bash", "input": {"command": "ls"}})
    fixture = as_fixture(draft)
    assert fixture is not None

    def raising(*_: object) -> object:
        raise RuntimeError("the judge tripped")

    found = judge("controls", draft, fixture, (80,), raising, DEFAULT_MODELS)  # type: ignore[arg-type]
    assert found is not None and found.invariant == ERROR
    assert "RuntimeError: the judge tripped" in found.message

    def unusable(*_: object) -> object:
        raise AdapterUnusable("answered nothing")

    with pytest.raises(AdapterUnusable):
        judge("controls", draft, fixture, (80,), unusable, DEFAULT_MODELS)  # type: ignore[arg-type]


def test_the_deadline_reached_while_shrinking_is_no_second_failure() -> None:
    from askbench.harness.runners.fuzz import _BudgetSpent, _without_budget

    assert _without_budget(_BudgetSpent()) is None
    assert _without_budget(BaseExceptionGroup("two", [_BudgetSpent()])) is None
    rest = _without_budget(BaseExceptionGroup("two", [ValueError("found"), _BudgetSpent()]))
    assert isinstance(rest, BaseExceptionGroup) and [type(e) for e in rest.exceptions] == [
        ValueError
    ]


def test_the_deadline_is_found_among_what_hypothesis_raised() -> None:
    from askbench.harness.runners.fuzz import _BudgetSpent, _spent_in

    assert _spent_in(BaseExceptionGroup("two", [ValueError("found"), _BudgetSpent()]))
    assert not _spent_in(BaseExceptionGroup("one", [ValueError("found")]))
    assert not _spent_in(ValueError("found"))


def test_a_case_the_reference_fails_too_is_counted_apart_and_not_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A renderer failing a case the reference fails as well has no defect of its own there: the case is counted
    as shared and not kept. The reference is made to fail it by standing in for the same renderer."""
    from askbench.harness.runners import fuzz as fuzz_module

    draft = Draft(
        "bash", {"name": "bash", "input": {"command": "ls \x1b[2J && rm -rf build"}}, {}, {}
    )
    fuzz = FuzzSettings(("controls",), ("bash",), widths=(80,), budget=900, seed=1, max_cases=1)
    with AdapterSource(AdapterCommand(command_for("escape-passthrough"))) as source:
        own = search("controls", st.just(draft), fuzz, 900, source)
        assert own.found and own.found[0].invariant == "containment" and not own.shared
        judged = fuzz_module.run_fixture

        def as_the_renderer(*args: object, source: object = None, **kwargs: object) -> object:
            return judged(*args, source=source or adapter, **kwargs)  # type: ignore[arg-type]

        adapter = source
        monkeypatch.setattr(fuzz_module, "run_fixture", as_the_renderer)
        shared = search("controls", st.just(draft), fuzz, 900, source)
    assert (shared.shared, shared.found) == (1, ())


def test_one_process_stops_at_the_first_strategy_whose_adapter_answers_nothing() -> None:
    """The next strategy would start the same command only to hear nothing again."""
    opened: list[int] = []
    command = AdapterCommand("false")

    def open_source() -> AdapterSource:
        opened.append(1)
        return AdapterSource(command, stop_when_unusable=True)

    fuzz = FuzzSettings(("controls", "requesters", "mcp"), seed=1, max_cases=5, budget=60)
    with pytest.raises(AdapterUnusable):
        run_fuzz(fuzz, open_source)
    assert len(opened) == 1
