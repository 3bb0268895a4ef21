"""A corpus of one's own, as a user makes one: a root with ``askbench-corpus.json`` and family folders.

Imported by the tests as ``tmp_corpus`` (pytest puts this folder on ``sys.path``); the
``corpus`` fixture in ``conftest.py`` gives one per test."""

from __future__ import annotations

import json
from pathlib import Path

from askbench.harness.fixtures.loading import MANIFEST_NAME

FAMILY = "cases"
LS = {
    "description": "ls",
    "source": "constructed for the test",
    "call": {"name": "bash", "input": {"command": "ls -la"}},
}


class Corpus:
    """A corpus root declaring ``families``; ``write`` files a fixture under one of them."""

    def __init__(self, root: Path, families: tuple[str, ...] = (FAMILY,)) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        manifest = {"families": {family: f"the {family} of this test" for family in families}}
        (root / MANIFEST_NAME).write_text(json.dumps(manifest), encoding="utf-8")

    def write(self, name: str, data: object = LS, family: str = FAMILY) -> Path:
        """``<root>/<family>/<name>.json``; ``data`` is a fixture object, or text written as it is."""
        path = self.root / family / f"{name}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        return path

    def family(self, family: str = FAMILY) -> Path:
        return self.root / family
