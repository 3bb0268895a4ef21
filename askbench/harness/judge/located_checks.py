"""What the payload's located cells let the judge hold a frame to, wherever its layout put them.

The rows budget (``maxRows``) bounds the request's text on the screen, not the
rows a reader happens to count as the ask: a renderer that shows the value
again below its options, or after a blank row under the ask, spends rows the
budget never allowed. Located cells (``askbench.harness.judge.perturbation``)
say which rows show payload text; the title's (a requester named there) and
the options' (a grant that names what it grants) are theirs to show.
"""

from __future__ import annotations

from .ask_reading import AskReading
from .fact_checks import reading_problem
from .judged_frames import Judged
from .report import Report

__all__ = ["check_payload_below", "unread"]


def unread(ask: AskReading) -> int:
    """How many facts the reading could not find or read as their text."""
    return len(ask.missing) + sum(reading_problem(shown) is not None for shown in ask.facts)


def check_payload_below(judged: Judged, max_rows: int, report: Report) -> None:
    """Payload text on rows past the ask, the options' aside, counts toward the rows the ask may take.

    Rows past the ask that are not blank are few (a hint) unless something more is drawn there; only
    then is the payload located, so a frame within its budget costs no second drawing.
    """
    ask, chrome = judged.ask, judged.chrome
    assert ask is not None
    options = range(chrome.options_start, chrome.options_end)
    texts = judged.reading.rows
    drawn = [row for row in range(ask.end, len(texts)) if row not in options and texts[row].strip()]
    if ask.rows + len(drawn) <= max(max_rows, ask.rows):
        return
    located = judged.locate()
    if located is None:
        return
    below = [row for row in located.rows() if row >= ask.end and row not in options]
    if below and ask.rows + len(below) > max(max_rows, ask.rows):
        report(
            "rows",
            f"the payload's text stands on {len(below)} rows past the ask (from row {below[0] + 1}), "
            f"which with the ask's {ask.rows} take {ask.rows + len(below)} rows > {max_rows}",
        )
