"""The gate's verdicts and exit codes, on fixtures made for the purpose."""

import json
from pathlib import Path

import pytest
from tmp_corpus import LS, Corpus

from askbench.harness.exit_codes import EXIT_OK, EXIT_UNUSABLE, EXIT_VIOLATION
from askbench.harness.frontends.cli import main
from askbench.harness.runners.gate import run_gate

REPRO = (
    Path(__file__).resolve().parents[3]
    / "corpus"
    / "bash"
    / "powershell-here-string-report-200-lines.json"
)


def fixture(corpus: Corpus, name: str, **overrides) -> Path:
    return corpus.write(name, {**LS, **overrides})


def test_a_true_fixture_passes_at_every_width(corpus):
    run = run_gate(
        [fixture(corpus, "ok", expect={"kind": "bash", "elided": False, "visible": ["ls -la"]})]
    )
    assert run.exit_code == EXIT_OK
    assert [width.width for width in run.results[0].widths] == [80, 120, 160]


def test_a_false_expectation_exits_1_with_a_clear_reason(corpus, capsys):
    path = fixture(corpus, "wrong", expect={"kind": "mcp", "visible": ["rm -rf /"]})
    assert main(["check", str(path)]) == EXIT_VIOLATION
    out = capsys.readouterr().out
    assert "kind is 'bash', expected 'mcp'" in out
    assert "'rm -rf /' is not visible" in out


def test_a_malformed_fixture_exits_2_and_the_others_still_run(corpus, capsys):
    fixture(corpus, "ok")
    corpus.write("bad", "{")
    assert main(["check", str(corpus.root)]) == EXIT_UNUSABLE
    out = capsys.readouterr().out
    assert "MALFORMED" in out and "bad.json" in out
    assert "1 fixture × 3 widths: 1 passed, 0 failed, 1 malformed" in out


def test_a_call_that_cannot_describe_a_request_is_an_error_naming_the_field(corpus):
    # an MCP call without a tool is the adapter's status request, so the unusable call is a bash one
    run = run_gate([fixture(corpus, "nocmd", call={"name": "bash", "input": {"command": 42}})])
    assert run.exit_code == EXIT_UNUSABLE
    assert "call.input.command" in run.results[0].error


def test_the_seed_repro_is_bounded_where_the_legacy_dialog_is_not():
    run = run_gate([REPRO])
    for width in run.results[0].widths:
        assert width.legacy_rows > 200
        assert width.bounded_rows <= 24
        assert width.complete_rows > width.legacy_rows - 10
        assert width.violations == []


def test_json_output_is_machine_readable(corpus, capsys):
    assert main(["check", "--json", "--widths", "100", str(fixture(corpus, "ok"))]) == EXIT_OK
    report = json.loads(capsys.readouterr().out)
    assert report["fixtures"][0]["widths"][0]["width"] == 100
    assert report["exit_code"] == 0


def _cost(corpus: Corpus, size: int) -> tuple[int, int]:
    """Python calls and peak traced bytes of judging one bash command of ``size`` bytes at three widths.

    The calls are counted by cProfile, which counts in C: a Python hook on every call costs more than the
    judgement it counts."""
    import cProfile
    import gc
    import pstats
    import tracemalloc

    from askbench.harness.bench.large import large_command

    path = fixture(
        corpus,
        f"large-{size}",
        call={"name": "bash", "input": {"command": large_command(size)}},
        expect={"kind": "bash", "elided": True},
    )
    profile = cProfile.Profile(builtins=False)
    # every judgement starts from the same heap: a full collection the run before left pending would come in
    # the middle of this one at a moment that depends on what ran before, and move its peak with it
    gc.collect()
    tracemalloc.start()
    profile.enable()
    try:
        run = run_gate([path])
    finally:
        profile.disable()
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert run.exit_code == EXIT_OK
    return pstats.Stats(profile).total_calls, peak  # type: ignore[attr-defined]


