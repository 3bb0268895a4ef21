"""glibc's ``wcwidth``: how xterm, VTE and tmux measure a code point.

Terminals that measure each code point alone take its width from the C
library (tmux calls ``wcwidth(3)`` directly; xterm and VTE ship tables built
the same way). The judge reads those widths from a table of one named glibc
that ships with askbench (``cwidth_table``, made by
``scripts/generate_cwidth_table.py``), not from the host's C library: a
verdict must not depend on the machine it was reached on, and asking libc
would need a process-wide ``setlocale``. The table is not a Python library's
either, so it cannot share the renderer's assumptions. Answers are cached
per code point, as a frame repeats few of them many times.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache

from .cwidth_table import GLIBC_VERSION, RANGES, UNICODE_VERSION

__all__ = ["GLIBC_VERSION", "UNICODE_VERSION", "c_wcwidth"]

_FIRSTS = tuple(first for first, _, _ in RANGES)


@lru_cache(maxsize=65536)
def c_wcwidth(char: str) -> int:
    """``wcwidth(3)`` of one code point: -1 for what glibc calls non-printable (and a lone surrogate), else 0, 1 or 2."""
    code = ord(char)
    index = bisect_right(_FIRSTS, code) - 1
    if index >= 0:
        _, last, cells = RANGES[index]
        if code <= last:
            return cells
    return 1
