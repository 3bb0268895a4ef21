"""``askbench try`` end to end: a real process on a pseudo-terminal, read as a person would see it.

The child runs in its own session with the pty as its controlling terminal,
so resizing the pty delivers a genuine SIGWINCH. Its output is fed into a
pyte screen of the same size that behaves as xterm does where pyte itself
does not: it keeps a scrollback, has an alternate screen (mode 1049), and a
resize keeps the cursor's row on screen by scrolling the rows above it into
the scrollback. Every assertion is about that screen.

Keys are written one at a time with a pause, as a person types; writing
several in one go is how a paste arrives, and the prompt treats it as one.
The prompt ignores decisive keys for half a second after it appears, so
sessions wait for that before deciding.
"""

from __future__ import annotations

import fcntl
import importlib.util
import json
import os
import re
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

from askbench.harness.frontends.try_prompt import rows_drawn
from askbench.impl.decision import DEFAULT_GUARD_SECONDS, DEFAULT_REPEAT_SECONDS

ROOT = Path(__file__).resolve().parents[3]
ASKBENCH = ROOT / ".venv" / "bin" / "askbench"
REPRO = "corpus/bash/powershell-here-string-report-200-lines.json"
TRANSCRIPT = ("transcript row 01", "transcript row 02", "transcript row 03")
TIMEOUT = 10.0
KEY_PAUSE = 0.12
"""Between two typed keys: long enough that the prompt reads them as two reads, as a person's keys arrive."""

pytestmark = pytest.mark.skipif(
    sys.platform == "win32" or not ASKBENCH.exists(),
    reason="needs a POSIX pty and the installed console script",
)


