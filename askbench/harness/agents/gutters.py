"""Line-number and diff gutters a CLI draws down the text it shows, read off so the text reads as the input's.

A write or edit prompt numbers the lines it shows (``300 }``) and a diff
marks them (``2 + /**``): the numbers and marks are the CLI's, standing
between the input's lines, so the input's text read across rows breaks at
each. A gutter is read by observation: rows whose first word, after the
margin (blanks and box drawing), is a number followed by a blank or by a
diff mark (``+``, ``-``) and a blank, the numbers of such rows counting up
by one from one to the next (rows between without a number are a wrapped
line's continuation). A lone numbered row is no gutter: the input's own
text may begin with a number.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

__all__ = ["without_gutters"]

_NUMBERED = re.compile(r"^[\s\u2500-\u259f]*(\d+)(?: [+\-])?(?=\s|$)")


def without_gutters(rows: Sequence[str]) -> tuple[str, ...]:
    """``rows`` with the numbers and diff marks of every gutter drawn down them taken off (blanks left)."""
    numbered = [(index, found) for index, row in enumerate(rows) if (found := _NUMBERED.match(row))]
    counted: dict[int, re.Match[str]] = {}
    for (above, first), (below, second) in pairwise(numbered):
        if int(second.group(1)) == int(first.group(1)) + 1:
            counted[above], counted[below] = first, second
    return tuple(
        row
        if index not in counted
        else row[: counted[index].start(1)] + row[counted[index].end() :]
        for index, row in enumerate(rows)
    )
