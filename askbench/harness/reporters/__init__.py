"""The gate's results in the forms their readers need.

The data is one place: ``askbench.harness.runners.gate.GateRun`` (its ``FixtureResult``s,
each width's ``WidthResult`` with its ``Violation``s, and the
``FixtureProblem``s). Each module here only formats it: ``table`` for a
person at a terminal, ``json`` for scripts, ``junit`` for CI servers,
``github`` for GitHub Actions annotations, ``progress`` while the run lasts,
``summary`` for the line that ends the table.
``vocabulary`` holds the words they share.
"""

__all__ = [
    "agents_report",
    "colour",
    "corpus_report",
    "escape",
    "fixture_screens",
    "gallery",
    "github",
    "json",
    "junit",
    "matrix_report",
    "mutation_report",
    "progress",
    "stylesheet",
    "summary",
    "table",
    "vocabulary",
]
