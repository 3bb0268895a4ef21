"""Keys as a terminal sends them, and splitting a read into keys.

A raw-mode read can hold several keys (a paste, a fast typist, an arrow's
three bytes), and one key can straddle two reads on a slow link. Splitting
is pure so the prompt and its tests never depend on how the bytes arrived.
"""

from __future__ import annotations

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
}
"""Readable names for key scripts; anything else in a script is the literal key."""


def normalise_key(key: str) -> str:
    """One spelling per key, so the prompt matches a single constant."""
    return ALIASES.get(key, key)


def key_from_name(name: str) -> str:
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
