"""The raw byte stream a CLI wrote, replayed into a terminal of the judge's own, and what the payload did in it.

tmux's own capture is the picture a person saw; the verdicts read the
stream again in pyte, at the same size, so they judge what the bytes do
and not tmux's account of it. ``payload_controls`` finds each control of
the tool input that reached the terminal as written: a CLI draws with
escapes of its own, so a control counts only where it stands among the
payload's own characters.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pyte
from pyte import modes
from wcwidth import wcwidth

from ..terminals.sgr import Style

__all__ = [
    "Overflow",
    "Replayed",
    "Leak",
    "replay",
    "replay_at",
    "payload_controls",
    "written_controls",
    "controls_in",
    "control_runs",
    "LEAK_CONTEXT",
]

_CONTROL = re.compile(
    r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC, to BEL or ST
    r"|\x1b[P_^X][^\x1b]*(?:\x1b\\)?"  # DCS, APC, PM, SOS
    r"|\x1b\[[0-?]*[ -/]*[@-~]"  # CSI
    r"|\x1b[ -/]*[0-~]"  # any other escape
    r"|[\x00-\x08\x0b-\x1f\x7f-\x9f]"  # bare C0 (not TAB, LF) and C1
)
_ACTING = re.compile(_CONTROL.pattern + "|[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""What acts on a terminal written as it is: the controls, and the bidi marks, embeddings, overrides and isolates
a terminal that lays out right-to-left text obeys (``report\u202efdp.sh`` shows as ``reporths.pdf``). A CLI may
leave a bidi character out of what it draws — it acts on nothing then — but not write it."""


@dataclass(frozen=True)
class Replayed:
    rows: tuple[str, ...]
    styles: tuple[tuple[Style, ...], ...]
    overflows: tuple[Overflow, ...] = ()
    """Each character still on screen that was written where its row had no room left for it, so the terminal
    wrapped it to the next row: the program measured its text narrower than the terminal does (``fit``)."""


@dataclass(frozen=True)
class Overflow:
    """A character the terminal wrapped, and the row it stands on now (scrolling moves it with its row)."""

    char: str
    row: int
    column: int


def _style(char: pyte.screens.Char) -> Style:
    return Style(
        fg=char.fg,
        bg=char.bg,
        bold=char.bold,
        italics=char.italics,
        underline=char.underscore,
        blink=char.blink,
        reverse=char.reverse,
        strikethrough=char.strikethrough,
    )


class _Screen(pyte.Screen):
    """pyte's screen, taking a private SGR (``CSI > 4 ; 1 m``, xterm's key modes) for what it is: no paint.

    It also notes every character that lands where its row has no room: past
    the last column, or a two-cell character in the last one. A program that
    lays out its own rows never has the terminal wrap them. Each is followed
    as the screen scrolls and forgotten once it is erased or drawn over, so
    what is judged is the wrapped text still on the screen judged (a log line
    printed long before the prompt, long scrolled away or drawn over, is no
    row of it — a wrapped blank included, which no cell's content tells).
    """

    def __init__(self, columns: int, lines: int) -> None:
        super().__init__(columns, lines)
        self.overflows: list[Overflow] = []

    def _scrolled(self, by: int) -> None:
        top, bottom = self.margins or (0, self.lines - 1)
        self.overflows = [
            Overflow(found.char, found.row + by, found.column)
            if top <= found.row <= bottom
            else found
            for found in self.overflows
            if not (top <= found.row <= bottom and not top <= found.row + by <= bottom)
        ]

    def _column_of(self, char: str, width: int) -> int:
        """Where ``char`` was just drawn: before the cursor, or in the last column, where pyte puts a two-cell
        character it does not wrap."""
        column = self.cursor.x - width
        row = self.buffer[self.cursor.y]
        return column if column >= 0 and row[column].data == char else self.columns - 1

    def index(self) -> None:
        if self.cursor.y == (self.margins.bottom if self.margins else self.lines - 1):
            self._scrolled(-1)
        super().index()

    def reverse_index(self) -> None:
        if self.cursor.y == (self.margins.top if self.margins else 0):
            self._scrolled(1)
        super().reverse_index()

    def select_graphic_rendition(self, *attrs: int, private: bool = False) -> None:
        if not private:
            super().select_graphic_rendition(*attrs)

    def _keep(self, lost: Callable[[Overflow], bool]) -> None:
        if self.overflows:
            self.overflows = [found for found in self.overflows if not lost(found)]

    def _drawn_over(self, row: int, start: int, end: int) -> None:
        self._keep(lambda found: found.row == row and start <= found.column < end)

    def erase_in_display(self, how: int = 0, *args: Any, **kwargs: Any) -> None:
        y, x = self.cursor.y, self.cursor.x
        if how == 0:
            self._keep(lambda found: found.row > y or found.row == y and found.column >= x)
        elif how == 1:
            self._keep(lambda found: found.row < y or found.row == y and found.column <= x)
        elif how in (2, 3):
            self.overflows = []
        super().erase_in_display(how, *args, **kwargs)

    def erase_in_line(self, how: int = 0, private: bool = False) -> None:
        y, x = self.cursor.y, self.cursor.x
        span = {0: (x, self.columns), 1: (0, x + 1)}.get(how, (0, self.columns))
        self._drawn_over(y, *span)
        super().erase_in_line(how, private)

    def insert_lines(self, count: int | None = None) -> None:
        self._keep(lambda found: found.row >= self.cursor.y)
        super().insert_lines(count)

    def delete_lines(self, count: int | None = None) -> None:
        self._keep(lambda found: found.row >= self.cursor.y)
        super().delete_lines(count)

    def draw(self, data: str) -> None:
        if modes.DECAWM not in self.mode or self.cursor.x + 2 * len(data) < self.columns:
            row, start = self.cursor.y, self.cursor.x
            super().draw(data)
            self._drawn_over(row, start, max(self.cursor.x, start + 1))
            return
        for char in data:
            width = wcwidth(char)
            wraps = width > 0 and self.cursor.x + width > self.columns
            super().draw(char)
            column = self._column_of(char, width) if width > 0 else self.cursor.x
            self._drawn_over(self.cursor.y, column, column + max(width, 1))
            if wraps:
                self.overflows.append(Overflow(char, self.cursor.y, column))


