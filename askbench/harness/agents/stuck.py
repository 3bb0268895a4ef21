"""A CLI stuck on one screen without a prompt (a login, a trust dialog): stop driving it, and say which screen.

Such a screen burns the whole timeout in every cell — over an hour per CLI
on the full matrix — and every cell would say the same thing. Once a CLI
has settled on the same screen (spinners and numbers masked) with no prompt
in ``STUCK_AFTER`` cells in a row, its cells not yet started are reported
``STUCK`` with that screen's first lines, without being driven.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from .settle import mask
from .verdicts import Verdict, first_lines

__all__ = ["STUCK_AFTER", "Stuck", "StuckWatch"]

STUCK_AFTER = 3
WITHOUT_PROMPT = ("TIMEOUT", "NO PROMPT")
"""The verdicts of a cell that showed a screen and no prompt."""


@dataclass(frozen=True)
class Stuck:
    """The screen a CLI kept showing, and in how many cells in a row."""

    cells: int
    screen: tuple[str, ...]

    def verdict(self, profile: str, fixture: str, width: int) -> Verdict:
        return Verdict(
            profile,
            fixture,
            width,
            "STUCK",
            notes=(
                f"not driven: the CLI showed the same screen without a prompt in {self.cells} cells "
                f"in a row: {first_lines(self.screen)}",
            ),
            screen=self.screen,
        )


class StuckWatch:
    """Each CLI's run of cells ending on the same screen without a prompt, as verdicts come (from any thread)."""

    def __init__(self, after: int = STUCK_AFTER) -> None:
        self._after = after
        self._lock = threading.Lock()
        self._last: dict[str, tuple[tuple[str, ...], int]] = {}
        self._stuck: dict[str, Stuck] = {}

    def seen(self, verdict: Verdict) -> None:
        if verdict.status == "STUCK":
            return
        with self._lock:
            if verdict.status not in WITHOUT_PROMPT:
                self._last.pop(verdict.profile, None)
                return
            screen = mask(verdict.screen)
            previous, count = self._last.get(verdict.profile, ((), 0))
            count = count + 1 if previous == screen and count else 1
            self._last[verdict.profile] = (screen, count)
            if count >= self._after:
                self._stuck.setdefault(verdict.profile, Stuck(count, verdict.screen))

    def stuck(self, profile: str) -> Stuck | None:
        with self._lock:
            return self._stuck.get(profile)
