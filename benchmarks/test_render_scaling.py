"""Render cost against payload size, 1 KB to 10 MB, for four series.

The bounded view must stay flat (it reads only what its caps keep); the
complete view and the legacy dialog grow linearly (they show everything).
Run with ``.venv/bin/python -m pytest benchmarks/test_render_scaling.py
--benchmark-enable --benchmark-group-by=param:series``; in each group the
10 MB / 10 KB bounded ratio is the number that matters (the upstream's
single-line case grows 3.8x). ``askbench bench`` measures the same series
in one process and writes the ratios to ``reports/bench.md``.
"""

from __future__ import annotations

import pytest

from askbench.harness.bench.series import SERIES, SIZES, size_label
from askbench.harness.bench.series import cached_point as point
from askbench.impl.dialog import DialogBudget, complete_view_budget, render_prompt_dialog
from askbench.impl.legacy import wrap_message

WIDTH = 120


@pytest.mark.parametrize("size", SIZES, ids=size_label)
@pytest.mark.parametrize("series", SERIES)
def test_bounded_render(benchmark, series: str, size: int) -> None:
    payload = point(series, size).payload
    view = benchmark(render_prompt_dialog, payload, DialogBudget(width=WIDTH))
    assert len(view.lines) <= 24 and view.elided


@pytest.mark.parametrize("size", SIZES, ids=size_label)
@pytest.mark.parametrize("series", SERIES)
def test_complete_view(benchmark, series: str, size: int) -> None:
    payload = point(series, size).payload
    rounds = 3 if size >= 1_000_000 else 10
    view = benchmark.pedantic(
        render_prompt_dialog, (payload, complete_view_budget(WIDTH)), rounds=rounds, iterations=1
    )
    assert not view.elided
    assert len(view.lines) >= size // WIDTH


@pytest.mark.parametrize("size", SIZES, ids=size_label)
@pytest.mark.parametrize("series", SERIES)
def test_legacy_dialog(benchmark, series: str, size: int) -> None:
    payload = point(series, size).payload
    rounds = 3 if size >= 1_000_000 else 10
    rows = benchmark.pedantic(
        wrap_message, (payload.legacy_message, WIDTH), rounds=rounds, iterations=1
    )
    assert rows
