"""``--color``, ``NO_COLOR`` and ``FORCE_COLOR``: the person's flag first, then NO_COLOR, then FORCE_COLOR, then the terminal."""

from __future__ import annotations

import io

import pytest

from askbench.harness.reporters.colour import ColourChoice, wants_colour


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("choice", "environ", "terminal", "coloured"),
    [
        ("auto", {}, True, True),
        ("auto", {}, False, False),
        ("auto", {"NO_COLOR": "1"}, True, False),
        ("auto", {"NO_COLOR": ""}, True, True),  # empty is unset (no-color.org)
        ("auto", {"FORCE_COLOR": "1"}, False, True),
        ("auto", {"FORCE_COLOR": "0"}, False, True),  # any value but empty (force-color.org)
        ("auto", {"FORCE_COLOR": ""}, False, False),
        ("auto", {"FORCE_COLOR": "1", "TERM": "dumb"}, False, True),
        ("auto", {"TERM": "dumb"}, True, False),
        ("auto", {"NO_COLOR": "1", "FORCE_COLOR": "1"}, True, False),  # NO_COLOR wins
        ("always", {"NO_COLOR": "1"}, False, True),  # the flag is the person's word for this run
        ("never", {"FORCE_COLOR": "1"}, True, False),
    ],
)
def test_who_decides_colour(
    choice: ColourChoice, environ: dict[str, str], terminal: bool, coloured: bool
) -> None:
    stream = _Terminal() if terminal else io.StringIO()
    assert wants_colour(choice, stream, environ) is coloured
