"""A frame as one terminal shows it below a transcript: its rows, and every control and unprintable character.

A frame is read the way a terminal receives it: rows joined by CR LF below a
transcript. Printable text and SGR colour are laid out by the model
(``askbench.harness.terminals.layout``) or by a real terminal; anything else
— cursor moves, erases, titles, modes, bare control characters — is a
containment failure, and such a frame is also run through pyte
(``askbench.harness.terminals.truth``) to say what it would have done to the
transcript and the cursor. The reading keeps what pyte would drop: concealed
and dim text, and every character a terminal would not print.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .layout import place
from .models import GRAPHEME, TerminalModel
from .rows import ScreenRows
from .truth import control_effects
from .unprintables import LineAudit, plain_line

__all__ = ["FrameReading", "StyledRun", "read_frame"]


@dataclass(frozen=True)
class StyledRun:
    """Consecutive characters of one row drawn alike, for a gallery; ``fg``/``bg`` as in ``Style``."""

    text: str
    fg: str = "default"
    bg: str = "default"
    bold: bool = False
    reverse: bool = False


@dataclass
class FrameReading:
    """What one terminal model shows after a frame was written below a transcript."""

    model: TerminalModel
    screen_rows: ScreenRows
    transcript_intact: bool = True
    cursor_left_frame: bool = False
    foreign_events: list[str] = field(default_factory=list)
    foreign_bytes: list[str] = field(default_factory=list)
    unprintable: list[str] = field(default_factory=list)

    @property
    def rows(self) -> Sequence[str]:
        """Each row's text, read without making a row."""
        return self.screen_rows.texts

    @property
    def frame_rows(self) -> int:
        """Screen rows the frame occupies, wrapped rows counted."""
        return len(self.screen_rows)

    @property
    def painted_cells(self) -> int:
        """Characters drawn in a colour of their own."""
        return sum(1 for row in self.screen_rows for style in row.styles if style.fg != "default")

    def styled_rows(self) -> list[tuple[StyledRun, ...]]:
        """Every row as runs of one style; ``"".join(run.text ...)`` equals ``rows[i]``."""
        out = []
        for row in self.screen_rows:
            runs: list[StyledRun] = []
            start = 0
            for index in range(1, len(row.text) + 1):
                if index == len(row.text) or row.styles[index] != row.styles[start]:
                    style = row.styles[start]
                    runs.append(
                        StyledRun(
                            row.text[start:index], style.fg, style.bg, style.bold, style.reverse
                        )
                    )
                    start = index
            out.append(tuple(runs))
        return out


def read_frame(
    frame_lines: Sequence[str], width: int, model: TerminalModel = GRAPHEME
) -> FrameReading:
    """The frame as ``model`` shows it, with every control and unprintable character it carries recorded.

    A real terminal's rows, and whether its transcript held, are its own; what
    a frame's controls did to the cursor is pyte's on every terminal.
    """
    audit = LineAudit()
    if model.screen is None:
        rows = place(frame_lines, width, model, audit)
        reading = FrameReading(
            model, rows, foreign_bytes=audit.foreign, unprintable=audit.unprintable
        )
    else:
        for line in frame_lines:
            if not plain_line(line):
                audit.line(line)
        shown = model.screen(frame_lines, width)
        reading = FrameReading(
            model,
            shown.rows,
            shown.transcript_intact,
            foreign_bytes=audit.foreign,
            unprintable=audit.unprintable,
        )
    foreign = audit.foreign
    if foreign:
        effects = control_effects(frame_lines, width)
        reading.foreign_events = list(effects.events)
        reading.transcript_intact = reading.transcript_intact and effects.transcript_intact
        reading.cursor_left_frame = effects.cursor_left_frame
    return reading
