"""Bounded and complete render latency per corpus family and for the seed's repro.

One benchmark round renders every fixture of a family once, so a family's
mean divided by its fixture count is the per-prompt cost; the repro is
timed alone at the three gate widths (the upstream's 34-44 us median is
at width 120).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from askbench.harness.bench.series import repro_payload
from askbench.harness.fixtures.loading import BUILTIN_CORPUS, Fixture, load_corpus
from askbench.impl.dialog import DialogBudget, complete_view_budget, render_prompt_dialog
from askbench.impl.payload import PayloadError, PromptPayload, build_payload

FIXTURES, _ = load_corpus([BUILTIN_CORPUS])
FAMILIES = sorted({fixture.family for fixture in FIXTURES})


def _family(family: str) -> list[tuple[Fixture, PromptPayload]]:
    built = []
    for fixture in FIXTURES:
        if fixture.family != family:
            continue
        try:
            built.append((fixture, build_payload(fixture.call, fixture.ask)))
        except PayloadError:
            continue  # the gate reports it; there is nothing to time
    return built


def _render_all(cases: Sequence[tuple[Fixture, PromptPayload]], complete: bool, width: int) -> int:
    rows = 0
    for fixture, payload in cases:
        budget = (
            complete_view_budget(width)
            if complete
            else DialogBudget(
                max_rows=fixture.max_rows, field_max_width=fixture.field_max_width, width=width
            )
        )
        rows += len(render_prompt_dialog(payload, budget).lines)
    return rows


@pytest.mark.parametrize("family", FAMILIES)
def test_family_bounded(benchmark, family: str) -> None:
    cases = _family(family)
    benchmark.extra_info["fixtures"] = len(cases)
    assert benchmark(_render_all, cases, False, 120) > 0


@pytest.mark.parametrize("family", FAMILIES)
def test_family_complete(benchmark, family: str) -> None:
    cases = _family(family)
    benchmark.extra_info["fixtures"] = len(cases)
    assert benchmark.pedantic(_render_all, (cases, True, 120), rounds=5, iterations=1) > 0


@pytest.mark.parametrize("width", [80, 120, 160])
def test_repro_bounded(benchmark, width: int) -> None:
    payload = repro_payload()
    view = benchmark(render_prompt_dialog, payload, DialogBudget(width=width))
    assert view.elided and len(view.lines) <= 24


@pytest.mark.parametrize("width", [80, 120, 160])
def test_repro_complete(benchmark, width: int) -> None:
    payload = repro_payload()
    view = benchmark(render_prompt_dialog, payload, complete_view_budget(width))
    assert not view.elided and len(view.lines) >= 203
