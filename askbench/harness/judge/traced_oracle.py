"""What bash ran of a command, watched: the command run in the sandbox (``askbench.harness.judge.sandbox``).

Reading syntax finds what a command runs where the syntax says so; a string
that only becomes code when bash runs — a ``PS4`` expanded by ``set -x``, an
alias, a ``mapfile -C`` callback, an arithmetic subscript, ``eval`` of a
variable, ``BASH_ENV``, ``env -S``, a git hook, sed's ``e`` — is data to
every reader and code to bash. No list of such places closes the class, so
the judge lets bash run the command where running it changes nothing and
writes down what it executed: each simple command's text as bash's DEBUG
trap saw it, and each program's arguments as its stub was started with.

A run is made once per command and locale and kept for the judge process:
the gate asks about a command at every width and on every terminal model,
and starts the runs of its whole corpus at once (``prefetch``). A finished
run is kept on disk too (``kept_runs``), so a gate judging the same corpus
again starts no sandbox for it.
Without bubblewrap the judge keeps to the static reading, and its verdicts
say so (``oracle_name``); ``ASKBENCH_TRACED=0`` asks for that too.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
from collections.abc import Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache
from multiprocessing import util
from pathlib import Path

from ..bash.bash_oracle import unescaped
from . import kept_runs, legacy_locales, sandbox
from .kept_runs import keep, kept, kept_folder
from .legacy_locales import BASE_LOCALE, LEGACY_LOCALES, legacy_locale_folder, locales_for
from .sandbox import (
    bwrap_version,
    nonce,
    prepare_sandbox,
    run_sandboxed,
    sandbox_available,
    sandbox_inputs,
)

__all__ = [
    "LOCALE",
    "Trace",
    "oracle_name",
    "prefetch",
    "prepare",
    "read_log",
    "trace",
    "traced_enabled",
]

LOCALE = BASE_LOCALE
_MOST_RECORDS = 4096
"""Distinct records kept of one run: a loop that runs forever writes the same few again and again."""


@dataclass(frozen=True, slots=True)
class Trace:
    """What one run executed, each distinct record once, in the order first seen."""

    traced: tuple[str, ...]
    """Each simple command's text as bash's DEBUG trap saw it before running it (``BASH_COMMAND``), in bash's
    canonical form, aliases expanded; the judge's own prelude left out."""
    executed: tuple[tuple[str, ...], ...]
    """Each program's argument vector as its stub received it, the name first (without its folder)."""
    finished: bool
    """False when the time bound ended the run: what it recorded until then stands."""


def traced_enabled() -> bool:
    """Whether the judge watches bash run commands here: bubblewrap works and ``ASKBENCH_TRACED`` is not 0."""
    return os.environ.get("ASKBENCH_TRACED", "1") != "0" and sandbox_available()


def oracle_name() -> str:
    """Which oracle judged, as a verdict names it."""
    if traced_enabled():
        charmaps = [charmap.replace("_", " ") for _, charmap in LEGACY_LOCALES]
        legacy = f", and in {', '.join(charmaps[:-1])} and {charmaps[-1]} where they may read it otherwise"
        return f"traced in {bwrap_version()}, {LOCALE}" + (legacy if legacy_locale_folder() else "")
    return "static reading only: no bubblewrap sandbox here"


def trace(command: str, names: Iterable[str] = ()) -> Trace | None:
    """What bash executed running ``command`` in the sandbox, with stubs for ``names`` besides the host's
    programs; ``None`` when there is no sandbox to run it in, or no shell receives the command (not UTF-8, or
    holding a NUL, which no ``execve`` argument and no bash input carries)."""
    if not _traceable(command):
        return None
    with _lock:
        pending = _runs.get(command)
        if pending is None:
            pending = _runs[command] = _started(command, frozenset(names))
    return _joined(tuple(run.result() for run in pending))


def prefetch(commands: Iterable[tuple[str, Iterable[str]]]) -> None:
    """Start the runs of many commands (each with its names, as ``trace`` takes them) at once, a few at a time:
    each run mostly waits for bwrap to build and tear down its namespaces, so runs overlap well even on
    few cores, and ``trace`` later finds its run done or under way."""
    with _lock:
        for command, names in commands:
            if _traceable(command) and command not in _runs:
                _runs[command] = _started(command, frozenset(names))


def _traceable(command: str) -> bool:
    return traced_enabled() and "\0" not in command and _encodable(command)


