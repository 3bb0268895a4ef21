"""xterm.js headless as a terminal the judge reads, with the Unicode 6 table (its default) or Unicode 11's.

xterm.js is the terminal of VS Code, Theia, JupyterLab and Hyper;
``@xterm/headless`` is the same engine without a renderer. The judge runs it
in one persistent Node process (``askbench/harness/terminals/xterm_helper.cjs``) per Unicode
table, speaking JSON lines: a frame goes in, every screen row comes back as
characters with SGR. The npm packages live outside the repository, where
``make terminals`` installs them (``ASKBENCH_NODE_MODULES`` names another
``node_modules`` folder).
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import subprocess
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

from .models import TerminalModel
from .real_screen import TerminalUnavailable, real_model

__all__ = [
    "NODE_MODULES",
    "XTERM_PACKAGES",
    "XtermTerminal",
    "node_modules",
    "node_version",
    "xterm_model",
    "xterm_packages",
]

XTERM_PACKAGES = ("@xterm/headless@6.0.0", "@xterm/addon-unicode11@0.9.0")
"""The exact npm packages ``make terminals`` installs."""
NODE_MODULES = Path.home() / ".cache" / "askbench" / "node" / "node_modules"
_HELPER = Path(__file__).with_name("xterm_helper.cjs")
_TABLES = {"xterm": "6", "xterm-unicode11": "11"}
_HEADLESS, _UNICODE11 = "@xterm/headless", "@xterm/addon-unicode11"


def node_modules() -> Path:
    """Where the npm packages are: ``ASKBENCH_NODE_MODULES``, else the folder ``make terminals`` fills."""
    named = os.environ.get("ASKBENCH_NODE_MODULES")
    return Path(named) if named else NODE_MODULES


class XtermTerminal:
    """One Node process running xterm.js headless with one Unicode table, alive until the process ends."""

    def __init__(self, node: str, modules: Path, table: str) -> None:
        self._process = subprocess.Popen(
            [node, str(_HELPER), table],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env={**os.environ, "NODE_PATH": str(modules)},
            text=True,
            encoding="utf-8",
            errors="replace",
        )
        atexit.register(self.close)

    def _ask(self, request: dict[str, object]) -> dict[str, object]:
        assert self._process.stdin is not None and self._process.stdout is not None
        self._process.stdin.write(json.dumps(request) + "\n")
        self._process.stdin.flush()
        line = self._process.stdout.readline()
        if not line:
            raise RuntimeError(f"the xterm.js helper stopped (exit {self._process.poll()})")
        answer: dict[str, object] = json.loads(line)
        return answer

    def show(self, data: str, width: int, height: int) -> tuple[list[str], int]:
        answer = self._ask({"cols": width, "rows": height, "data": data})
        rows, cursor = answer["rows"], answer["cursor"]
        assert isinstance(rows, list) and isinstance(cursor, list)
        return [str(row) for row in rows], int(cursor[1])

    def advances(self, texts: Sequence[str]) -> list[int]:
        cells = self._ask({"measure": list(texts)})["cells"]
        assert isinstance(cells, list)
        return [int(cell) for cell in cells]

    def close(self) -> None:
        if self._process.poll() is None:
            assert self._process.stdin is not None
            self._process.stdin.close()
            self._process.wait(timeout=10)


def _missing(modules: Path) -> str:
    packages = ", ".join(XTERM_PACKAGES)
    return (
        f"xterm.js headless is not installed: {packages} not found in {modules} "
        "(run `make terminals`, or set ASKBENCH_NODE_MODULES to a node_modules folder that has them)"
    )


@cache
def xterm_model(name: str) -> TerminalModel:
    """xterm.js with the table ``name`` stands for (``xterm``: Unicode 6, ``xterm-unicode11``: Unicode 11)."""
    node = shutil.which("node")
    modules = node_modules()
    if node is None:
        raise TerminalUnavailable(
            "xterm.js needs Node.js, which is not installed (Debian: apt-get install nodejs)"
        )
    if not all((modules / package / "package.json").is_file() for package in _packages(name)):
        raise TerminalUnavailable(_missing(modules))
    table = _TABLES[name]
    return real_model(
        name,
        f"xterm.js headless, Unicode {table} (VS Code's terminal)",
        XtermTerminal(node, modules, table),
    )


def _packages(name: str) -> tuple[str, ...]:
    """The npm packages the xterm.js terminal ``name`` loads: the Unicode 11 table is an add-on."""
    return (_HEADLESS,) if name == "xterm" else (_HEADLESS, _UNICODE11)


def xterm_packages(names: Iterable[str]) -> dict[str, str]:
    """Each npm package the xterm.js terminals ``names`` load, with the version its ``package.json`` gives.

    Read from the very folder ``xterm_model`` loads them from, not from the pins
    ``make terminals`` asks for: a verdict names what it was read on. A package
    with no readable ``package.json`` is ``not installed``.
    """
    wanted = dict.fromkeys(package for name in names for package in _packages(name))
    return {package: _package_version(node_modules() / package) for package in wanted}


def _package_version(folder: Path) -> str:
    try:
        version = json.loads((folder / "package.json").read_text(encoding="utf-8")).get("version")
    except (OSError, ValueError, AttributeError):
        return "not installed"
    return version if isinstance(version, str) else "not installed"


@cache
def node_version() -> str:
    """``node --version`` of the Node.js that runs xterm.js (``v20.20.2``), or ``not installed``."""
    node = shutil.which("node")
    if node is None:
        return "not installed"
    done = subprocess.run([node, "--version"], capture_output=True, text=True, check=False)
    return done.stdout.strip() or "unknown"
