"""The program in the judge's tmux pane: it writes what the judge sends to the pane's terminal, byte for byte.

Run by ``harness.tmux_screen`` as ``python tmux_pane.py REQUESTS ANSWERS`` (two
FIFOs), alone: it imports nothing of the harness. Its terminal is raw, so tmux
receives the bytes exactly as a TUI writes them. After each write it asks tmux
for the cursor position (DSR, ``ESC [ 6 n``, after a CAN that ends any string
a frame left open): tmux answers on the pane's input only once it has parsed
every byte before the question, so the answer is also the sign the screen is
ready to be captured.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tty

__all__ = ["main"]

_REPORT = re.compile(rb"\x1b\[(\d+);(\d+)R")


def _cursor() -> tuple[int, int]:
    """The cursor, 0-based ``(x, y)``, as tmux reports it after everything written so far."""
    os.write(1, b"\x18\x1b[6n")
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
            os.write(1, b"\x1bc" + ("a" + str(text)).encode("utf-8", "replace"))
            cells.append(_cursor()[0] - 1)
        return {"cells": cells}
    os.write(1, str(request["data"]).encode("utf-8", "replace"))
    return {"cursor": list(_cursor())}


def main(requests: str, answers: str) -> None:
    tty.setraw(0)
    with open(requests, "rb") as incoming, open(answers, "wb", buffering=0) as outgoing:
        for line in incoming:
            outgoing.write(json.dumps(_answer(json.loads(line))).encode() + b"\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
