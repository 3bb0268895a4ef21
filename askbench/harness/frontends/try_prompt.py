"""``askbench try``: the real prompt, inline in the user's own terminal.

The prompt is drawn below whatever the terminal already shows and redrawn in
place: the cursor moves up over the rows this prompt itself drew and erases
from there down, so the transcript above is never touched. Every frame line
fits the width by the widest measure any terminal uses (``askbench.impl.cells``), so
a line is exactly one row wherever it is shown and "the rows drawn" is a
count that holds; a line that somehow did not fit is counted by the rows it
wraps to, never as one. The complete view, when it is a pager, goes to the
alternate screen as ``less`` does, so paging leaves nothing in the
scrollback and the inline prompt reappears as it was.

Only deliberate input decides, and no key is lost. Input typed before the
prompt appeared stays queued (the terminal goes raw without flushing it) and
is read right after the first frame is on screen, so it lands in the
prompt's guard interval: a decisive key there only says "too soon", while a
key that decides nothing (ctrl+o, a move) acts as it would a moment later.
Bracketed paste is turned on, so the terminal marks pasted text, which
:class:`askbench.impl.keys.InputParser` turns into a paste that never decides;
every read is stamped with the time it arrived, and the prompt is told when
each frame went on screen, which is what its guard interval counts from.

**The size is the terminal's word, never the tty's.** The size a tty reports
is a number someone set: ``0×0`` on serial consoles and some ptys, or a stale
``stty cols 120 rows 40`` in a 60×8 pane; a frame laid out for it scrolls its
request off the top while the options stay, and ``yy`` approved what was not
on screen. So ``try`` asks the terminal (``askbench.harness.frontends.size_reports``:
a cursor position report from the far corner) when it starts and on every
SIGWINCH, waits up to :data:`PROBE_SECONDS` for the answer, and lays out for
the size answered, whatever the tty says. The answer is taken out of the raw
input; keys read while waiting for it are kept and given to the prompt after
the next frame, in that frame's guard interval like any typed-ahead key. A
terminal that does not answer gets a frame that offers only denial, as
narrow as any layout (``PermissionPrompt.render_unconfirmed``), and the
prompt is told its request was not visible: laying out for some guessed
smallest size would still trust a guess about the rows, and a denial is
the one answer that is safe whatever reached the screen. An answer that
arrives late confirms the size then, and the request is laid out, with the
guard counting from that frame. So an approval is only ever taken for a
request whose rows were laid out at a size the terminal confirmed.

The terminal goes raw (every key reaches the prompt, Ctrl+C included, which
is how Ctrl+C can restore the terminal before exiting 130). Every exit path — a decision, Ctrl+C, SIGTERM/SIGHUP,
closed input, an error — leaves the alternate screen, erases the frame,
turns bracketed paste off, shows the cursor and restores the saved terminal
modes before anything is printed.

Known limit: a terminal that reflows its lines when it is made narrower
(most do; xterm does not) may rewrap a frame line that was wider than the
new width, leaving rows of the old frame above the new one; the prompt only
ever erases rows it counted itself, so this can leave stale prompt rows but
never erases the transcript.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import os
import re
import select
import signal
import sys
import termios
import time
import tty
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FrameType

from askbench.impl.cells import cell_width
from askbench.impl.decision import Decision
from askbench.impl.dialog import MIN_WIDTH
from askbench.impl.keys import CTRL_C, ESC_WAIT_SECONDS, Input, InputParser
from askbench.impl.prompt import PermissionPrompt, config_for

from ..drivers.paint import chrome_style, warning_paint
from ..exit_codes import EXIT_UNUSABLE
from ..fixtures.loading import UncheckedPrompt, UnusableFixture, read_unchecked_prompt
from .size_reports import Size, SizeReports

EXIT_DECIDED = 0
EXIT_ERROR = 1
EXIT_INTERRUPTED = 130

HIDE_CURSOR = "\x1b[?25l"
SHOW_CURSOR = "\x1b[?25h"
BRACKETED_PASTE_ON = "\x1b[?2004h"
BRACKETED_PASTE_OFF = "\x1b[?2004l"
ALTERNATE_SCREEN_ON = "\x1b[?1049h"
ALTERNATE_SCREEN_OFF = "\x1b[?1049l"
_SGR = re.compile(r"\x1b\[[0-9;]*m")
PROBE_SECONDS = 0.5
"""How long the prompt waits for the terminal to say its size before it draws without one: a round trip
over a slow ssh link fits; a terminal that never answers costs this once per start and per resize."""

Clock = Callable[[], float]


class Interrupted(Exception):
    """Ctrl+C, or a terminating signal: leave without a decision."""


def _write_all(fd: int, text: str) -> None:
    data = text.encode("utf-8")
    while data:
        data = data[os.write(fd, data) :]


def rows_drawn(lines: Sequence[str], width: int) -> int:
    """The rows ``lines`` take on a terminal ``width`` cells wide: one each, unless a line is wider and wraps."""
    width = max(1, width)
    return sum(max(1, -(-cell_width(_SGR.sub("", line)) // width)) for line in lines)


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

    def draw(self, lines: Sequence[str], width: int) -> None:
        _write_all(self._fd, self._erase() + "\r\n".join(lines))
        self._rows = rows_drawn(lines, width)

    def clear(self) -> None:
        _write_all(self._fd, self._erase())
        self._rows = 0


class Display:
    """Where frames go: inline below the transcript, or the alternate screen while the prompt pages.

    An unchanged frame at an unchanged size is not written again.
    """

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._inline = InlineFrame(fd)
        self._alternate = False
        self._last: tuple[tuple[str, ...], int, bool] | None = None

    def draw(self, lines: Sequence[str], width: int, full_screen: bool) -> None:
        frame = (tuple(lines), width, full_screen)
        if frame == self._last:
            return
        self._last = frame
        if full_screen != self._alternate:
            _write_all(self._fd, ALTERNATE_SCREEN_ON if full_screen else ALTERNATE_SCREEN_OFF)
            self._alternate = full_screen
        if full_screen:
            _write_all(
                self._fd, "\x1b[H" + "\r\n".join(line + "\x1b[K" for line in lines) + "\x1b[J"
            )
        else:
            self._inline.draw(lines, width)

    def clear(self) -> None:
        """Leave the alternate screen and erase the inline frame: the terminal as the prompt found it."""
        if self._alternate:
            _write_all(self._fd, ALTERNATE_SCREEN_OFF)
            self._alternate = False
        self._inline.clear()
        self._last = None


@contextlib.contextmanager
def raw_terminal(fd_in: int, fd_out: int) -> Iterator[None]:
    """Raw input, bracketed paste on, cursor hidden; all undone however the block is left.

    The input queue is kept (``TCSANOW``, never a flush): keys typed while the
    prompt was starting are the person's, and the guard interval, not the
    terminal, is what keeps a hurried one from deciding.
    """
    saved = termios.tcgetattr(fd_in)
    try:
        tty.setraw(fd_in, termios.TCSANOW)
        _write_all(fd_out, HIDE_CURSOR + BRACKETED_PASTE_ON)
        yield
    finally:
        try:
            _write_all(fd_out, BRACKETED_PASTE_OFF + SHOW_CURSOR)
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


class TerminalInput:
    """The keys as typed, with the terminal's answers about its size taken out; the size they confirm.

    Keys read while an answer is awaited are kept, one entry per read, for
    the prompt to take after its next frame is on screen: typed-ahead keys
    and keys typed during a resize land in that frame's guard interval.
    """

    def __init__(self, fd_in: int, fd_out: int) -> None:
        self.fd = fd_in
        self._fd_out = fd_out
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._reports = SizeReports()
        self._kept: list[str] = []
        self.confirmed: Size | None = None
        """The size the terminal gave in answer to the latest probe; ``None`` until it answers."""

    def confirm_size(self, timeout: float, clock: Clock) -> None:
        """Ask the terminal for its size and wait up to ``timeout`` for the answer, keeping every key read meanwhile."""
        self.confirmed = None
        _write_all(self._fd_out, self._reports.probe())
        deadline = clock() + timeout
        while self._reports.owed:
            left = deadline - clock()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                return
            self._kept.append(self.read())

    def read(self) -> str:
        """One read's keys; an answer in it that is the latest owed confirms the size."""
        data = os.read(self.fd, 4096)
        if not data:
            raise EOFError("the terminal closed its input")
        scanned = self._reports.feed(self._decoder.decode(data))
        if scanned.reports and not self._reports.owed:
            self.confirmed = scanned.reports[-1]
        return scanned.keys

    def take_kept(self) -> list[str]:
        kept, self._kept = self._kept, []
        return kept

    @property
    def idle_timeout(self) -> float | None:
        """Seconds of quiet after which a held start of an answer is :meth:`flush`-ed as keys."""
        return ESC_WAIT_SECONDS if self._reports.holding else None

    def flush(self) -> str:
        return self._reports.flush()


