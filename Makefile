# webdata-api: `make` builds, `make test` runs everything CI runs.
# Only Python 3.11, git and make are assumed; `make` bootstraps .venv from requirements.lock.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
STAMP := $(VENV)/.installed
PYTEST_ARGS ?=

SPEC := $(wildcard spec/*.yaml) spec/EXTENSIONS.md
GENERATOR := $(wildcard generator/*.py) $(wildcard generator/config/*) $(wildcard generator/templates/*/*) $(wildcard generator/runtime/*/*.py)
BUNDLE := generated/openapi.json

.PHONY: all venv generate validate lint check test code-check typecheck unit bench serve conformance dist breaking changelog release docs clean parity-record parity-standins

all: $(BUNDLE) $(INSTALLED_GENERATED)

venv: $(STAMP)

# The venv is rebuilt when the lock changes: every third-party package from requirements.lock, then
# the four distributions of this repository installed editable (no dependencies of their own: the
# lock has them all, and `pip check` proves it). Nothing else puts code on sys.path.
DISTRIBUTIONS := generated/models generated/client server conformance
$(STAMP): requirements.lock server/pyproject.toml conformance/pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.lock
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation $(addprefix -e ,$(DISTRIBUTIONS))
	$(BIN)/pip check --disable-pip-version-check
	@touch $@

# A regeneration that changed a generated distribution's version (its pyproject.toml) reinstalls it,
# so the installed metadata always says which code is there.
INSTALLED_GENERATED := $(VENV)/.installed-generated
$(INSTALLED_GENERATED): $(STAMP) generated/models/pyproject.toml generated/client/pyproject.toml
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e generated/models -e generated/client
	@touch $@

# Regenerate only when the spec, the generator or its configuration changed.
$(BUNDLE): $(STAMP) $(SPEC) $(GENERATOR)
	$(PY) -m generator all
	@touch $@
	@$(MAKE) --no-print-directory $(INSTALLED_GENERATED)

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
	$(BIN)/ruff check generator server conformance tests benchmarks examples
	$(BIN)/ruff format --check generator server conformance tests benchmarks examples

# The examples are checked as a user would check them: --strict, no configuration, no plugin.
typecheck: $(STAMP)
	$(BIN)/mypy generator server/src conformance/src
	$(BIN)/mypy tests
	$(BIN)/mypy --config-file generator/config/mypy-generated.ini generated/client/webdata_client
	$(BIN)/mypy --config-file generator/config/mypy-generated.ini generated/models/webdata_models
	$(BIN)/mypy --config-file /dev/null --strict examples/0*.py

# CI fuzzes with a fixed seed so that a red run can be replayed; `make conformance` draws a new one.
CONFORMANCE_SEED ?= 20261122
# Some tests need more than Python; they install it when it is missing, after saying so, unless
# INSTALL=no, which skips them with the reason instead (CI installs everything).
INSTALL ?= yes
unit: $(STAMP)
	@echo "make test: beyond Python, some tests use what they install when it is missing (INSTALL=$(INSTALL); INSTALL=no skips them instead):"
	@echo "  - Debian's chromium (apt-get install --no-install-recommends, as root): the reference page and the conformance report in a browser"
	@echo "  - the official JavaScript SDK's node packages (npm ci from tests/server/sdk_js/package-lock.json, into a temporary folder): needs node and npm"
	@echo "  - the official MCP server, firecrawl-mcp (npm ci from tests/server/mcp/package-lock.json, into a temporary folder): needs node and npm"
	@echo "  - LangChain's Firecrawl integration (pip install --no-deps of tests/server/langchain/requirements.txt, into a temporary folder)"
	@echo "  - firecrawl-py's sdist, SHA-256 pinned (pip download, kept in .venv/sdk-e2e/): the Python SDK's own end-to-end tests"
	WEBDATA_TEST_INSTALL=$(INSTALL) CONFORMANCE_SEED=$(CONFORMANCE_SEED) $(BIN)/pytest -n 2 --dist worksteal --durations=20 $(PYTEST_ARGS)

# The contract author's tools: compare with the last release (releases/openapi.json, or BASE=git:REF),
# print the changelog section, release (changelog appended, bundle recorded), the reference page.
BASE ?= releases/openapi.json
breaking: $(STAMP)
	$(PY) -m generator breaking --base $(BASE)

changelog: $(STAMP)
	$(PY) -m generator changelog --base $(BASE)

release: all
	$(PY) -m generator release $(if $(ACCEPT_BREAKING),--accept-breaking "$(ACCEPT_BREAKING)")

docs: all
	$(PY) -m generator docs --out build/docs/index.html

test: check breaking code-check typecheck unit

# Recorded parity (a maintainer's step, never part of make test): the stand-ins the service's build
# needs on this machine, then the corpus recorded against that build (server/README.md says how).
SERVICE ?= http://127.0.0.1:3002
parity-standins: $(STAMP)
	$(PY) -m tests.parity.standins

parity-record: $(STAMP)
	$(PY) -m tests.parity.record --service $(SERVICE) $(if $(PART),--part $(PART))

bench: $(STAMP)
	$(PY) benchmarks/build.py
	$(PY) benchmarks/server.py
	$(PY) benchmarks/conformance.py
	$(PY) benchmarks/testing.py

# The reference server on 127.0.0.1:3002; HOST, PORT, DB and JOB_SECONDS override the defaults.
HOST ?= 127.0.0.1
PORT ?= 3002
DB ?= .data/webdata.sqlite3
JOB_SECONDS ?= 5
serve: all
	$(BIN)/webdata-server serve --host $(HOST) --port $(PORT) --db $(DB) --job-seconds $(JOB_SECONDS)

# The conformance suite: against BASE_URL with API_KEY (and SECOND_API_KEY), or, with no
# BASE_URL, against the embedded reference server. CONFORMANCE_ARGS passes further options
# (see `webdata-conformance --help`), e.g. CONFORMANCE_ARGS="--max-examples 100 --seed 1".
conformance: all
	BASE_URL="$(BASE_URL)" API_KEY="$(API_KEY)" SECOND_API_KEY="$(SECOND_API_KEY)" $(BIN)/webdata-conformance $(CONFORMANCE_ARGS)

# Wheels and sdists of the four distributions into dist/, with the pinned backend (no download),
# then `twine check` on every file.
dist: all
	rm -rf dist
	$(foreach d,$(DISTRIBUTIONS),$(PY) -m build --no-isolation --outdir dist $(d) >/dev/null &&) true
	$(BIN)/twine check --strict dist/*
	@ls -1 dist

clean:
	rm -rf $(VENV) dist .mypy_cache .pytest_cache .ruff_cache .hypothesis
