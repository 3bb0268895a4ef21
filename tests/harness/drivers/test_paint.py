"""The reference's colours: every paint is closed where it ends, so nothing painted bleeds into the next text."""

import pytest

from askbench.harness.drivers.paint import (
    ANSI_PAINT_CLOSE,
    ANSI_PAINT_OPEN,
    CHROME_SGR,
    chrome_style,
    warning_paint,
)
from askbench.harness.terminals.sgr import PLAIN, apply_sgr


def test_the_flagged_text_is_in_the_warning_colour_and_the_colour_closes() -> None:
    assert warning_paint("flagged", "rm -rf /") == f"{ANSI_PAINT_OPEN}rm -rf /{ANSI_PAINT_CLOSE}"


def test_any_other_role_is_grey_and_the_grey_closes() -> None:
    assert warning_paint("label", "command") == "\x1b[38;5;244mcommand\x1b[39m"


@pytest.mark.parametrize(
    "sequence",
    [ANSI_PAINT_OPEN, "\x1b[38;5;244m", *(f"\x1b[{code}m" for code in CHROME_SGR.values())],
)
def test_every_colour_of_the_reference_reads_on_every_palette(sequence: str) -> None:
    assert apply_sgr(PLAIN, sequence[2:-1]).unreadable is None


@pytest.mark.parametrize("role", sorted(CHROME_SGR))
def test_a_chrome_role_is_styled_and_reset(role: str) -> None:
    styled = chrome_style(role, "text")
    assert styled.startswith(f"\x1b[{CHROME_SGR[role]}m") and styled.endswith("text\x1b[0m")


def test_a_role_the_chrome_has_no_style_for_is_left_alone() -> None:
    assert chrome_style("option", "Yes") == "Yes"
