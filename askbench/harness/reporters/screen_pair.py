"""Two screens of one prompt shown together: side by side when both fit the reader's terminal, else one under the other.

``askbench render --beside`` puts a renderer's screen next to the
reference's, each as a terminal model showed it; a person compares them row
by row. Each is headed with what drew it and the terminal that showed it,
since a screen is only ever what some terminal shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["GAP", "TitledScreen", "beside"]

GAP = " | "
"""What stands between the two screens side by side: ASCII, so it is one cell a character on every terminal
(a box-drawing bar is two on a CJK-locale one, and would push the right screen out of line)."""


@dataclass(frozen=True)
class TitledScreen:
    """A screen's rows, and the heading that says who drew it and on which terminal (a line each, so that
    neither is cut off when the screens stand side by side)."""

    heading: tuple[str, ...]
    rows: tuple[str, ...]


def _padded(text: str, width: int, cells: Callable[[str], int]) -> str:
    """``text`` filled with blanks to ``width`` cells; a heading longer than that is cut, ending in ``…``."""
    while cells(text) > width:
        text = text[: max(0, len(text) - 2)] + "…"
    return text + " " * (width - cells(text))


def beside(
    left: TitledScreen,
    right: TitledScreen,
    width: int,
    columns: int,
    cells: Callable[[str], int],
) -> list[str]:
    """The two screens (each ``width`` cells wide, measured by ``cells``) side by side when both fit ``columns``
    with the gap between them; one under the other, a blank line apart, when they do not."""
    rule = "-" * width
    if 2 * width + len(GAP) > columns:
        return [*left.heading, rule, *left.rows, "", *right.heading, rule, *right.rows]
    heading = _rows(left.heading, right.heading)
    pairs = [*heading, (rule, rule), *_rows(left.rows, right.rows)]
    return [
        (_padded(one, width, cells) + GAP + _padded(other, width, cells)).rstrip()
        for one, other in pairs
    ]


def _rows(left: Sequence[str], right: Sequence[str]) -> list[tuple[str, str]]:
    count = max(len(left), len(right))
    return [
        (left[index] if index < len(left) else "", right[index] if index < len(right) else "")
        for index in range(count)
    ]
