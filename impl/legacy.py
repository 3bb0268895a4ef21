"""The old dialog, kept as the measured baseline.

It shows the one-sentence ask with the whole tool input inline, wrapped to
the width like any message: that is how a 200-line here-string became a
202-row prompt. It is neutralised like every other render (a baseline that
let escapes through would be measuring a different bug), but never bounded.
"""

from __future__ import annotations

from wcwidth import wrap

from .cells import expand_tabs, wrap_line
from .neutralise import neutralise
from .payload import PromptPayload


def render_legacy_message(payload: PromptPayload) -> str:
    """The one-sentence ask the old dialog showed and a subagent relays."""
    return payload.legacy_message


def wrap_message(message: str, width: int) -> list[str]:
    """Word-wrapped like the old dialog's message; a word longer than the row is split."""
    rows: list[str] = []
    for line in neutralise(message).split("\n"):
        line = expand_tabs(line)
        if not line.strip():
            rows.append("")
            continue
        wrapped = wrap(line, width) if not line.isascii() or len(line) > width else [line]
        rows.extend(row for part in wrapped for row in wrap_line(part, width))
    return rows
