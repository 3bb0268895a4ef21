"""SGR is read in both forms, and a style says when what it draws cannot be read."""

import pytest

from askbench.harness.terminals.sgr import PLAIN, apply_sgr


@pytest.mark.parametrize(
    "parameters, fg, bg",
    [
        # T.416: an empty colour-space identifier before R:G:B
        (
            "38:2::255:0:0",
            "ff0000",
            "default",
        ),
        ("38:2:7:255:0:0", "ff0000", "default"),  # T.416 with a colour-space identifier
        ("38:2:255:0:0", "ff0000", "default"),  # the identifier left out, as terminals also accept
        ("38;2;255;0;0", "ff0000", "default"),
        ("38:5:196", "ff0000", "default"),
        ("38;5;196", "ff0000", "default"),
        ("48:2::1:2:3;38:5:15", "brightwhite", "010203"),  # 0–15: the theme's own colours
        ("1;38:2::255:255:255;4:3", "ffffff", "default"),
    ],
)
def test_sgr_is_read_in_the_semicolon_and_the_colon_form(parameters, fg, bg):
    style = apply_sgr(PLAIN, parameters)
    assert (style.fg, style.bg) == (fg, bg)


def test_a_colon_sub_parameter_belongs_to_its_own_parameter():
    style = apply_sgr(PLAIN, "4:3;9")
    assert style.underline and style.strikethrough
    assert not apply_sgr(style, "4:0").underline


def test_a_malformed_extended_colour_ends_the_sequence():
    assert apply_sgr(PLAIN, "38;5") == PLAIN and apply_sgr(PLAIN, "38:2:1;1").fg == "default"


@pytest.mark.parametrize(
    "parameters",
    [
        "38:2::255:255:255;48:2::255:255:255",  # white on white, colon form
        "38;2;9;9;9;48;5;0",  # near-black on black
        "30",
        "38;5;0",
        "38:2::0:0:0",  # black on the default background: gone on a dark theme
        "97",
        "37",
        "38;5;231",
        "38:2::255:255:255",  # white on the default background: gone on a light theme
        "47",
        "40",  # the default foreground on a background one theme's foreground matches
        "8",
        "7;8",
    ],
)
def test_text_lost_on_a_dark_or_a_light_theme_is_invisible(parameters):
    assert apply_sgr(PLAIN, parameters).invisible


@pytest.mark.parametrize(
    "parameters",
    [
        "33",  # xterm's yellow on white, 1.70:1
        "1;36",  # xterm's cyan on white, 1.98:1
        "2",  # the default foreground dimmed on Solarized Light, 1.88:1
        "90",  # Solarized's bright black is Solarized Dark's background
        "31;47",  # GitHub Light's red on its white, a grey: 1.18:1
        "38:2::255:255:255;48:5:4",  # white on One Dark's blue, 2.36:1
    ],
)
def test_colour_that_fades_on_some_real_theme_is_invisible(parameters):
    assert apply_sgr(PLAIN, parameters).invisible


@pytest.mark.parametrize(
    "parameters",
    ["", "1", "7", "31", "35", "38;5;166", "1;38;5;32", "38;5;244", "38:2::255:255:255;48:5:18"],
)
def test_colour_that_reads_on_every_theme_is_visible(parameters):
    style = apply_sgr(PLAIN, parameters)
    assert not style.invisible and style.unreadable is None


def test_strikethrough_is_unreadable_but_not_invisible():
    style = apply_sgr(PLAIN, "9")
    assert not style.invisible and style.unreadable is not None and "struck" in style.unreadable
    assert apply_sgr(style, "29").unreadable is None
