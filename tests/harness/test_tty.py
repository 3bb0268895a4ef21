"""``askbench try`` end to end: a real process on a pseudo-terminal, read as a person would see it.

The child runs in its own session with the pty as its controlling terminal,
so resizing the pty delivers a genuine SIGWINCH. Its output is fed into a
pyte screen of the same size, and every assertion is about that screen.
"""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pyte
import pytest

ROOT = Path(__file__).resolve().parents[2]
ASKBENCH = ROOT / ".venv" / "bin" / "askbench"
REPRO = "corpus/bash/powershell-here-string-report-200-lines.json"
TRANSCRIPT = ("transcript row 01", "transcript row 02", "transcript row 03")
TIMEOUT = 10.0

pytestmark = pytest.mark.skipif(sys.platform == "win32" or not ASKBENCH.exists(), reason="needs a POSIX pty and the installed console script")


def _set_size(fd: int, columns: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def _controlling_tty() -> None:
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class PtySession:
    """One ``askbench try`` run on a pty, with the screen a person would be looking at."""

    def __init__(self, fixture: str, columns: int = 120, rows: int = 40) -> None:
        self.master, slave = os.openpty()
        _set_size(slave, columns, rows)
        self.saved = termios.tcgetattr(slave)
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        script = "printf '%s\\n' \"$@\"; exec \"$0\" try " + fixture
        self.process = subprocess.Popen(
            ["/bin/sh", "-c", script, str(ASKBENCH), *TRANSCRIPT],
            stdin=slave, stdout=slave, stderr=slave, cwd=ROOT,
            start_new_session=True, preexec_fn=_controlling_tty,
        )
        self.slave = slave
        self.output = bytearray()

    def _pump(self, seconds: float) -> None:
        readable, _, _ = select.select([self.master], [], [], seconds)
        if readable:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                data = b""
            self.output.extend(data)
            self.stream.feed(data)

    @property
    def rows(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    @property
    def text(self) -> str:
        return "\n".join(self.rows)

    def wait_for(self, condition: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + TIMEOUT
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}; screen:\n{self.text}")
            self._pump(0.05)

    def wait_text(self, text: str) -> None:
        self.wait_for(lambda: text in self.text, repr(text))

    def press(self, *keys: str, then: str | None = None) -> None:
        for key in keys:
            os.write(self.master, key.encode())
        if then is not None:
            self.wait_text(then)

    def resize(self, columns: int, rows: int) -> None:
        self.screen.resize(rows, columns)
        _set_size(self.master, columns, rows)

    def finish(self) -> int:
        deadline = time.monotonic() + TIMEOUT
        while self.process.poll() is None:
            if time.monotonic() > deadline:
                self.process.kill()
                raise AssertionError(f"askbench try did not exit; screen:\n{self.text}")
            self._pump(0.05)
        self._pump(0.05)
        return self.process.returncode

    def restored(self) -> bool:
        return termios.tcgetattr(self.slave) == self.saved

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)
        os.close(self.slave)


@pytest.fixture
def session() -> Iterator[PtySession]:
    running = PtySession(REPRO)
    yield running
    running.close()


def _prompt_rows(session: PtySession) -> int:
    rows = session.rows
    top = next(index for index, row in enumerate(rows) if row.startswith("Permission Required"))
    bottom = max(index for index, row in enumerate(rows) if row)
    return bottom - top + 1


def test_bounded_then_paged_then_collapsed_then_yy_approves(session: PtySession) -> None:
    session.wait_text("ctrl+o full request")
    assert session.rows[:3] == list(TRANSCRIPT)
    assert session.rows[3] == "Permission Required"
    assert "2025-06-12…" in session.text
    assert "▶ (y) Yes" in session.text
    assert _prompt_rows(session) <= 24 + 10

    session.press("\x0f", then="ctrl+o collapse")
    session.wait_text("/204")
    assert "Scope: 41 files changed" in session.text
    assert session.rows[-1].endswith("32/204")
    assert "(r) No, provide reason" in session.text

    session.press("\x1b[6~", then="63/204")
    session.press("\x1b[F", then="204/204")
    assert "Out-File" in session.text

    session.press("\x0f", then="ctrl+o full request")
    assert "/204" not in session.text
    assert "Scope: 41 files changed" not in session.text
    assert session.rows.count("Permission Required") == 1
    assert session.rows[-1] == "" and _prompt_rows(session) < 40

    session.press("y", then="Press y again to approve.")
    session.press("y")
    assert session.finish() == 0
    assert "decision: approved" in session.text
    assert "Permission Required" not in session.text
    assert session.restored()


def test_reason_typed_and_entered_prints_denied_with_reason(session: PtySession) -> None:
    session.wait_text("ctrl+o full request")
    session.press("r", "r", then="Reason (required): █")
    session.press("\r", then="A reason is required.")
    session.press("too long, split it", then="Reason (required): too long, split it█")
    session.press("\r")
    assert session.finish() == 0
    assert "decision: denied_with_reason" in session.text
    assert "reason: too long, split it" in session.text
    assert session.rows[:3] == list(TRANSCRIPT)
    assert session.restored()


def test_ctrl_c_exits_130_with_the_terminal_restored(session: PtySession) -> None:
    session.wait_text("ctrl+o full request")
    session.press("\x0f", then="ctrl+o collapse")
    session.press("\x03")
    assert session.finish() == 130
    assert "cancelled" in session.text
    assert "Permission Required" not in session.text
    assert session.restored()
    assert b"\x1b[?25h" in session.output


def test_resize_re_renders_within_the_new_size(session: PtySession) -> None:
    session.wait_text("ctrl+o full request")
    session.press("\x0f", then="32/204")
    session.resize(80, 24)
    session.wait_text("/205")  # at 80 columns the 79-character last report line wraps beside the labels: one row more
    session.wait_for(lambda: session.rows[-1].endswith("15/205"), "the pager re-fitted to 24 rows")
    assert all(len(row) <= 80 for row in session.rows)
    session.press("\x1b", then="ctrl+o full")
    session.press("n", "n")
    assert session.finish() == 0
    assert "decision: denied" in session.text


def test_sigterm_restores_the_terminal(session: PtySession) -> None:
    session.wait_text("ctrl+o full request")
    session.process.send_signal(signal.SIGTERM)
    assert session.finish() == 130
    assert session.restored()


def test_not_a_terminal_is_unusable_input() -> None:
    result = subprocess.run([str(ASKBENCH), "try", REPRO], cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=TIMEOUT)
    assert result.returncode == 2
    assert "interactive terminal" in result.stderr


def test_inline_frame_redraws_only_its_own_rows() -> None:
    from harness.tty import InlineFrame

    read_end, write_end = os.pipe()
    frame = InlineFrame(write_end)
    screen = pyte.Screen(40, 12)
    stream = pyte.ByteStream(screen)
    stream.feed(b"above 1\r\nabove 2\r\n")
    for lines in (["a1", "a2", "a3", "a4"], ["b1", "b2"], ["c1", "c2", "c3"]):
        frame.draw(lines)
        stream.feed(os.read(read_end, 65536))
    assert [row.rstrip() for row in screen.display[:6]] == ["above 1", "above 2", "c1", "c2", "c3", ""]
    frame.clear()
    stream.feed(os.read(read_end, 65536))
    assert [row.rstrip() for row in screen.display[:3]] == ["above 1", "above 2", ""]
    os.close(read_end)
    os.close(write_end)


def test_an_error_inside_the_prompt_restores_the_terminal(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from harness import tty as tty_module
    from impl.prompt import PermissionPrompt

    def broken(self: PermissionPrompt, width: int, height: int) -> list[str]:
        raise RuntimeError("render exploded")

    monkeypatch.setattr(PermissionPrompt, "render", broken)
    master, slave = os.openpty()
    saved = termios.tcgetattr(slave)
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGWINCH, signal.SIGINT, signal.SIGTERM)}
    try:
        code = tty_module.try_fixture(ROOT / REPRO, fd_in=slave, fd_out=slave)
        assert code == 1
        assert termios.tcgetattr(slave) == saved
        assert "render exploded" in capsys.readouterr().err
        assert {sig: signal.getsignal(sig) for sig in handlers} == handlers
        assert b"\x1b[?25h" in os.read(master, 65536)
    finally:
        os.close(master)
        os.close(slave)