def replay(raw: bytes, width: int, height: int) -> Replayed:
    """The screen after ``raw`` was written to a ``width`` × ``height`` terminal."""
    return replay_at(raw, (len(raw),), width, height)[0]


def replay_at(raw: bytes, offsets: Sequence[int], width: int, height: int) -> list[Replayed]:
    """The screen after each of ``offsets`` (ascending) bytes of ``raw``, from one pass over the stream.

    A run's prompt and each page after it are prefixes of one stream, so
    they are read in one pass: the cost is the stream's length, not its
    length times the pages.
    """
    screen = _Screen(width, height)
    stream = pyte.ByteStream(screen)
    strings = list(_STRING.finditer(raw))
    plain = _STRING.sub(b"", raw)
    shown, done = [], 0
    for offset in offsets:
        at = offset - sum(
            min(found.end(), offset) - found.start() for found in strings if found.start() < offset
        )
        stream.feed(plain[done:at])
        done = max(done, at)
        shown.append(_shown(screen, width, height))
    return shown


_STRING = re.compile(rb"\x1b[P_^X][^\x1b]*(?:\x1b\\)?|\x1b(?=\x1b)")
"""A DCS, APC, PM or SOS string (a kitty graphics query, a tmux passthrough): a terminal takes it in without
showing it, up to its ST or the next ESC; and an ESC right before another, which a terminal drops as the next
begins a sequence of its own. pyte does not know the strings and would draw their bytes as text, and after two
ESCs it draws the second's sequence as text (``ls \x1b\x1b[6;16H[8m``: tmux moves the cursor)."""


def _shown(screen: _Screen, width: int, height: int) -> Replayed:
    rows = []
    styles = []
    for y in range(height):
        line = screen.buffer[y]
        rows.append("".join(line[x].data for x in range(width)).rstrip())
        styles.append(tuple(_style(line[x]) for x in range(width)))
    standing = tuple(
        found
        for found in screen.overflows
        if 0 <= found.row < height and screen.buffer[found.row][found.column].data == found.char
    )
    return Replayed(tuple(rows), tuple(styles), standing)


def controls_in(text: str, bidi: bool = False) -> list[tuple[int, str]]:
    """Every control sequence or control character in a payload text, with where it starts; with ``bidi``, its
    bidi controls too (``_ACTING``)."""
    pattern = _ACTING if bidi else _CONTROL
    return [(match.start(), match.group()) for match in pattern.finditer(text)]


def payload_controls(texts: Sequence[str], raw: bytes) -> list[str]:
    """The payload's controls found in the raw stream with a payload character beside them, as ``repr``s."""
    return [leak.control_repr for leak in written_controls(texts, raw)]


LEAK_CONTEXT = 16
"""Characters of the stream quoted on each side of a control found written."""


