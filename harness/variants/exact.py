"""Mutants of how a screen is read: defects a judge that read only a value's first row, only the end of the
evidence, any tail or any tall core would let through (``harness.reading``, ``harness.readback``).

Each is the reference with one defect, injected as in ``harness.variants.mutants``: its frame rewritten, or
one ``impl`` function patched for the duration of one render.
"""

from __future__ import annotations

from collections.abc import Iterator

from impl.dialog import DialogBudget, Fact
from impl.payload import PromptPayload

from ..corpus import Fixture
from ..protocol import View
from .mutants import _patched_render, reference_frame
from .variant import Variant


def _evidence_without_details(payload: PromptPayload) -> Iterator[Fact]:
    for entry in payload.evidence:
        yield Fact(entry.label, entry.text, None, brief=entry.brief)


details_dropped = _patched_render("impl.dialog.evidence_facts", _evidence_without_details)
"""Every evidence entry without what it resolves to: each one fails to read, the load that made reading cubic."""

_DETAILS = ("adversarial/bash-evidence-entries-with-escapes", "adversarial/bash-2000-evidence-entries")

EXACT_MUTANTS: tuple[Variant, ...] = (
    Variant("details-dropped", "evidence entries shown without their detail (the → part)",
            "mutant", details_dropped, ("evidence", "verbatim"), _DETAILS),
)

__all__ = ["EXACT_MUTANTS", "details_dropped"]
