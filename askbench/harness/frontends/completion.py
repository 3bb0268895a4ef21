"""``askbench completion bash|zsh|fish``: a completion script for the shell, made from the parser itself.

Made from the very parser ``askbench`` runs, so a new option completes the
day it is added. bash and zsh come from shtab; shtab writes no fish, so
fish's is written here from the same parser: the subcommands with their
help, each one's options, and the choices an option or argument takes.
"""

from __future__ import annotations

import argparse
import shlex
from collections.abc import Callable, Iterator

__all__ = ["SHELLS", "completion_script", "fish_script"]


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            action._get_subactions()  # the lazy commands are built, to be listed with their help
            return dict(action.choices)
    return {}


def _helps(parser: argparse.ArgumentParser) -> dict[str, str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return {sub.dest: sub.help or "" for sub in action._get_subactions()}
    return {}


def _fish_lines(prog: str, parser: argparse.ArgumentParser) -> Iterator[str]:
    quote = shlex.quote
    yield f"complete -c {prog} -f"
    commands = _subcommands(parser)
    helps = _helps(parser)
    for name in commands:
        yield (
            f"complete -c {prog} -n __fish_use_subcommand -a {quote(name)} "
            f"-d {quote(helps.get(name, ''))}"
        )
    for name, command in commands.items():
        seen = f"-n {quote(f'__fish_seen_subcommand_from {name}')}"
        for action in command._actions:
            flags = [
                f"-l {quote(option[2:])}" if option.startswith("--") else f"-s {quote(option[1:])}"
                for option in action.option_strings
            ]
            choices = " ".join(str(choice) for choice in action.choices or ())
            takes = f" -x -a {quote(choices)}" if choices else (" -r" if action.nargs != 0 else "")
            if flags:
                yield f"complete -c {prog} {seen} {' '.join(flags)}{takes} -d {quote(action.help or '')}"
            elif choices:
                yield f"complete -c {prog} {seen} -a {quote(choices)}"
            elif action.dest not in ("help",) and not action.option_strings:
                yield f"complete -c {prog} {seen} -F"


def fish_script(parser: argparse.ArgumentParser) -> str:
    """fish's ``complete`` commands for ``parser`` and every subcommand of it."""
    return "\n".join(_fish_lines(parser.prog, parser)) + "\n"


def _shtab(shell: str) -> Callable[[argparse.ArgumentParser], str]:
    def script(parser: argparse.ArgumentParser) -> str:
        import shtab

        _subcommands(parser)
        text: str = shtab.complete(parser, shell=shell)
        return text

    return script


SHELLS: dict[str, Callable[[argparse.ArgumentParser], str]] = {
    "bash": _shtab("bash"),
    "zsh": _shtab("zsh"),
    "fish": fish_script,
}


def completion_script(parser: argparse.ArgumentParser, shell: str) -> str:
    """The completion script of ``parser`` for ``shell`` (one of ``SHELLS``)."""
    return SHELLS[shell](parser)
