# Two entry points: `make run` and `make test`. Both bootstrap everything they
# need on a fresh machine (virtualenv, Python and npm packages, Chromium).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.stamp-install

.PHONY: run cluster web wheel webcheck types test check fastpytest lint typecheck pytest chromium clean

# No pip upgrade first: Debian's venv pip (23.x) installs the editable package and its
# extras; the upgrade only fetched a newer pip (about 2.5 min of a fresh clone's bootstrap).
$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

# Chromium comes from Debian's packages (never a browser download of Playwright's own).
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = "0" ]; then \
	    echo "Installing Chromium from Debian's packages..."; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null; \
	  else \
	    echo "Chromium is missing: install Debian's 'chromium' package (needs root) to run browser tests."; \
	  fi; \
	fi

# The phone client (web/): built with Vite into web/dist/ when it is missing or older
# than its sources. The server serves web/dist/ (and says how to build it if absent).
WEB_SRC := $(wildcard web/package.json web/package-lock.json web/*.html web/vite.config.ts web/node-fs.d.ts web/tsconfig.json) \
	$(shell find web/src web/public -type f 2>/dev/null)

web:
	@if [ ! -f web/package.json ]; then exit 0; \
	elif ! command -v npm >/dev/null 2>&1; then \
	  echo "npm is missing: install Node.js to build the phone client (the server still runs)."; \
	else $(MAKE) --no-print-directory web/dist/index.html; fi

web/node_modules/.stamp: web/package.json $(wildcard web/package-lock.json)
	cd web && if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
	@touch $@

web/dist/index.html: web/node_modules/.stamp $(WEB_SRC)
	cd web && npm run build
	@touch $@

# The web clients' protocol and view types, generated from the server's TypedDicts
# (src/nightfall/server/protocol_types.py, games/*/view_types.py); tests/test_typegen.py
# fails while web/src/generated/protocol.ts is stale.
types: $(STAMP)
	$(BIN)/python -m nightfall.typegen

# A wheel for machines without Node.js or this checkout (docs/deploy.md, "From a wheel"):
# it carries web/dist, so the clients are built first.
wheel: $(STAMP) web
	rm -rf build  # setuptools' staging folder: a stale one could ship a deleted module
	$(BIN)/python -m pip wheel --no-deps -w dist .

run: $(STAMP) web
	$(BIN)/nightfall serve

# Two nodes behind HAProxy on the local PostgreSQL and Redis (docs/deploy.md).
NODES ?= 2
cluster: $(STAMP) web
	NIGHTFALL_NODES=$(NODES) $(BIN)/python -m nightfall.cluster.local

lint: $(STAMP)
	$(BIN)/ruff check src tests bench web/e2e
	$(BIN)/ruff format --check src tests bench web/e2e

typecheck: $(STAMP)
	$(BIN)/mypy

webcheck: web
	@if [ -d web/node_modules ]; then cd web && npm run --silent typecheck && npm test --silent; fi

# Three runs. Tests that start nothing (tests/starts.py) share both cores (pytest-xdist).
# So do the tests that start servers, databases or subprocesses, on four workers: they
# mostly wait (on leases, restarts, sockets), each has its own free ports, temporary
# folders, PostgreSQL database and Redis key prefix, and the ones that measure time decide
# on the server's own clock or allow for a busy machine (all passed on four workers at
# load 10-17). Browser tests run in their own pytest process: Playwright's sync API holds
# an event loop in the main thread while a browser is open, which asyncio tests must not
# share. They run on both cores, a whole file per worker (a module's Chromium and the
# session's servers are per worker), in collection order (--no-loadscope-reorder:
# tests/browser/conftest.py puts the long games first, so the two workers finish
# together). The tiers run one after the other: beside the browser tier the server tier
# slowed it from ~10 to ~18 min (docs/benchmarks.md, "The test suite").
pytest: $(STAMP) chromium web
	HYPOTHESIS_PROFILE=ci $(BIN)/python -m pytest -n 2 -m "not browser and not server"
	HYPOTHESIS_PROFILE=ci $(BIN)/python -m pytest -n 4 -m "server and not browser" --durations=15
	$(BIN)/python -m pytest -n 2 --dist loadfile --no-loadscope-reorder -m browser --durations=25

test: lint typecheck webcheck pytest

# The fast loop (under a minute): lint, types, and every test that starts no server,
# database or browser (tests/starts.py: marked by what a test starts, not by its folder),
# on both cores.
check: lint typecheck fastpytest

fastpytest: $(STAMP)
	$(BIN)/python -m pytest -n 2 -m "not browser and not server and not slow" -p no:cacheprovider

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache build dist
