"""What a process shares with everything it runs: a command or a plugin must leave it as it found it.

Imported by the tests as ``process_state`` (pytest puts this folder on ``sys.path``), and by the
processes they start, whose ``sys.path`` they extend with ``FOLDER``."""

from __future__ import annotations

import locale
import os
import signal
import sys
from pathlib import Path

FOLDER = Path(__file__).resolve().parent
_CATEGORIES = ("LC_CTYPE", "LC_NUMERIC", "LC_COLLATE", "LC_TIME", "LC_MONETARY", "LC_MESSAGES")


def _handlers() -> dict[int, object]:
    handlers: dict[int, object] = {}
    for number in signal.valid_signals():
        try:
            handlers[int(number)] = signal.getsignal(number)
        except (OSError, ValueError):
            continue
    return handlers


def state() -> dict[str, object]:
    """The locale, the signal handlers, the environment (but pytest's own test name), the folder, the recursion limit."""
    return {
        "locale": {name: locale.setlocale(getattr(locale, name)) for name in _CATEGORIES},
        "signals": _handlers(),
        "environ": {
            key: value for key, value in os.environ.items() if key != "PYTEST_CURRENT_TEST"
        },
        "cwd": os.getcwd(),
        "recursion": sys.getrecursionlimit(),
    }
