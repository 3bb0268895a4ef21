"""How a check says what it found: one callback, so a check never knows which view, width or terminals it judges.

A check is handed ``report`` and calls it with the invariant broken and a
message; the caller decides the view, the width and the terminals the
violation is recorded for. So one check serves every view and every group of
terminal models that show a frame alike.
"""

from __future__ import annotations

from collections.abc import Callable

from ..terms import FailureKind, Invariant

__all__ = ["FailureReport", "Report"]

Report = Callable[[Invariant, str], None]
"""``(invariant, message)``: record a violation for the view and terminals being judged."""
FailureReport = Callable[[Invariant | FailureKind, str], None]
"""A report that can also record a failure that left nothing to judge (``TIMEOUT``)."""
