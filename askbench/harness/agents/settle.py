"""When a screen has settled: the same rows, spinners and clocks masked, for a while.

CLIs animate while they wait — spinner glyphs, glyphs that blink on and
off, elapsed seconds, token counters — so two captures of a prompt that
stands still differ in those cells alone. They are masked before screens
are compared; nothing else is. A spinner glyph masks to a blank, so one
that blinks (glyph, blank, glyph) reads as still as one that turns.

A blank screen is never taken as settled: a program that redraws clears
the screen first, and on a busy machine the blank can stand for longer
than the quiet time before the redraw comes.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["mask", "Settled", "settle"]

_SPINNER = re.compile(
    r"[\u2800-\u28ff\u25d0-\u25d3\u25f0-\u25f7\u2596-\u259f\u2733-\u273f\u2722-\u2727\u00b7*\u2219\u25cf\u25cb"
    r"\u2022\u2023\u2043\u25e6\u25c9\u25ce\u23fa|/\\-]"
)
_NUMBER = re.compile(r"\d+([.:]\d+)*")


def mask(rows: Sequence[str]) -> tuple[str, ...]:
    """The rows with every spinner glyph and every number replaced, so animation reads as stillness."""
    return tuple(_NUMBER.sub("#", _SPINNER.sub(" ", row)) for row in rows)


@dataclass(frozen=True)
class Settled:
    rows: tuple[str, ...]
    settled: bool
    """False when the time ran out first."""
    quiet: bool = True
    """Whether the screen had stood still for the quiet time when the wait ended (the condition aside)."""


def settle(
    capture: Callable[[], Sequence[str]],
    quiet: float = 1.0,
    limit: float = 20.0,
    poll: float = 0.15,
    until: Callable[[Sequence[str]], bool] | None = None,
    stop: Callable[[], bool] | None = None,
    changed_from: Sequence[str] | None = None,
    patience: float = 0.0,
) -> Settled:
    """Capture until the masked screen stays the same for ``quiet`` seconds (and ``until`` holds), or ``limit``.

    ``changed_from`` is the screen before a key was pressed: the quiet time
    counts only once the screen differs from it, or once ``patience`` has
    passed without a change (the key did nothing). So a slow answer to a key
    is not taken for its absence, and the quiet time can stay short.
    ``stop`` ends the wait early (the program exited, the model got its
    answer): the last screen is returned as settled. A blank screen waits
    out the ``limit``: it is a redraw under way, not an answer.
    """
    start = time.monotonic()
    last: tuple[str, ...] = ()
    since = start
    rows: Sequence[str] = ()
    before = mask(changed_from) if changed_from is not None else None
    moved = before is None
    while True:
        rows = capture()
        now = time.monotonic()
        masked = mask(rows)
        if masked != last:
            last, since = masked, now
        moved = moved or masked != before or now - start >= patience
        ready = moved and any(row.strip() for row in rows) and (until is None or until(rows))
        if ready and now - since >= quiet or stop is not None and stop():
            return Settled(tuple(rows), True)
        if now - start >= limit:
            return Settled(tuple(rows), False, now - since >= quiet)
        time.sleep(poll)
