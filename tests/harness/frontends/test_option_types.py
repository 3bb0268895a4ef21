import argparse

import pytest

from askbench.harness.frontends.option_types import parse_widths


def test_widths_are_comma_separated_whole_numbers():
    assert parse_widths("80,120, 160") == [80, 120, 160]


@pytest.mark.parametrize("text", ["", "80,x", "19", "80,10"])
def test_anything_else_is_an_argparse_error(text):
    with pytest.raises(argparse.ArgumentTypeError):
        parse_widths(text)
