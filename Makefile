# Two commands, both idempotent: the virtual environment is built once from
# pyproject.toml and rebuilt only when pyproject.toml changes.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: check test snapshots

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $(STAMP)

check: $(STAMP)
	$(BIN)/askbench check

test: $(STAMP)
	$(BIN)/python -m pytest

snapshots: $(STAMP)
	$(BIN)/python -m pytest tests/harness/test_snapshots.py --snapshot-update -q
