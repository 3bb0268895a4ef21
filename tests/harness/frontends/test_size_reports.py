"""The terminal's size reports taken out of the input, and the keys around them kept: ``askbench try``'s size probe."""

from __future__ import annotations

import os
import time
import tty
from collections.abc import Iterator
from pathlib import Path

import pytest

from askbench.harness.fixtures.loading import read_unchecked_prompt
from askbench.harness.frontends.size_reports import PROBE, Size, SizeReports, parse_report
from askbench.harness.frontends.try_prompt import TerminalInput, frame_for
from askbench.impl.dialog import MIN_WIDTH
from askbench.impl.prompt import PermissionPrompt


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("\x1b[8;40R", Size(columns=40, rows=8)),
        ("\x1b[24;80R", Size(columns=80, rows=24)),
        ("\x1b[999;999R", Size(columns=999, rows=999)),
        ("\x1b[0;0R", None),
        ("\x1b[8;40", None),
        ("\x1b[8R", None),
        ("\x1b[8;40t", None),
        ("x\x1b[8;40R", None),
    ],
)
def test_a_report_states_rows_then_columns(text: str, size: Size | None) -> None:
    assert parse_report(text) == size


def test_the_probe_saves_moves_to_the_far_corner_asks_and_restores() -> None:
    assert PROBE == "\x1b7\x1b[999;999H\x1b[6n\x1b8"


def test_keys_around_a_report_are_kept_in_order() -> None:
    reports = SizeReports()
    reports.probe()
    scanned = reports.feed("y\x1b[8;40Rn")
    assert scanned.reports == (Size(40, 8),) and scanned.keys == "yn"
    assert reports.owed == 0


def test_a_report_split_across_reads_is_held_until_it_completes() -> None:
    reports = SizeReports()
    reports.probe()
    first = reports.feed("y\x1b[8;")
    assert first.keys == "y" and first.reports == () and reports.holding
    second = reports.feed("40R")
    assert second.reports == (Size(40, 8),) and second.keys == ""
    assert not reports.holding


def test_a_held_esc_is_a_key_once_input_goes_quiet() -> None:
    reports = SizeReports()
    reports.probe()
    assert reports.feed("\x1b").keys == ""
    assert reports.flush() == "\x1b"
    assert not reports.holding


def test_no_report_is_looked_for_when_none_is_owed() -> None:
    """A key that looks like a report (shift+F3 is ``CSI 1;2 R``) is a key unless the prompt asked for its size."""
    reports = SizeReports()
    scanned = reports.feed("\x1b[1;2R\x1b")
    assert scanned.reports == () and scanned.keys == "\x1b[1;2R\x1b"
    assert not reports.holding


def test_each_probe_is_owed_one_answer() -> None:
    reports = SizeReports()
    reports.probe()
    reports.probe()
    assert reports.feed("\x1b[40;120R").reports == (Size(120, 40),) and reports.owed == 1
    scanned = reports.feed("\x1b[8;60R\x1b[9;9R")
    assert scanned.reports == (Size(60, 8),) and scanned.keys == "\x1b[9;9R"


# ── TerminalInput: the probe on a real pty ─────────────────────────────


@pytest.fixture
def pty() -> Iterator[tuple[int, int]]:
    master, slave = os.openpty()
    os.set_blocking(master, False)
    yield master, slave
    os.close(master)
    os.close(slave)


def _written(master: int) -> bytes:
    try:
        return os.read(master, 4096)
    except BlockingIOError:
        return b""


def test_keys_typed_while_probing_are_kept_for_the_prompt(pty: tuple[int, int]) -> None:
    """Keys that arrive before and after the answer are the person's: kept, each read as it came, none dropped."""
    master, slave = pty
    tty.setraw(slave)
    os.write(master, b"y")
    terminal = TerminalInput(slave, slave)
    os.write(master, b"\x1b[8;60Rn")
    terminal.confirm_size(1.0, time.monotonic)
    assert _written(master) == PROBE.encode()
    assert terminal.confirmed == Size(60, 8)
    assert "".join(terminal.take_kept()) == "yn"
    assert terminal.take_kept() == []


def test_a_terminal_that_never_answers_leaves_the_size_unconfirmed(pty: tuple[int, int]) -> None:
    """No answer within the wait: no size is trusted, the reported one included, and the frame only denies."""
    master, slave = pty
    tty.setraw(slave)
    os.write(master, b"y")
    terminal = TerminalInput(slave, slave)
    started = time.monotonic()
    terminal.confirm_size(0.2, time.monotonic)
    assert 0.2 <= time.monotonic() - started < 1.0
    assert terminal.confirmed is None
    assert terminal.take_kept() == ["y"]


def test_an_answer_after_the_wait_still_confirms_the_size(pty: tuple[int, int]) -> None:
    master, slave = pty
    tty.setraw(slave)
    terminal = TerminalInput(slave, slave)
    terminal.confirm_size(0.05, time.monotonic)
    assert terminal.confirmed is None
    os.write(master, b"\x1b[8;40R")
    assert terminal.read() == ""
    assert terminal.confirmed == Size(40, 8)


def test_a_new_probe_unconfirms_until_its_own_answer(pty: tuple[int, int]) -> None:
    """A resize's probe: the answer to an older probe that arrives first is not the size now."""
    master, slave = pty
    tty.setraw(slave)
    terminal = TerminalInput(slave, slave)
    terminal.confirm_size(0.05, time.monotonic)
    terminal.confirm_size(0.05, time.monotonic)
    os.write(master, b"\x1b[40;120R")
    terminal.read()
    assert terminal.confirmed is None
    os.write(master, b"\x1b[8;60R")
    terminal.read()
    assert terminal.confirmed == Size(60, 8)


def test_an_unconfirmed_size_gets_the_denial_only_frame() -> None:
    root = Path(__file__).resolve().parents[3]
    case = read_unchecked_prompt(root / "corpus/bash/powershell-here-string-report-200-lines.json")
    prompt = PermissionPrompt(case.payload)
    lines, width = frame_for(prompt, None)
    assert width == MIN_WIDTH and all(len(line) <= MIN_WIDTH for line in lines)
    assert not prompt.request_visible
    assert "(y)" not in "".join(lines) and "(n)No" in "".join(lines)
    lines, width = frame_for(prompt, Size(120, 40))
    assert width == 120 and prompt.request_visible
