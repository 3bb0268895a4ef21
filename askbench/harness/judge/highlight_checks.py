"""``highlight``: when the renderer paints, the flagged value is painted, on every row of it."""

from __future__ import annotations

from collections.abc import Sequence

from askbench.impl.payload import PromptPayload

from ..terminals.rows import ScreenRow
from .ask_reading import FactOnScreen
from .field_match import MARKER
from .judged_frames import Judged
from .report import Report

__all__ = ["check_highlight"]


def _paints(judged: Judged) -> bool:
    return any(style.painted for kinds in judged.rows.all_kinds() for style in kinds)


def check_highlight(judged: Judged, payload: PromptPayload, report: Report) -> None:
    """When the renderer paints at all, the flagged element is painted wherever a line states it whole.

    That is the flagged value, and any other line whose whole text is one of
    the payload's flagged texts, shown uncapped: each external path of a bash
    ask that left the working directory (the paths it reaches are flagged,
    not the command), the tool name in a tool ask's ``tool`` line.
    """
    ask = judged.ask
    assert ask is not None
    if not _paints(judged):
        return
    flagged = set(payload.flagged)
    for shown in ask.facts:
        # a tab is free to become spaces on screen, so a text holding one is no longer the flagged text there
        if not (
            shown.fact.flagged
            or shown.text in flagged
            and "\t" not in shown.text
            and not shown.capped
        ):
            continue
        if not shown.text.strip():
            continue  # a blank value has no character to paint: what stands where it does is not it
        plain = _unpainted(judged.rows, shown)
        if plain:
            report(
                "highlight",
                f"the flagged '{shown.fact.label}' is not painted on screen: {plain[:30]!r}",
            )
            return


def _unpainted(rows: Sequence[ScreenRow], shown: FactOnScreen) -> str:
    """What of a flagged value stands unpainted, on every row of it: a value is all its rows, not its first.

    Blanks and markers are no part of the text; a detail after the arrow is
    not the flagged text.
    """
    plain: list[str] = []
    for segment, text in shown.value_rows(rows):
        row = rows[segment.row]
        arrow = text.find("\u2192")
        styles = row.styles[segment.start : segment.start + (len(text) if arrow < 0 else arrow)]
        plain += [
            char
            for char, style in zip(text, styles, strict=False)
            if not char.isspace() and char != MARKER and not style.painted
        ]
        if arrow >= 0:
            break
    return "".join(plain)
