"""tmux as a terminal the judge reads: its own server, one pane, the frame written raw and the screen captured.

The judge starts a detached tmux server on a socket of its own (``-L``), with
no configuration file, in a UTF-8 locale so tmux measures characters with the
C library's ``wcwidth`` as it does for its users. The pane runs
``askbench/harness/terminals/tmux_pane.py``, which writes what the judge sends to the pane's
terminal byte for byte; the screen is read back with ``capture-pane -p -e``
(characters and SGR). One server and one pane serve every frame of a run: the
window is resized to each frame's width and to enough rows that nothing
scrolls, and every frame starts with a full reset.
"""

from __future__ import annotations

import atexit
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from .models import TerminalModel
from .real_screen import TerminalUnavailable, real_model

__all__ = ["TMUX_INSTALL", "TmuxTerminal", "tmux_model", "tmux_version"]

TMUX_INSTALL = "tmux is not installed (Debian: apt-get install tmux)"
_PANE = Path(__file__).with_name("tmux_pane.py")
_ANSWER_SECONDS = 30.0
_ENVIRONMENT = {"LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}


class TmuxTerminal:
    """A tmux server and pane of the judge's own, alive until the process ends."""

    def __init__(self, program: str) -> None:
        self._program = program
        self._folder = tempfile.mkdtemp(prefix="askbench-tmux-")
        self._socket = f"askbench-{os.getpid()}-{Path(self._folder).name}"
        self._size = (0, 0)
        requests, answers = (os.path.join(self._folder, name) for name in ("requests", "answers"))
        os.mkfifo(requests)
        os.mkfifo(answers)
        # read-write ends never block on open, and stay open whichever side is slow to start
        self._requests = os.open(requests, os.O_RDWR)
        self._answers = os.open(answers, os.O_RDWR)
        self._pending = b""
        atexit.register(self.close)
        pane = f"{sys.executable} -I {_PANE} {requests} {answers}"
        self._tmux(
            "new-session",
            "-d",
            "-x",
            "80",
            "-y",
            "24",
            pane,
            ";",
            "set",
            "-g",
            "status",
            "off",
            ";",
            "set",
            "-g",
            "window-size",
            "manual",
        )

    def _tmux(self, *arguments: str) -> str:
        done = subprocess.run(
            [self._program, "-L", self._socket, "-f", os.devnull, *arguments],
            capture_output=True,
            env={**os.environ, **_ENVIRONMENT},
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(
                f"tmux {arguments[0]}: {done.stderr.decode(errors='replace').strip()}"
            )
        return done.stdout.decode("utf-8", "replace")

    def _ask(self, request: dict[str, object]) -> dict[str, object]:
        os.write(self._requests, json.dumps(request).encode() + b"\n")
        while b"\n" not in self._pending:
            ready, _, _ = select.select([self._answers], [], [], _ANSWER_SECONDS)
            if not ready:
                raise RuntimeError(f"the tmux pane did not answer within {_ANSWER_SECONDS:.0f} s")
            self._pending += os.read(self._answers, 1 << 16)
        line, _, self._pending = self._pending.partition(b"\n")
        answer: dict[str, object] = json.loads(line)
        return answer

    def _resize(self, width: int, height: int) -> None:
        if (width, height) != self._size:
            self._tmux("resize-window", "-x", str(width), "-y", str(height))
            self._size = (width, height)

    def show(self, data: str, width: int, height: int) -> tuple[list[str], int]:
        self._resize(width, max(height, self._size[1] if self._size[0] == width else 0))
        cursor = self._ask({"data": data})["cursor"]
        assert isinstance(cursor, list)
        captured = self._tmux("capture-pane", "-p", "-e", "-S", "0", "-E", str(height - 1))
        return captured.split("\n")[:height], int(cursor[1])

    def advances(self, texts: Sequence[str]) -> list[int]:
        self._resize(4000, max(self._size[1], 2))
        cells = self._ask({"measure": list(texts)})["cells"]
        assert isinstance(cells, list)
        return [int(cell) for cell in cells]

    def close(self) -> None:
        subprocess.run(
            [self._program, "-L", self._socket, "kill-server"], capture_output=True, check=False
        )
        for descriptor in (self._requests, self._answers):
            try:
                os.close(descriptor)
            except OSError:
                pass
        shutil.rmtree(self._folder, ignore_errors=True)


def _program() -> str:
    program = shutil.which("tmux")
    if program is None:
        raise TerminalUnavailable(TMUX_INSTALL)
    return program


@cache
def tmux_version() -> str:
    """``tmux -V`` of the tmux the judge starts (``tmux 3.3a``): a verdict read on tmux names it."""
    done = subprocess.run([_program(), "-V"], capture_output=True, text=True, check=False)
    return done.stdout.strip() or "tmux"


@cache
def tmux_model() -> TerminalModel:
    """tmux, started on first use; ``TerminalUnavailable`` when it is not installed."""
    program = _program()
    return real_model(
        "tmux", f"{tmux_version()} (a pane, read with capture-pane)", TmuxTerminal(program)
    )
