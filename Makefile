# webdata-api: `make` builds, `make test` runs everything CI runs.
# Only Python 3.11, git and make are assumed; `make` bootstraps .venv from requirements.lock.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
STAMP := $(VENV)/.installed
PYTEST_ARGS ?=

SPEC := $(wildcard spec/*.yaml) spec/EXTENSIONS.md
GENERATOR := $(wildcard generator/*.py) $(wildcard generator/config/*)
BUNDLE := generated/openapi.json

.PHONY: all venv generate validate lint check test code-check typecheck unit bench serve conformance clean

all: $(BUNDLE)

venv: $(STAMP)

# The venv is rebuilt when the lock changes. A .pth file puts the repo and the two generated
# packages on sys.path, so tests import exactly what is committed under generated/.
$(STAMP): requirements.lock
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.lock
	$(PY) -c 'import pathlib, sysconfig; root = pathlib.Path.cwd(); \
	  (pathlib.Path(sysconfig.get_paths()["purelib"]) / "webdata-api.pth").write_text( \
	  "\n".join(str(p) for p in (root, root / "server", root / "generated" / "models", root / "generated" / "client")) + "\n")'
	@printf '#!/bin/sh\n# Console script of the conformance suite (written by make).\nexec "$$(dirname "$$0")/python" -m tests.conformance "$$@"\n' > $(BIN)/webdata-conformance
	@chmod +x $(BIN)/webdata-conformance
	@touch $@

# Regenerate only when the spec, the generator or its configuration changed.
$(BUNDLE): $(STAMP) $(SPEC) $(GENERATOR)
	$(PY) -m generator all
	@touch $@

generate: $(STAMP)
	$(PY) -m generator all

validate: $(STAMP)
	$(PY) -m generator validate

lint: $(STAMP)
	$(PY) -m generator lint

# Regenerates into a temporary folder and fails on any difference with generated/.
check: $(STAMP)
	$(PY) -m generator --check

code-check: $(STAMP)
	$(BIN)/ruff check generator server tests benchmarks
	$(BIN)/ruff format --check generator server tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy generator server
	$(BIN)/mypy tests
	$(BIN)/mypy --config-file generator/config/mypy-generated.ini generated/client/webdata_client
	$(BIN)/mypy --config-file generator/config/mypy-generated.ini generated/models/webdata_models

# CI fuzzes with a fixed seed so that a red run can be replayed; `make conformance` draws a new one.
CONFORMANCE_SEED ?= 20261122
unit: $(STAMP)
	CONFORMANCE_SEED=$(CONFORMANCE_SEED) $(BIN)/pytest -n 2 $(PYTEST_ARGS)

test: check code-check typecheck unit

bench: $(STAMP)
	$(PY) benchmarks/build.py
	$(PY) benchmarks/server.py

# The reference server on 127.0.0.1:3002; HOST, PORT, DB and JOB_SECONDS override the defaults.
HOST ?= 127.0.0.1
PORT ?= 3002
DB ?= .data/webdata.sqlite3
JOB_SECONDS ?= 5
serve: $(BUNDLE)
	$(PY) -m webdata_server serve --host $(HOST) --port $(PORT) --db $(DB) --job-seconds $(JOB_SECONDS)

# The conformance suite: against BASE_URL with API_KEY (and SECOND_API_KEY), or, with no
# BASE_URL, against the embedded reference server. CONFORMANCE_ARGS passes further options
# (see `python -m tests.conformance --help`), e.g. CONFORMANCE_ARGS="--max-examples 100 --seed 1".
conformance: $(STAMP)
	BASE_URL="$(BASE_URL)" API_KEY="$(API_KEY)" SECOND_API_KEY="$(SECOND_API_KEY)" $(PY) -m tests.conformance $(CONFORMANCE_ARGS)

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
