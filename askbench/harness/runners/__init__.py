"""Runs over the corpus: data in, result objects out.

The gate (``gate``), the mutation run (``mutate``) and the implementations matrix (``matrix``)
each drive the judge over many fixtures and widths (the benchmarks are ``askbench.harness.bench``);
``fixture_screens`` reads the reference's screens as a person sees them, ``scenarios`` runs the keystroke
scenarios, and ``results`` holds what the gate and the screens hand on, data alone;
how a result is shown is the reporters' business and which command starts a run the front-ends'.
"""

__all__ = [
    "fixture_screens",
    "fuzz",
    "gate",
    "matrix",
    "mutate",
    "results",
    "scenarios",
    "toolchain",
]
