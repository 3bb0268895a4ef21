"""``expect``: the fixture's own expectations, some of which pin the reference's layout."""

from __future__ import annotations

from collections.abc import Mapping

from askbench.impl.payload import PromptPayload

from .ask_reading import AskReading
from .elision_checks import elides
from .report import Report

__all__ = ["SIZE_WIDTH", "check_expectations", "shown_texts"]

SIZE_WIDTH = 80
"""A normal terminal. ``expect.elided``, ``maxRows`` and ``visible`` describe a fixture on terminals this wide
or wider, and ``runs`` owes the last command there: a narrow one wraps every field into more rows of fewer
cells, so the same prompt may rightly show less."""


def shown_texts(ask: AskReading) -> list[str]:
    """The raw text the bounded view shows of each fact: its head and its tail, also as ``label : text``."""
    out = []
    for shown in ask.facts:
        text = shown.text
        reading = shown.reading
        pieces = [text[: reading.head]]
        if not reading.whole:
            pieces += [text[m.start : m.start + m.length] for m in reading.middles]
            pieces.append(text[len(text) - reading.tail :])
        head = "\n".join(pieces)
        out.append(f"{shown.fact.label} : {head}")
        if shown.fact.detail is not None:
            out.append(shown.fact.detail)
    return out


def check_expectations(
    expect: Mapping[str, object],
    payload: PromptPayload,
    ask: AskReading,
    width: int,
    report: Report,
    *,
    pinned_layout: bool,
) -> None:
    """The fixture's own expectations. ``elided`` and ``maxRows`` pin the reference's layout (its caps, its
    rows), so they are held only when ``pinned_layout`` says the frames are the reference's; ``kind`` and
    ``visible`` hold for any renderer."""
    if "kind" in expect and expect["kind"] != payload.kind:
        report("expect", f"kind is {payload.kind!r}, expected {expect['kind']!r}")
    if width < SIZE_WIDTH:
        return
    if pinned_layout:
        actual = elides(ask)
        if "elided" in expect and actual is not None and expect["elided"] != actual:
            report(
                "expect",
                f"the view {'elides' if actual else 'elides nothing'}, expected elided={expect['elided']}",
            )
        limit = expect.get("maxRows")
        if isinstance(limit, int) and ask.rows > limit:
            report("expect", f"the ask occupies {ask.rows} rows, expected at most {limit}")
    texts = shown_texts(ask)
    visible = expect.get("visible", ())
    for wanted in visible if isinstance(visible, list | tuple) else ():
        if not any(wanted in text for text in texts):
            report("expect", f"{wanted!r} is not visible")
