"""Keys as a terminal sends them, and turning reads into keys and pastes.

A raw-mode read can hold several keys (a paste, a fast typist, an arrow's
three bytes), and one key can straddle two reads on a slow link. Parsing is
pure so the prompt and its tests never depend on how the bytes arrived; the
host only says when a read happened and when input went idle.

A permission prompt must tell typing from pasting, because pasted text —
a shell line, ``yy`` from a clipboard — must never decide. Two signals say
"pasted": the terminal's bracketed-paste markers (``ESC[200~`` … ``ESC[201~``,
sent once the host enables mode 2004), and, on terminals or multiplexers
that paste raw bytes, a *burst*: one read holding more than one key. A
person's keys arrive one read each (tens of milliseconds apart at the
fastest); a paste arrives in one write. A burst of nothing but arrow and
paging keys is a held-down key repeating, and stays keys.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

CTRL_C = "\x03"
CTRL_O = "\x0f"
ENTER = "\r"
ESC = "\x1b"
BACKSPACE = "\x7f"
UP = "\x1b[A"
DOWN = "\x1b[B"
PAGE_UP = "\x1b[5~"
PAGE_DOWN = "\x1b[6~"
HOME = "\x1b[H"
END = "\x1b[F"
PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"
MOUSE_X10 = "\x1b[M"
"""A legacy mouse report's start; like a focus report (``ESC[I``, ``ESC[O``) it is input, never a key that decides."""

NAVIGATION = frozenset({UP, DOWN, PAGE_UP, PAGE_DOWN, HOME, END})
"""Keys that only move a highlight or a view: a burst of these is key repeat, not a paste."""

ESC_WAIT_SECONDS = 0.05
"""How long a lone ESC waits for the rest of an arrow key before it counts as esc."""
PASTE_IDLE_SECONDS = 0.5
"""How long a bracketed paste may go quiet before it is taken as ended without its end marker."""

ALIASES: dict[str, str] = {
    "\x1bOA": UP,
    "\x1bOB": DOWN,
    "\x1bOH": HOME,
    "\x1bOF": END,
    "\x1b[1~": HOME,
    "\x1b[7~": HOME,
    "\x1b[4~": END,
    "\x1b[8~": END,
    "\n": ENTER,
    "\x08": BACKSPACE,
}
"""Other spellings of the same keys (application cursor mode, rxvt, linux console)."""

NAMED: dict[str, str] = {
    "<up>": UP,
    "<down>": DOWN,
    "<pgup>": PAGE_UP,
    "<pgdn>": PAGE_DOWN,
    "<home>": HOME,
    "<end>": END,
    "<enter>": ENTER,
    "<esc>": ESC,
    "<backspace>": BACKSPACE,
    "<ctrl+o>": CTRL_O,
    "<ctrl+c>": CTRL_C,
    "<paste>": PASTE_START,
    "</paste>": PASTE_END,
}
"""Readable names for key scripts; anything else in a script is the literal text."""


@dataclass(frozen=True)
class Paste:
    """Text the terminal delivered as a paste: bracketed, or a burst of keys in one read.

    ``text`` is what was pasted, line breaks and all; it is data, never keys.
    """

    text: str


Input: TypeAlias = str | Paste
"""One key (a character or an escape sequence, in its normalised spelling), or a paste."""


def normalise_key(key: str) -> str:
    """One spelling per key, so the prompt matches a single constant."""
    return ALIASES.get(key, key)


def key_from_name(name: str) -> str:
    """A key script's entry as the terminal would send it: ``<enter>`` is CR, ``yy`` stays ``yy``."""
    return NAMED.get(name, name)


