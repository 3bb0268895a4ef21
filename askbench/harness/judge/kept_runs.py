"""Traced runs kept on disk between judge processes, under a key that holds everything a run depends on.

Watching bash run a command costs a sandbox's start, and a gate judges the
same corpus again and again; a run's records depend only on the command, the
stub names, the locale, and the sandbox it ran in. That sandbox is named by a
fingerprint — the oracle's own modules, bubblewrap's version, the C library's,
and the size and time of every host program a run starts for real — so a new
bash, a changed stub or an edited prelude reads none of the old runs. Only a
run that ended within its bounds is kept: one the time bound cut short may get
further on an idler machine.

Each run is one file, written whole by a rename, so judges running at once
never read half of one. The folder is kept to ``MOST_KEPT`` runs, the ones
read longest ago removed first; fingerprints not used for ``STALE_DAYS`` days
are removed with their runs.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

__all__ = ["MOST_KEPT", "STALE_DAYS", "KeptRun", "keep", "kept", "kept_folder"]

MOST_KEPT = 20_000
STALE_DAYS = 14

KeptRun = tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]
"""A finished run's distinct traced texts and argument vectors."""


def _cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "askbench" / "traced"


def _fingerprint(modules: Sequence[Path], programs: Iterable[str], versions: Iterable[str]) -> str:
    digest = hashlib.sha256()
    for module in modules:
        digest.update(module.read_bytes())
    for program in sorted(set(programs)):
        try:
            found = os.stat(program)
        except OSError:
            digest.update(f"{program} absent\0".encode())
            continue
        digest.update(f"{program} {found.st_size} {found.st_mtime_ns}\0".encode())
    for version in versions:
        digest.update(f"{version}\0".encode())
    return digest.hexdigest()[:24]


@cache
def kept_folder(
    modules: tuple[Path, ...], programs: tuple[str, ...], versions: tuple[str, ...]
) -> Path | None:
    """The folder of the runs made in the sandbox these describe, made now and tidied once per process; ``None``
    where the user's cache cannot be written."""
    root = _cache_root()
    folder = root / _fingerprint(modules, programs, versions)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    _tidy(root, folder)
    return folder


def _tidy(root: Path, folder: Path) -> None:
    stale = time.time() - STALE_DAYS * 86_400
    with contextlib.suppress(OSError):
        os.utime(folder)
        for other in os.scandir(root):
            if other.path != str(folder) and other.is_dir() and other.stat().st_mtime < stale:
                shutil.rmtree(other.path, ignore_errors=True)
    with contextlib.suppress(OSError):
        entries = list(os.scandir(folder))
        if len(entries) > MOST_KEPT:
            entries.sort(key=_read_last)
            for entry in entries[: len(entries) - MOST_KEPT // 2]:
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _read_last(entry: os.DirEntry[str]) -> int:
    try:
        return entry.stat().st_mtime_ns
    except OSError:
        return 0


def _key(command: str, names: Iterable[str], locale: str) -> str:
    asked = json.dumps([command, sorted(names), locale])
    return hashlib.sha256(asked.encode("utf-8", "surrogatepass")).hexdigest()


def kept(folder: Path, command: str, names: Iterable[str], locale: str) -> KeptRun | None:
    """The run kept for this command, stub names and locale, or ``None``: never made, or not readable as one."""
    path = folder / _key(command, names, locale)
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        run = (
            tuple(str(text) for text in record["traced"]),
            tuple(tuple(str(word) for word in argv) for argv in record["executed"]),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None
    with contextlib.suppress(OSError):
        os.utime(path)
    return run


def keep(folder: Path, command: str, names: Iterable[str], locale: str, run: KeptRun) -> None:
    """Keep a finished run; a cache that cannot be written loses the run, never the verdict."""
    traced, executed = run
    text = json.dumps({"traced": traced, "executed": executed})
    written = None
    try:
        handle, written = tempfile.mkstemp(dir=folder, prefix=".writing-")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(written, folder / _key(command, names, locale))
    except OSError:
        if written is not None:
            with contextlib.suppress(OSError):
                os.unlink(written)
