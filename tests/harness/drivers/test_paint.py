"""The reference's colours: every paint is closed where it ends, so nothing painted bleeds into the next text."""

import pytest

from askbench.harness.drivers.paint import (
    ANSI_PAINT_CLOSE,
    ANSI_PAINT_OPEN,
    CHROME_STYLES,
    chrome_style,
    warning_paint,
)


def test_the_flagged_text_is_in_the_warning_colour_and_the_colour_closes() -> None:
    assert warning_paint("flagged", "rm -rf /") == f"{ANSI_PAINT_OPEN}rm -rf /{ANSI_PAINT_CLOSE}"


def test_any_other_role_is_dim_and_the_dimness_closes() -> None:
    assert warning_paint("label", "command") == "\x1b[2mcommand\x1b[22m"


@pytest.mark.parametrize("role", sorted(CHROME_STYLES))
def test_a_chrome_role_is_styled_and_reset(role: str) -> None:
    styled = chrome_style(role, "text")
    assert styled.startswith(f"\x1b[{CHROME_STYLES[role]}m") and styled.endswith("text\x1b[0m")


def test_a_role_the_chrome_has_no_style_for_is_left_alone() -> None:
    assert chrome_style("option", "Yes") == "Yes"
