"""pyte's truth about a frame that carries controls: what they did to the transcript above it and the cursor.

Only a frame with a control other than SGR colour is run through pyte (a
plain frame is laid out by ``askbench.harness.terminals.layout``): such a
frame has already failed containment, and pyte says how — which control
functions ran, whether a transcript row changed, whether the cursor left the
frame.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from dataclasses import dataclass

import pyte
from wcwidth import iter_graphemes

from .models import grapheme_width

__all__ = ["TRANSCRIPT", "ControlEffects", "TruthScreen", "control_effects"]

TRANSCRIPT = tuple(f"transcript row {index:02d}" for index in range(1, 5))
"""Earlier session output, short enough to fit the narrowest screen the gate accepts."""

_ALLOWED_EVENTS = frozenset({"draw", "linefeed", "carriage_return", "select_graphic_rendition"})
_CONTROL_EVENTS = sorted(
    set(pyte.Stream.basic.values())
    | set(pyte.Stream.escape.values())
    | set(pyte.Stream.sharp.values())
    | set(pyte.Stream.csi.values())
    | {"set_title", "set_icon_name", "define_charset", "debug"}
)


class TruthScreen(pyte.Screen):
    """A pyte screen that measures graphemes and records every non-colour control function it executes."""

    def __init__(self, columns: int, lines: int) -> None:
        self.foreign: list[str] = []
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
        for grapheme in iter_graphemes(data):
            width = 1 if grapheme.isascii() and grapheme.isprintable() else grapheme_width(grapheme)
            if width <= 0:
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


def _recorder(name: str):  # type: ignore[no-untyped-def]
    original = getattr(pyte.Screen, name)
    signature = inspect.signature(original)

    def record(self: TruthScreen, *args, **kwargs):  # type: ignore[no-untyped-def]
        if not self._inside:
            self.foreign.append(f"{name}{args if args else ''}")
        try:
            signature.bind(self, *args, **kwargs)
        except TypeError:
            # pyte's handler takes fewer parameters than the sequence carries (``ESC[1;2;3n``), or no private
            # marker (``ESC[?A``): a terminal ignores a sequence it does not understand, once it is recorded
            return None
        try:
            return original(self, *args, **kwargs)
        except (LookupError, NameError, ValueError):
            # a parameter pyte's handler does not implement (``ESC[4J`` leaves its range unbound): ignored, as a
            # terminal ignores it, and already recorded
            return None

    return record


for _name in _CONTROL_EVENTS:
    if _name not in _ALLOWED_EVENTS and hasattr(pyte.Screen, _name):
        setattr(TruthScreen, _name, _recorder(_name))


def _pyte_row(screen: TruthScreen, y: int) -> str:
    row = screen.buffer[y]
    return "".join(row[x].data for x in range(screen.columns)).rstrip()


@dataclass(frozen=True)
class ControlEffects:
    """What a frame's control functions did on a real terminal: events, and whether the transcript and cursor held."""

    events: tuple[str, ...]
    transcript_intact: bool
    cursor_left_frame: bool


def control_effects(frame_lines: Sequence[str], width: int) -> ControlEffects:
    """Run the frame through pyte below the transcript, as a TUI writes it, and record what its controls did."""
    height = len(TRANSCRIPT) + len(frame_lines) + 2
    screen = TruthScreen(width, height)
    stream = pyte.Stream(screen)
    stream.feed("\r\n".join(TRANSCRIPT) + "\r\n")
    before = [_pyte_row(screen, y) for y in range(len(TRANSCRIPT))]
    screen.foreign.clear()
    top = screen.cursor.y
    left = False
    for index, line in enumerate(frame_lines):
        stream.feed(line if index == 0 else "\r\n" + line)
        if screen.cursor.y < top:
            left = True
    after = [_pyte_row(screen, y) for y in range(len(TRANSCRIPT))]
    return ControlEffects(tuple(screen.foreign), before == after == list(TRANSCRIPT), left)