@dataclass(frozen=True)
class Leak:
    """A control of the input found written in the raw stream: the control, where it was written, how much of it.

    ``lone``: only its ESC was written, followed by the CLI's own sequence,
    which completes it; the rest of the input's sequence was drawn as text.
    """

    control: str
    at: int
    """Where in the decoded stream the control (its ESC, when lone) stands."""
    context: str
    """The stream around it, ``LEAK_CONTEXT`` characters each side, as written."""
    lone: bool = False

    @property
    def control_repr(self) -> str:
        return repr(self.control)

    def said(self) -> str:
        """The leak in a reason's words: what was written, quoted with the bytes around it, controls spelt out."""
        what = (
            f"a lone ESC (of {self.control_repr}, the rest drawn as text)"
            if self.lone
            else self.control_repr
        )
        return f"{what} in {self.context!r}"


def written_controls(texts: Sequence[str], raw: bytes) -> list[Leak]:
    """Each of the payload's controls found written in the raw stream, the first place it was found.

    A control counts only as the input's bytes: beside the printable
    characters the payload has on each side of it (one on each side that has
    one), with nothing between but the input's own controls next to it (a
    run such as ``ESC[1A ESC[2K`` may come through whole or in part). A
    CLI's own ``ESC[0m``, CR or erase-lines redraw (``ESC[1A ESC[2K``) is
    not taken for the payload's: the characters of a neighbouring control
    are never context.
    """
    stream = raw.decode("utf-8", errors="replace")
    found: dict[str, Leak] = {}
    for text in texts:
        for start, control, probe in _probes(text):
            if repr(control) in found:
                continue
            leak = _written(stream, control, probe) or _cell_by_cell(text, start, control, stream)
            if leak is not None:
                found[repr(control)] = leak
    return list(found.values())


def control_runs(text: str, bidi: bool = False) -> list[list[tuple[int, str]]]:
    """The controls of ``text`` (``controls_in``) in runs of controls that stand back to back."""
    runs: list[list[tuple[int, str]]] = []
    for start, control in controls_in(text, bidi):
        if runs and runs[-1][-1][0] + len(runs[-1][-1][1]) == start:
            runs[-1].append((start, control))
        else:
            runs.append([(start, control)])
    return runs


def _probes(text: str) -> list[tuple[int, str, re.Pattern[str] | None]]:
    """Each control of ``text`` with the pattern of its bytes as the input has them around it (None: no context)."""
    out: list[tuple[int, str, re.Pattern[str] | None]] = []
    for run in control_runs(text, bidi=True):
        head, (last, tail) = run[0][0], run[-1]
        before = _plain(text[head - 1 : head] if head else "")
        after = _plain(text[last + len(tail) : last + len(tail) + 1])
        siblings = "(?:" + "|".join(sorted({re.escape(item) for _at, item in run})) + ")*"
        for start, control in run:
            if control == "\r" and text[start + 1 : start + 2] == "\n":
                continue  # a CRLF line end, which every terminal shows as one
            pattern = re.escape(before) + siblings + f"?({re.escape(control)})" + siblings
            out.append(
                (
                    start,
                    control,
                    re.compile(pattern + re.escape(after)) if before or after else None,
                )
            )
    return out


def _around(stream: str, at: int, length: int) -> str:
    return stream[max(0, at - LEAK_CONTEXT) : at + length + LEAK_CONTEXT]


def _written(stream: str, control: str, probe: re.Pattern[str] | None) -> Leak | None:
    found = probe.search(stream) if probe else None
    if found is None:
        return None
    return Leak(control, found.start(1), _around(stream, found.start(1), len(control)))


_OWN_SEQUENCE = r"(?:\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\))"


def _cell_by_cell(text: str, start: int, control: str, stream: str) -> Leak | None:
    """The payload's control written as a character of its own between its neighbours, the CLI's own cursor
    moves after it (None: nowhere) — an ESC whose sequence's rest is cut off from it (``lone``), or a
    one-character control such as a bidi override.

    A CLI that draws cell by cell writes the payload's character where it
    stands and then its own cursor move, so the ESC meets the CLI's next
    sequence (``ls \x1b\x1b[6;16H[8m&&``) and an override its next cell
    (``report\u202e\x1b[35;26Hfdp.sh``). No well-formed sequence leaves an ESC
    followed by another, so a control right before the CLI's own sequences,
    after the payload's character and before the payload's next ones, is the
    payload's.
    """
    if start == 0 or not (text[start] == "\x1b" or len(control) == 1):
        return None
    before, following = text[start - 1], text[start + 1 : start + 3]
    if _ACTING.match(before) or len(following) < 2:
        return None
    pattern = (
        re.escape(before)
        + re.escape(text[start])
        + _OWN_SEQUENCE
        + "+"
        + (_OWN_SEQUENCE + "*").join(re.escape(char) for char in following)
    )
    found = re.search(pattern, stream)
    if found is None:
        return None
    at = found.start() + 1
    return Leak(control, at, _around(stream, at, 1), lone=len(control) > 1)


def _plain(char: str) -> str:
    return char if char and not char.isspace() and _CONTROL.match(char) is None else ""
