"""askbench: bounded permission prompts for terminal coding agents, judged on a virtual terminal.

The distribution's own package: its version, ``python -m askbench`` and, as
``askbench.corpus``, the built-in corpus (the repository's ``corpus/``
folder, mapped here by ``pyproject.toml`` so contributors keep finding
fixtures at ``corpus/<family>/<name>.json``). The code lives in ``impl``
(the reference renderer) and ``harness`` (the gate).
"""

from __future__ import annotations

__version__ = "0.1.0"
"""The distribution's version: ``pyproject.toml`` reads it from here, so that ``askbench --version`` needs no
``importlib.metadata`` (the largest import of a bare start-up)."""
