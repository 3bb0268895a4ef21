"""What a variant is: a frame source with one known difference from the reference, and what the gate owes it.

A gate that only ever judged the reference proves nothing about itself: it
might reject sound renderers that merely look different, and pass real
defects our own assumptions hide. So the gate is put to two kinds of
renderer whose right verdict is known in advance. A *mutant* is the
reference with one defect injected; wherever its frame differs from the
reference's, the gate must reject it under an invariant that names the
defect. A *style* is a sound renderer that looks different; the gate must
pass it everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Literal
from unittest import mock

from askbench.impl.dialog import DialogBudget
from askbench.impl.frame import forget_kept
from askbench.impl.payload import PromptPayload

from ...fixtures.loading import Fixture
from ...terms import FailureKind, Invariant, RenderedFrame, View
from .mutant_targets import mutant_targets

Kind = Literal["mutant", "style"]
Render = Callable[[PromptPayload, Fixture | None, View, int, DialogBudget], RenderedFrame]
"""``askbench.harness.drivers.frame_sources.FrameSource`` without the failure branch: a variant always answers."""


@dataclass(frozen=True)
class Variant:
    name: str
    description: str
    """One line: the defect a mutant carries, or how a style looks."""
    kind: Kind
    render: Render
    invariants: tuple[Invariant | FailureKind, ...] = ()
    """A mutant's: the invariants, any of which may reject it (``TIMEOUT`` for a defect in time)."""
    targets: tuple[str, ...] = ()
    """``family/name`` of the corpus fixtures where a mutant's defect must show."""
    latent: bool = False
    """The frame can differ without the defect showing, so outside its targets a differing frame may pass:
    values at column 0 are a layout on ``echo hi`` and a forgery on ``tool : bash``; a field the wrong cap
    lets grow is an overflow where it is shown, and merely left out where the bounded view no longer has
    room for it; a character lost at each row end of ``AAAA…`` reads as a shorter cut. On its targets,
    every difference must still be rejected."""
    adapter_timeout: float | None = None
    """Judged through the ``askbench/1`` adapter with this timeout: the defect is time, not a frame."""

    def __post_init__(self) -> None:
        if self.kind == "mutant" and not (self.invariants and self.targets):
            raise ValueError(
                f"mutant {self.name!r} needs the invariants that reject it and the fixtures where it shows"
            )
        if self.kind == "style" and (self.invariants or self.latent):
            raise ValueError(f"style {self.name!r} is sound: no invariant may reject it")


def mutant(
    name: str, description: str, render: Render, adapter_timeout: float | None = None
) -> Variant:
    """The mutant ``name``, held to what ``mutant_targets.toml`` says rejects it and where it must show."""
    try:
        owed = mutant_targets()[name]
    except KeyError:
        raise KeyError(
            f"mutant {name!r} has no entry in askbench/harness/drivers/variants/mutant_targets.toml"
        ) from None
    return Variant(
        name,
        description,
        "mutant",
        render,
        owed.killed_by,
        owed.targets,
        owed.latent,
        adapter_timeout,
    )


@contextmanager
def patched_impl(target: str, replacement: object) -> Iterator[None]:
    """``target`` (``module.name`` in ``askbench.impl``) replaced, with nothing the reference keeps between renders
    carried into the patched render or out of it.

    The renderer keeps what depends only on a text (a short line's pieces, a fitted label) from one render to
    the next; a mutant that replaces how a text is measured must neither be served the reference's kept answers,
    which would hide its defect, nor leave its own behind for the reference's next render.
    """
    forget_kept()
    try:
        with mock.patch(target, replacement):
            yield
    finally:
        forget_kept()
