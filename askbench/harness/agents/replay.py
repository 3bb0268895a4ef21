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
from collections.abc import Sequence
from dataclasses import dataclass

import pyte
from pyte import modes
from wcwidth import wcwidth

from ..terminals.sgr import Style

__all__ = ["Replayed", "replay", "replay_at", "payload_controls", "written_controls", "controls_in"]

_CONTROL = re.compile(
    r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC, to BEL or ST
    r"|\x1b[P_^X][^\x1b]*(?:\x1b\\)?"  # DCS, APC, PM, SOS
    r"|\x1b\[[0-?]*[ -/]*[@-~]"  # CSI
    r"|\x1b[ -/]*[0-~]"  # any other escape
    r"|[\x00-\x08\x0b-\x1f\x7f-\x9f]"  # bare C0 (not TAB, LF) and C1
)


@dataclass(frozen=True)
class Replayed:
    rows: tuple[str, ...]
    styles: tuple[tuple[Style, ...], ...]
    overflows: tuple[str, ...] = ()
    """Each character written where the row had no room left for it, so the terminal wrapped it to the next row:
    the program measured its text narrower than the terminal does (``fit``)."""


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
    lays out its own rows never has the terminal wrap them.
    """

    def __init__(self, columns: int, lines: int) -> None:
        super().__init__(columns, lines)
        self.overflows: list[str] = []

    def select_graphic_rendition(self, *attrs: int, private: bool = False) -> None:
        if not private:
            super().select_graphic_rendition(*attrs)

    def draw(self, data: str) -> None:
        if modes.DECAWM not in self.mode or self.cursor.x + 2 * len(data) < self.columns:
            super().draw(data)
            return
        for char in data:
            width = wcwidth(char)
            if width > 0 and self.cursor.x + width > self.columns:
                self.overflows.append(char)
            super().draw(char)


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


_STRING = re.compile(rb"\x1b[P_^X][^\x1b]*(?:\x1b\\)?")
"""A DCS, APC, PM or SOS string (a kitty graphics query, a tmux passthrough): a terminal takes it in without
showing it, up to its ST or the next ESC. pyte does not know them and would draw their bytes as text."""


def _shown(screen: _Screen, width: int, height: int) -> Replayed:
    rows = []
    styles = []
    for y in range(height):
        line = screen.buffer[y]
        rows.append("".join(line[x].data for x in range(width)).rstrip())
        styles.append(tuple(_style(line[x]) for x in range(width)))
    return Replayed(tuple(rows), tuple(styles), tuple(screen.overflows))


def controls_in(text: str) -> list[tuple[int, str]]:
    """Every control sequence or control character in a payload text, with where it starts."""
    return [(match.start(), match.group()) for match in _CONTROL.finditer(text)]


def payload_controls(texts: Sequence[str], raw: bytes) -> list[str]:
    """The payload's controls found in the raw stream with a payload character beside them, as ``repr``s."""
    return [control for control, _ in written_controls(texts, raw)]


def written_controls(texts: Sequence[str], raw: bytes) -> list[tuple[str, int]]:
    """Each of the payload's controls found written in the raw stream (as ``repr``), with where in the decoded
    stream the first was found.

    A control is matched with the printable characters beside it in the
    payload (one on each side that has one), so a CLI's own ``ESC[0m`` or
    CR is not taken for the payload's.
    """
    stream = raw.decode("utf-8", errors="replace")
    found: dict[str, int] = {}
    for text in texts:
        for start, control in controls_in(text):
            if control == "\r" and text[start + 1 : start + 2] == "\n":
                continue  # a CRLF line end, which every terminal shows as one
            probe = _with_context(text, start, control)
            spot = stream.find(probe) if probe else -1
            if spot < 0:
                spot = _lone_escape(text, start, stream)
            if spot >= 0:
                found.setdefault(repr(control), spot)
    return list(found.items())


_OWN_SEQUENCE = r"(?:\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\))"


def _lone_escape(text: str, start: int, stream: str) -> int:
    """Where the payload's ESC was written as a byte of its own, between its neighbours, the rest cut off from it
    (-1: nowhere).

    A CLI that draws cell by cell writes the payload's ESC where it stands
    and then its own cursor move, so the ESC meets the CLI's next sequence
    (``ls \x1b\x1b[6;16H[8m&&``). No well-formed sequence leaves an ESC
    followed by another, so an ESC right before the CLI's own sequences,
    after the payload's character and before the payload's next ones, is the
    payload's.
    """
    if text[start] != "\x1b" or start == 0:
        return -1
    before, following = text[start - 1], text[start + 1 : start + 3]
    if _CONTROL.match(before) or len(following) < 2:
        return -1
    pattern = (
        re.escape(before)
        + "\x1b"
        + _OWN_SEQUENCE
        + "+"
        + (_OWN_SEQUENCE + "*").join(re.escape(char) for char in following)
    )
    found = re.search(pattern, stream)
    return found.start() if found else -1


def _plain(char: str) -> str:
    return char if char and not char.isspace() and _CONTROL.match(char) is None else ""


def _with_context(text: str, start: int, control: str) -> str:
    """The control with the payload's printable characters on each side of it (one each), or "" with none."""
    end = start + len(control)
    before, after = _plain(text[start - 1 : start] if start else ""), _plain(text[end : end + 1])
    return before + control + after if before or after else ""
