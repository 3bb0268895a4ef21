"""When output is coloured: ``--color {auto,always,never}`` and the ``NO_COLOR`` and ``FORCE_COLOR`` conventions.

``--color always``/``never`` is the person's word for this run and beats
any variable. ``auto`` never colours when ``NO_COLOR`` is set to anything but
the empty string (https://no-color.org), always colours when ``FORCE_COLOR``
is (https://force-color.org: a CI log that renders colour), and otherwise
colours only a terminal whose ``TERM`` is not ``dumb``: a pipe, a file or a
plain log gets plain text unless asked. ``NO_COLOR`` wins over ``FORCE_COLOR``:
declining colour is the safer reading of the two set at once.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Literal, TextIO

ColourChoice = Literal["auto", "always", "never"]
COLOUR_CHOICES: tuple[ColourChoice, ...] = ("auto", "always", "never")

GREEN, RED, YELLOW, DIM = "32", "31", "33", "2"


def wants_colour(
    choice: ColourChoice, stream: TextIO, environ: Mapping[str, str] | None = None
) -> bool:
    if choice != "auto":
        return choice == "always"
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR"):
        return False
    if env.get("FORCE_COLOR"):
        return True
    if env.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def paint(text: str, sgr: str, on: bool) -> str:
    """``text`` in one SGR colour when colour is on."""
    return f"\x1b[{sgr}m{text}\x1b[0m" if on else text
