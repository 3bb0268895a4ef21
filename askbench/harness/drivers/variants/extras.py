"""Variants that state more than the seed asks: extra ``label : value`` rows about the payload.

The styles add rows a renderer may fairly add — the call's kind, who asks,
the value's line and character counts, the working directory — each true of
the payload, above the core, between its facts or after the evidence, in
several spellings of label and separator. The mutants add one row of the
same shape whose value is false: a kind the call is not (``kind :
read-only`` for a shell command), a working directory the call does not
have, another requester than the one asking, a line count one off, a true
value under a label that claims what the payload does not (``sandboxed : bash``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from askbench.impl.cells import cell_width
from askbench.impl.dialog import DialogBudget
from askbench.impl.frame import Frame
from askbench.impl.payload import PromptPayload

from ...fixtures.loading import Fixture
from ...terms import View
from .definition import Render, Variant, mutant
from .mutants import reference_frame

__all__ = ["EXTRA_MUTANTS", "EXTRA_STYLES", "with_extras"]

Extras = Callable[[PromptPayload], list[str]]
Place = str
"""``first``: above the core facts; ``between``: after the first fact's rows; ``last``: after the evidence."""


def _working_directory(payload: PromptPayload) -> str | None:
    return next(
        (entry.text for entry in payload.evidence if entry.label == "working directory"), None
    )


def _printable(text: str) -> bool:
    return text.isascii() and text.isprintable()


def _insert_at(ask: list[str], place: Place) -> int:
    if place == "first":
        return 0
    if place == "last":
        return len(ask)
    return next(
        (index for index in range(1, len(ask)) if ask[index][:1] not in ("", " ", "\u2026")),
        len(ask),
    )


def with_extras(extras: Extras, place: Place) -> Render:
    """The reference with ``extras(payload)`` rows added to the ask at ``place``, in the rows its budget leaves.

    Extras come last in what a bounded ask owes: as many are shown as rows
    are left once every fact the reference shows is shown, so they never
    displace a fact. A row wider than the terminal is left out (an extra
    stands on one row), and so is one whose label an evidence entry of the
    payload has: ``type : mcp`` beside the entry ``type : url`` would be
    read as that entry.
    """

    def render(
        payload: PromptPayload,
        fixture: Fixture | None,
        view: View,
        width: int,
        budget: DialogBudget,
    ) -> Frame:
        frame = reference_frame(payload, view, budget)
        taken = {entry.label.casefold() for entry in payload.evidence}
        rows = [
            row
            for row in extras(payload)
            if cell_width(row) <= width and row.split(":", 1)[0].strip().casefold() not in taken
        ]
        if view == "bounded" and budget.max_rows is not None:
            rows = rows[: max(0, budget.max_rows - frame.ask_rows)]
        if view == "legacy" or not rows:
            return frame
        ask = list(frame.lines[frame.ask_start : frame.ask_start + frame.ask_rows])
        at = _insert_at(ask, place)
        ask[at:at] = rows
        end = frame.ask_start + frame.ask_rows
        return replace(
            frame,
            lines=(*frame.lines[: frame.ask_start], *ask, *frame.lines[end:]),
            ask_rows=len(ask),
        )

    return render


def _kind_and_requester(payload: PromptPayload) -> list[str]:
    who = "subagent" if payload.request.requester.forwarded else "agent"
    return [f"kind : {payload.kind}", f"requested by : {who}"]


def _counts(payload: PromptPayload) -> list[str]:
    value = payload.request.value
    rows = [f"Lines: {value.count(chr(10)) + 1}", f"Characters: {len(value):,}"] if value else []
    return rows + [f"Evidence: {len(payload.evidence)}"]


def _cwd(payload: PromptPayload) -> list[str]:
    directory = _working_directory(payload)
    tool = payload.request.tool_name
    rows = [f"cwd : {directory}"] if directory and _printable(directory) else []
    return rows + ([f"Type  : {tool}"] if tool and _printable(tool) else [])


def _false_kind(payload: PromptPayload) -> list[str]:
    return ["kind : read-only"]


def _false_cwd(payload: PromptPayload) -> list[str]:
    return ["cwd : /srv/another-checkout"]


def _claiming_label(payload: PromptPayload) -> list[str]:
    tool = payload.request.tool_name
    return [f"sandboxed : {tool}"] if tool and _printable(tool) else []


def _false_requester(payload: PromptPayload) -> list[str]:
    return [f"requested by : {'agent' if payload.request.requester.forwarded else 'subagent'}"]


def _false_lines(payload: PromptPayload) -> list[str]:
    return [f"lines : {payload.request.value.count(chr(10)) + 2}"]


EXTRA_STYLES: tuple[Variant, ...] = (
    Variant(
        "extra-facts-first",
        "true extra facts above the core: kind : bash, requested by : agent",
        "style",
        with_extras(_kind_and_requester, "first"),
    ),
    Variant(
        "extra-counts-between",
        "true counts after the first fact: Lines: 200, Characters: 4,210, Evidence: 3",
        "style",
        with_extras(_counts, "between"),
    ),
    Variant(
        "extra-cwd-last",
        "the payload's working directory and the tool again after the evidence: cwd : /repo, "
        "Type  : bash",
        "style",
        with_extras(_cwd, "last"),
    ),
)

EXTRA_MUTANTS: tuple[Variant, ...] = (
    mutant(
        "extra-kind-false",
        "an extra row says the call is 'kind : read-only', whatever it is",
        with_extras(_false_kind, "first"),
    ),
    mutant(
        "extra-cwd-false",
        "an extra row names a working directory the payload does not have",
        with_extras(_false_cwd, "last"),
    ),
    mutant(
        "extra-label-claims",
        "an extra row states the tool's true name under a label that claims what the payload "
        "does not: 'sandboxed : bash'",
        with_extras(_claiming_label, "first"),
    ),
    mutant(
        "extra-requester-false",
        "an extra row says the other requester: a subagent for the agent's own call, "
        "the agent for a relayed one",
        with_extras(_false_requester, "between"),
    ),
    mutant(
        "extra-lines-false",
        "an extra row counts one line more than the value has",
        with_extras(_false_lines, "between"),
    ),
)
