"""Did-you-mean for the command line: a mistyped command, option or choice is answered with the closest one.

argparse in Python 3.11 only lists every choice (``suggest_on_error`` came
in 3.14), and an unknown option it reports as "unrecognized arguments"
without naming what was meant. git, cargo and ruff name the closest word;
so does askbench, with ``difflib`` and the parser's own names, and still
exits 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["SuggestingParser", "closest", "options_of", "unknown_arguments"]


def closest(word: str, candidates: Iterable[str]) -> str | None:
    """The candidate ``word`` was most likely meant to be, or None when none is close."""
    import difflib  # only when a word was mistyped: ``askbench --version`` stays light

    found = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return found[0] if found else None


def _hint(word: str, candidates: Iterable[str]) -> str:
    match = closest(word, candidates)
    return f"; did you mean {match!r}?" if match else ""


def unknown_arguments(extras: Sequence[str], options: Iterable[str]) -> str:
    """The error for arguments no parser took: each unknown option with the closest known one."""
    known = list(options)
    unknown = [word for word in extras if word.startswith("-") and word != "-"]
    if not unknown:
        return f"unrecognized arguments: {' '.join(extras)}"
    said = [
        f"unknown option {word.split('=')[0]!r}{_hint(word.split('=')[0], known)}"
        for word in unknown
    ]
    rest = [word for word in extras if word not in unknown]
    if rest:
        said.append(f"unrecognized arguments: {' '.join(rest)}")
    return "; ".join(said)


class SuggestingParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose refusals of a command or a choice name the closest one."""

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        choices = action.choices
        if choices is None or value in choices:
            return
        names = [str(choice) for choice in choices]
        if isinstance(action, argparse._SubParsersAction):
            raise argparse.ArgumentError(
                None, f"unknown command {value!r}{_hint(str(value), names)}"
            )
        listed = ", ".join(map(repr, names))
        raise argparse.ArgumentError(
            action, f"invalid choice: {value!r}{_hint(str(value), names)} (choose from {listed})"
        )


def options_of(parser: argparse.ArgumentParser) -> list[str]:
    """Every option string ``parser`` takes (``--widths``, ``-k``)."""
    return [option for action in parser._actions for option in action.option_strings]
