"""The names of the invariants the judge holds a screen to, in the order ``docs/design.md`` lists them.

A misspelt invariant would be a check that never reports, or a mutant target that can never be
met, and nothing would say so. One ``Literal`` names them all: mypy holds every violation, report
callback, mutant target and reporter to it, and data read from files (mutant targets) is checked
against ``INVARIANTS`` when it is loaded.
"""

from __future__ import annotations

from typing import Literal, get_args

__all__ = ["INVARIANTS", "Invariant", "invariant_named"]

Invariant = Literal[
    "containment",
    "fit",
    "legible",
    "layout",
    "labels",
    "reaches",
    "core",
    "evidence",
    "verbatim",
    "cap",
    "rows",
    "elision",
    "highlight",
    "runs",
    "monotone",
    "expect",
]
INVARIANTS: tuple[Invariant, ...] = get_args(Invariant)


def invariant_named(name: str) -> Invariant:
    """``name`` as an invariant; a ValueError names the ones there are."""
    for invariant in INVARIANTS:
        if name == invariant:
            return invariant
    raise ValueError(f"no invariant {name!r}; there are: {', '.join(INVARIANTS)}")
