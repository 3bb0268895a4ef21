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
from askbench.impl.frame import render_frame
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
    del fixture  # the reference renders the payload our builders made
    return render_frame(payload, view, budget, paint=None if view == "legacy" else warning_paint)
