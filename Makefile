# Two commands, both idempotent: the virtual environment is built once and each
# set of dependencies is installed again only when pyproject.toml changes.
# `make check` installs only what the gate needs; `make test` adds the test and
# bench extras (the suite checks the benchmark report and its plot).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
GATE   := $(VENV)/.installed-gate
TESTS  := $(VENV)/.installed-test
# The stamp of a full install (gate, tests and benchmarks), kept for the command other
# worktrees already use: `make .venv/.installed`.
STAMP  := $(VENV)/.installed
FIXTURE ?=
BUILTIN := corpus

.PHONY: check check-terminals test test-quick typecheck lint format distcheck snapshots bench bench-large report ci-deps agents terminals

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(GATE): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $(GATE)

$(TESTS): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $(GATE) $(TESTS)

$(STAMP): $(TESTS)
	touch $(STAMP)

check: $(GATE)
	$(BIN)/askbench check

# The whole suite, spread over every core by pytest-xdist.
test: $(TESTS)
	$(BIN)/python -m pytest -n auto

# The edit loop: everything but the golden screens and the whole-corpus variant runs.
test-quick: $(TESTS)
	$(BIN)/python -m pytest -n auto --ignore=tests/harness/test_snapshots.py --ignore=tests/harness/drivers/test_variants.py

# What CI needs beyond Python: the real terminals the judge reads screens on (tmux from Debian,
# xterm.js from npm, pinned) and bash 5.1 or newer, the oracle of what runs.
ci-deps:
	command -v tmux >/dev/null || { apt-get update -qq && apt-get install -y -qq tmux=3.3a-3; }
	command -v npm >/dev/null || { apt-get update -qq && apt-get install -y -qq nodejs npm; }
	$(MAKE) terminals

# The reference on the whole corpus, read on the real terminals instead of the models.
check-terminals: $(GATE)
	$(BIN)/askbench check --terminal tmux,xterm,xterm-unicode11 --failures-only

typecheck: $(TESTS)
	$(BIN)/python -m mypy

# ruff as configured in pyproject.toml: the lint rules, then the layout the formatter would give.
lint: $(TESTS)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# Rewrites the tree into that layout: imports sorted (a lint rule ruff fixes) and every file formatted.
format: $(TESTS)
	$(BIN)/ruff check --select I --fix .
	$(BIN)/ruff format .

# The wheel, installed into a fresh venv outside the source tree, runs the gate on its built-in corpus.
DIST := $(or $(DISTDIR),$(VENV)/dist)
distcheck: $(BIN)/python
	rm -rf $(DIST) && mkdir -p $(DIST)
	$(BIN)/python -m pip wheel --quiet --no-deps --wheel-dir $(DIST) .
	$(PYTHON) -m venv $(DIST)/venv
	$(DIST)/venv/bin/python -m pip install --quiet $(DIST)/askbench-*.whl
	cd $(DIST) && venv/bin/askbench --version && venv/bin/python -m askbench check --failures-only

# Every fixture's golden screens, or one fixture's: make snapshots FIXTURE=mcp/github-create-issue-long-markdown-body
# (its id exactly: a mistyped one is refused with the closest ids, and no other fixture's file is touched).
# No golden file is ever deleted here (tests/conftest.py); one whose fixture is gone is named by the suite.
SNAPSHOT_ID = $(patsubst $(BUILTIN)/%,%,$(basename $(FIXTURE)))
snapshots: $(TESTS)
ifneq ($(FIXTURE),)
	@$(BIN)/askbench check --list '$(FIXTURE)' > /dev/null
	$(BIN)/python -m pytest 'tests/harness/test_snapshots.py::test_screens[$(subst /,.,$(SNAPSHOT_ID))]' --snapshot-update -q
else
	$(BIN)/python -m pytest tests/harness/test_snapshots.py --snapshot-update -q
endif

# Writes reports/bench.md and reports/bench-latency.svg from one run (it prints its expected run time first).
bench: $(TESTS)
	$(BIN)/askbench bench

# The gate on one bash command of 1 to 32 MB at three widths: the Large inputs section of reports/bench.md.
bench-large: $(GATE)
	$(BIN)/python -m askbench.harness.runners.large_bench --write reports/bench.md

# Writes reports/corpus.md and reports/gallery.html.
report: $(GATE)
	$(BIN)/askbench report

# The real agent CLIs at their pinned versions (askbench/harness/agents/profiles.py), installed with npm into a cache
# outside the repository (AGENTS_CACHE), then judged on the curated fixtures: writes reports/agents.md, .json, .html.
# Needs tmux and node; never part of `make test`.
AGENTS_CACHE ?= $(HOME)/.cache/askbench/agents
agents: $(GATE)
	ASKBENCH_AGENTS_CACHE=$(AGENTS_CACHE) $(BIN)/askbench agents --install $(AGENTS_ARGS)

# The npm packages behind `askbench check --terminal xterm` and `--terminal xterm-unicode11`, pinned,
# outside the repository (askbench/harness/terminals/xterm_screen.py looks there, or in $ASKBENCH_NODE_MODULES).
# tmux (`--terminal tmux`) comes from the system: apt-get install tmux.
NODE_DIR ?= $(HOME)/.cache/askbench/node
terminals:
	mkdir -p $(NODE_DIR)
	npm install --prefix $(NODE_DIR) --no-audit --no-fund --no-save @xterm/headless@6.0.0 @xterm/addon-unicode11@0.9.0
