"""bash itself, asked how it reads a command, without running any of it.

The judge's truth about what a command runs is bash's own parser, not a
grammar that imitates it: ``bash --pretty-print`` reads a script and prints
every command it parsed in bash's canonical form, executing nothing. The
canonical form settles what a second grammar would have to guess: comments
are gone (a ``#`` inside a word stays in the word), line continuations are
joined, a heredoc's delimiter is printed quote-removed (``'EOF'`` when any
part of it was quoted), each heredoc body is printed up to the line bash
ended it at, ``$'…'`` is translated, and ``$( … )`` is re-printed from its
parse. Parsing stops at bash's first syntax error, as running would: what
was printed before it is what a shell would run before failing.

Many commands go to one bash process. Each is followed by a separator
command written with extra blanks (``:   ASKBENCH_<nonce>_<i>``) that bash
prints with one blank when it parsed it as a command of its own; a command
whose separator does not come back that way (it swallowed it into a
heredoc, a quote or a list) is asked again alone, and a syntax error ends a
batch at the command it belongs to. A command holding a heredoc, the usual
swallower, is asked alone from the start. The corpus and thousands of generated
commands cost a few bash processes.
"""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

__all__ = ["BashReading", "bash_version", "read_commands", "read_command", "unescaped"]

_BASH = "bash"
_OPTIONS = ("--norc", "--noprofile", "--pretty-print", "-O", "extglob", "/dev/stdin")
"""``extglob`` on: a reading that accepts ``!(…)`` owes every command a shell with it on would run."""
_ENV = {"PATH": os.defpath, "LC_ALL": "C.UTF-8", "HOME": "/nonexistent"}
_TIMEOUT = 120.0
_BATCH = 100
"""Commands a bash process reads at once: a command that breaks a batch costs a re-read of the rest of it."""


@dataclass(frozen=True)
class BashReading:
    """What bash read of one command: its canonical text, and whether parsing stopped at a syntax error."""

    text: str
    complete: bool
    """False when bash stopped at a syntax error: ``text`` is what it parsed before it, what would run."""


@cache
def bash_version() -> str:
    """bash's own first line of ``--version`` (``GNU bash, version 5.2.15(1)-release (…)``)."""
    done = subprocess.run(
        [_BASH, "--version"], capture_output=True, text=True, check=True, env=_ENV
    )
    return done.stdout.splitlines()[0].strip()


_WRITTEN = 1 << 20
"""Characters of a script encoded at once: a script of megabytes is never held encoded whole beside itself."""


def _run(script: Iterable[str]) -> tuple[str, bool]:
    """bash's canonical form of the script ``script``'s pieces make, and whether it parsed to the end.

    The script and bash's answer go through files, not pipes: bash prints a
    line a write, and a pipe would wake this process for each of them.
    """
    with tempfile.TemporaryFile() as source, tempfile.TemporaryFile() as printed:
        for piece in script:
            for start in range(0, len(piece), _WRITTEN):
                source.write(piece[start : start + _WRITTEN].encode("utf-8", "surrogateescape"))
        source.seek(0)
        done = subprocess.run(
            [_BASH, *_OPTIONS],
            stdin=source,
            stdout=printed,
            stderr=subprocess.DEVNULL,
            timeout=_TIMEOUT,
            env=_ENV,
            check=False,
        )
        printed.seek(0)
        return printed.read().decode("utf-8", "surrogateescape"), done.returncode == 0


def read_command(command: str) -> BashReading:
    """One command read alone."""
    text, ok = _run((command, "\n"))
    end = len(text)
    while end and text[end - 1] == "\n":
        end -= 1
    return BashReading(unescaped(text[:end] if end < len(text) else text), ok)


_INTERNAL = {"\x01\x01": "\x01", "\x01\x7f": "\x7f"}


def unescaped(text: str) -> str:
    """bash prints (``--pretty-print``, and ``BASH_COMMAND`` alike) its internal quoting of ``\x01`` and ``\x7f`` (each after a ``\x01``): the text as written."""
    if "\x01" not in text:
        return text
    return re.sub("\x01[\x01\x7f]", lambda match: _INTERNAL[match[0]], text)


_cache: dict[str, BashReading] = {}
_KEPT = 1 << 16
"""The longest command whose reading is kept for the next time it is asked: the corpus's commands are asked at
every width and by several checks; a command of megabytes is read once, and its reader keeps its commands."""
_HEREDOC = re.compile(r"<<(?!<)")
"""A command holding a heredoc is read alone: one whose body is not ended (or ended by a line bash does not take
as its delimiter) swallows the separators after it, which costs the batch a re-read from there. Only the cost
depends on this guess; the separators alone decide what bash read."""


def read_commands(commands: Sequence[str]) -> list[BashReading | None]:
    """Each command as bash reads it, ``None`` for one no shell receives (not UTF-8, or holding a NUL, which no
    argument of ``execve`` can carry and bash drops from its input); many per bash process."""
    wanted = [
        command
        for command in dict.fromkeys(commands)
        if command not in _cache and _encodable(command)
    ]
    batched = [command for command in wanted if not _HEREDOC.search(command)]
    for command in wanted:
        if _HEREDOC.search(command):
            _cache[command] = read_command(command)
    for start in range(0, len(batched), _BATCH):
        _read_batch(batched[start : start + _BATCH])
    readings = [_cache.get(command) for command in commands]
    for command in wanted:
        if len(command) > _KEPT:
            _cache.pop(command, None)
    return readings


def _encodable(text: str) -> bool:
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _read_batch(commands: list[str]) -> None:
    pending = list(commands)
    while pending:
        nonce = secrets.token_hex(8)
        output, _ = _run(
            piece
            for index, command in enumerate(pending)
            for piece in (command, f"\n:   ASKBENCH_{nonce}_{index}\n")
        )
        sections = _sections(output, nonce, len(pending))
        del output
        done = 0
        for index, section in enumerate(sections):
            if section is None:
                break
            _cache[pending[index]] = BashReading(unescaped(section), True)
            done = index + 1
        if done < len(pending):  # the first command whose separator did not come back: asked alone
            _cache[pending[done]] = read_command(pending[done])
            done += 1
        pending = pending[done:]


def _sections(output: str, nonce: str, count: int) -> list[str | None]:
    """The canonical text before each separator bash printed as a command of its own, in order.

    Only the separators' lines are looked at: the text between two is sliced out whole, never split into lines.
    """
    out: list[str | None] = []
    start = 0
    for line in re.finditer(rf"^: ASKBENCH_{nonce}_.*$", output, re.MULTILINE):
        # a separator out of turn: what lies before it is unsure
        if line[0] != f": ASKBENCH_{nonce}_{len(out)}":
            break
        end = line.start()
        while start < end and output[start] == "\n":
            start += 1
        while end > start and output[end - 1] == "\n":
            end -= 1
        out.append(output[start:end])  # one slice: a section of megabytes is not copied twice
        start = line.end() + 1
        if len(out) == count:
            break
    return out + [None] * (count - len(out))