def split_keys(data: str) -> tuple[list[str], str]:
    """``(keys, rest)``: every complete key in ``data``, and an unfinished escape sequence.

    ``rest`` is a lone ``ESC`` or the start of a CSI/SS3 sequence; the reader
    decides after a short wait whether a lone ``ESC`` was the esc key.
    ``ESC`` followed by anything else is esc, then that key.
    """
    keys: list[str] = []
    index = 0
    while index < len(data):
        char = data[index]
        if char == ESC:
            if index + 1 == len(data):
                return keys, data[index:]
            follower = data[index + 1]
            if follower == "[":
                end = index + 2
                while end < len(data) and not 0x40 <= ord(data[end]) <= 0x7E:
                    end += 1
                if end == len(data):
                    return keys, data[index:]
                if data[index : end + 1] == MOUSE_X10:  # three bytes of button and position follow
                    if end + 4 > len(data):
                        return keys, data[index:]
                    end += 3
                keys.append(normalise_key(data[index : end + 1]))
                index = end + 1
                continue
            if follower == "O":
                if index + 2 == len(data):
                    return keys, data[index:]
                keys.append(normalise_key(data[index : index + 3]))
                index += 3
                continue
            keys.append(ESC)
            index += 1
            continue
        if char == "\r" and data[index + 1 : index + 2] == "\n":
            keys.append(ENTER)
            index += 2
            continue
        keys.append(normalise_key(char))
        index += 1
    return keys, ""


def _end_marker_prefix(text: str) -> int:
    """How many trailing characters of ``text`` could be the start of ``PASTE_END``."""
    for length in range(min(len(text), len(PASTE_END) - 1), 0, -1):
        if PASTE_END.startswith(text[-length:]):
            return length
    return 0


class InputParser:
    """Successive reads in, keys and pastes out; holds only what a read left unfinished.

    Call :meth:`feed` once per read. When :attr:`idle_timeout` is not
    ``None`` the host waits that long for more input and, if none comes,
    calls :meth:`flush`: a lone ESC then is the esc key, and a bracketed
    paste whose end marker never came ends there (it is still a paste).
    """

    def __init__(self) -> None:
        self._pending = ""
        self._paste: list[str] | None = None
        self._after_cr = False

    @property
    def in_paste(self) -> bool:
        return self._paste is not None

    @property
    def idle_timeout(self) -> float | None:
        """Seconds of silence after which :meth:`flush` must be called; ``None`` when nothing waits."""
        if self._paste is not None:
            return PASTE_IDLE_SECONDS
        return ESC_WAIT_SECONDS if self._pending else None

    def feed(self, data: str) -> list[Input]:
        """The inputs one read completes; a burst of more than one key becomes one :class:`Paste`.

        A line feed right after a carriage return, in the same read or the
        next, is the rest of that one enter (a terminal or a link that sends
        CR LF), never a second press.
        """
        if self._after_cr and data.startswith("\n") and not self._pending:
            data = data[1:]
        self._after_cr = data.endswith("\r") and self._paste is None
        items: list[Input] = []
        data = self._pending + data
        self._pending = ""
        while data:
            if self._paste is not None:
                end = data.find(PASTE_END)
                if end < 0:
                    keep = _end_marker_prefix(data)
                    self._paste.append(data[: len(data) - keep])
                    self._pending = data[len(data) - keep :]
                    break
                self._paste.append(data[:end])
                items.append(Paste("".join(self._paste)))
                self._paste = None
                data = data[end + len(PASTE_END) :]
                continue
            start = data.find(PASTE_START)
            before = data if start < 0 else data[:start]
            keys, rest = split_keys(before)
            items.extend(keys)
            if start < 0:
                self._pending = rest
                break
            if rest:  # an unfinished sequence right before the marker was an esc and a stray byte
                items.extend([ESC, *split_keys(rest[1:])[0]])
            self._paste = []
            data = data[start + len(PASTE_START) :]
        return _as_burst(items)

    def flush(self) -> list[Input]:
        """Input went idle: finish what is pending (a lone ESC is esc; an open paste ends)."""
        items: list[Input] = []
        self._after_cr = False
        if self._paste is not None:
            items.append(Paste("".join(self._paste) + self._pending))
            self._paste, self._pending = None, ""
        # input is idle: every unfinished sequence left was an esc and what followed it
        while self._pending:
            rest, self._pending = split_keys(self._pending[1:])
            items.extend([ESC, *rest])
        return _as_burst(items)


def _as_burst(items: list[Input]) -> list[Input]:
    """More than one input from one read is a paste, unless every one of them is navigation.

    Ctrl+C typed among them still interrupts: leaving never approves anything.
    """
    if len(items) <= 1 or all(isinstance(item, str) and item in NAVIGATION for item in items):
        return items
    if CTRL_C in items:
        return [CTRL_C]
    return [Paste("".join(item.text if isinstance(item, Paste) else item for item in items))]
