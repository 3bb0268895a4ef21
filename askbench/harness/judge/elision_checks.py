"""``elision``: the bounded view says it leaves something out exactly when its screen does, and never counts it.

The claim (the frame's ``elided``) and the hint's ``ctrl+o`` are held to
what the screen shows; a marker that carries a number (``… 12 more lines``)
tells the person nothing they can act on.
"""

from __future__ import annotations

import re

from .ask_reading import AskReading
from .fact_checks import reading_problem
from .field_match import MARKER
from .judged_frames import Judged
from .report import Report

__all__ = ["EXPAND_KEY", "check_elision", "elides"]

EXPAND_KEY = "ctrl+o"
"""The key the hint must name exactly when the bounded view leaves something out."""


def elides(ask: AskReading) -> bool | None:
    """What the screen says: a field reads as capped, or evidence is left out.

    ``None`` when it cannot say: a field that does not read as its text at
    all (a raw CR, a U+2029 or an OSC mangled it) may be whole or cut, and
    the entries read after it may be misplaced rather than left out. That is
    a ``core`` or ``evidence`` violation, not evidence either way.
    """
    if any(reading_problem(shown) is not None for shown in ask.facts):
        return None
    return bool(ask.dropped) or any(shown.capped for shown in ask.facts)


def check_elision(judged: Judged, claimed: bool, report: Report) -> None:
    ask = judged.ask
    assert ask is not None
    actual = elides(ask)
    if actual is not None:
        if claimed != actual:
            report(
                "elision",
                f"elided={claimed} but the screen {'leaves something out' if actual else 'shows everything'}",
            )
        offers = EXPAND_KEY in judged.chrome_text().lower()
        if offers != actual:
            report(
                "elision",
                f"the hint {'offers' if offers else 'does not offer'} {EXPAND_KEY} while the view "
                f"{'leaves something out' if actual else 'shows everything'}",
            )
    read = {
        index
        for shown in ask.facts
        if reading_problem(shown) is None
        for index in range(shown.head, shown.end)
    }
    for index in range(ask.start, ask.end):
        if index in read:
            continue  # digits after a marker there are the text's own: its tail was read back
        count = _COUNT.search(judged.rows[index].text)
        if count:
            report("elision", f"an elision carries a count: {count.group()!r}")
            return


_COUNT_WORDS = r"(?:more|lines?|chars?|characters?|rows?|bytes?|entries|fields?|hidden|omitted|elided|truncated)\b"
_COUNT = re.compile(
    rf"{MARKER}\s*[(\[]?\s*\+?\d[\d,.]*\s*{_COUNT_WORDS}|\d[\d,.]*\s*{_COUNT_WORDS}[)\]]?\s*{MARKER}"
)
"""``… (12 more lines)``, ``…+3 rows``, ``40 characters hidden …``: a number the person cannot act on."""
