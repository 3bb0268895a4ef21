"""The gate's results in the forms their readers need.

The data is one place: ``askbench.harness.runners.results.GateRun`` (its ``FixtureResult``s,
each width's ``WidthResult`` with its ``Violation``s, and the
``FixtureProblem``s). Each module here only formats it: ``table`` for a
person at a terminal, ``json`` for scripts, ``junit`` for CI servers,
``github`` for GitHub Actions annotations, ``progress`` while the run lasts,
``summary`` for the line that ends the table.
``vocabulary`` holds the words they share.

The benchmarks' results (``askbench.harness.bench``) are written here too:
``bench_files`` writes ``reports/bench.md`` (``bench_report``, with
``bench_peers`` and ``bench_startup``) and its plot (``bench_plot``), keeping
the sections measured apart (``bench_sections``: ``bench_xdist``,
``bench_large``).
"""

__all__ = [
    "agents_report",
    "bench_files",
    "bench_large",
    "bench_peers",
    "bench_plot",
    "bench_report",
    "bench_sections",
    "bench_startup",
    "bench_xdist",
    "colour",
    "corpus_report",
    "escape",
    "gallery",
    "github",
    "json",
    "junit",
    "matrix_report",
    "mutation_report",
    "progress",
    "screen_text",
    "stylesheet",
    "summary",
    "table",
    "vocabulary",
]
