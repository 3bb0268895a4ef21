"""The program in the judge's tmux pane: it writes what the judge sends to the pane's terminal, byte for byte.

Run by ``askbench.harness.terminals.tmux_screen`` as ``python tmux_pane.py REQUESTS ANSWERS`` (two
FIFOs), alone: it imports nothing of the harness. Its terminal is raw, so tmux
receives the bytes exactly as a TUI writes them. After each write it asks tmux
for the cursor position (DSR, ``ESC [ 6 n``, after a CAN that ends any string
a frame left open): tmux answers on the pane's input only once it has parsed
every byte before the question, so the answer is also the sign the screen is
ready to be captured.

tmux 3.3a forgets a zero-width joiner that ends one read of the pane (the
joiner is a flag of the parse of that read), and the pictograph after it
becomes a cell of its own: where reads fall depends on timing. So a long frame
is written a piece at a time, each piece read whole before the next, every
piece ending after printable ASCII outside an escape sequence (never on a
joiner, inside a character or inside a sequence): every frame reads the same.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tty

__all__ = ["main"]

_REPORT = re.compile(rb"\x1b\[(\d+);(\d+)R")
_PIECE = 1024
"""Bytes tmux is given to read at once: less than one read of its, so each piece is parsed in one go."""
_ESCAPE = re.compile(rb"\x1b(?:\[[0-?]*[ -/]*[@-~]|[ -/]*[0-~])")
"""A whole CSI sequence (SGR among them) or a two-character escape such as the reset ``ESC c``."""


def _write(data: bytes) -> None:
    """All of ``data``: a terminal takes a long frame a part at a time."""
    view = memoryview(data)
    while view:
        view = view[os.write(1, view) :]


def _cursor(cancel: bool = True) -> tuple[int, int]:
    """The cursor, 0-based ``(x, y)``, as tmux reports it after everything written so far.

    ``cancel``: a CAN first ends any sequence or string the frame left open,
    so the question is read as one; between the pieces of a frame nothing is
    left open, and a CAN would end what the next piece goes on with.
    """
    _write(b"\x18\x1b[6n" if cancel else b"\x1b[6n")
    answer = b""
    while (match := _REPORT.search(answer)) is None:
        chunk = os.read(0, 256)
        if not chunk:
            raise SystemExit(1)
        answer += chunk
    return int(match.group(2)) - 1, int(match.group(1)) - 1


def _answer(request: dict[str, object]) -> dict[str, object]:
    if "measure" in request:
        texts = request["measure"]
        assert isinstance(texts, list)
        cells = []
        for text in texts:
            _write(b"\x1bc" + ("a" + str(text)).encode("utf-8", "replace"))
            cells.append(_cursor()[0] - 1)
        return {"cells": cells}
    data = str(request["data"]).encode("utf-8", "replace")
    start = 0
    while len(data) - start > _PIECE:
        end = start + _PIECE
        while end > start + _PIECE // 2 and not _may_end_a_piece(data, start, end):
            end -= 1
        _write(data[start:end])
        _cursor(cancel=False)
        start = end
    _write(data[start:])
    return {"cursor": list(_cursor())}


def _may_end_a_piece(data: bytes, start: int, end: int) -> bool:
    """After printable ASCII that ends no unfinished escape sequence: no joiner, character or sequence is cut."""
    if not 0x20 <= data[end - 1] < 0x7F:
        return False
    escape = data.rfind(b"\x1b", start, end)
    if escape < 0:
        return True
    sequence = _ESCAPE.match(data, escape)
    return sequence is not None and sequence.end() <= end


def main(requests: str, answers: str) -> None:
    tty.setraw(0)
    with open(requests, "rb") as incoming, open(answers, "wb", buffering=0) as outgoing:
        for line in incoming:
            outgoing.write(json.dumps(_answer(json.loads(line))).encode() + b"\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
