"""What a command does when the reader of its output goes away (``askbench check | head``)."""

from __future__ import annotations

import os
import sys

__all__ = ["discard_stdout"]


def discard_stdout() -> None:
    """After a reader closed the pipe: send what is still buffered nowhere, so exit prints no second error."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a file descriptor (captured in tests)
        pass
