"""The contrast ratio ``legible`` holds text to, and the colours SGR names resolved on real palettes."""

import pytest

from askbench.harness.terminals.contrast import (
    FLOOR,
    contrast_ratio,
    palettes_alike,
    relative_luminance,
    shortfall,
)
from askbench.harness.terminals.palettes import PALETTES
from askbench.harness.terminals.sgr import PLAIN, apply_sgr


@pytest.mark.parametrize(
    ("first", "second", "ratio"),
    [
        ("000000", "ffffff", 21.0),  # WCAG 2: the greatest ratio
        ("ffffff", "000000", 21.0),  # whichever comes first
        ("777777", "ffffff", 4.48),  # WCAG's example of a grey just under 4.5:1
        ("767676", "ffffff", 4.54),  # and of one just over
        ("808080", "ffffff", 3.95),
        ("ffff00", "ffffff", 1.07),  # yellow on a light theme
        ("00005f", "000000", 1.17),  # navy on a dark one
        ("123456", "123456", 1.0),
    ],
)
def test_the_ratio_is_wcag_2s(first: str, second: str, ratio: float) -> None:
    assert contrast_ratio(first, second) == pytest.approx(ratio, abs=0.005)


def test_relative_luminance_runs_from_black_to_white() -> None:
    assert relative_luminance("000000") == 0.0
    assert relative_luminance("ffffff") == pytest.approx(1.0)
    assert relative_luminance("FF0000") == pytest.approx(0.2126)


def test_every_palette_reads_its_own_default_text() -> None:
    for palette in PALETTES:
        assert contrast_ratio(palette.fg, palette.bg) >= FLOOR, palette.name
        assert shortfall("default", "default") is None


@pytest.mark.parametrize(
    ("parameters", "palette", "ratio"),
    [
        (
            "38;2;255;255;0",
            "Solarized Light",
            1.0,
        ),  # yellow: 1.07:1 on white, less on Solarized's cream
        ("38:2::255:255:0", "Solarized Light", 1.0),  # colon form, with the colour space
        ("38:2:255:255:0", "Solarized Light", 1.0),  # colon form, without it
        ("38;5;17", "VS Code Dark+", 1.08),  # the cube's #00005f: 1.17:1 on black
        ("38:5:17", "VS Code Dark+", 1.08),
        ("38;5;235", "Solarized Dark", 1.01),  # the greys' #262626
        ("38;2;0;43;54", "Solarized Dark", 1.0),  # Solarized Dark's background
        ("38:2::40:42:54", "Dracula", 1.0),  # Dracula's
        ("38;2;30;30;30", "VS Code Dark+", 1.0),  # VS Code Dark+'s
        (
            "38;5;8",
            "Solarized Dark",
            1.0,
        ),  # index 8 is the theme's bright black: there, its background
    ],
)
def test_sgr_colours_are_judged_on_the_palette_they_fade_on_most(
    parameters: str, palette: str, ratio: float
) -> None:
    found = apply_sgr(PLAIN, parameters).shortfall
    assert found is not None
    assert (found.palette, round(found.ratio, 2)) == (palette, ratio)


def test_the_worst_palette_is_named_with_the_colour_and_the_ratio() -> None:
    reason = apply_sgr(PLAIN, "38:2::255:255:0").unreadable
    assert reason == (
        "in #ffff00 on the default background: 1.00:1 on Solarized Light (#ffff00 on #fdf6e3), under 3:1"
    )


def test_a_256_colour_index_under_16_is_the_themes_own() -> None:
    assert apply_sgr(PLAIN, "38;5;3") == apply_sgr(PLAIN, "33")
    assert apply_sgr(PLAIN, "48:5:12").bg == "brightblue"
    assert (
        apply_sgr(PLAIN, "38;5;16").fg == "000000" and apply_sgr(PLAIN, "38;5;255").fg == "eeeeee"
    )


def test_reverse_video_swaps_and_dim_blends_halfway_toward_the_background() -> None:
    swapped = shortfall("ffffff", "default", reverse=True)  # the theme's background drawn on white
    assert swapped is not None and swapped.palette == "default light (xterm on white)"
    assert (swapped.shown_fg, swapped.shown_bg) == ("ffffff", "ffffff")
    faint = shortfall("default", "default", dim=True)
    assert faint is not None and faint.palette == "Solarized Light"
    assert (faint.shown_fg, faint.shown_bg) == ("b1b8b3", "fdf6e3")  # #657b83 halfway to #fdf6e3
    assert shortfall("default", "default", reverse=True) is None


def test_a_colour_no_theme_defines_is_not_judged() -> None:
    assert shortfall("nosuchcolour", "default") is None


def test_palettes_alike_split_the_themes_into_dark_and_light_by_their_background() -> None:
    dark, light = palettes_alike("000000"), palettes_alike("ffffff")
    assert {palette.name for palette in dark} >= {"Solarized Dark", "Dracula", "One Dark"}
    assert {palette.name for palette in light} >= {"Solarized Light", "GitHub Light"}
    assert set(dark) | set(light) == set(PALETTES) and not set(dark) & set(light)
    assert palettes_alike("002b36") == dark and palettes_alike("fdf6e3") == light


def test_a_colour_is_held_only_to_the_palettes_it_is_given() -> None:
    assert shortfall("cdd6f4", "default") is not None
    assert shortfall("cdd6f4", "default", palettes=palettes_alike("000000")) is None
    lost = shortfall("cdd6f4", "default", palettes=palettes_alike("ffffff"))
    assert lost is not None and lost.palette in {
        palette.name for palette in palettes_alike("ffffff")
    }
