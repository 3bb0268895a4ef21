"""The C library's ``wcwidth``: how xterm, VTE and tmux measure a code point.

Terminals that measure each code point alone take its width from the C
library (tmux calls ``wcwidth(3)`` directly; xterm and VTE ship tables built
the same way), so the judge asks the C library itself, through ``ctypes``, in
a UTF-8 locale, rather than a Python table that could share the renderer's
assumptions. Answers are cached per code point: the C call is the cost.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import locale
from functools import cache

_LC_CTYPE_NAMES = ("C.UTF-8", "C.utf8", "en_US.UTF-8", "UTF-8")


class CLibraryUnavailable(RuntimeError):
    """No C library with ``wcwidth`` and a UTF-8 locale: the code-point terminal models cannot be judged here."""


@cache
def _wcwidth() -> ctypes._CFuncPtr:  # type: ignore[name-defined]
    name = ctypes.util.find_library("c")
    if name is None:
        raise CLibraryUnavailable("no C library found (ctypes.util.find_library('c') is None)")
    libc = ctypes.CDLL(name)
    function = getattr(libc, "wcwidth", None)
    if function is None:
        raise CLibraryUnavailable(f"{name} has no wcwidth")
    function.argtypes = [ctypes.c_wchar]
    function.restype = ctypes.c_int
    current = locale.setlocale(locale.LC_CTYPE)
    if "utf" not in current.lower().replace("-", ""):
        for candidate in _LC_CTYPE_NAMES:
            try:
                locale.setlocale(locale.LC_CTYPE, candidate)
                break
            except locale.Error:
                continue
        else:
            raise CLibraryUnavailable(
                f"no UTF-8 locale for LC_CTYPE (tried {', '.join(_LC_CTYPE_NAMES)})"
            )
    return function


@cache
def c_wcwidth(char: str) -> int:
    """``wcwidth(3)`` of one code point: -1 for what the library calls non-printable, else 0, 1 or 2."""
    if 0xD800 <= ord(char) <= 0xDFFF:
        return -1  # a lone surrogate is not a wide character at all; ctypes could not even pass it
    return int(_wcwidth()(char))


def available() -> bool:
    try:
        _wcwidth()
    except CLibraryUnavailable:
        return False
    return True
