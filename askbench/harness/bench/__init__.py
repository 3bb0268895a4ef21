"""The benchmarks: what the renderer and the gate cost, measured, the results handed back.

A wing of its own above the runners, since a benchmark drives the renderer,
the drivers and the gate alike: its payloads (``series``), its settings and
sections (``settings``), the run (``run``, and ``peers``, ``startup``,
``pty_timing``, ``timing``, ``xdist``, ``large`` for the sections measured
apart) and the results (``results``, frozen records). Data in, results out:
``reports/bench.md`` and its plot are the reporters' (``bench_report``,
``bench_plot`` and the others named ``bench_*`` in
``askbench.harness.reporters``), and nothing here imports a reporter or a
front-end. ``askbench bench``, the reporters, the pytest plugin (for
``worker_cpu``) and the benchmark suites import it.
"""

__all__ = [
    "large",
    "peers",
    "pty_timing",
    "results",
    "run",
    "series",
    "settings",
    "startup",
    "timing",
    "worker_cpu",
    "xdist",
]