LINEAR_SIZES = (40_000, 80_000, 160_000)


def _steady_cost(corpus: Corpus, size: int) -> tuple[int, int]:
    """The lesser calls and peak of judging a size twice: what a judgement costs once what it computes once per
    text for every later one (a command's bash reading, the renderer's own caches) is there, alike at every size."""
    first, second = _cost(corpus, size), _cost(corpus, size)
    return min(first[0], second[0]), min(first[1], second[1])


def _grows_linearly(corpus: Corpus) -> tuple[bool, bool]:
    """Whether calls and memory grow linearly: doubling the command twice, the second doubling costs at most 2.5
    times what the first did (a line: exactly twice the first's increment, 2x the size; a quadratic: four).

    Increments, not totals, are compared, so the judge's fixed cost (its modules, its caches) hides nothing; and
    the smallest size is judged once first, unmeasured, so what the first judgement alone allocates (modules
    imported late, caches filled) is not taken for the payload's."""
    _cost(corpus, LINEAR_SIZES[0])
    costs = [_steady_cost(corpus, size) for size in LINEAR_SIZES]
    first = [b - a for a, b in zip(costs[0], costs[1], strict=False)]
    second = [c - b for b, c in zip(costs[1], costs[2], strict=False)]
    return second[0] <= 2.5 * first[0], second[1] <= 2.5 * first[1]


def test_judging_a_command_costs_work_and_memory_linear_in_its_size(corpus):
    assert _grows_linearly(corpus) == (True, True)


def test_a_judge_that_rereads_its_rows_is_caught_growing_faster(corpus, monkeypatch):
    """The measure can fail: a reading that reads every 8th earlier line again, and keeps a copy of every
    16th prefix, is quadratic, though at the smallest size it adds fewer calls than the judgement makes."""
    import askbench.harness.judge.judged_frames as judged_frames

    read = judged_frames.read_frame

    def touch(line: str) -> int:
        return len(line)

    def quadratic_read(lines, width, model):
        kept = []
        for index in range(len(lines)):
            for earlier in lines[:index:8]:
                touch(earlier)
            if index % 16 == 0:
                kept.append("".join(lines[:index]))
        return read(lines, width, model)

    monkeypatch.setattr(judged_frames, "read_frame", quadratic_read)
    assert _grows_linearly(corpus) == (False, False)


def test_judged_in_forked_workers_the_verdicts_are_those_of_one_process():
    from askbench.harness.reporters.json import to_json

    paths = [REPRO.parent, REPRO.parents[1] / "adversarial"]
    one = run_gate(paths, [80], select=lambda fixture: fixture.id.endswith(("lines", "sh")))
    assert len(one.results) > 4
    two = run_gate(paths, [80], select=lambda fixture: fixture.id.endswith(("lines", "sh")), jobs=2)
    assert to_json(two) == to_json(one)


def test_an_adapter_or_real_terminal_is_never_judged_in_several_processes(corpus):
    from askbench.harness.drivers.frame_sources import reference_source

    path = fixture(corpus, "ok", expect={"kind": "bash", "visible": ["ls -la"]})
    with pytest.raises(ValueError, match="several processes"):
        run_gate([path, fixture(corpus, "ok2")], [80], source=reference_source, jobs=2)


def test_jobs_on_the_command_line_is_a_number_of_processes_and_never_with_an_adapter(
    corpus, capsys
):
    path = fixture(corpus, "ok", expect={"kind": "bash", "visible": ["ls -la"]})
    with pytest.raises(SystemExit) as usage:
        main(["check", "--jobs", "0", str(path)])
    assert usage.value.code == EXIT_UNUSABLE
    assert "not a number of processes" in capsys.readouterr().err
    assert main(["check", "--jobs", "2", "--impl", "true", str(path)]) == EXIT_UNUSABLE
    assert "judged in one process" in capsys.readouterr().err
    assert main(["check", "--jobs", "2", str(path)]) == EXIT_OK
