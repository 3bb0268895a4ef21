"""Option types the command line and the pytest plugin share.

The pytest plugin is loaded by every pytest run where askbench is installed,
and ``askbench bench --xdist`` reads what the plugin prints; were the plugin to
take ``--widths`` parsing from ``askbench.harness.frontends.cli``, the CLI, the bench and
the plugin would import each other in a circle. So the parsing lives below all
three.
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def argument_type(parse: Callable[[str], T]) -> Callable[[str], T]:
    """``parse`` as an option's type: the ValueError it raises is argparse's error, its message whole.

    The parsers below the front-ends say what is wrong with a ValueError and know nothing of argparse,
    whose own handling of a ValueError would replace the message with ``invalid value``.
    """

    @functools.wraps(parse)
    def parsed(text: str) -> T:
        try:
            return parse(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return parsed


def parse_widths(text: str) -> list[int]:
    """``--widths 80,120,160``: whole numbers of at least 20 columns, or an argparse error saying so."""
    try:
        widths = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"widths are whole numbers separated by commas, got {text!r}"
        ) from None
    if not widths or any(width < 20 for width in widths):
        raise argparse.ArgumentTypeError("each width must be at least 20 columns")
    return widths


__all__ = ["argument_type", "parse_widths"]
