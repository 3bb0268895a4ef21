"""``reports/bench-latency.svg``: drawn without touching the matplotlib settings of the process that draws it."""

from __future__ import annotations

from pathlib import Path

import pytest

from askbench.harness.bench.results import BenchResults, Machine, ScalingPoint
from askbench.harness.bench.series import SERIES
from askbench.harness.bench.settings import BenchSettings
from askbench.harness.reporters.bench_plot import plot_latency

matplotlib = pytest.importorskip("matplotlib", reason="matplotlib is the bench extra's")


def _results() -> BenchResults:
    sizes = (1_000, 1_000_000)
    return BenchResults(
        machine=Machine("3.11.7", "CPython", "Linux-test", "x86_64", 2),
        settings=BenchSettings(sizes=sizes, profile=False),
        repro={},
        repro_complete=None,
        scaling=tuple(
            ScalingPoint(series, size, 20e-6, size / 100e6, size / 200e6, size // 100)
            for series in SERIES
            for size in sizes
        ),
        wrap=None,
        gate=None,
        families=(),
    )


def test_the_plot_leaves_the_backend_and_settings_as_they_were(tmp_path: Path) -> None:
    before = dict(matplotlib.rcParams)
    plot_latency(_results(), tmp_path / "latency.svg")
    after = dict(matplotlib.rcParams)
    assert {key for key in after if after[key] != before.get(key)} == set()
    assert "<svg" in (tmp_path / "latency.svg").read_text(encoding="utf-8")


def test_the_svg_is_the_same_for_the_same_numbers(tmp_path: Path) -> None:
    first = plot_latency(_results(), tmp_path / "first.svg").read_bytes()
    assert plot_latency(_results(), tmp_path / "second.svg").read_bytes() == first
