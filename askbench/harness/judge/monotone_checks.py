"""``monotone``: across the widths of one fixture, a wider terminal never shows less of any field."""

from __future__ import annotations

from collections.abc import Iterable

from ..terms import Violation, WidthResult

__all__ = ["check_monotone"]


def check_monotone(results: Iterable[WidthResult]) -> list[Violation]:
    """A wider terminal never shows less of any field than a narrower one."""
    found = []
    ordered = sorted(results, key=lambda result: result.width)
    for narrower, wider in zip(ordered, ordered[1:], strict=False):
        for key, shown in narrower.shown.items():
            if key in wider.shown and wider.shown[key] < shown:
                label = key.split("#", 1)[0]
                found.append(
                    Violation(
                        "monotone",
                        "bounded",
                        wider.width,
                        f"'{label}' shows {wider.shown[key]} characters at {wider.width} columns, "
                        f"{shown} at {narrower.width}",
                        "grapheme",
                    )
                )
    return found
