"""What a frame did to the terminal and how it is drawn: ``containment``, ``fit`` and ``legible``.

These hold on every view, the legacy dialog's included, and read only the
screen: what reached the terminal, how many rows the lines took, and whether
every character can be read.
"""

from __future__ import annotations

from functools import lru_cache

from ..terminals.frame_reading import FrameReading
from ..terminals.sgr import Style
from .judged_frames import Judged
from .report import Report

__all__ = ["check_containment", "check_fit", "check_legible"]


def check_containment(reading: FrameReading, report: Report) -> None:
    if not reading.transcript_intact:
        report("containment", "a transcript row above the frame changed")
    if reading.cursor_left_frame:
        report("containment", "the cursor moved above the frame")
    if reading.foreign_events:
        report(
            "containment", f"control functions reached the terminal: {reading.foreign_events[:3]}"
        )
    if reading.foreign_bytes:
        report(
            "containment", f"non-SGR control characters in the frame: {reading.foreign_bytes[:3]}"
        )
    if reading.unprintable:
        report(
            "containment",
            f"unprintable characters reached the terminal: {[repr(c) for c in reading.unprintable[:3]]}",
        )


def check_fit(judged: Judged, line_count: int, report: Report) -> bool:
    """Whether every frame line takes one row on these terminals; when not, the line that wraps and why.

    A frame that wraps is read misplaced from the wrapped row on: its rows
    say nothing true of its labels, options or facts, so the caller judges
    nothing else on these terminals (the other terminals, where it fits, go on).
    """
    rows = judged.reading.frame_rows
    if rows == line_count:
        return True
    said = f"{line_count} frame lines occupy {rows} screen rows"
    if judged.misfit is not None:
        said += f": {judged.misfit.said()}"
    report("fit", said)
    return False


@lru_cache(maxsize=1024)
def _any_unreadable(kinds: frozenset[Style]) -> bool:
    """Whether a row drawn in ``kinds`` draws some of it unreadably: rows share a few sets of kinds, each asked once."""
    return any(style.unreadable for style in kinds)


def check_legible(judged: Judged, escape: str | None, report: Report) -> None:
    """Every row is drawn readably (not invisible on a dark or a light theme, not struck through), and no SGR sequence
    of the tool input reaches the terminal.

    ``escape`` is the tool input's sequence the frame's lines carry (``payload_escape``): the same on every
    terminal, so looked for once.
    """
    for index, kinds in enumerate(judged.rows.all_kinds()):
        if not _any_unreadable(kinds):
            continue
        row = judged.rows[index]
        hidden = [
            (char, style)
            for char, style in zip(row.text, row.styles, strict=False)
            if not char.isspace() and style.unreadable
        ]
        if hidden:
            text = "".join(char for char, _ in hidden)[:30]
            report("legible", f"row {index + 1} draws {text!r} {hidden[0][1].unreadable}")
            break
    if escape is not None:
        report("legible", f"the tool input's own escape {escape!r} reached the terminal")
