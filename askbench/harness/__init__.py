"""The harness: terminal truth for the reference renderer and any other, by role.

``terminals`` (the judge's terminal models and real terminals), ``bash`` (bash itself asked
what a command runs, for the judge and for the reference's reader), ``judge`` (facts, reading,
invariants), ``fixtures`` (the corpus as data), ``drivers`` (where frames come from),
``runners`` (gate, mutate, matrix, bench), ``reporters`` (every output format), ``agents``
(the agent CLIs people use, driven and judged) and ``frontends`` (the CLI, ``try``, the pytest
plugin), all standing on ``terms``, the words they share; ``exit_codes`` are the codes every command exits with. It depends on ``askbench.impl``; ``askbench.impl`` never on it.
"""

__all__ = [
    "agents",
    "bash",
    "drivers",
    "exit_codes",
    "fixtures",
    "frontends",
    "judge",
    "reporters",
    "runners",
    "terminals",
    "terms",
]
