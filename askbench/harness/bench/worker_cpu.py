"""The line ``pytest --askbench`` ends an xdist run with: each worker's CPU seconds, written and read.

The pytest plugin writes it and ``askbench bench --xdist`` reads it from the
run's output, so both take its spelling from here, the arrows pointing down:
the plugin, a front-end, imports this module (when it writes the line, as it
imports everything else of askbench), and the bench, which runs where no
pytest is installed, imports nothing of the plugin.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = ["WORKER_CPU_LINE", "read_worker_cpu", "worker_cpu_line"]

WORKER_CPU_LINE = "askbench: CPU seconds per xdist worker:"


def worker_cpu_line(cpu: Mapping[str, float]) -> str:
    """The line for these workers' CPU seconds, workers by name."""
    shown = ", ".join(f"{worker} {seconds:.1f}" for worker, seconds in sorted(cpu.items()))
    return f"{WORKER_CPU_LINE} {shown}"


def read_worker_cpu(output: str) -> tuple[float, ...]:
    """Each worker's CPU seconds from the first such line of ``output``; empty when it has none (one process)."""
    for line in output.splitlines():
        if line.startswith(WORKER_CPU_LINE):
            return tuple(
                float(value)
                for value in re.findall(r" ([\d.]+)(?:,|$)", line[len(WORKER_CPU_LINE) :])
            )
    return ()
