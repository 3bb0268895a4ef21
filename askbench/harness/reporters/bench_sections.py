"""The sections of ``reports/bench.md`` measured apart: kept between their markers, and spliced back in.

The xdist section and the large inputs take minutes of commands of their
own, so each stands between two marker comments and is carried over, as it
is, by a run that did not measure it; the markers are their reporters'
(``bench_xdist``, ``bench_large``).
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["kept_section", "splice"]


def splice(report: str, section: str, begin: str, end: str) -> str:
    """``report`` with its section between ``begin`` and ``end`` replaced by ``section`` (appended when it has none)."""
    if begin in report and end in report:
        head, rest = report.split(begin, 1)
        tail = rest.split(end, 1)[1]
        return head + section.rstrip("\n") + tail
    return report.rstrip("\n") + "\n\n" + section


def kept_section(report_path: Path, begin: str, end: str) -> str | None:
    """The section between ``begin`` and ``end`` of an existing report, to carry over when the rest is measured
    again."""
    try:
        text = report_path.read_text(encoding="utf-8")
    except OSError:
        return None
    if begin not in text or end not in text:
        return None
    return begin + text.split(begin, 1)[1].split(end, 1)[0] + end + "\n"
