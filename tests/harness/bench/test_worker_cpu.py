"""The xdist workers' CPU line: what the pytest plugin writes, the bench reads back."""

from __future__ import annotations

from askbench.harness.bench.worker_cpu import WORKER_CPU_LINE, read_worker_cpu, worker_cpu_line


def test_the_line_written_is_the_line_read_worker_by_worker() -> None:
    line = worker_cpu_line({"gw1": 4.56, "gw0": 12.0, "gw10": 0.04})
    assert line == f"{WORKER_CPU_LINE} gw0 12.0, gw1 4.6, gw10 0.0"
    assert read_worker_cpu(f"9 passed\n{line}\n") == (12.0, 4.6, 0.0)


def test_an_output_without_the_line_has_no_workers() -> None:
    assert read_worker_cpu("9 passed in 1.2s\naskbench: CPU seconds per worker: gw0 3.0\n") == ()
