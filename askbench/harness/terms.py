"""The harness's ground floor: the words every role shares, and nothing of any role.

The judge, the drivers, the runners and the reporters all speak of views,
frames, adapter failures, invariants, violations and a width's result. Were
those words defined in one of the roles, every other role would import it to
say them, and the arrows between the roles would point every way. Here they
are facts and names only, importing nothing of the harness, so any role may
stand on them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, get_args

__all__ = [
    "FAILURE_KINDS",
    "INVARIANTS",
    "VIEWS",
    "AdapterFailure",
    "FailureKind",
    "Invariant",
    "KeptScreen",
    "RenderedFrame",
    "View",
    "Violation",
    "WidthResult",
    "invariant_named",
]

View = Literal["bounded", "complete", "legacy"]
"""A view of a prompt: the bounded ask, the complete request (ctrl+o), the legacy dialog (the old baseline)."""
VIEWS: tuple[View, ...] = get_args(View)

FailureKind = Literal["CRASH", "TIMEOUT", "BAD_ANSWER"]
"""Why a view left nothing to judge: its renderer crashed, hung, or answered outside the contract."""
FAILURE_KINDS: tuple[FailureKind, ...] = get_args(FailureKind)


class RenderedFrame(Protocol):
    """Anything with frame lines and an elision claim: ``askbench.impl.frame.Frame`` or ``protocol.ExternalFrame``."""

    @property
    def lines(self) -> Sequence[str]: ...

    @property
    def elided(self) -> bool: ...


@dataclass(frozen=True)
class AdapterFailure:
    """Why there is no frame to judge: the implementation crashed, hung or answered outside the contract.

    It becomes a verdict for that fixture × width × view, never a harness failure.
    """

    kind: FailureKind
    message: str


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
"""The invariants the judge holds a screen to, in the order ``docs/design.md`` lists them.

A misspelt invariant would be a check that never reports, or a mutant target that can never be
met, and nothing would say so: mypy holds every violation, report callback, mutant target and
reporter to this ``Literal``, and data read from files (mutant targets) is checked against
``INVARIANTS`` when it is loaded.
"""
INVARIANTS: tuple[Invariant, ...] = get_args(Invariant)


def invariant_named(name: str) -> Invariant:
    """``name`` as an invariant; a ValueError names the ones there are."""
    for invariant in INVARIANTS:
        if name == invariant:
            return invariant
    raise ValueError(f"no invariant {name!r}; there are: {', '.join(INVARIANTS)}")


@dataclass(frozen=True)
class Violation:
    invariant: Invariant | FailureKind
    """The invariant broken, or the adapter's failure (``CRASH``, ``TIMEOUT``, ``BAD_ANSWER``) that left nothing to judge."""
    view: str
    width: int
    message: str
    terminal: str = "grapheme"
    """The terminal model the screen was read on (``askbench.harness.terminals.models``); every model judges every frame."""

    def __str__(self) -> str:
        return f"{self.invariant} ({self.view} @{self.width}, {self.terminal}): {self.message}"


@dataclass(frozen=True)
class KeptScreen:
    """One view's screen as terminals showed it, kept for a report: its rows, a box the renderer drew included,
    and the terminals that showed it so (a screen is only what some terminal shows)."""

    terminals: tuple[str, ...]
    rows: tuple[str, ...]

    def heading(self, view: str, width: int) -> str:
        """``the bounded screen at 80 columns on ambiguous-wide``."""
        return f"the {view} screen at {width} columns on {', '.join(self.terminals)}"


@dataclass
class WidthResult:
    width: int
    legacy_rows: int = 0
    bounded_rows: int = 0
    complete_rows: int = 0
    """Rows of the ask (not the whole frame) in each view, on the ``grapheme`` terminal."""
    elided: bool = False
    render_us: float = 0.0
    """Wall time of the bounded frame from its source: the reference's whole frame, or an adapter's round trip."""
    judge_us: dict[str, float] = field(default_factory=dict)
    """Wall time of each view, asked for and judged on every model: what a JUnit testcase takes, as CI
    servers show it beside the testcase (the render alone is a small part of it)."""
    violations: list[Violation] = field(default_factory=list)
    screens: dict[str, KeptScreen] = field(default_factory=dict)
    """The screen of each view a violation names, kept only when asked (``keep_screens``), for reports: as
    the first terminals that found a violation in it showed it."""
    shown: dict[str, int] = field(default_factory=dict)
    """Characters of each fact's text the bounded view shows (``label#n`` for the n-th fact so labelled)."""
    read_as_drawn: list[str] = field(default_factory=list)
    """Views whose facts did not read as drawn and whose payload could not be located either (the renderer
    laid the perturbed request out otherwise, or could not draw it): judged on the frame as drawn alone."""
