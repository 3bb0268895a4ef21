"""What a finding shows of one cell: the call as the model sent it, the screens kept, and the bytes the verdict rests on.

A screen is tmux's picture; the verdict reads the raw stream, so a finding
quotes the stream too, at the place that decides: where the input's
control was written as it stands in the input (``containment``), where the
text around a control the prompt dropped was drawn, or where the prompt
drew the input's start. The bytes are quoted with their context, every
control spelt out (``\\x1b[8m``), so the quote itself acts on no terminal.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .driver import Run
from .replay import controls_in

__all__ = ["Excerpt", "Exhibit", "exhibit_of", "spelt", "locate", "CONTEXT_BYTES"]

CONTEXT_BYTES = 80
"""Characters of the stream kept on each side of the spot an excerpt shows."""
_STREAM_CONTROL = re.compile(
    r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b\[[0-?]*[ -/]*[@-~]|\x1b[ -/]*[0-~]|[\x00-\x1f\x7f-\x9f]"
)
_NEEDLE = 12
"""Characters of the input (blanks aside) that locate where the prompt drew it."""


@dataclass(frozen=True)
class Excerpt:
    """A stretch of the raw stream: what it shows, where it starts, and its characters with controls spelt out."""

    what: str
    start: int
    text: str


@dataclass(frozen=True)
class Exhibit:
    """One cell's evidence: the call's name and arguments as JSON, each screen kept (step, rows), the excerpt."""

    call: str
    screens: tuple[tuple[str, tuple[str, ...]], ...]
    excerpt: Excerpt | None = None


def spelt(text: str) -> str:
    """``text`` with every control spelt out as ``\\xNN`` (a line break too), all else as it is."""
    return "".join(
        f"\\x{ord(char):02x}" if _STREAM_CONTROL.fullmatch(char) else char for char in text
    )


def _plain(stream: str) -> tuple[str, list[int]]:
    """The stream's printable characters, blanks aside, and each one's index in the stream."""
    kept, index, last = [], [], 0
    for match in [*_STREAM_CONTROL.finditer(stream), None]:
        end = match.start() if match else len(stream)
        for position in range(last, end):
            if not stream[position].isspace():
                kept.append(stream[position])
                index.append(position)
        last = match.end() if match else end
    return "".join(kept), index


def locate(stream: str, text: str, upto: int) -> int | None:
    """Where ``text`` (blanks aside) was last drawn before ``upto``, the CLI's own escapes between its characters
    skipped: the index in ``stream`` of its first character, or None where it was not drawn."""
    needle = "".join(char for char in text if not char.isspace())
    if not needle:
        return None
    plain, index = _plain(stream[:upto])
    found = plain.rfind(needle)
    return index[found] if found >= 0 else None


def _excerpt(stream: str, spot: int, what: str) -> Excerpt:
    start = max(0, spot - CONTEXT_BYTES)
    return Excerpt(what, start, spelt(stream[start : spot + CONTEXT_BYTES]))


def _before_first_control(strings: Sequence[str]) -> str:
    for text in strings:
        for start, _control in controls_in(text):
            before = "".join(char for char in text[:start] if not char.isspace())
            if before:
                return before[-_NEEDLE:]
    return ""


def _spot(
    stream: str, upto: int, strings: Sequence[str], main: str, leaked: int | None
) -> Excerpt | None:
    if leaked is not None:
        return _excerpt(
            stream, leaked, "the input's control, written to the terminal as the input has it"
        )
    before = _before_first_control(strings)
    spot = locate(stream, before, upto) if before else None
    if spot is not None:
        return _excerpt(stream, spot, "where the prompt drew the input up to its first control")
    head = "".join(char for char in main if not char.isspace() and char.isprintable())[:_NEEDLE]
    spot = locate(stream, head, upto) if head else None
    if spot is not None:
        return _excerpt(stream, spot, "where the prompt drew the input's start")
    end = min(upto, len(stream))
    return Excerpt(
        "the last bytes before the prompt was taken",
        max(0, end - 2 * CONTEXT_BYTES),
        spelt(stream[max(0, end - 2 * CONTEXT_BYTES) : end]),
    )


def exhibit_of(
    run: Run, strings: Sequence[str] = (), main: str = "", leaked: int | None = None
) -> Exhibit:
    """The cell's exhibit: its call, its screens, and (for a prompt) the excerpt its verdict rests on.

    ``leaked`` is where in the decoded stream an input control was found written (``replay.written_controls``).
    """
    named = (
        json.dumps(
            {"name": run.call.name, "arguments": run.call.arguments}, indent=2, ensure_ascii=False
        )
        if run.call
        else ""
    )
    screens = tuple((capture.step, capture.rows) for capture in run.captures)
    prompt = run.capture("prompt")
    if prompt is None or run.outcome != "prompt":
        return Exhibit(named, screens)
    stream = run.raw.decode("utf-8", errors="replace")
    upto = len(run.raw[: prompt.offset].decode("utf-8", errors="replace"))
    return Exhibit(named, screens, _spot(stream, upto, strings, main, leaked))
