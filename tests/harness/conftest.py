"""Fixtures of the harness tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from tmp_corpus import Corpus


@pytest.fixture
def corpus(tmp_path: Path) -> Corpus:
    """A fresh corpus root declaring the family ``cases``."""
    return Corpus(tmp_path / "corpus")
