"""A fixture named by its id (``mcp/github-create-issue-long-markdown-body``), and a corpus narrowed to some.

The built-in corpus ships inside the distribution, at a path no one types,
so every command that takes a fixture file also takes a built-in fixture's
``family/name`` from any working directory. A path that exists always wins:
a folder of one's own named like a family is never shadowed. ``-k`` and
``--family`` pick fixtures by id the same way in every command that judges a
corpus.
"""

from __future__ import annotations

import difflib
import fnmatch
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

from .corpus import BUILTIN_CORPUS, Fixture, FixtureProblem, discover, membership

__all__ = ["FixtureNotFound", "builtin_ids", "resolve", "resolve_all", "selector"]


class FixtureNotFound(Exception):
    """Neither a path nor a built-in fixture's id; the message says the closest ids."""


@cache
def builtin_ids() -> tuple[str, ...]:
    """Every built-in fixture as ``family/name``."""
    ids = []
    for found in discover([BUILTIN_CORPUS]):
        if isinstance(found, Path):
            member = membership(found)
            if not isinstance(member, FixtureProblem):
                ids.append(f"{member.family}/{member.name}")
    return tuple(ids)


def resolve(text: str) -> Path:
    """The path ``text`` names: the file or folder itself, a built-in fixture's id (``.json`` optional) or a
    built-in family; ``FixtureNotFound`` naming the closest ids otherwise."""
    path = Path(text)
    if path.exists():
        return path
    name = text.removesuffix(".json").strip("/")
    candidate = BUILTIN_CORPUS / f"{name}.json"
    if name and candidate.is_file():
        return candidate
    family = BUILTIN_CORPUS / name
    if name and "/" not in name and family.is_dir() and any(ident.startswith(f"{name}/") for ident in builtin_ids()):
        return family
    close = difflib.get_close_matches(name, builtin_ids(), n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(close)}?" if close else "; `askbench check --list` lists the built-in fixtures"
    raise FixtureNotFound(f"{text}: no such file, and no built-in fixture has that id{hint}")


def resolve_all(texts: Sequence[str]) -> tuple[list[Path], list[str]]:
    """Each PATH argument resolved, and why each that names nothing does not (the closest ids); such a one stays
    a path, for the gate to report not found."""
    paths, unknown = [], []
    for text in texts:
        try:
            paths.append(resolve(text))
        except FixtureNotFound as error:
            paths.append(Path(text))
            unknown.append(str(error))
    return paths, unknown


def _matches(ident: str, pattern: str) -> bool:
    if any(char in pattern for char in "*?["):
        return fnmatch.fnmatchcase(ident, pattern)
    return pattern.casefold() in ident.casefold()


def selector(keywords: Sequence[str], families: Sequence[str]) -> Callable[[Fixture], bool] | None:
    """Whether a fixture is kept: its family among ``families`` (if any) and its id containing one of
    ``keywords`` (a substring, any case, or a glob with ``*?[``); ``None`` keeps every fixture."""
    if not keywords and not families:
        return None

    def keep(fixture: Fixture) -> bool:
        ident = f"{fixture.family}/{fixture.name}"
        in_family = not families or fixture.family in families
        return in_family and (not keywords or any(_matches(ident, keyword) for keyword in keywords))

    return keep
