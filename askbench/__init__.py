"""askbench: bounded permission prompts for terminal coding agents, judged on a virtual terminal.

The distribution's own package: its version, ``python -m askbench`` and, as
``askbench.corpus``, the built-in corpus (the repository's ``corpus/``
folder, mapped here by ``pyproject.toml`` so contributors keep finding
fixtures at ``corpus/<family>/<name>.json``). The code lives in ``impl``
(the reference renderer) and ``harness`` (the gate).
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("askbench")
except PackageNotFoundError:  # imported from a source tree that was never installed
    __version__ = "0+unknown"
