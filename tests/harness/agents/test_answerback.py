"""The agent's terminal answers colour queries as a real terminal does, and passes everything else through."""

from __future__ import annotations

import os
import sys
import time
from ast import literal_eval
from pathlib import Path

from askbench.harness.agents.answerback import QUERY, answer, wrapped
from askbench.harness.agents.tmux import Tmux

REPO = Path(__file__).resolve().parents[3]

ASKING = r"""
import os, select, sys, termios, tty, fcntl, struct
tty.setraw(0)
os.write(1, b"\x1b]11;?\x1b\\" + b"\x1b]10;?\x07" + b"\x1b[c")
heard = b""
while select.select([0], [], [], 1.5)[0]:
    heard += os.read(0, 1024)
rows, columns = struct.unpack("HHHH", fcntl.ioctl(0, termios.TIOCGWINSZ, bytes(8)))[:2]
with open(sys.argv[1], "w") as out:
    out.write(repr((heard, rows, columns, os.isatty(0), os.ttyname(0) == os.ttyname(1))))
sys.stdout.write("done")
sys.exit(3)
"""


def test_a_query_is_answered_in_xterm_s_form_ended_as_it_was_asked() -> None:
    background = QUERY.search(b"text \x1b]11;?\x1b\\ more")
    foreground = QUERY.search(b"\x1b]10;?\x07")
    assert background and foreground
    assert answer(background, "e5e5e5", "002b36") == b"\x1b]11;rgb:0000/2b2b/3636\x1b\\"
    assert answer(foreground, "e5e5e5", "002b36") == b"\x1b]10;rgb:e5e5/e5e5/e5e5\x07"
    assert QUERY.search(b"\x1b]11;rgb:0000/0000/0000\x1b\\") is None


def test_a_program_behind_it_is_answered_sized_on_its_own_terminal_and_its_status_kept(
    tmp_path: Path,
) -> None:
    heard = tmp_path / "heard"
    program = wrapped([sys.executable, "-c", ASKING, str(heard)], "e5e5e5", "000000")
    env = {"PATH": os.environ["PATH"], "PYTHONPATH": str(REPO), "TERM": "xterm-256color"}
    with Tmux(program, env, tmp_path, 97, tmp_path / "raw.bin", height=31) as tmux:
        deadline = time.monotonic() + 20
        while tmux.exit_status(settle_seconds=0) is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert tmux.exit_status() == 3
        raw = tmux.raw_bytes()
    said, rows, columns, a_terminal, one_terminal = literal_eval(heard.read_text())
    assert said.startswith(b"\x1b]11;rgb:0000/0000/0000\x1b\\\x1b]10;rgb:e5e5/e5e5/e5e5\x07")
    assert said.endswith(b"c") and b"\x1b[?" in said  # tmux's own answer to DA came through
    assert (rows, columns, a_terminal, one_terminal) == (31, 97, True, True)
    assert b"\x1b]11;?\x1b\\" in raw and raw.endswith(b"done")
