"""The benchmarks: what the renderer and the gate cost, measured and written as ``reports/bench.md``.

A wing of its own beside the roles, since a benchmark is all of them at
once: its payloads (``series``), its settings and sections (``settings``),
the run (``run``, and ``peers``, ``startup``, ``pty_timing``, ``timing``,
``xdist``, ``large`` for the sections measured apart), the results
(``results``) and their report (``markdown``, ``plot``, ``report``). Nothing
outside it imports it but ``askbench bench`` and the benchmark suites.
"""

__all__ = [
    "large",
    "markdown",
    "peers",
    "plot",
    "pty_timing",
    "report",
    "results",
    "run",
    "series",
    "settings",
    "startup",
    "timing",
    "xdist",
]
