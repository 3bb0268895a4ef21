"""askbench.harness.terminals.cwidth: the C library's own widths, the ones xterm, VTE and tmux draw with."""

import pytest

from askbench.harness.terminals.cwidth import available, c_wcwidth

pytestmark = pytest.mark.skipif(
    not available(), reason="no C library wcwidth with a UTF-8 locale here"
)


@pytest.mark.parametrize(
    ("char", "cells"),
    [
        ("a", 1),
        ("\u4e2d", 2),  # CJK: wide
        ("\u0301", 0),  # a combining acute accent joins the cell before it
        ("\u200d", 0),  # the zero-width joiner
        ("\U0001f468", 2),  # an emoji, measured alone
        (
            "\u302e",
            2,
        ),  # a Hangul tone mark: wcwidth says 0, the C library 2 — the width-disagreement spoof
        ("\u3248", 2),  # circled number ten on black square: ambiguous to Unicode, wide to glibc
        ("\x1b", -1),  # a control: not printable at all
    ],
)
def test_the_c_library_measures_each_code_point_alone(char: str, cells: int) -> None:
    assert c_wcwidth(char) == cells


def test_a_lone_surrogate_is_unprintable_not_a_crash() -> None:
    assert c_wcwidth("\ud800") == -1
