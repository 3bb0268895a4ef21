import argparse

import pytest

from askbench.harness.frontends.option_types import argument_type, parse_widths


def test_widths_are_comma_separated_whole_numbers():
    assert parse_widths("80,120, 160") == [80, 120, 160]


@pytest.mark.parametrize("text", ["", "80,x", "19", "80,10"])
def test_anything_else_is_an_argparse_error(text):
    with pytest.raises(argparse.ArgumentTypeError):
        parse_widths(text)


def test_an_argument_type_says_the_parsers_own_words() -> None:
    def even(text: str) -> int:
        if int(text) % 2:
            raise ValueError(f"{text} is odd")
        return int(text)

    parse = argument_type(even)
    assert parse("4") == 4 and parse.__name__ == "even"
    with pytest.raises(argparse.ArgumentTypeError, match="^3 is odd$"):
        parse("3")
    parser = argparse.ArgumentParser(prog="p", exit_on_error=False)
    parser.add_argument("--n", type=parse)
    with pytest.raises(argparse.ArgumentError, match="3 is odd"):
        parser.parse_args(["--n", "3"])
    plain = argparse.ArgumentParser(prog="p", exit_on_error=False)
    plain.add_argument("--n", type=even)
    with pytest.raises(argparse.ArgumentError, match="invalid even value: '3'"):
        plain.parse_args(["--n", "3"])  # what argparse says of a bare ValueError
