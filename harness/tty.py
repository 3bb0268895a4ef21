"""``askbench try``: the real prompt, inline in the user's own terminal.

The prompt is drawn below whatever the terminal already shows and redrawn in
place: the cursor moves up over the rows this prompt itself drew and erases
from there down, so the transcript above is never touched. The terminal goes
raw (every key reaches the prompt, Ctrl+C included, which is how Ctrl+C can
restore the terminal before exiting 130) and the size is re-read on SIGWINCH.
Every exit path — a decision, Ctrl+C, SIGTERM/SIGHUP, closed input, an
error — erases the frame, shows the cursor and restores the saved terminal
modes before anything is printed.

Known limit: a terminal that reflows its lines on resize (most do, xterm
does not) may leave the old frame's wrapped rows above the new one; the
prompt only ever erases rows it counted itself, so this can leave stale
prompt rows but never erases the transcript.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import select
import signal
import sys
import termios
import tty
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FrameType

from impl.decision import Decision
from impl.keys import CTRL_C, ESC, split_keys
from impl.prompt import PermissionPrompt, config_for

from .sources import chrome_style, warning_paint
from .corpus import UnusableFixture, load_case

EXIT_DECIDED = 0
EXIT_ERROR = 1
EXIT_UNUSABLE = 2
EXIT_INTERRUPTED = 130

HIDE_CURSOR = "\x1b[?25l"
SHOW_CURSOR = "\x1b[?25h"
ESC_WAIT_SECONDS = 0.05
"""How long a lone ESC waits for the rest of an arrow key before it counts as esc."""



class Interrupted(Exception):
    """Ctrl+C, or a terminating signal: leave without a decision."""


def _write_all(fd: int, text: str) -> None:
    data = text.encode("utf-8")
    while data:
        data = data[os.write(fd, data) :]


class InlineFrame:
    """Draws successive frames over each other, below the transcript."""

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._rows = 0

    def _erase(self) -> str:
        if self._rows == 0:
            return ""
        up = f"\x1b[{self._rows - 1}A" if self._rows > 1 else ""
        return f"\r{up}\x1b[J"

    def draw(self, lines: Sequence[str]) -> None:
        _write_all(self._fd, self._erase() + "\r\n".join(lines))
        self._rows = len(lines)

    def clear(self) -> None:
        _write_all(self._fd, self._erase())
        self._rows = 0


def terminal_size(fd: int) -> tuple[int, int]:
    try:
        size = os.get_terminal_size(fd)
    except OSError:
        return 80, 24
    return size.columns or 80, size.lines or 24


@contextlib.contextmanager
def raw_terminal(fd_in: int, fd_out: int) -> Iterator[None]:
    """Raw input, hidden cursor; both undone however the block is left."""
    saved = termios.tcgetattr(fd_in)
    try:
        tty.setraw(fd_in, termios.TCSANOW)
        _write_all(fd_out, HIDE_CURSOR)
        yield
    finally:
        try:
            _write_all(fd_out, SHOW_CURSOR)
        finally:
            termios.tcsetattr(fd_in, termios.TCSADRAIN, saved)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise Interrupted(signal.Signals(signum).name)


@contextlib.contextmanager
def resize_wakeups() -> Iterator[int]:
    """A file descriptor that becomes readable on SIGWINCH, for ``select``.

    Also turns SIGTERM, SIGHUP and SIGINT into :class:`Interrupted`, so they
    unwind through the terminal restore instead of killing the process mid-frame.
    """
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    os.set_blocking(read_end, False)
    previous_fd = signal.set_wakeup_fd(write_end)
    handled = (signal.SIGWINCH, signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
    previous = {sig: signal.getsignal(sig) for sig in handled}
    signal.signal(signal.SIGWINCH, lambda signum, frame: None)
    for sig in handled[1:]:
        signal.signal(sig, _interrupt)
    try:
        yield read_end
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        signal.set_wakeup_fd(previous_fd)
        os.close(read_end)
        os.close(write_end)


def run_prompt(
    prompt: PermissionPrompt,
    fd_in: int,
    draw: Callable[[Sequence[str]], None],
    size: Callable[[], tuple[int, int]],
    wakeup: int,
) -> Decision:
    """Read keys until the prompt decides; redraw after every key and every resize."""
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    pending = ""
    while True:
        draw(prompt.render(*size()))
        readable, _, _ = select.select([fd_in, wakeup], [], [])
        if wakeup in readable:
            with contextlib.suppress(BlockingIOError):
                os.read(wakeup, 512)
            if fd_in not in readable:
                continue
        data = os.read(fd_in, 4096)
        if not data:
            raise EOFError("the terminal closed its input")
        keys, pending = split_keys(pending + decoder.decode(data))
        if pending and not select.select([fd_in], [], [], ESC_WAIT_SECONDS)[0]:
            rest, pending = split_keys(pending[1:])
            keys += [ESC, *rest]
        for key in keys:
            if key == CTRL_C:
                raise Interrupted("ctrl+c")
            decision = prompt.handle_key(key)
            if decision is not None:
                return decision


def try_fixture(path: Path, fd_in: int = 0, fd_out: int = 1) -> int:
    """Present one fixture's prompt in the terminal and print the decision; the exit code."""
    try:
        loaded, payload = load_case(path)
    except UnusableFixture as error:
        print(f"askbench: {error}", file=sys.stderr)
        return EXIT_UNUSABLE
    if not os.isatty(fd_in) or not os.isatty(fd_out):
        print("askbench: try needs an interactive terminal on stdin and stdout", file=sys.stderr)
        return EXIT_UNUSABLE
    prompt = PermissionPrompt(
        payload,
        config_for(payload),
        max_rows=loaded.max_rows,
        field_max_width=loaded.field_max_width,
        paint=warning_paint,
        style=chrome_style,
    )
    frame = InlineFrame(fd_out)
    try:
        with resize_wakeups() as wakeup, raw_terminal(fd_in, fd_out):
            try:
                decision = run_prompt(prompt, fd_in, frame.draw, lambda: terminal_size(fd_out), wakeup)
            finally:
                frame.clear()
    except Interrupted:
        print("askbench: cancelled, no decision", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as error:  # noqa: BLE001 - any failure must still report after the restore
        print(f"askbench: error: {type(error).__name__}: {error}", file=sys.stderr)
        return EXIT_ERROR
    print(f"decision: {decision.state}")
    if decision.denial_reason is not None:
        print(f"reason: {decision.denial_reason}")
    sys.stdout.flush()
    return EXIT_DECIDED


def cmd_try(args: object) -> int:
    return try_fixture(Path(getattr(args, "fixture")))
