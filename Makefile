# Two commands, both idempotent and both from the lock: the virtual environment is built once
# and each set of dependencies is installed again only when its lock file or pyproject.toml
# changes. `make check` installs only what the gate needs (requirements/gate.txt); `make test`
# adds the test and bench extras (requirements/dev.txt: the suite checks the benchmark report and
# its plot). Both locks are hash-pinned, made by uv from pyproject.toml's ranges: `make lock`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
GATE   := $(VENV)/.installed-gate
TESTS  := $(VENV)/.installed-test
# The stamp of a full install (gate, tests and benchmarks), kept for the command other
# worktrees already use: `make .venv/.installed`.
STAMP  := $(VENV)/.installed
GATE_LOCK := requirements/gate.txt
DEV_LOCK  := requirements/dev.txt
# Exactly what the lock names, hashes checked, nothing resolved; then askbench itself, built by the
# setuptools the lock names (no build isolation, which would fetch an unlocked one).
PIP_LOCKED  = $(BIN)/python -m pip install --quiet --require-hashes --no-deps -r
PIP_PROJECT = $(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
UV_VERSION := 0.13.9
LOCK_ARGS  := --custom-compile-command "make lock" --universal --python-version 3.11 --generate-hashes --quiet
LATEST := .venv-latest
FIXTURE ?=
BUILTIN := corpus

.PHONY: outside check check-terminals starters test test-quick test-latest lock typecheck lint format distcheck snapshots bench bench-large report report-check ci-deps agents terminals fuzz

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(GATE): $(GATE_LOCK) pyproject.toml | $(BIN)/python
	$(PIP_LOCKED) $(GATE_LOCK)
	$(PIP_PROJECT)
	touch $(GATE)

$(TESTS): $(DEV_LOCK) $(GATE_LOCK) pyproject.toml | $(BIN)/python
	$(PIP_LOCKED) $(DEV_LOCK)
	$(PIP_PROJECT)
	touch $(GATE) $(TESTS)

$(STAMP): $(TESTS)
	touch $(STAMP)

# Both locks anew from pyproject.toml's ranges, every package at its newest release in them (the
# gate's lock constrained by the dev lock, so the two never disagree). uv is installed for this alone.
lock: | $(BIN)/python
	$(BIN)/python -m pip install --quiet uv==$(UV_VERSION)
	$(BIN)/uv pip compile pyproject.toml requirements/build.in --extra test --extra bench --upgrade $(LOCK_ARGS) -o $(DEV_LOCK)
	$(BIN)/uv pip compile pyproject.toml requirements/build.in -c $(DEV_LOCK) $(LOCK_ARGS) -o $(GATE_LOCK)

# The suite on the newest releases inside pyproject.toml's ranges, in a venv of its own, so drift
# is seen before it lands; not part of .ci/run. Prints what it ran on first.
test-latest:
	rm -rf $(LATEST) && $(PYTHON) -m venv $(LATEST)
	$(LATEST)/bin/python -m pip install --quiet --upgrade pip
	$(LATEST)/bin/python -m pip install --quiet --upgrade -e '.[test,bench]'
	$(LATEST)/bin/python -m pip freeze --exclude-editable
	$(LATEST)/bin/python -m pytest -n auto -p no:cacheprovider

check: $(GATE)
	$(BIN)/askbench check

# The starter adapters of examples/ judged as any outside renderer is, on the whole built-in corpus: both run,
# and the target fails when either does. `python` in an --impl command is the venv's (docs/adapters.md).
STARTERS := "node examples/starter-node/adapter.mjs" "python examples/starter-python/adapter.py"
starters: $(GATE)
	@status=0; for impl in $(STARTERS); do \
		echo "askbench check --impl \"$$impl\""; $(BIN)/askbench check --impl "$$impl" || status=1; \
	done; exit $$status

# The whole suite, spread over every core by pytest-xdist.
test: $(TESTS)
	$(BIN)/python -m pytest -n auto

# The edit loop: everything but the golden screens and the whole-corpus variant runs.
test-quick: $(TESTS)
	$(BIN)/python -m pytest -n auto --ignore=tests/harness/test_snapshots.py --ignore=tests/harness/drivers/test_variants.py

# A short search for the prompt that lies, the same cases on any machine (a fixed seed, a fixed number of cases per
# strategy, no example database). The budget is only a ceiling far above the search's time: a run it stops before
# every strategy drew its cases exits 2, never "none found". The cases the reference fails today are kept in
# reports/fuzz-found to triage and pass as known; any other case found fails the target and is written under
# .askbench/fuzz-found. The shell strategy is left out while the reference fails cases it draws: which of those a
# run shrinks to depends on the traced runs' time bounds, so its finds differ from machine to machine.
FUZZ_ARGS ?= --seed 1 --max-cases 200 --budget 3600 --strategy controls,formats,widths,forging,mcp,requesters
fuzz: $(TESTS)
	$(BIN)/askbench fuzz --no-db --known reports/fuzz-found $(FUZZ_ARGS)

# What CI needs beyond Python: the real terminals the judge reads screens on (tmux from Debian,
# xterm.js from npm, pinned) and bash 5.1 or newer, the oracle of what runs.
ci-deps:
	command -v tmux >/dev/null || { apt-get update -qq && apt-get install -y -qq tmux=3.3a-3; }
	command -v bwrap >/dev/null || { apt-get update -qq && apt-get install -y -qq bubblewrap=0.8.0-2+deb12u1; }
	test -f /usr/share/i18n/charmaps/GBK.gz || { apt-get update -qq && apt-get install -y -qq locales=2.36-9+deb12u14; }
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
# The wheel is built by the locked setuptools, and the fresh venv gets the gate's lock before it,
# so the wheel's own requirements are checked against the versions the gate was judged on.
distcheck: $(GATE)
	rm -rf $(DIST) && mkdir -p $(DIST)
	$(BIN)/python -m pip wheel --quiet --no-deps --no-build-isolation --wheel-dir $(DIST) .
	$(PYTHON) -m venv $(DIST)/venv
	$(DIST)/venv/bin/python -m pip install --quiet --require-hashes --no-deps -r $(GATE_LOCK)
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
	$(BIN)/python -m askbench.harness.frontends.bench_large_command --write reports/bench.md

# The judge on renderers written apart from it, from docs/ alone (benchmarks/outside-renderers): every sound
# one on the whole corpus, every defect on the fixtures where it shows; reports/outside-renderers.md says how
# many it judged right. Long (a renderer a few minutes); not part of .ci/run.
OUTSIDE_RESULTS ?= .askbench/outside
outside: $(GATE)
	mkdir -p $(OUTSIDE_RESULTS)
	while IFS="$$(printf '\t')" read -r name kind command description targets; do \
		paths=""; if [ "$$kind" = defect ]; then for t in $$(echo "$$targets" | tr ',' ' '); do paths="$$paths corpus/$$t.json"; done; fi; \
		$(BIN)/askbench check --impl "$(BIN)/$$command" --json $$paths > $(OUTSIDE_RESULTS)/$$kind-$$name.json || true; \
	done < benchmarks/outside-renderers/catalogue.tsv
	$(BIN)/python scripts/outside_accuracy.py $(OUTSIDE_RESULTS) > reports/outside-renderers.md

# Writes reports/corpus.md and corpus.html, and the gallery: reports/gallery.html and reports/gallery/.
report: $(GATE)
	$(BIN)/askbench report

# The committed reports/corpus.md against the one the gate writes today (nothing is written): it fails with
# "run make report" when a fixture or the judge changed and the report was not regenerated. The other reports
# are not checked: bench.md holds timings, mutation.md a run's time, agents.* the real CLIs' screens.
report-check: $(GATE)
	$(BIN)/askbench report --check

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
