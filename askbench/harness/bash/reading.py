"""Every command bash reads of a command text, the scripts it is handed read again, as words in order.

``bash_oracle`` asks bash for its canonical form and ``bash_reader`` walks it;
a script a shell or ``eval`` is handed is read again, a round at a time, every
text's scripts of one round in one bash process. The judge builds its owed
commands from this reading, and the reference's driver hands it to the
renderer (``askbench.impl.command_reader``), so a cut the renderer cannot
place by its own parse still counts what bash would run.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence

from askbench.impl.command_reader import ReadCommand

from .bash_oracle import read_commands
from .bash_reader import Found, read_canonical

__all__ = [
    "EVALUATES",
    "commands_that_run",
    "evaluates",
    "read_all",
    "read_of",
    "read_words",
    "runs_something",
]

EVALUATES = re.compile(r"\[\[|\(\(|@P\}|(?:^|[\s;&|(])(?:let|eval|source|\.)\s")
"""Where bash evaluates text as code later ([[ ]] and (( )) arithmetic, ${x@P}, let, eval, source): a quoted
substitution anywhere in such a command may run, so it is owed as a command too."""
_EVALUATOR_WORDS = ("let", "eval", "source", ".")
_SCRIPT_TEXT = 262_144
"""Scripts inside scripts (``sh -c "bash -c '…'"``, a heredoc fed to ``bash`` inside another's) are read at any
depth while one text's scripts hold this many characters in all; past it, the rest stand as their words. Depth
alone bounds nothing: a delimiter line that never ends its heredoc (``EOF ; rm``) nests the rest of the text one
script deeper on every line, and each level is a real shell running it."""
_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\[[^]]*\])?\+?=")
_BLANKS = " \t\r\n"
Place = tuple[int, ...]
"""Where a command stands (``Found.order``): its position in its text, then within what it stands in."""


def evaluates(text: str) -> bool:
    """Whether ``EVALUATES`` finds a place in ``text``, looked for as its literals are (``str.find``), each one
    checked where it stands: a regular expression that may begin at any blank tries every character of a
    script of megabytes."""
    if "[[" in text or "((" in text or "@P}" in text:
        return True
    for word in _EVALUATOR_WORDS:
        at = text.find(word)
        while at >= 0:
            after = at + len(word)
            before = text[at - 1] if at else " "
            if (
                (before.isspace() or before in ";&|(")
                and after < len(text)
                and text[after].isspace()
            ):
                return True
            at = text.find(word, at + 1)
    return False


def runs_something(words: Sequence[str]) -> bool:
    """A statement of assignments only runs nothing (a substitution in it is a command of its own)."""
    return not all(_ASSIGNMENT.match(word) for word in words)


def read_all(texts: list[str]) -> list[list[Found] | None]:
    """What bash reads of each text, its scripts' commands included (unordered: ``Found.order`` places them);
    ``None`` where bash runs nothing of it."""
    readings = read_commands(texts)
    found: list[list[Found] | None] = []
    scripts: list[tuple[int, str, tuple[int, ...]]] = []
    for index, reading in enumerate(readings):
        if reading is None:
            found.append(None)
            continue
        commands, inner = read_canonical(reading.text, evaluated=evaluates(reading.text))
        found.append(commands)
        scripts.extend((index, script, place) for script, place in inner)
    budget = [_SCRIPT_TEXT] * len(texts)
    while scripts:
        scripts = _within(scripts, budget)
        pending: list[tuple[int, str, tuple[int, ...]]] = []
        for (index, _, place), inner_reading in zip(
            scripts, read_commands([script for _, script, _ in scripts]), strict=True
        ):
            listed = found[index]
            if inner_reading is None or listed is None:
                continue
            evaluated = evaluates(inner_reading.text)
            more, deeper = read_canonical(inner_reading.text, place, evaluated=evaluated)
            listed.extend(more)
            pending.extend((index, script, where) for script, where in deeper)
        scripts = pending
    return found


def _within(
    scripts: list[tuple[int, str, Place]], budget: list[int]
) -> list[tuple[int, str, Place]]:
    """The scripts whose text still fits their text's ``budget`` of characters, which they use up."""
    kept = []
    for script in scripts:
        index, text, _ = script
        cost = max(1, len(text))
        if budget[index] >= cost:
            budget[index] -= cost
            kept.append(script)
    return kept


def commands_that_run(found: Sequence[Found]) -> list[Found]:
    """The commands of ``found`` that run something, in the order they stand, their blank words left out."""
    runs: dict[tuple[str, ...], bool] = {}
    for command in found:
        if command.words not in runs:
            runs[command.words] = runs_something(command.words)
    kept = []
    for command in sorted(
        (command for command in found if runs[command.words]), key=lambda c: c.order
    ):
        words = tuple(word for word in command.words if word.strip(_BLANKS))  # ``\r`` alone: blank
        if words:
            kept.append(Found(words, command.order) if words != command.words else command)
    return kept


def hosts(
    commands: Sequence[Found], stands_in: Callable[[Place, Place], bool]
) -> Iterator[int | None]:
    """For each of ``commands`` (in order), the index of the nearest earlier one it ``stands_in``, or ``None``."""
    open_hosts: list[tuple[Place, int]] = []
    for index, command in enumerate(commands):
        while open_hosts and not stands_in(command.order, open_hosts[-1][0]):
            open_hosts.pop()
        yield open_hosts[-1][1] if open_hosts else None
        open_hosts.append((command.order, index))


def runs_in(place: Place, host: Place) -> bool:
    """Whether the command at ``place`` is one the command at ``host`` runs: a wrapper's, a script it is handed."""
    return place[: len(host)] == host and len(place) > len(host)


def stands_within(place: Place, host: Place) -> bool:
    """Whether the command at ``place`` stands in the text of the command at ``host``: one it runs, or one of a
    substitution that opens after the host's start, before the next command beside it."""
    depth = len(host) - 1
    return len(place) > len(host) and place[:depth] == host[:depth] and place[depth] >= host[depth]


def read_words(command: str) -> tuple[ReadCommand, ...] | None:
    """The commands bash would run of ``command``, as the judge owes them (``commands_that_run``), each with the
    command whose text it stands in: an ``askbench.impl`` reader."""
    found = read_all([command])[0]
    return None if found is None else read_of(found)


def read_of(found: Sequence[Found]) -> tuple[ReadCommand, ...]:
    """``found`` (``read_all``'s reading of one text) as a renderer's reader gives it: the commands that run, each
    with the command whose text it stands in."""
    run = commands_that_run(found)
    return tuple(
        ReadCommand(c.words, host) for c, host in zip(run, hosts(run, stands_within), strict=True)
    )