def frame_for(prompt: PermissionPrompt, size: Size | None) -> tuple[list[str], int]:
    """The frame and the width it was laid out for: at the confirmed size, or denial only when there is none."""
    if size is None:
        return prompt.render_unconfirmed(), MIN_WIDTH
    return prompt.render(size.columns, size.rows), size.columns


def _soonest(*timeouts: float | None) -> float | None:
    known = [timeout for timeout in timeouts if timeout is not None]
    return min(known) if known else None


def run_prompt(
    prompt: PermissionPrompt,
    terminal: TerminalInput,
    display: Display,
    wakeup: int,
    clock: Clock = time.monotonic,
    first_shown: Callable[[], None] = lambda: None,
) -> Decision:
    """Read input until the prompt decides; confirm the size at the start and on every resize, redraw after each.

    Each frame is reported to the prompt as shown once it is written, and
    each read's keys carry the time they reach the prompt: keys kept while
    the size was confirmed reach it after the frame that follows. ``first_shown``
    runs once the first frame is on the terminal, before any input is given
    to the prompt: what it raises ends the prompt with nothing decided.
    """
    parser = InputParser()
    terminal.confirm_size(PROBE_SECONDS, clock)
    unchecked = True
    while True:
        lines, width = frame_for(prompt, terminal.confirmed)
        display.draw(lines, width, prompt.full_screen)
        prompt.shown(clock())
        if unchecked:
            first_shown()
            unchecked = False
        items = _next_input(parser, terminal, wakeup, clock)
        if items is None:
            continue
        decision = _handle(prompt, items, clock())
        if decision is not None:
            return decision