def _set_size(fd: int, columns: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def _controlling_tty() -> None:
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class XtermScreen(pyte.Screen):
    """pyte, plus what an xterm does that the frames depend on: scrollback, the alternate screen, resize."""

    def __init__(self, columns: int, lines: int, answer: Callable[[str], object] = len) -> None:
        self.answer = answer
        self.scrollback: list[str] = []
        self.alternate: tuple[dict[int, object], tuple[int, int]] | None = None
        self.private_modes: set[int] = set()
        super().__init__(columns, lines)

    def write_process_input(self, data: str) -> None:
        """A report the program asked for (its cursor position: how ``try`` confirms the size) goes to its input."""
        self.answer(data)

    def row_text(self, y: int) -> str:
        return "".join(self.buffer[y][x].data for x in range(self.columns)).rstrip()

    def index(self) -> None:
        top, bottom = self.margins or pyte.screens.Margins(0, self.lines - 1)
        if self.cursor.y == bottom and self.alternate is None:
            self.scrollback.append(self.row_text(top))
        super().index()

    def set_mode(self, *modes: int, **kwargs: object) -> None:
        if kwargs.get("private"):
            self.private_modes.update(modes)
            if 1049 in modes and self.alternate is None:
                self.alternate = (
                    {y: self._copy_row(y) for y in range(self.lines)},
                    (self.cursor.x, self.cursor.y),
                )
                self.buffer.clear()
        super().set_mode(*modes, **kwargs)  # type: ignore[arg-type]

    def _copy_row(self, y: int) -> object:
        row = self.buffer[y]
        copy = type(row)(row.default)
        copy.update(row)
        return copy

    def reset_mode(self, *modes: int, **kwargs: object) -> None:
        if kwargs.get("private"):
            self.private_modes.difference_update(modes)
            if 1049 in modes and self.alternate is not None:
                saved, (x, y) = self.alternate
                self.alternate = None
                self.buffer.clear()
                for row, line in saved.items():
                    self.buffer[row] = line  # type: ignore[assignment]
                self.cursor.x, self.cursor.y = x, y
                self.dirty.update(range(self.lines))
        super().reset_mode(*modes, **kwargs)  # type: ignore[arg-type]

    def resize(self, lines: int | None = None, columns: int | None = None) -> None:
        lines, columns = lines or self.lines, columns or self.columns
        overflow = self.cursor.y - (lines - 1)
        if overflow > 0:  # xterm keeps the cursor's row: the rows above it scroll away
            if self.alternate is None:
                self.scrollback.extend(self.row_text(y) for y in range(overflow))
            rows = [self.buffer[y] for y in range(self.lines)]
            self.buffer.clear()
            for y, row in enumerate(rows[overflow:]):
                self.buffer[y] = row
            self.cursor.y -= overflow
        for row in list(self.buffer.values()):
            for x in range(columns, self.columns):
                row.pop(x, None)
        self.lines, self.columns = lines, columns
        for y in [y for y in self.buffer if y >= lines]:
            del self.buffer[y]
        self.set_margins()
        self.dirty.update(range(lines))


class PtySession:
    """One ``askbench try`` run on a pty, with the screen a person would be looking at."""

    def __init__(
        self,
        fixture: str,
        columns: int = 120,
        rows: int = 40,
        before: str = "",
        answers: bool = True,
    ) -> None:
        self.master, slave = os.openpty()
        _set_size(slave, columns, rows)
        self.saved = termios.tcgetattr(slave)
        answer = (lambda data: os.write(self.master, data.encode())) if answers else len
        self.screen = XtermScreen(columns, rows, answer)
        self.stream = pyte.ByteStream(self.screen)
        script = "printf '%s\\n' \"$@\"; " + before + 'exec "$0" try ' + fixture
        self.process = subprocess.Popen(
            ["/bin/sh", "-c", script, str(ASKBENCH), *TRANSCRIPT],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=ROOT,
            start_new_session=True,
            preexec_fn=_controlling_tty,
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

    def pause(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self._pump(max(0.0, min(0.05, deadline - time.monotonic())))

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

    def ready(self) -> None:
        """The prompt is on screen and its guard interval has passed: a person has had time to read it."""
        self.wait_text("Permission Required")
        self.pause(DEFAULT_GUARD_SECONDS + 0.2)

    def press(self, *keys: str, then: str | None = None) -> None:
        """Type ``keys`` one at a time, as a person does: the same key again only after letting it go."""
        for key in keys:
            if key == getattr(self, "_last_key", None):
                self.pause(DEFAULT_REPEAT_SECONDS)  # sooner, it would be that key held: one press
            os.write(self.master, key.encode())
            self._last_key = key
            self.pause(KEY_PAUSE)
        if then is not None:
            self.wait_text(then)

    def paste(self, data: str) -> None:
        """Everything in one write, as a terminal or multiplexer delivers a paste."""
        os.write(self.master, data.encode())
        self.pause(KEY_PAUSE)

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


def _prompt_copies(session: PtySession) -> int:
    """How many prompt titles the screen shows: one, or a redraw left a stale frame."""
    return sum(row.startswith("Permission Required") for row in session.rows)


def test_bounded_then_paged_then_collapsed_then_yy_approves(session: PtySession) -> None:
    session.ready()
    assert session.rows[:3] == list(TRANSCRIPT)
    assert session.rows[3] == "Permission Required"
    assert "shape   : @'…'@ | Out-File -FilePath report.md" in session.text
    assert "▶ (y) Yes" in session.text
    assert _prompt_rows(session) <= 24 + 10
    assert 2004 in session.screen.private_modes  # bracketed paste is on while the prompt waits

    session.press("\x0f", then="ctrl+o collapse")
    session.wait_text("/205")
    assert session.screen.alternate is not None  # the pager is on the alternate screen, as less is
    assert "Scope: 41 files changed" in session.text
    assert session.rows[-1].endswith("29/205")
    assert "(r) No, provide reason" in session.text

    session.press("\x1b[6~", then="55/205")
    session.press("\x1b[F", then="205/205")
    assert "Out-File" in session.text
    assert session.rows[0:3] == ["Permission Required", "tool    : bash", "command : @'"]

    session.press("\x0f", then="ctrl+o full request")
    assert session.screen.alternate is None
    assert "/205" not in session.text
    assert "## Summary and verdict" not in session.text  # the complete view's, gone with it
    assert session.rows[:3] == list(TRANSCRIPT)
    assert _prompt_copies(session) == 1
    assert session.rows[-1] == "" and _prompt_rows(session) < 40

    session.pause(
        DEFAULT_GUARD_SECONDS + 0.2
    )  # collapsing is a new layout: the guard counts from it
    session.press("y", then="Press y again to approve.")
    session.press("y")
    assert session.finish() == 0
    assert "decision: approved" in session.text
    assert "Permission Required" not in session.text
    assert not any(
        "Permission Required" in row or "/204" in row for row in session.screen.scrollback
    )
    assert 2004 not in session.screen.private_modes
    assert session.restored()


def test_reason_typed_and_entered_prints_denied_with_reason(session: PtySession) -> None:
    session.ready()
    session.press("r", "r", then="Reason (required): █")
    session.press("\r", then="A reason is required.")
    session.press(*"too long", then="Reason (required): too long█")
    session.paste(
        "\x1b[200~, split\nit\x1b[201~"
    )  # pasted text is text in the reason step, line break and all
    session.wait_text("Reason (required): too long, split it█")
    session.press("\r")
    assert session.finish() == 0
    assert "decision: denied_with_reason" in session.text
    assert "reason: too long, split it" in session.text
    assert session.rows[:3] == list(TRANSCRIPT)
    assert session.restored()


def test_ctrl_c_exits_130_with_the_terminal_restored(session: PtySession) -> None:
    session.ready()
    session.press("\x0f", then="ctrl+o collapse")
    session.press("\x03")
    assert session.finish() == 130
    assert "cancelled" in session.text
    assert "Permission Required" not in session.text
    assert session.screen.alternate is None and 2004 not in session.screen.private_modes
    assert session.restored()
    assert b"\x1b[?25h" in session.output and b"\x1b[?2004l" in session.output


def test_resize_re_renders_within_the_new_size_and_leaves_no_stale_frame(
    session: PtySession,
) -> None:
    session.ready()
    session.resize(80, 24)
    session.wait_for(
        lambda: "2025-06-12" in session.text and all(len(row) <= 80 for row in session.rows),
        "the prompt at 80 columns",
    )
    session.pause(0.3)
    assert _prompt_copies(session) == 1
    session.resize(60, 14)
    session.wait_for(lambda: "(y)Yes" in session.text, "the compact prompt at 14 rows")
    session.pause(0.3)
    assert _prompt_copies(session) == 1 and "tool    : bash" in session.text
    session.press(
        "\x0f", then="ctrl+o collapse"
    )  # 358 rows at 60 columns: more than opening lays out, so a share
    session.wait_for(
        lambda: re.search(r" · 8 · \d%$", session.rows[-1]) is not None,
        "the pager within 14 rows, 60 columns",
    )
    session.resize(80, 24)
    session.wait_text(
        "/206"
    )  # at 80 columns the 79-character last report line wraps beside the labels: one row more
    session.wait_for(lambda: session.rows[-1].endswith("12/206"), "the pager re-fitted to 24 rows")
    assert all(len(row) <= 80 for row in session.rows)
    session.press("\x1b", then="ctrl+o full")
    session.pause(DEFAULT_GUARD_SECONDS + 0.2)
    assert _prompt_copies(session) == 1
    session.press("n", "n")
    assert session.finish() == 0
    assert "decision: denied" in session.text
    assert _prompt_copies(session) == 0


def test_sigterm_restores_the_terminal(session: PtySession) -> None:
    session.ready()
    session.press("\x0f", then="ctrl+o collapse")
    session.process.send_signal(signal.SIGTERM)
    assert session.finish() == 130
    assert session.screen.alternate is None and 2004 not in session.screen.private_modes
    assert session.restored()


# ── only deliberate input decides ───────────────────────────────────────


def _typed_ahead(typed: str) -> PtySession:
    """``sleep 1; askbench try …`` with ``typed`` written while it sleeps: keys a person typed before the prompt was up.

    One key, because several would arrive in one read and be taken as a paste.
    """
    session = PtySession(REPRO, before="sleep 1; ")
    session.pause(0.3)
    os.write(session.master, typed.encode())
    return session


@pytest.mark.parametrize("typed", ["\r", "y"])
def test_a_decisive_key_typed_before_the_prompt_appeared_is_read_and_decides_nothing(
    typed: str,
) -> None:
    """Type-ahead is kept, not flushed: read right after the first frame, it lands in the guard and says "Too soon"."""
    session = _typed_ahead(typed)
    try:
        session.wait_text("Too soon")
        session.ready()
        assert session.process.poll() is None, session.text
        assert "Press" not in session.text, session.text
        session.press("n", "n")
        assert session.finish() == 0
        assert "decision: denied" in session.text
    finally:
        session.close()


def test_ctrl_o_typed_before_the_prompt_appeared_opens_the_full_request() -> None:
    """A key that decides nothing acts at once when the prompt comes up, as if typed a moment later."""
    session = _typed_ahead("\x0f")
    try:
        session.wait_text("ctrl+o collapse")
        assert session.process.poll() is None, session.text
        session.process.send_signal(signal.SIGTERM)
        assert session.finish() == 130
        assert session.restored()
    finally:
        session.close()


FIRST_DRAW_PROBE = """
import os, sys
from askbench.harness.frontends import cli, try_prompt

def first_draw(self, lines, width, full_screen):
    os.write(2, "\\n".join(sorted(sys.modules)).encode())
    os._exit(0)

try_prompt.Display.draw = first_draw
cli.main(["try", sys.argv[1]])
"""
"""``askbench try FIXTURE`` that stops as it is about to draw its first frame and lists every module imported by then."""

TRY_MODULES = {
    "askbench.harness.exit_codes",
    "askbench.harness.drivers.paint",
    "askbench.harness.fixtures.ids",
    "askbench.harness.fixtures.json_positions",
    "askbench.harness.fixtures.loading",
    "askbench.harness.fixtures.mcp_records",
    "askbench.harness.fixtures.problems",
    "askbench.harness.frontends.cli",
    "askbench.harness.frontends.closed_pipe",
    "askbench.harness.frontends.lazy_commands",
    "askbench.harness.frontends.option_types",
    "askbench.harness.frontends.size_reports",
    "askbench.harness.frontends.suggest",
    "askbench.harness.frontends.try_prompt",
    "askbench.harness.reporters.colour",
}
"""All of the harness ``askbench try`` imports before its first frame, packages aside: the exit codes, the command line (its did-you-mean parser included), the
fixture's loader and the prompt's colours. The fixture is checked once the frame shows (``test_a_fixture_the_gate_
refuses_is_shown_then_refused_before_any_key_decides``), so no schema validator is imported before it."""


def _modules_at_first_draw(fixture: str) -> set[str]:
    master, slave = os.openpty()
    _set_size(slave, 120, 40)
    try:
        done = subprocess.run(
            [sys.executable, "-c", FIRST_DRAW_PROBE, fixture],
            stdin=slave,
            stdout=slave,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            timeout=TIMEOUT * 3,
            check=False,
        )
    finally:
        os.close(master)
        os.close(slave)
    assert done.returncode == 0, done.stderr.decode()
    return set(done.stderr.decode().split())


@pytest.mark.parametrize(
    "fixture",
    [REPRO, "corpus/mcp/github-create-issue-long-markdown-body.json"],
    ids=["bash", "mcp"],
)
def test_try_imports_no_more_than_it_needs_before_the_first_draw(fixture: str) -> None:
    """No judge, terminal, runner, report, agent or other subcommand, no pyte: the harness it imports is exactly
    ``TRY_MODULES``, so a module that slips onto the path shows by name."""
    modules = _modules_at_first_draw(fixture)
    harness = {
        name
        for name in modules
        if name.startswith("askbench.harness.")
        and not importlib.util.find_spec(name).submodule_search_locations  # type: ignore[union-attr]
    }
    assert harness == TRY_MODULES
    assert {"askbench.impl.prompt", "askbench.impl.payload", "tree_sitter_bash"} <= modules
    assert not {
        name
        for name in modules
        if name.split(".")[0] in ("pyte", "matplotlib", "hypothesis", "jsonschema")
    }


@pytest.mark.parametrize(
    "pasted",
    [
        "yy",
        "\x1b[200~yy\x1b[201~",
        "git status\r",
        "\x1b[200~git status\r\x1b[201~\r",
        "\x1b[200~yy",
    ],
    ids=[
        "raw-yy",
        "bracketed-yy",
        "raw-git-status",
        "bracketed-git-status-then-enter",
        "unterminated-yy",
    ],
)
def test_pasted_text_never_decides(pasted: str) -> None:
    session = PtySession(REPRO)
    try:
        session.ready()
        session.paste(pasted)
        session.pause(DEFAULT_GUARD_SECONDS + 0.4)
        assert session.process.poll() is None, session.text
        assert "Press" not in session.text, session.text
        session.pause(DEFAULT_GUARD_SECONDS)
        session.press("n", "n")
        assert session.finish() == 0
        assert "decision: denied" in session.text
    finally:
        session.close()


def test_a_typed_shell_line_never_approves() -> None:
    """``git status⏎`` typed into the prompt key by key: the s of "status" would arm, the rest is typing."""
    session = PtySession(REPRO)
    try:
        session.ready()
        session.press(*"git status", "\r")
        session.pause(0.2)
        assert session.process.poll() is None, session.text
        session.press("\x03")
        assert session.finish() == 130
    finally:
        session.close()


def test_a_terminal_too_small_for_the_request_offers_only_denial() -> None:
    session = PtySession(REPRO, columns=40, rows=3)
    try:
        session.wait_text("Too small")
        session.pause(DEFAULT_GUARD_SECONDS + 0.2)
        assert "(y)" not in session.text and "(n)No" in session.text
        session.press("y", "y")
        assert session.process.poll() is None
        session.resize(40, 12)
        session.wait_text("(y)Yes")
        assert "tool    : bash" in session.text and "command : @'" in session.text
        session.pause(DEFAULT_GUARD_SECONDS + 0.2)
        session.press("y", then="Press y again")
        session.press("y")
        assert session.finish() == 0
        assert "decision: approved" in session.text
    finally:
        session.close()


def test_a_terminal_that_never_says_its_size_offers_only_denial() -> None:
    """The tty says 120×40, but the terminal never answers the size probe: the tty's word is not enough to approve."""
    session = PtySession(REPRO, answers=False)
    try:
        session.wait_text("unconfirmed")
        session.pause(DEFAULT_GUARD_SECONDS + 0.2)
        assert "(y)" not in session.text and "(n)No" in session.text
        assert all(len(row) <= 20 for row in session.rows[3:])
        session.press("y", "y", "\r", "\r")
        assert session.process.poll() is None, session.text
        session.press("n", "n")
        assert session.finish() == 0
        assert "decision: denied" in session.text
    finally:
        session.close()


def test_a_terminal_narrower_than_any_layout_says_too_small_and_still_decides() -> None:
    """19 columns, at the start and by a resize while waiting: the Too small screen, never an error exit."""
    session = PtySession(REPRO, columns=19, rows=12)
    try:
        session.wait_text("Too small")
        assert "(y)" not in session.text
        session.resize(40, 12)
        session.wait_text("(y)Yes")
        session.resize(19, 12)
        session.wait_for(
            lambda: "Too small" in session.text and "(y)" not in session.text, "Too small again"
        )
        session.pause(DEFAULT_GUARD_SECONDS + 0.2)
        session.press("n", "n")
        assert session.finish() == 0
        assert "decision: denied" in session.text and "error" not in session.text
    finally:
        session.close()


def test_an_enter_split_into_cr_and_lf_reads_is_one_press() -> None:
    """CR, then LF in a second read: one enter, which arms the opening Yes and approves nothing."""
    session = PtySession(REPRO)
    try:
        session.ready()
        session.press("\r", "\n", then="Press enter again")
        session.pause(0.3)
        assert session.process.poll() is None and "release enter" not in session.text
    finally:
        session.close()


def test_a_fixture_the_gate_refuses_is_shown_then_refused_before_any_key_decides(
    tmp_path: Path,
) -> None:
    """The prompt is drawn before its fixture is checked and the check runs before a key is read: a fixture the
    gate refuses ends with its problem named, exit 2, the prompt erased and the terminal restored."""
    data = json.loads((ROOT / REPRO).read_text())
    data["description"] = "two\nlines"
    fixture = tmp_path / "refused.json"
    fixture.write_text(json.dumps(data))
    session = PtySession(str(fixture))
    try:
        assert session.finish() == 2
        assert b"Permission Required" in session.output
        assert "Permission Required" not in session.text
        assert "description" in session.text and "decision" not in session.text
        assert session.restored()
    finally:
        session.close()


def test_not_a_terminal_is_unusable_input() -> None:
    result = subprocess.run(
        [str(ASKBENCH), "try", REPRO],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert result.returncode == 2
    assert "interactive terminal" in result.stderr


def test_inline_frame_redraws_only_its_own_rows() -> None:
    from askbench.harness.frontends.try_prompt import InlineFrame

    read_end, write_end = os.pipe()
    frame = InlineFrame(write_end)
    screen = pyte.Screen(40, 12)
    stream = pyte.ByteStream(screen)
    stream.feed(b"above 1\r\nabove 2\r\n")
    for lines in (["a1", "a2", "a3", "a4"], ["b1", "b2"], ["c1", "c2", "c3"]):
        frame.draw(lines, 40)
        stream.feed(os.read(read_end, 65536))
    assert [row.rstrip() for row in screen.display[:6]] == [
        "above 1",
        "above 2",
        "c1",
        "c2",
        "c3",
        "",
    ]
    frame.clear()
    stream.feed(os.read(read_end, 65536))
    assert [row.rstrip() for row in screen.display[:3]] == ["above 1", "above 2", ""]
    os.close(read_end)
    os.close(write_end)


def test_a_line_the_terminal_wraps_is_erased_with_its_rows() -> None:
    """A frame line wider than the terminal takes two rows: the redraw must move over both, or a stale row stays."""
    from askbench.harness.frontends.try_prompt import InlineFrame

    read_end, write_end = os.pipe()
    frame = InlineFrame(write_end)
    screen = pyte.Screen(20, 12)
    stream = pyte.ByteStream(screen)
    stream.feed(b"above 1\r\nabove 2\r\n")
    for lines in (
        ["Permission Required", "x" * 30, "\x1b[2mhint\x1b[0m"],
        ["Permission Required", "short"],
    ):
        frame.draw(lines, 20)
        stream.feed(os.read(read_end, 65536))
    rows = [row.rstrip() for row in screen.display]
    assert rows[:5] == ["above 1", "above 2", "Permission Required", "short", ""]
    assert rows.count("Permission Required") == 1
    os.close(read_end)
    os.close(write_end)


def test_rows_drawn_counts_the_rows_a_line_wraps_to() -> None:
    assert rows_drawn(["a" * 20, "", "\x1b[1mb\x1b[0m"], 20) == 3
    assert rows_drawn(["a" * 21, "漢" * 11], 20) == 4


def test_an_error_inside_the_prompt_restores_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from askbench.harness.frontends import try_prompt as tty_module
    from askbench.impl.prompt import PermissionPrompt

    def broken(self: PermissionPrompt, *size: int) -> list[str]:
        raise RuntimeError("render exploded")

    monkeypatch.setattr(PermissionPrompt, "render", broken)
    monkeypatch.setattr(PermissionPrompt, "render_unconfirmed", broken)
    master, slave = os.openpty()
    saved = termios.tcgetattr(slave)
    handlers = {
        sig: signal.getsignal(sig) for sig in (signal.SIGWINCH, signal.SIGINT, signal.SIGTERM)
    }
    try:
        code = tty_module.try_fixture(ROOT / REPRO, fd_in=slave, fd_out=slave)
        assert code == 1
        assert termios.tcgetattr(slave) == saved
        assert "render exploded" in capsys.readouterr().err
        assert {sig: signal.getsignal(sig) for sig in handlers} == handlers
        output = b""  # every write is done; a pty hands them over a write at a time, so read until none is left
        while select.select([master], [], [], 0.2)[0]:
            chunk = os.read(master, 65536)
            if not chunk:
                break
            output += chunk
        assert b"\x1b[?25h" in output and output.rindex(b"\x1b[?2004l") > output.rindex(
            b"\x1b[?2004h"
        )
    finally:
        os.close(master)
        os.close(slave)


def test_the_display_pages_on_the_alternate_screen_and_skips_unchanged_frames() -> None:
    from askbench.harness.frontends.try_prompt import Display

    read_end, write_end = os.pipe()
    display = Display(write_end)
    screen = XtermScreen(30, 8)
    stream = pyte.ByteStream(screen)
    stream.feed(b"above 1\r\nabove 2\r\n")

    def draw(lines: list[str], full_screen: bool) -> bytes:
        display.draw(lines, 30, full_screen)
        readable, _, _ = select.select([read_end], [], [], 0.1)
        data = os.read(read_end, 65536) if readable else b""
        stream.feed(data)
        return data

    draw(["prompt", "options"], False)
    assert draw(["prompt", "options"], False) == b""  # unchanged: nothing written
    draw(["page 1", "page 2"], True)
    assert screen.alternate is not None and [row.rstrip() for row in screen.display[:2]] == [
        "page 1",
        "page 2",
    ]
    draw(["prompt", "options"], False)
    rows = [row.rstrip() for row in screen.display]
    assert screen.alternate is None and rows[:4] == ["above 1", "above 2", "prompt", "options"]
    display.clear()
    stream.feed(os.read(read_end, 65536))
    assert [row.rstrip() for row in screen.display[:3]] == ["above 1", "above 2", ""]
    os.close(read_end)
    os.close(write_end)
