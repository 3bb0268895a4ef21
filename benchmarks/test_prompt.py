"""The interactive prompt: the whole frame against its ask, and the pager's keys against payload size.

Run with ``.venv/bin/python -m pytest benchmarks/test_prompt.py --benchmark-enable
--benchmark-group-by=param:series``. In each pager group the 10 MB / 10 KB
ratio of a key is the number that matters (the target is 2 at most: a key
costs the rows it shows, not the request); ``askbench bench`` measures the
same keys in one process and writes the ratios to ``reports/bench.md``.
"""

from __future__ import annotations

import pytest

from askbench.harness.bench.series import PAGER_SERIES, repro_payload, size_label
from askbench.harness.bench.series import cached_point as point
from askbench.harness.drivers.frame_sources import chrome_style, warning_paint
from askbench.impl.dialog import DialogBudget, render_prompt_dialog
from askbench.impl.frame import render_frame
from askbench.impl.keys import CTRL_O, PAGE_DOWN
from askbench.impl.prompt import PermissionPrompt

WIDTH, HEIGHT = 120, 40
SIZES = (10_000, 10_000_000)


def opened(series: str, size: int) -> PermissionPrompt:
    prompt = PermissionPrompt(point(series, size).payload, paint=warning_paint, style=chrome_style)
    prompt.render(WIDTH, HEIGHT)
    prompt.shown(0.0)
    return prompt


def key_and_frame(prompt: PermissionPrompt, key: str) -> list[str]:
    prompt.handle_key(key, at=1.0)
    return prompt.render(WIDTH, HEIGHT)


@pytest.mark.parametrize("size", SIZES, ids=size_label)
@pytest.mark.parametrize("series", PAGER_SERIES)
def test_pager_first_page(benchmark, series: str, size: int) -> None:
    lines = benchmark.pedantic(
        key_and_frame, setup=lambda: ((opened(series, size), CTRL_O), {}), rounds=7
    )
    assert len(lines) <= HEIGHT


@pytest.mark.parametrize("size", SIZES, ids=size_label)
@pytest.mark.parametrize("series", PAGER_SERIES)
def test_pager_page_down(benchmark, series: str, size: int) -> None:
    def setup():  # type: ignore[no-untyped-def]
        prompt = opened(series, size)
        key_and_frame(prompt, CTRL_O)
        return (prompt, PAGE_DOWN), {}

    lines = benchmark.pedantic(key_and_frame, setup=setup, rounds=7)
    assert len(lines) <= HEIGHT


def test_repro_ask(benchmark) -> None:
    payload = repro_payload()
    benchmark(render_prompt_dialog, payload, DialogBudget(width=WIDTH), warning_paint)


def test_repro_whole_frame(benchmark) -> None:
    payload = repro_payload()
    frame = benchmark(
        render_frame,
        payload,
        "bounded",
        DialogBudget(width=WIDTH),
        paint=warning_paint,
        style=chrome_style,
    )
    assert frame.lines[0].endswith("Permission Required\x1b[0m")
