"""What the real terminals share: a frame written as a TUI writes it, and the screen read back as ``ScreenRow``.

A real terminal (``askbench.harness.terminals.tmux_screen``, ``askbench.harness.terminals.xterm_screen``) is a
``TerminalModel`` whose screen is the terminal's own: the judge writes the
transcript and the frame to it, raw, and reads back every row with SGR for how
each cell is drawn. Widths are the terminal's too: ``measure`` asks the
terminal how far each grapheme moves its cursor (cached, as the corpus repeats
its characters). Nothing here decides a width; the terminal does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Protocol

from wcwidth import iter_graphemes

from .layout import place
from .models import GRAPHEME, TerminalModel, TerminalScreen
from .rows import ScreenRows
from .truth import TRANSCRIPT
from .unprintables import printed_text

__all__ = [
    "RealTerminal",
    "TerminalUnavailable",
    "frame_data",
    "frame_height",
    "real_model",
    "screen_rows",
]


class TerminalUnavailable(RuntimeError):
    """A real terminal the judge was asked for is not installed here; the message says how to install it."""


class RealTerminal(Protocol):
    """A running terminal: a frame written to a screen of a size, and texts measured by its cursor."""

    def show(self, data: str, width: int, height: int) -> tuple[list[str], int]:
        """Every screen row (characters with SGR) after ``data``, and the row the cursor ended on."""
        ...

    def advances(self, texts: Sequence[str]) -> list[int]:
        """How many columns each text moves the cursor, written alone on a row."""
        ...


def frame_data(lines: Sequence[str]) -> str:
    """A full reset, the transcript, then the frame, rows joined by CR LF, as a TUI writes it below a session."""
    return "\x1bc" + "\r\n".join((*TRANSCRIPT, *lines))


def frame_height(lines: Sequence[str], width: int) -> int:
    """Screen rows enough for the transcript and the frame without scrolling: a code point takes at most 2 columns, a tab 8."""
    rows = sum(
        1 + (2 * len(printed_text(line)) + 8 * line.count("\t")) // (width - 1) for line in lines
    )
    return len(TRANSCRIPT) + rows + 2


def screen_rows(shown: Sequence[str]) -> ScreenRows:
    """Rows the terminal gave as characters with SGR (its style carried from row to row) as the judge reads rows."""
    return place(shown, 1 << 30, GRAPHEME)


def _screen(terminal: RealTerminal) -> Callable[[Sequence[str], int], TerminalScreen]:
    def screen(lines: Sequence[str], width: int) -> TerminalScreen:
        shown, cursor_row = terminal.show(frame_data(lines), width, frame_height(lines, width))
        rows = screen_rows(shown)
        last = max([cursor_row, *(index for index, row in enumerate(rows) if row.text)])
        intact = [row.text for row in rows[: len(TRANSCRIPT)]] == list(TRANSCRIPT)
        return TerminalScreen(
            ScreenRows.of(rows[len(TRANSCRIPT) : last + 1] if lines else ()), intact
        )

    return screen


def real_model(name: str, stands_for: str, terminal: RealTerminal) -> TerminalModel:
    """A terminal model whose screen and widths are ``terminal``'s own."""
    known: dict[str, int] = {}

    def measure(text: str) -> Iterator[tuple[str, int]]:
        graphemes = list(iter_graphemes(text))
        unknown = list(dict.fromkeys(g for g in graphemes if g not in known and not g.isascii()))
        if unknown:
            known.update(zip(unknown, terminal.advances(unknown), strict=True))
        for grapheme in graphemes:
            yield (
                grapheme,
                sum(char.isprintable() for char in grapheme)
                if grapheme.isascii()
                else known[grapheme],
            )

    return TerminalModel(name, stands_for, measure, _screen(terminal))
