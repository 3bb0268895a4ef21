# Two commands, both idempotent: the virtual environment is built once from
# pyproject.toml and rebuilt only when pyproject.toml changes.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: check test snapshots bench report

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

# Writes reports/bench.md and reports/bench-latency.svg from one run (about a minute).
bench: $(STAMP)
	$(BIN)/askbench bench

# Writes reports/corpus.md and reports/gallery.html.
report: $(STAMP)
	$(BIN)/askbench report
