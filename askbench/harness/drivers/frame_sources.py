"""Where the frames the gate judges come from: the in-process reference, or any implementation.

A runner binds a frame source to one payload, fixture and budget (``askbench.harness.runners.gate``)
and hands the judge the frame of each view; the judge reads whatever lines come back on its
terminals and never asks the source
where its ask starts or how many rows it has — the screen says that. The
reference renders in process (no subprocess: the default gate stays fast and
self-contained); ``askbench.harness.drivers.adapter_client.AdapterSource`` is the same callable
speaking the ``askbench/1`` contract to another process.
"""

from __future__ import annotations

from collections.abc import Callable

from askbench.impl.dialog import DialogBudget
from askbench.impl.frame import Style, render_frame
from askbench.impl.payload import PromptPayload

from ..fixtures.loading import Fixture
from ..terms import AdapterFailure, RenderedFrame, View
from .paint import warning_paint

FrameSource = Callable[
    [PromptPayload, Fixture | None, View, int, DialogBudget], RenderedFrame | AdapterFailure
]
"""``(payload, fixture, view, width, budget) -> frame | failure``; ``fixture`` is None for a payload built outside a corpus."""


def reference_source(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> RenderedFrame:
    """The reference implementation in process: bounded and complete painted, legacy plain, as the gate always rendered."""
    del fixture, width  # the reference renders the payload our builders made, at the budget's width
    return _reference(payload, view, budget, None)


ReferenceSource = Callable[[PromptPayload, Fixture | None, View, int, DialogBudget], RenderedFrame]
"""A frame source that never fails: the reference, in process."""


def styled_reference_source(style: Style) -> ReferenceSource:
    """The reference as ``reference_source`` draws it, its chrome (title, selection, hint) in ``style``: the frames
    the gate judges as a person sees them in colour, for the gallery."""

    def source(
        payload: PromptPayload,
        fixture: Fixture | None,
        view: View,
        width: int,
        budget: DialogBudget,
    ) -> RenderedFrame:
        del fixture, width
        return _reference(payload, view, budget, style)

    return source


def _reference(
    payload: PromptPayload, view: View, budget: DialogBudget, style: Style | None
) -> RenderedFrame:
    return render_frame(
        payload, view, budget, paint=None if view == "legacy" else warning_paint, style=style
    )
