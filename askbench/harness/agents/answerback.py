"""The agent's terminal answers the colour queries real terminals answer: OSC 10 and OSC 11.

A CLI that asks its terminal for the default foreground and background
(``ESC ] 11 ; ? ST``) chooses its colours for the answer: a dark palette on
a dark background, a light one on a light background. tmux 3.3 answers no
such query when no client is attached, so such a CLI falls back to a guess,
and the judge would hold the guess to every theme. This program stands
between the pane and the CLI on a pseudo-terminal of its own: every byte
passes through unchanged both ways, and each colour query is answered with
the theme the terminal claims. The judge then holds a CLI that asked to the
themes of the background it was told (``askbench.harness.agents.verdicts``).

Run as ``python -m askbench.harness.agents.answerback FG BG -- ARGV...``
(six hex digits each); it exits with the CLI's status. The CLI's stderr
is this program's, untouched, so it is kept apart as before.
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import tty
from collections.abc import Sequence

__all__ = ["QUERY", "answer", "main", "wrapped"]

QUERY = re.compile(rb"\x1b\](1[01]);\?(\x07|\x1b\\)")
"""A colour query: OSC 10 (the default foreground) or 11 (the default background), ended by BEL or ST."""

_SHORTEST_QUERY = 7
"""Bytes kept from one read to the next: a query split across two reads is still seen, a whole one never twice."""


def answer(query: re.Match[bytes], foreground: str, background: str) -> bytes:
    """The reply an xterm gives, in its 16-bit ``rgb:`` form, ended as the query was."""
    colour = foreground if query.group(1) == b"10" else background
    channels = "/".join(colour[index : index + 2] * 2 for index in (0, 2, 4))
    return b"\x1b]" + query.group(1) + b";rgb:" + channels.encode() + query.group(2)


def wrapped(argv: Sequence[str], foreground: str, background: str) -> list[str]:
    """``argv`` run behind this program, with the interpreter that runs the harness."""
    return [sys.executable, "-m", __name__, foreground, background, "--", *argv]


def _copy_size(source: int, target: int) -> None:
    try:
        size = fcntl.ioctl(source, termios.TIOCGWINSZ, struct.pack("HHHH", 0, 0, 0, 0))
    except OSError:
        return
    fcntl.ioctl(target, termios.TIOCSWINSZ, size)


def _pump(child: subprocess.Popen[bytes], master: int, foreground: str, background: str) -> None:
    pending = b""
    while True:
        ready, _, _ = select.select([0, master], [], [], 0.2)
        if master in ready:
            try:
                data = os.read(master, 65536)
            except OSError:
                return
            if not data:
                return
            os.write(1, data)
            pending += data
            answered = 0
            for query in QUERY.finditer(pending):
                os.write(master, answer(query, foreground, background))
                answered = query.end()
            pending = pending[max(answered, len(pending) - _SHORTEST_QUERY) :]
        if 0 in ready:
            keys = os.read(0, 65536)
            if keys:
                os.write(master, keys)
        if not ready and child.poll() is not None:
            return


def main(arguments: Sequence[str]) -> int:
    """Run the CLI behind a pseudo-terminal that answers colour queries; its exit status, a signal's as 128 + N."""
    foreground, background, separator, *argv = arguments
    if separator != "--" or not argv:
        print("usage: answerback FG BG -- ARGV...", file=sys.stderr)
        return 2
    master, slave = os.openpty()
    _copy_size(0, master)
    signal.signal(signal.SIGWINCH, lambda number, frame: _copy_size(0, master))
    saved = termios.tcgetattr(0) if os.isatty(0) else None
    if saved is not None:
        tty.setraw(0)
    try:
        child = subprocess.Popen(
            argv,
            stdin=slave,
            stdout=slave,
            start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),
        )
        os.close(slave)
        _pump(child, master, foreground, background)
        status = child.wait()
    finally:
        if saved is not None:
            termios.tcsetattr(0, termios.TCSADRAIN, saved)
    return 128 - status if status < 0 else status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
