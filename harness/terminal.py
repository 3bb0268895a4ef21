"""A virtual terminal that tells the truth about a frame.

pyte parses the byte stream exactly as a terminal would; on top of it this
screen records everything a permission prompt must never do: any control
function but colour (cursor moves, erases, titles, modes), any character a
terminal would not print (pyte's own ``draw`` silently drops the rest of a
chunk after one), and how far the cursor travelled. Cells are measured by
grapheme with wcwidth, as a modern terminal lays out emoji sequences, which
is also how the renderer counts, so a row count here is a row count there.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

import pyte
from wcwidth import iter_graphemes
from wcwidth import width as wcwidth_width

TRANSCRIPT = tuple(f"transcript row {index:02d}" for index in range(1, 5))
"""Earlier session output, short enough to fit the narrowest screen the gate accepts (20 columns)."""

_SGR = re.compile(r"\x1b\[[0-9;]*m")
_FORBIDDEN = re.compile(r"[\x00-\x1f\x7f-\x9f]")
"""Every control character, after SGR sequences are removed: a frame line holds no CR or LF of its own."""

_ALLOWED_EVENTS = frozenset({"draw", "linefeed", "carriage_return", "select_graphic_rendition"})
_CONTROL_EVENTS = (
    sorted(set(pyte.Stream.basic.values()) | set(pyte.Stream.escape.values()) | set(pyte.Stream.sharp.values())
           | set(pyte.Stream.csi.values()) | {"set_title", "set_icon_name", "define_charset", "debug"})
)


def foreign_controls(line: str) -> list[str]:
    """Every control in one frame line that is not an SGR colour sequence, as visible text."""
    stripped = _SGR.sub("", line)
    return [repr(match.group()) for match in _FORBIDDEN.finditer(stripped)]


class TruthScreen(pyte.Screen):
    """A pyte screen that measures graphemes and records every non-colour control."""

    def __init__(self, columns: int, lines: int) -> None:
        self.foreign: list[str] = []
        self.unprintable: list[str] = []
        self._inside = 0
        super().__init__(columns, lines)

    def linefeed(self) -> None:
        # pyte implements a line feed with ``index`` and ``cursor_down``; those are not the frame's doing.
        self._inside += 1
        try:
            super().linefeed()
        finally:
            self._inside -= 1

    def draw(self, data: str) -> None:
        attrs = self.cursor.attrs
        cell_type, rest = type(attrs), tuple(attrs)[1:]
        if data.isascii() and data.isprintable() and pyte.modes.DECAWM in self.mode:
            for char in data:
                if self.cursor.x >= self.columns:
                    self.carriage_return()
                    self.linefeed()
                self.buffer[self.cursor.y][self.cursor.x] = tuple.__new__(cell_type, (char, *rest))
                self.cursor.x += 1
            self.dirty.add(self.cursor.y)
            return
        for grapheme in iter_graphemes(data):
            width = 1 if grapheme.isascii() and grapheme.isprintable() else wcwidth_width(grapheme)
            if width <= 0 or _is_control(grapheme[0]):
                self.unprintable.append(grapheme)
                continue
            if self.cursor.x + width > self.columns:
                if pyte.modes.DECAWM in self.mode:
                    self.carriage_return()
                    self.linefeed()
                else:
                    self.cursor.x = self.columns - width
            row = self.buffer[self.cursor.y]
            row[self.cursor.x] = tuple.__new__(cell_type, (grapheme, *rest))
            for stub in range(1, width):
                if self.cursor.x + stub < self.columns:
                    row[self.cursor.x + stub] = tuple.__new__(cell_type, ("", *rest))
            self.cursor.x += width
            self.dirty.add(self.cursor.y)


def _is_control(char: str) -> bool:
    """Controls, format characters, surrogates and separators: what a terminal acts on or drops.

    Unassigned code points are not in this list: the interpreter's Unicode
    tables may be older than wcwidth's, and a terminal prints what it measures.
    """
    return unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp")


def _recorder(name: str):  # type: ignore[no-untyped-def]
    original = getattr(pyte.Screen, name)

    def record(self: TruthScreen, *args, **kwargs):  # type: ignore[no-untyped-def]
        if not self._inside:
            self.foreign.append(f"{name}{args if args else ''}")
        return original(self, *args, **kwargs)

    return record


for _name in _CONTROL_EVENTS:
    if _name not in _ALLOWED_EVENTS and hasattr(pyte.Screen, _name):
        setattr(TruthScreen, _name, _recorder(_name))


@dataclass(frozen=True)
class StyledRun:
    """Consecutive cells of one row drawn with the same attributes, as pyte recorded them.

    ``fg`` and ``bg`` are pyte's names (``default``, ``brown`` for SGR 33,
    ``cyan``, ...) or six hex digits for 256-colour and true-colour cells.
    """

    text: str
    fg: str = "default"
    bg: str = "default"
    bold: bool = False
    reverse: bool = False


def _styled_row(screen: TruthScreen, y: int) -> tuple[StyledRun, ...]:
    """One row as runs whose text joins to ``_row_text``: wide-character stubs dropped, right-stripped."""
    runs: list[StyledRun] = []
    text: list[str] = []
    key: tuple[str, str, bool, bool] | None = None
    row = screen.buffer[y]
    for x in range(screen.columns):
        cell = row[x]
        if not cell.data:
            continue
        cell_key = (cell.fg, cell.bg, cell.bold, cell.reverse)
        if cell_key != key and text:
            runs.append(StyledRun("".join(text), *key))  # type: ignore[misc]
            text = []
        key = cell_key
        text.append(cell.data)
    if text:
        runs.append(StyledRun("".join(text), *key))  # type: ignore[misc]
    while runs and not runs[-1].text.rstrip():
        runs.pop()
    if runs:
        last = runs[-1]
        runs[-1] = StyledRun(last.text.rstrip(), last.fg, last.bg, last.bold, last.reverse)
    return tuple(runs)


@dataclass
class FrameReading:
    """What the screen shows after a frame was written below a transcript."""

    rows: list[str]
    """Every row the frame occupies, as displayed text (wide-char stubs removed, right-stripped)."""
    frame_top: int
    frame_rows: int
    transcript_intact: bool
    cursor_left_frame: bool
    foreign_events: list[str] = field(default_factory=list)
    foreign_bytes: list[str] = field(default_factory=list)
    unprintable: list[str] = field(default_factory=list)
    painted_cells: int = 0
    screen: TruthScreen | None = field(default=None, repr=False, compare=False)
    """The virtual terminal itself, kept so that ``styled_rows`` can read its cells on request."""

    def styled_rows(self) -> list[tuple[StyledRun, ...]]:
        """Every frame row as coloured runs, for a gallery; ``"".join(run.text ...)`` equals ``rows[i]``."""
        if self.screen is None:
            raise ValueError("this reading kept no screen")
        return [_styled_row(self.screen, y) for y in range(self.frame_top, self.frame_top + self.frame_rows)]


def _row_text(screen: TruthScreen, y: int) -> str:
    row = screen.buffer[y]
    return "".join(row[x].data for x in range(screen.columns)).rstrip()


def read_frame(frame_lines: list[str] | tuple[str, ...], width: int) -> FrameReading:
    """Write the transcript, then the frame as a TUI does (rows joined by CR LF), and read it back."""
    height = len(TRANSCRIPT) + len(frame_lines) + 2
    screen = TruthScreen(width, height)
    stream = pyte.Stream(screen)
    stream.feed("\r\n".join(TRANSCRIPT) + "\r\n")
    before = [_row_text(screen, y) for y in range(len(TRANSCRIPT))]
    screen.foreign.clear()
    top = screen.cursor.y
    left = False
    for index, line in enumerate(frame_lines):
        stream.feed(line if index == 0 else "\r\n" + line)
        if screen.cursor.y < top:
            left = True
    bottom = screen.cursor.y
    after = [_row_text(screen, y) for y in range(len(TRANSCRIPT))]
    rows = [_row_text(screen, y) for y in range(top, bottom + 1)]
    painted = sum(
        1 for y in range(top, bottom + 1) for x in range(width) if screen.buffer[y][x].fg != "default"
    )
    return FrameReading(
        rows=rows,
        frame_top=top,
        frame_rows=bottom - top + 1,
        transcript_intact=before == after and before == list(TRANSCRIPT),
        cursor_left_frame=left,
        foreign_events=list(screen.foreign),
        foreign_bytes=[control for line in frame_lines for control in foreign_controls(line)],
        unprintable=list(screen.unprintable),
        painted_cells=painted,
        screen=screen,
    )
