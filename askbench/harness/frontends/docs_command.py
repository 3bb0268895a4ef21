"""``askbench docs``: the documents an install ships, their links pointing where the install keeps their targets.

The documents are written in the repository, where ``../README.md`` and
``../askbench/harness/drivers/adapter-request.schema.json`` are beside them;
an install keeps the contract, the fixture format and the schemas in its
packages and the README not at all. So a relative link is read as the
repository path it names and written as the installed file that holds it, or,
for what no install ships, as that path in askbench's source, said so.
"""

from __future__ import annotations

import argparse
import posixpath
import re
import sys
from collections.abc import Callable
from importlib import resources
from pathlib import PurePosixPath

from .closed_pipe import discard_stdout

__all__ = ["DOCS", "add_docs_parser", "cmd_docs", "installed_links"]

DOCS = {
    "design": ("askbench.docs", "design.md"),
    "adapters": ("askbench.docs", "adapters.md"),
    "corpus": ("askbench.corpus", "README.md"),
}
"""The documents an install ships, by the name ``askbench docs NAME`` takes: the contract, the adapter
protocol and the fixture format."""

_SOURCE_FOLDERS = {"askbench.docs": "docs", "askbench.corpus": "corpus"}
"""Where each package's documents stand in the repository, which their relative links start from."""
_INSTALLED = (("docs/", "askbench.docs"), ("corpus/", "askbench.corpus"), ("askbench/", "askbench"))
"""Each folder of the repository an install ships, and the package that holds it."""
_LINK = re.compile(r"\]\((?!https?:|mailto:|#)([^)\s#]+)(#[^)\s]*)?\)")
"""A Markdown link to a relative path, with its anchor."""


def _installed_path(repository_path: str) -> str | None:
    """Where an install keeps the file or folder at ``repository_path``, or None when it ships no such thing."""
    for prefix, package in _INSTALLED:
        if repository_path.startswith(prefix):
            found = resources.files(package).joinpath(
                *PurePosixPath(repository_path[len(prefix) :]).parts
            )
            return str(found) if found.is_file() or found.is_dir() else None
    return None


def installed_links(text: str, source_folder: str, locate: Callable[[str], str | None]) -> str:
    """``text`` with every relative link, read from ``source_folder`` in the repository, pointing at the
    file ``locate`` says holds it, or named as a path of askbench's source where nothing does."""

    def rewrite(match: re.Match[str]) -> str:
        target, anchor = match[1], match[2] or ""
        repository_path = posixpath.normpath(posixpath.join(source_folder, target))
        found = locate(repository_path)
        if found is None:
            return f"]({repository_path}{anchor} in askbench's source; not installed)"
        return f"]({found}{anchor})"

    return _LINK.sub(rewrite, text)


def cmd_docs(args: argparse.Namespace) -> int:
    """``askbench docs [NAME]``: a shipped document's text, or every document and where it is installed."""
    if args.name is None:
        for name, (package, file) in DOCS.items():
            print(f"{name:<9} {resources.files(package).joinpath(file)}")
        return 0
    package, file = DOCS[args.name]
    text = resources.files(package).joinpath(file).read_text(encoding="utf-8")
    try:
        sys.stdout.write(installed_links(text, _SOURCE_FOLDERS[package], _installed_path))
    except BrokenPipeError:
        discard_stdout()
    return 0


def add_docs_parser(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    docs = commands.add_parser(
        "docs",
        help="print a document an install ships (design, adapters, corpus), its links pointing into the install",
        description="Print the contract (design), the adapter protocol (adapters) or the fixture format "
        "(corpus), with each link pointing at the installed file that holds its target; with no name, "
        "list the documents and where they are installed.",
    )
    docs.add_argument("name", nargs="?", choices=sorted(DOCS), help="the document")
    docs.set_defaults(run=cmd_docs)
