"""The terminal's own word on its size: a cursor position report from its far corner.

The size a tty reports (``TIOCGWINSZ``) is a number someone set: ``0×0`` on
serial consoles and some ptys, or a stale size after ``stty cols 120 rows
40`` in a smaller pane. The terminal itself knows where it clamps the cursor,
so the probe saves the cursor, moves it to row 999, column 999, asks for its
position (``CSI 6 n``) and restores it: the answer, ``CSI rows ; cols R``, is
the size the terminal draws at. Every VT100 descendant answers; a terminal that
does not leaves the size unconfirmed.

The answer arrives on the same input as the person's keys, in whatever reads
the terminal splits it into, so :class:`SizeReports` takes it out of the input
and hands every other byte back, in order: a key typed while the prompt waits
for an answer is the person's, and is kept. Only while an answer is owed is a
report looked for, so no key is ever taken for one when none was asked; one that
arrives after the wait gave up still confirms the size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PROBE = "\x1b7\x1b[999;999H\x1b[6n\x1b8"
"""Save the cursor (DECSC), move it to the far corner, ask where it is (DSR 6), restore it (DECRC)."""

_REPORT = re.compile(r"\x1b\[(\d{1,5});(\d{1,5})R")
_REPORT_START = re.compile(r"\x1b(?:\[(?:\d{1,5}(?:;\d{0,5})?)?)?\Z")
"""The end of a read that may be the first part of a report split across reads."""


@dataclass(frozen=True)
class Size:
    """A terminal size the terminal itself reported: ``columns`` × ``rows`` cells."""

    columns: int
    rows: int


@dataclass(frozen=True)
class Scanned:
    """One read, taken apart: the size reports in it, and everything else as typed."""

    reports: tuple[Size, ...]
    keys: str


def parse_report(text: str) -> Size | None:
    """The size a whole ``CSI rows ; cols R`` answer states, or ``None`` when ``text`` is not one."""
    match = _REPORT.fullmatch(text)
    if match is None or int(match[1]) < 1 or int(match[2]) < 1:
        return None
    return Size(columns=int(match[2]), rows=int(match[1]))


class SizeReports:
    """Takes the answers to the probes sent out of the input, keeping every other byte in its place."""

    def __init__(self) -> None:
        self.owed = 0
        """Probes sent and not answered yet: reports are looked for only while this is positive."""
        self._held = ""

    def probe(self) -> str:
        """The bytes to write to the terminal to ask for its size; an answer is owed from now on."""
        self.owed += 1
        return PROBE

    def feed(self, text: str) -> Scanned:
        """One read's text: the reports it completes (at most the ones owed), and the keys around them.

        A read that ends in what may be the start of a report keeps that tail
        until the next read (or :meth:`flush`), as a key parser keeps a lone ESC.
        """
        text, self._held = self._held + text, ""
        reports: list[Size] = []
        keys: list[str] = []
        start = 0
        while self.owed and (match := _REPORT.search(text, start)):
            keys.append(text[start : match.start()])
            start = match.end()
            self.owed -= 1
            size = parse_report(match[0])
            if size is not None:
                reports.append(size)
        rest = text[start:]
        tail = _REPORT_START.search(rest) if self.owed else None
        if tail is not None:
            rest, self._held = rest[: tail.start()], rest[tail.start() :]
        keys.append(rest)
        return Scanned(tuple(reports), "".join(keys))

    @property
    def holding(self) -> bool:
        """Whether a read ended in what may be the start of a report, held back from the keys."""
        return bool(self._held)

    def flush(self) -> str:
        """Input went quiet: a tail held back was keys after all (an ESC, say), not a report."""
        held, self._held = self._held, ""
        return held
