"""Variants of colour against real themes: text painted in a colour some popular theme loses, and one that no theme does.

Renderers written outside the project passed the old ``legible``, which
lost only black or white on the default background: a flagged value in
pure yellow (1.07:1 on a light theme) or in navy (1.17:1 on a dark one),
the deny options in a near-black grey, the command painted in a popular
dark theme's own background. Each mutant is the reference with one such
colour; the style paints in colours of its own, in the colon form, that read
at 3:1 or more on every palette ``legible`` judges
(``askbench.harness.terminals.palettes``).
"""

from __future__ import annotations

import re

from askbench.impl.dialog import DialogBudget, PaintRole
from askbench.impl.frame import Frame
from askbench.impl.payload import PromptPayload

from ...fixtures.loading import Fixture
from ...terms import View
from .definition import Render, Variant, mutant
from .exact import _value_block
from .meaning import flagged_painted
from .mutants import ask_of, reference_frame, with_ask
from .styles import styled

__all__ = ["THEME_COLOUR_MUTANTS", "THEME_COLOUR_STYLES"]

_SGR = re.compile(r"\x1b\[[0-9;:]*m")
_DENY = ("(n)", "(r)")


def _deny_options_in(sequence: str) -> Render:
    """The reference with its deny options, ``(n)`` and ``(r)``, painted ``sequence``; the legacy view as it was."""

    def render(
        payload: PromptPayload,
        fixture: Fixture | None,
        view: View,
        width: int,
        budget: DialogBudget,
    ) -> Frame:
        frame = reference_frame(payload, view, budget)
        if view == "legacy":
            return frame
        after = frame.ask_start + frame.ask_rows
        lines = [
            _painted_from(line, len(line) - len(line.lstrip(" ")), sequence)
            if index >= after and line.lstrip(" \u25b6").startswith(_DENY)
            else line
            for index, line in enumerate(frame.lines)
        ]
        return Frame(tuple(lines), frame.ask_start, frame.ask_rows, frame.elided)

    return render


def _painted_from(row: str, start: int, sequence: str) -> str:
    """``row`` without its paint, painted ``sequence`` from column ``start`` (of its text) on."""
    plain = _SGR.sub("", row)
    return f"{plain[:start]}{sequence}{plain[start:]}\x1b[39m"


def _value_in(sequence: str) -> Render:
    """The reference with the rows of its main value (the command, the path…) painted ``sequence``, label kept."""

    def render(
        payload: PromptPayload,
        fixture: Fixture | None,
        view: View,
        width: int,
        budget: DialogBudget,
    ) -> Frame:
        frame = reference_frame(payload, view, budget)
        ask = ask_of(frame)
        block = _value_block(ask, payload.request.value_label)
        if view == "legacy" or not block:
            return frame
        rows = list(ask)
        for index in block:
            rows[index] = _painted_from(
                ask[index], _value_start(ask[index], index == block.start), sequence
            )
        return with_ask(frame, rows)

    return render


def _value_start(row: str, heads: bool) -> int:
    """Where the value's text begins on one of its rows: after ``label : `` on the row that ``heads`` it."""
    plain = _SGR.sub("", row)
    head = 0
    if heads:
        separator = plain.find(" : ")
        head = separator + 3 if separator >= 0 else len(plain)
    return len(plain) - len(plain[head:].lstrip(" "))


def _readable_everywhere(role: PaintRole, text: str) -> str:
    """The flagged value bold violet (#af5fd7, 3.6:1 or more), labels steel blue (#5f87af, 3.5:1 or more)."""
    if role == "flagged":
        return f"\x1b[1;38:2::175:95:215m{text}\x1b[22;39m"
    return f"\x1b[38:5:67m{text}\x1b[39m"


THEME_COLOUR_MUTANTS: tuple[Variant, ...] = (
    mutant(
        "value-pure-yellow",
        "the flagged value in #ffff00: 1.07:1 on a white background",
        flagged_painted("\x1b[38;2;255;255;0m"),
    ),
    mutant(
        "value-navy",
        "the flagged value in #00005f (256-colour 17): 1.17:1 on black",
        flagged_painted("\x1b[38;5;17m"),
    ),
    mutant(
        "deny-options-dark-grey",
        "the deny options (n) and (r) in #262626 (256-colour 235): 1.22:1 on black",
        _deny_options_in("\x1b[38;5;235m"),
    ),
    mutant(
        "value-solarized-background",
        "the main value's rows painted #002b36, Solarized Dark's own background, in the colon form",
        _value_in("\x1b[38:2::0:43:54m"),
    ),
)

THEME_COLOUR_STYLES: tuple[Variant, ...] = (
    Variant(
        "own-colours",
        "the flagged value bold violet and the labels steel blue, in colon-form SGR that reads on every palette",
        "style",
        styled(paint=_readable_everywhere),
    ),
)
