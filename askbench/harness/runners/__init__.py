"""Runs over the corpus: data in, result objects out.

The gate (``gate``), the mutation run (``mutate``), the implementations matrix (``matrix``) and
the benchmarks (``bench`` and its sections) each drive the judge over many fixtures and widths;
how a result is shown is the reporters' business and which command starts a run the front-ends'.
"""

__all__ = [
    "bench",
    "bench_results",
    "bench_settings",
    "bench_timing",
    "bench_xdist",
    "fuzz",
    "gate",
    "large_bench",
    "matrix",
    "mutate",
    "peer_bench",
    "pty_timing",
    "startup_bench",
    "toolchain",
]
