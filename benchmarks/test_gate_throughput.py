"""The pyte gate's throughput: fixtures x widths judged per second.

Every judgement renders three views and reads each back from a virtual
terminal, so this is what ``askbench check`` costs. One round is the whole
built-in corpus (about 15 s on the project's 2-core machine), so it runs
once; a family is timed on its own for a quicker signal.
"""

from __future__ import annotations

import pytest

from askbench.harness.fixtures.loading import BUILTIN_CORPUS
from askbench.harness.judge.width_run import WIDTHS
from askbench.harness.runners.gate import run_gate


def _judgements(run) -> int:  # type: ignore[no-untyped-def]
    return sum(len(result.widths) for result in run.results)


@pytest.mark.parametrize("family", ["bash", "unicode"])
def test_gate_family(benchmark, family: str) -> None:
    run = benchmark.pedantic(run_gate, ([BUILTIN_CORPUS / family], WIDTHS), rounds=3, iterations=1)
    judged = _judgements(run)
    benchmark.extra_info["judgements"] = judged
    if benchmark.stats:
        benchmark.extra_info["judgements_per_s"] = round(judged / benchmark.stats.stats.median, 1)
    assert run.exit_code == 0


def test_gate_builtin_corpus(benchmark) -> None:
    run = benchmark.pedantic(run_gate, ([BUILTIN_CORPUS], WIDTHS), rounds=1, iterations=1)
    judged = _judgements(run)
    benchmark.extra_info["judgements"] = judged
    if benchmark.stats:
        benchmark.extra_info["judgements_per_s"] = round(judged / benchmark.stats.stats.median, 1)
    assert run.exit_code == 0