def _next_input(
    parser: InputParser, terminal: TerminalInput, wakeup: int, clock: Clock
) -> list[Input] | None:
    """The keys kept while the size was confirmed, else the next read's; ``None`` after a resize, its size confirmed."""
    kept = terminal.take_kept()
    if kept:
        return [item for keys in kept for item in parser.feed(keys)]
    timeout = _soonest(parser.idle_timeout, terminal.idle_timeout)
    readable, _, _ = select.select([terminal.fd, wakeup], [], [], timeout)
    if not readable:  # quiet for as long as the parser waits: a lone ESC is esc, an open paste ends
        return [*parser.feed(terminal.flush()), *parser.flush()]
    if wakeup not in readable:
        return parser.feed(terminal.read())
    with contextlib.suppress(BlockingIOError):
        os.read(wakeup, 512)
    terminal.confirm_size(PROBE_SECONDS, clock)
    return None


def _handle(prompt: PermissionPrompt, items: Sequence[Input], now: float) -> Decision | None:
    for item in items:
        if item == CTRL_C:
            raise Interrupted("ctrl+c")
        decision = prompt.handle_key(item, at=now)
        if decision is not None:
            return decision
    return None


def try_fixture(path: Path, fd_in: int = 0, fd_out: int = 1) -> int:
    """Present one fixture's prompt in the terminal and print the decision; the exit code.

    The prompt is drawn before the fixture is checked (``askbench.harness.fixtures.loading.UncheckedPrompt``)
    and the check runs before any key is read, so a fixture the gate refuses is
    reported as unusable, its prompt erased, with nothing decided.
    """
    try:
        case = read_unchecked_prompt(path)
    except UnusableFixture as error:
        print(f"askbench: {error}", file=sys.stderr)
        return EXIT_UNUSABLE
    if not os.isatty(fd_in) or not os.isatty(fd_out):
        reason = case.problem() or "try needs an interactive terminal on stdin and stdout"
        print(f"askbench: {reason}", file=sys.stderr)
        return EXIT_UNUSABLE
    try:
        decision = _decide(case, fd_in, fd_out)
    except UnusableFixture as error:
        print(f"askbench: {error}", file=sys.stderr)
        return EXIT_UNUSABLE
    except Interrupted:
        print("askbench: cancelled, no decision", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as error:  # noqa: BLE001 - any failure must still report after the restore
        problem = case.problem()
        print(f"askbench: {problem or f'error: {type(error).__name__}: {error}'}", file=sys.stderr)
        return EXIT_ERROR if problem is None else EXIT_UNUSABLE
    print(f"decision: {decision.state}")
    if decision.denial_reason is not None:
        print(f"reason: {decision.denial_reason}")
    sys.stdout.flush()
    return EXIT_DECIDED


def _decide(case: UncheckedPrompt, fd_in: int, fd_out: int) -> Decision:
    """The prompt in the raw terminal, checked once its first frame shows; the terminal restored however it ends."""
    prompt = PermissionPrompt(
        case.payload,
        config_for(case.payload),
        max_rows=case.fixture.max_rows,
        field_max_width=case.fixture.field_max_width,
        paint=warning_paint,
        style=chrome_style,
    )
    display = Display(fd_out)
    with resize_wakeups() as wakeup, raw_terminal(fd_in, fd_out):
        try:
            return run_prompt(
                prompt, TerminalInput(fd_in, fd_out), display, wakeup, first_shown=case.check
            )
        finally:
            display.clear()


def cmd_try(args: argparse.Namespace) -> int:
    return try_fixture(Path(args.fixture))
