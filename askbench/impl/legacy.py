"""The old dialog, kept as the measured baseline.

It shows the one-sentence ask with the whole tool input inline, wrapped to
the width like any message: that is how a 200-line here-string became a
202-row prompt. It is neutralised like every other render (a baseline that
let escapes through would be measuring a different bug), but never bounded.
"""

from __future__ import annotations

from .cells import expand_tabs, wrap_line
from .neutralise import neutralise
from .payload import PromptPayload


def render_legacy_message(payload: PromptPayload) -> str:
    """The one-sentence ask the old dialog showed and a subagent relays."""
    return payload.legacy_message


def wrap_message(message: str, width: int) -> list[str]:
    """The message wrapped to the width, every line of it: the old dialog's height.

    Wrapped by cell rather than by word (the upstream wraps by word); for the
    measured cases — a here-string of short lines, one long logical line — the
    row counts agree, and a word wrapper costs quadratic time on a 10 MB baseline.
    """
    return [
        row
        for line in neutralise(message).split("\n")
        for row in wrap_line(expand_tabs(line), width)
    ]
