"""The judge: what a prompt owes, read back from the screen, and the invariants.

Everything here derives its truth apart from the renderer: the facts a payload owes
(``expected_facts``), what a command runs (``what_runs``, asking bash itself), what a call reaches
(``reaches``), and the screen read the way a person reads it (``ask_reading``, ``field_match``,
``chrome``). ``width_run`` judges the frames it is handed with them, through the checks of each
concern (``screen_checks``, ``chrome_checks``, ``fact_checks``, …). It is kept apart so that nothing
in it can borrow a decision from ``askbench.impl`` and pass whatever the renderer chose.
"""

__all__ = [
    "ask_reading",
    "box",
    "chrome",
    "chrome_checks",
    "elision_checks",
    "expect_checks",
    "expected_facts",
    "extra_facts",
    "fact_checks",
    "field_match",
    "highlight_checks",
    "judged_frames",
    "label_heads",
    "label_lookalikes",
    "monotone_checks",
    "payload_sgr",
    "reaches",
    "report",
    "runs_checks",
    "screen_checks",
    "what_runs",
    "wider_frames",
    "width_run",
    "work_units",
]
