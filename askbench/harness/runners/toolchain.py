"""What a run's verdicts rest on: askbench, Python, the width tables, the grammars, bash and the real terminals.

A verdict is only as good as the tools that read the screen and the command:
wcwidth's Unicode tables say how wide a grapheme is, the C library's (or a
shipped) table how wide a code point is, bash what a command runs, tmux and
xterm.js what a real terminal shows. Two machines that disagree on a verdict
differ in one of these, so every report names them. The record is gathered
once per run and is the same on one machine for every run (no clock, no
paths), so ``--json`` stays byte-identical for identical input; only what a
run uses is asked — tmux and Node.js only under ``--terminal``.
"""

from __future__ import annotations

import platform
import re
import subprocess
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from functools import cache
from importlib.metadata import PackageNotFoundError, version

from wcwidth import list_versions

from askbench import __version__

from ..bash.bash_oracle import bash_version
from ..judge.traced_oracle import oracle_name
from ..terminals.cwidth_table import GLIBC_PACKAGE, GLIBC_VERSION
from ..terminals.cwidth_table import UNICODE_VERSION as CWIDTH_UNICODE

__all__ = ["NOT_INSTALLED", "Toolchain", "gather_toolchain"]

NOT_INSTALLED = "not installed"
_XTERM = ("xterm", "xterm-unicode11")


def _named(name: str) -> dict[str, str]:
    return {"name": name}


@dataclass(frozen=True)
class Toolchain:
    """The versions a run's verdicts rest on; ``None`` for a real terminal the run did not read on."""

    askbench: str = field(metadata=_named("askbench"))
    python: str = field(metadata=_named("python"))
    """Implementation and version, ``CPython 3.11.7``."""
    python_unicode: str = field(metadata=_named("python.unicode"))
    """``unicodedata``'s Unicode version: what ``str.isprintable`` and the judge's categories answer from."""
    wcwidth: str = field(metadata=_named("wcwidth"))
    wcwidth_unicode: str = field(metadata=_named("wcwidth.unicode"))
    """The Unicode version of the tables wcwidth measures with (the ``grapheme`` and ``ambiguous-wide`` models)."""
    codepoint_table: str = field(metadata=_named("codepoint.table"))
    """Where the ``codepoint`` model's widths come from (see ``_codepoint_table``)."""
    pyte: str = field(metadata=_named("pyte"))
    jsonschema: str = field(metadata=_named("jsonschema"))
    disarm: str = field(metadata=_named("disarm"))
    tree_sitter: str = field(metadata=_named("tree-sitter"))
    tree_sitter_bash: str = field(metadata=_named("tree-sitter-bash"))
    tree_sitter_powershell: str = field(metadata=_named("tree-sitter-powershell"))
    bash: str = field(metadata=_named("bash"))
    """The bash the judge asks what a command runs: its ``--version`` (``5.2.15(1)-release``)."""
    bash_oracle: str = field(metadata=_named("bash.oracle"))
    """Whether bash was also watched running each command (bubblewrap's version and the locale), or only read."""
    tmux: str | None = field(default=None, metadata=_named("tmux"))
    node: str | None = field(default=None, metadata=_named("node"))
    xterm_headless: str | None = field(default=None, metadata=_named("@xterm/headless"))
    xterm_unicode11: str | None = field(default=None, metadata=_named("@xterm/addon-unicode11"))

    def entries(self) -> tuple[tuple[str, str], ...]:
        """Each tool's name and version in a fixed order, the real terminals not read on left out.

        The names are the ones each tool is known by (a distribution's or an
        npm package's own name), and what ``--json``, the JUnit properties and
        the reports all print.
        """
        pairs = ((item.metadata["name"], getattr(self, item.name)) for item in fields(self))
        return tuple((name, value) for name, value in pairs if value is not None)

    def line(self) -> str:
        """The record as one line a report's header can hold: ``askbench 0.1.0, python CPython 3.11.7, …``."""
        return ", ".join(f"{name} {value}" for name, value in self.entries())


@cache
def _distribution(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return NOT_INSTALLED


def _wcwidth_unicode() -> str:
    """The newest Unicode version wcwidth lists: the one it measures with (0.5 and later ship only that one)."""
    return list_versions()[-1]


def _codepoint_table() -> str:
    """The ``codepoint`` model's table: shipped with askbench, so the host's C library plays no part."""
    return f"glibc {GLIBC_VERSION} table ({GLIBC_PACKAGE}), Unicode {CWIDTH_UNICODE}"


_BASH_VERSION = re.compile(r"\bversion (\S+)")


def _bash() -> str:
    """The version of the bash ``bash_oracle`` runs, or ``not installed`` (then no command can be judged)."""
    try:
        line = bash_version()
    except (OSError, subprocess.CalledProcessError):
        return NOT_INSTALLED
    found = _BASH_VERSION.search(line)
    return found[1] if found else line


def _tmux() -> str:
    """The version of the tmux the judge starts (``3.3a``), asked only when a run reads on tmux."""
    from ..terminals.real_screen import TerminalUnavailable
    from ..terminals.tmux_screen import tmux_version

    try:
        return tmux_version().removeprefix("tmux ")
    except TerminalUnavailable:
        return NOT_INSTALLED


def _xterm(names: set[str]) -> dict[str, str]:
    """Node.js's version and each xterm.js package's among ``names``: nothing when the run reads on no xterm.js."""
    xterms = [name for name in _XTERM if name in names]
    if not xterms:
        return {}
    from ..terminals.xterm_screen import node_version, xterm_packages

    return {"node": node_version(), **xterm_packages(xterms)}


def gather_toolchain(terminals: Iterable[str] = ()) -> Toolchain:
    """The toolchain of a run that read every frame on ``terminals`` (names as ``--terminal`` takes them).

    Every answer that costs a process (bash, tmux, node) or a scan of the
    installed distributions is cached, so a second gathering in one process
    is free.
    """
    used = set(terminals)
    xterm = _xterm(used)
    return Toolchain(
        askbench=__version__,
        python=f"{platform.python_implementation()} {platform.python_version()}",
        python_unicode=unicodedata.unidata_version,
        wcwidth=_distribution("wcwidth"),
        wcwidth_unicode=_wcwidth_unicode(),
        codepoint_table=_codepoint_table(),
        pyte=_distribution("pyte"),
        jsonschema=_distribution("jsonschema"),
        disarm=_distribution("disarm"),
        tree_sitter=_distribution("tree-sitter"),
        tree_sitter_bash=_distribution("tree-sitter-bash"),
        tree_sitter_powershell=_distribution("tree-sitter-powershell"),
        bash=_bash(),
        bash_oracle=oracle_name(),
        tmux=_tmux() if "tmux" in used else None,
        node=xterm.get("node"),
        xterm_headless=xterm.get("@xterm/headless"),
        xterm_unicode11=xterm.get("@xterm/addon-unicode11"),
    )
