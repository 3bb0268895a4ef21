"""``askbench.impl`` does no I/O and never imports the judge.

The renderer is a pure function of the payload, the keys and the size the
host passes in, so every host (a real terminal, a virtual one, a scenario
script) drives the very same code; and the judge stays independent only
while nothing it checks is built from its own parts. The scan reads every
module's syntax tree, function-local imports included, so a deferred import
is caught as surely as one at the top.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

IMPL = Path(__file__).resolve().parents[2] / "askbench" / "impl"

IO_MODULES = frozenset(
    {
        "asyncio", "concurrent", "ctypes", "fcntl", "ftplib", "glob", "http", "importlib", "io", "logging",
        "mmap", "multiprocessing", "os", "pathlib", "pty", "select", "selectors", "shutil", "signal", "smtplib",
        "socket", "sqlite3", "ssl", "subprocess", "tempfile", "termios", "threading", "time", "tty", "urllib",
        "webbrowser",
    }
)  # fmt: skip
"""Modules whose purpose is files, processes, the network, the terminal, threads or the clock."""

IO_BUILTINS = frozenset(
    {"open", "print", "input", "breakpoint", "exec", "eval", "compile", "__import__"}
)
"""Builtins that read or write the outside world, or run code the scan cannot see."""

IO_SYS = frozenset(
    {
        "stdin",
        "stdout",
        "stderr",
        "__stdin__",
        "__stdout__",
        "__stderr__",
        "argv",
        "exit",
        "orig_argv",
    }
)
"""What of ``sys`` talks to the process's surroundings; ``sys.get_int_max_str_digits`` and the like do not."""

JUDGE = "askbench.harness"


def _absolute(node: ast.ImportFrom, package: str) -> str:
    """The module a ``from … import`` names, relative levels resolved against ``package``."""
    if node.level == 0:
        return node.module or ""
    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
    return ".".join([*parts, *([node.module] if node.module else [])])


def _imported(tree: ast.AST, package: str) -> Iterator[tuple[ast.AST, str]]:
    """Every module an import statement names, with the statement."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from ((node, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, package)
            yield node, base
            yield from ((node, f"{base}.{alias.name}") for alias in node.names)


def _bound_names(tree: ast.AST) -> set[str]:
    """Names the module binds itself (parameters, assignments, definitions): a call to one is not the builtin."""
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound.add(node.name)
    return bound


def io_uses(source: str, package: str = "askbench.impl") -> list[str]:
    """What in ``source`` does I/O or reaches the judge, as ``line: what``."""
    tree = ast.parse(source)
    found = []
    for node, module in _imported(tree, package):
        if module.split(".")[0] in IO_MODULES or module == JUDGE or module.startswith(JUDGE + "."):
            found.append(f"{node.lineno}: import {module}")
    bound = _bound_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in IO_BUILTINS and node.func.id not in bound:
                found.append(f"{node.lineno}: {node.func.id}()")
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "sys" and node.attr in IO_SYS:
                found.append(f"{node.lineno}: sys.{node.attr}")
    return found


def _modules() -> list[Path]:
    return sorted(IMPL.rglob("*.py"))


@pytest.mark.parametrize("path", _modules(), ids=lambda path: path.name)
def test_no_impl_module_does_io_or_imports_the_judge(path: Path) -> None:
    assert io_uses(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    "source",
    [
        "print('approved')",
        "def f():\n    with open('/tmp/log', 'w') as out:\n        out.write('x')",
        "import subprocess",
        "import os.path",
        "from os import environ",
        "from pathlib import Path",
        "import sys\nsys.stdout.write('\\x1b[2J')",
        "import sys\nsys.exit(1)",
        "from time import monotonic",
        "def f():\n    from socket import socket",
        "__import__('os')",
        "import importlib\nimportlib.import_module('os')",
        "from ..harness import gate",
        "from ..harness.checks import check_facts",
        "from askbench.harness import cli",
        "import askbench.harness.terminals.models",
        "from askbench import harness",
        "input('reason: ')",
    ],
)
def test_the_scan_finds_io_and_the_judge(source: str) -> None:
    assert io_uses(source) != []


@pytest.mark.parametrize(
    "source",
    [
        "import sys\nlimit = sys.get_int_max_str_digits()",
        "def ask(select, input):\n    return input('reason: ')",
        "import posixpath\nposixpath.normpath('a/../b')",
        "from .cells import cell_width",
        "from . import dialog",
        "from askbench.impl.payload import build_payload",
        "text = 'print(1)'",
    ],
)
def test_the_scan_passes_pure_code(source: str) -> None:
    assert io_uses(source) == []


def test_importing_every_impl_module_loads_nothing_of_the_judge() -> None:
    """The syntax scan, checked against what Python really loads: ``impl``'s dependencies must not reach the judge."""
    names = [f"askbench.impl.{path.stem}" for path in _modules() if path.stem != "__init__"]
    probe = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        f"print(sorted(m for m in sys.modules if m == {JUDGE!r} or m.startswith({JUDGE + '.'!r})))\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert loaded.stdout.strip() == "[]"