_WORKERS = 4
"""Runs at once, more than a small machine has cores: a run spends most of its time in bwrap building and tearing down namespaces
and in the shells its stubs start, not in the judge's Python."""
_lock = threading.Lock()
_runs: dict[str, tuple[Future[_Run], ...]] = {}
"""Every run of this judge process, by command, one for each locale it reads differently in
(``legacy_locales``): kept, as the gate asks about each command at every width."""


@cache
def _pool() -> ProcessPoolExecutor:
    """Worker processes forked once the sandbox's kit is made, so that they share it and its nonce: a run's
    own Python (its folder, bwrap's start, the log read) then never waits on the judge's thread for the
    interpreter, and the judge never forks its whole memory to start bwrap."""
    prepare()
    pool = ProcessPoolExecutor(max_workers=_WORKERS, mp_context=multiprocessing.get_context("fork"))
    # a judge that is itself a forked worker joins its children as it ends: the pool's are stopped first,
    # before multiprocessing closes the queues (priority 10) that carry them the word to stop
    util.Finalize(pool, pool.shutdown, exitpriority=20)
    return pool


def prepare() -> None:
    """Make what every run shares (the sandbox's kit, the legacy locales): judges forked after this share
    them, and remove them once, when this process ends."""
    if traced_enabled():
        prepare_sandbox(legacy_locale_folder())
        _kept_folder()


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_Run = tuple[tuple[str, ...], tuple[tuple[str, ...], ...], bool]
"""One run's distinct traced texts and argument vectors, and whether it ended within its bounds."""


def _started(command: str, names: frozenset[str]) -> tuple[Future[_Run], ...]:
    return tuple(_kept_or_submitted(command, names, locale) for locale in locales_for(command))


def _kept_or_submitted(command: str, names: frozenset[str], locale: str) -> Future[_Run]:
    folder = _kept_folder()
    found = None if folder is None else kept(folder, command, names, locale)
    if found is None:
        return _pool().submit(_run, command, names, locale)
    done: Future[_Run] = Future()
    done.set_result((*found, True))
    return done


@cache
def _kept_folder() -> Path | None:
    """Where this sandbox's finished runs are kept between judges, named by all that decides a run's records."""
    programs, stubbed = sandbox_inputs()
    modules = (sandbox, legacy_locales, kept_runs, sys.modules[__name__])
    return kept_folder(
        tuple(Path(str(module.__file__)) for module in modules),
        programs,
        (bwrap_version(), str(legacy_locale_folder()), "\0".join(stubbed)),
    )


def _run(command: str, names: frozenset[str], locale: str) -> _Run:
    folder = None if locale == BASE_LOCALE else legacy_locale_folder()
    run = run_sandboxed(command, sorted(names), locale, folder)
    texts, argvs = read_log(run.log, nonce())
    kept_at = _kept_folder()
    if run.finished and kept_at is not None:
        keep(kept_at, command, names, locale, (texts, argvs))
    return texts, argvs, run.finished


def _joined(runs: tuple[_Run, ...]) -> Trace:
    """What the runs in every locale ran, joined in the order first seen."""
    traced: dict[str, None] = {}
    executed: dict[tuple[str, ...], None] = {}
    for texts, argvs, _ in runs:
        traced.update(dict.fromkeys(texts))
        executed.update(dict.fromkeys(argvs))
    return Trace(tuple(traced), tuple(executed), all(finished for _, _, finished in runs))


def _argument_record(
    fields: list[bytes], at: int, count: int
) -> tuple[tuple[str, ...] | None, int]:
    """The ``count`` fields of one program's arguments from ``at``, or ``None`` when the log ends inside
    them; and where the next record starts."""
    argv = tuple(part.decode("utf-8", "surrogateescape") for part in fields[at : at + count])
    return (argv if len(argv) == count else None), at + count


def read_log(log: bytes, mark: str) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The distinct traced texts and argument vectors of a log: ``T<text>\\0`` for a traced command,
    ``A<n>\\0`` and ``n`` fields for a program's arguments. A record holding ``mark`` is the judge's own, and a
    record the size bound cut short is dropped."""
    fields = log.split(b"\0")
    if fields and fields[-1]:
        fields.pop()  # a record the bound cut inside
    traced: dict[str, None] = {}
    executed: dict[tuple[str, ...], None] = {}
    at = 0
    while at < len(fields) and len(traced) + len(executed) < _MOST_RECORDS:
        field = fields[at].decode("utf-8", "surrogateescape")
        at += 1
        if field.startswith("T") and mark not in field:
            traced.setdefault(unescaped(field[1:]))
        elif field.startswith("A") and field[1:].isdigit():
            argv, at = _argument_record(fields, at, int(field[1:]))
            if argv is not None:
                executed.setdefault(argv)
    return tuple(traced), tuple(executed)
