"""The reference's colours: the paint the gate renders with and the prompt's own chrome.

Kept apart from the frame sources so that ``askbench try``, which draws with
them, imports nothing of the adapter contract (its schemas and their validator).
"""

from __future__ import annotations

__all__ = ["ANSI_PAINT_CLOSE", "ANSI_PAINT_OPEN", "CHROME_STYLES", "chrome_style", "warning_paint"]

ANSI_PAINT_OPEN = "\x1b[33m"
ANSI_PAINT_CLOSE = "\x1b[39m"


def warning_paint(role: str, text: str) -> str:
    """The paint the gate renders with: the flagged element in the warning colour, labels dim."""
    if role == "flagged":
        return f"{ANSI_PAINT_OPEN}{text}{ANSI_PAINT_CLOSE}"
    return f"\x1b[2m{text}\x1b[22m"


CHROME_STYLES = {"title": "1;36", "selected": "36", "muted": "2"}


def chrome_style(role: str, text: str) -> str:
    """The prompt's own colours (title, selected option, hint), as ``askbench try`` and ``render`` draw them."""
    code = CHROME_STYLES.get(role)
    return f"\x1b[{code}m{text}\x1b[0m" if code else text
