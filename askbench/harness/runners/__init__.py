"""Runs over the corpus: data in, result objects out.

The gate (``gate``), the mutation run (``mutate``) and the implementations matrix (``matrix``)
each drive the judge over many fixtures and widths (the benchmarks are ``askbench.harness.bench``);
how a result is shown is the reporters' business and which command starts a run the front-ends'.
"""

__all__ = [
    "fuzz",
    "gate",
    "matrix",
    "mutate",
    "scenarios",
    "toolchain",
]
