"""The judge: what a prompt owes, read back from the screen, and the invariants.

Everything here derives its truth apart from the renderer: the facts a payload owes
(``expected_facts``), what a command runs (``what_runs``, asking bash itself), what a call reaches
(``reaches``), and the screen read the way a person reads it (``ask_reading``, ``field_match``,
``chrome``). ``checks`` judges a frame with them. It is kept apart so that nothing in it can
borrow a decision from ``askbench.impl`` and pass whatever the renderer chose.
"""

__all__ = [
    "ask_reading",
    "box",
    "checks",
    "chrome",
    "expected_facts",
    "extra_facts",
    "field_match",
    "invariants",
    "label_heads",
    "label_lookalikes",
    "reaches",
    "what_runs",
    "work_units",
]
