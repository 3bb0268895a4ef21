"""The reference's colours: the paint the gate renders with and the prompt's own chrome.

Kept apart from the frame sources so that ``askbench try``, which draws with
them, imports nothing of the adapter contract (its schemas and their validator).

The colours are fixed 256-colour ones that read at 3.5:1 or more on every
palette ``legible`` judges (``askbench.harness.terminals.palettes``): the
theme's own yellow and cyan fall under 2:1 on xterm's light palette, and
dim text under 2:1 on Solarized Light, so the reference names its colours
rather than borrowing the theme's.
"""

from __future__ import annotations

__all__ = ["ANSI_PAINT_CLOSE", "ANSI_PAINT_OPEN", "CHROME_SGR", "chrome_style", "warning_paint"]

WARNING = "38;5;166"
"""Orange, #d75f00: 3.5:1 or more on every palette."""
GREY = "38;5;244"
"""Mid grey, #808080: a label or a hint set back from what it names, 3.5:1 or more on every palette."""
ACCENT = "38;5;32"
"""Blue, #0087d7: the title and the selected option, 3.5:1 or more on every palette."""

ANSI_PAINT_OPEN = f"\x1b[{WARNING}m"
ANSI_PAINT_CLOSE = "\x1b[39m"


def warning_paint(role: str, text: str) -> str:
    """The paint the gate renders with: the flagged element in the warning colour, labels grey."""
    if role == "flagged":
        return f"{ANSI_PAINT_OPEN}{text}{ANSI_PAINT_CLOSE}"
    return f"\x1b[{GREY}m{text}\x1b[39m"


CHROME_SGR = {"title": f"1;{ACCENT}", "selected": ACCENT, "muted": GREY}


def chrome_style(role: str, text: str) -> str:
    """The prompt's own colours (title, selected option, hint), as ``askbench try`` and ``render`` draw them."""
    code = CHROME_SGR.get(role)
    return f"\x1b[{code}m{text}\x1b[0m" if code else text
