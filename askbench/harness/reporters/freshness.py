"""Whether a committed report is the one its command writes today: ``askbench report --check``.

A report kept in the repository goes stale the moment a fixture is added and
nobody runs ``make report``; CI regenerates it and compares, so a checkout
after ``make report`` is clean. Only what the repository decides is compared:
the ``Toolchain:`` line names the machine a report was written on (its Python,
its C library), not anything the repository holds, and is left out.
"""

from __future__ import annotations

import difflib

__all__ = ["RUN", "stale"]

RUN = "run make report"
_MACHINE = "Toolchain: "
_SHOWN = 20


def _repository_lines(text: str) -> list[str]:
    return [line for line in text.splitlines(keepends=True) if not line.startswith(_MACHINE)]


def stale(name: str, committed: str | None, fresh: str) -> list[str]:
    """Nothing when ``committed`` says what ``fresh`` says; else why not, ending with ``RUN``, and the first
    lines of the difference. ``committed`` is ``None`` when there is no such file."""
    if committed is None:
        return [f"{name} is missing: {RUN}"]
    difference = list(
        difflib.unified_diff(
            _repository_lines(committed),
            _repository_lines(fresh),
            f"{name} (committed)",
            f"{name} (as written today)",
            n=0,
        )
    )
    if not difference:
        return []
    shown = [line.rstrip("\n") for line in difference[:_SHOWN]]
    more = len(difference) - _SHOWN
    return [
        f"{name} is not what `askbench report` writes today: {RUN}",
        *shown,
        *([f"… {more} more lines of difference"] if more > 0 else []),
    ]
