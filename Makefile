# CivicSTL: `make run` sets everything up and serves http://127.0.0.1:8000; `make test` checks it all.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
# `make check` gets its own small virtualenv: only what the generator imports.
CHECK_VENV := .venv-check
BIN := $(VENV)/bin
PY := $(BIN)/python
CONTENT ?= content
CONTENT_OUT := build/content
SITE_OUT := build/site
# The site's sources (the benchmarks build a copy of them).
SITE_DIR ?= site
HOST ?= 127.0.0.1
PORT ?= 8000
# The web editor's local backend's port for `make admin` (the build writes it into
# /admin/config.yml): decap-server behind a guard that answers only /admin at HOST:PORT and
# reads and writes only inside content/ (admin/local-backend.mjs).
CMS_LOCAL_PORT ?= 8081
export HOST PORT CMS_LOCAL_PORT
# pytest's worker processes (pytest-xdist): one per core, plus two, because the browser journeys
# and the service processes mostly wait (bench/results/timings-from-comments.md).
TEST_WORKERS ?= $(shell expr $$(nproc 2>/dev/null || echo 2) + 2)

.PHONY: help install install-dev run build content site site-bundle migrate serve dev check test lint \
        typecheck test-python test-site budget bench clean schemas new-org new-event admin api-types \
        lint-run lint-workflows typecheck-run test-python-run test-site-run budget-run checks-run i18n i18n-site

help: ## List the targets.
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 12

# --- installation (idempotent: re-runs only when the lock files change) ---
# What `make run` needs: the runtime requirements alone.
UV_INSTALL = $(BIN)/uv pip install -q --python $(PY) --require-hashes
$(BIN)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --disable-pip-version-check uv==0.13.8
	$(UV_INSTALL) -r requirements.txt
	touch $@

# What the tests and checks add: pytest, Playwright, mypy, ruff, schemathesis...
$(BIN)/.installed-dev: $(BIN)/.installed requirements-dev.txt
	$(UV_INSTALL) -r requirements.txt -r requirements-dev.txt
	touch $@

# Wheels only, except feedgen (the Atom feeds' writer), which PyPI has as source alone: pure
# Python, so its build needs nothing but setuptools.
$(CHECK_VENV)/.installed: requirements-generator.txt
	$(PYTHON) -m venv $(CHECK_VENV)
	$(CHECK_VENV)/bin/pip install -q --disable-pip-version-check --only-binary :all: \
	  --no-binary feedgen --require-hashes -r requirements-generator.txt
	touch $@

# The site's build needs its dependencies alone (React, Vike, Vite); its devDependencies are the
# checks' (TypeScript, vitest, happy-dom, the HTML validator, the type generators), which `make run`
# does not need. npm ci empties node_modules first, so the full install stamps both.
site/node_modules/.installed: site/package.json site/package-lock.json
	cd site && npm ci --omit=dev --no-audit --no-fund --loglevel=error
	touch $@

site/node_modules/.installed-dev: site/package.json site/package-lock.json
	cd site && npm ci --no-audit --no-fund --loglevel=error
	touch $@ site/node_modules/.installed

# The site's build copies Decap CMS's prebuilt bundle: the locked package alone, checked against
# the lock's hash, without its dependency tree (603 of the editor's 732 locked packages), into
# admin/decap-cms/, where no `npm ci` removes it.
DECAP := admin/decap-cms/.fetched
$(DECAP): admin/package-lock.json admin/fetch-decap-cms.mjs
	node admin/fetch-decap-cms.mjs
	touch $@

# decap-server, the web editor's local backend, kept out of the site's tree: for `make admin` and
# the editor's browser journeys only. Decap CMS is a dev dependency there only so that the lock
# pins it (fetched above): --omit=dev leaves its tree out.
admin/node_modules/.installed: admin/package.json admin/package-lock.json
	cd admin && npm ci --omit=dev --no-audit --no-fund --loglevel=error
	touch $@

install: $(BIN)/.installed site/node_modules/.installed $(DECAP) ## Install what `make run` needs.

# Side by side: the virtualenv mostly waits on the package index, npm's installs on the CPU.
install-dev: ## Add what the tests need.
	@$(MAKE) --no-print-directory -j3 --output-sync=target \
	  $(BIN)/.installed-dev site/node_modules/.installed-dev admin/node_modules/.installed $(DECAP)

# --- build ---
content: $(BIN)/.installed ## Validate content/ and emit build/content/.
	$(PY) -m generator build --content $(CONTENT) --out $(CONTENT_OUT)

site-bundle: site/node_modules/.installed ## Bundle the site's code (vike build) and the web editor's script; it reads no content.
	cd $(SITE_DIR) && npm run --silent bundle

# The site's API types (gitignored), from the OpenAPI document the service serves: remade whenever
# the service's code changes, so `make typecheck` fails when a body changes and the site has not
# followed. Only tsc reads them: the bundle's imports of them are type-only, erased by esbuild.
API_DOC := build/api/openapi.json
API_TYPES := site/src/api/generated/schema.d.ts
$(API_TYPES): $(BIN)/.installed site/node_modules/.installed-dev $(shell find rsvp_service -name '*.py') \
              | $(CONTENT_OUT)/events.json
	$(PY) -m rsvp_service openapi $(API_DOC)
	cd site && npm run --silent gen:api -- ../$(API_DOC) -o src/api/generated/schema.d.ts

# The app the document comes from loads events.json: built here only where no target before
# built it (`make test` builds the site first; the generator ran twice).
$(CONTENT_OUT)/events.json:
	@$(MAKE) --no-print-directory content

api-types: $(API_TYPES) ## Generate the site's API types from the service's OpenAPI document.

# The generator and the site's bundle need nothing of each other, so they run side by side.
site: $(BIN)/.installed site/node_modules/.installed $(DECAP) ## Build content/ and prerender the site into build/site/.
	@$(MAKE) --no-print-directory -j2 --output-sync=target content site-bundle
	cd $(SITE_DIR) && npm run --silent render

build: site ## Build content and site.

# The scaffolds need only the generator: they run in `make check`'s light virtualenv.
new-org: $(CHECK_VENV)/.installed ## Scaffold an organization: make new-org SLUG=myorg NAME="My Org".
	$(CHECK_VENV)/bin/python -m generator new-org --content $(CONTENT) "$(SLUG)" $(if $(NAME),--name "$(NAME)")

new-event: $(CHECK_VENV)/.installed ## Scaffold an event: make new-event SLUG=my-event HOST=keenstl TITLE="...".
	$(CHECK_VENV)/bin/python -m generator new-event --content $(CONTENT) "$(SLUG)" --host "$(HOST)" \
	  $(if $(TITLE),--title "$(TITLE)")

schemas: $(BIN)/.installed ## Refresh content/schemas/ (editor autocompletion) from the models.
	$(PY) -m generator schemas --content $(CONTENT)

migrate: $(BIN)/.installed ## Apply database migrations.
	$(PY) -m rsvp_service migrate

serve: $(BIN)/.installed ## Serve what is built (site + API) on HOST:PORT, without rebuilding.
	$(PY) -m rsvp_service

run: install build migrate serve ## Install, build, migrate and serve at http://127.0.0.1:8000.
# The newcomer's command runs in development (unless APP_ENV says otherwise): SITE_URL then
# defaults to http://HOST:PORT, and 127.0.0.1 and localhost on that port are one site.
run: export APP_ENV ?= development

dev: site/node_modules/.installed-dev install content migrate api-types ## Live reload at HOST:PORT: generator watch, vike dev, uvicorn --reload.
	@trap 'kill 0' EXIT; api=$$(($(PORT) + 1)); \
	$(PY) -m generator build --watch --content $(CONTENT) --out $(CONTENT_OUT) & \
	(cd site && API_PROXY=http://$(HOST):$$api npm run --silent dev) & \
	SITE_URL=http://$(HOST):$(PORT) $(BIN)/uvicorn --factory rsvp_service.app.app:create_app \
	  --reload --reload-dir rsvp_service --host $(HOST) --port $$api & \
	wait

admin: install admin/node_modules/.installed build migrate ## Web editor on your working copy: HOST:PORT/admin saves into content/.
	@echo "Open http://$(HOST):$(PORT)/admin/ and click Login; saving writes into $(CONTENT)/ here."
	@trap 'kill 0' EXIT; \
	PORT=$(CMS_LOCAL_PORT) SITE_ORIGIN=http://$(HOST):$(PORT) MODE=fs GIT_REPO_DIRECTORY=$(CURDIR) \
	  node admin/local-backend.mjs & \
	$(PY) -m rsvp_service & \
	wait

check: $(CHECK_VENV)/.installed ## Validate content only, with a light install (editors' pull requests).
	$(CHECK_VENV)/bin/python -m generator check --content $(CONTENT) $(if $(CHECK_FORMAT),--format $(CHECK_FORMAT))

# --- languages (issue 41) ---
# Extracts the marked sentences into the service's messages.pot (babel.cfg says where) and merges
# it into each locale's messages.po; translators edit the .po files, read as text at start.
I18N_LOCALES = es bs
SERVICE_CATALOGS = rsvp_service/locales
i18n: $(BIN)/.installed ## Extract marked sentences and update the .po catalogs.
	$(BIN)/pybabel -q extract -F babel.cfg --project CivicSTL -k N_ -k Page:1 -k Link:2 --no-location --sort-output \
	  -o $(SERVICE_CATALOGS)/messages.pot rsvp_service
	$(foreach locale,$(I18N_LOCALES),$(if $(wildcard $(SERVICE_CATALOGS)/$(locale)/LC_MESSAGES/messages.po),\
	  $(BIN)/pybabel -q update --no-fuzzy-matching --ignore-obsolete -i $(SERVICE_CATALOGS)/messages.pot \
	    -d $(SERVICE_CATALOGS) -l $(locale);,\
	  $(BIN)/pybabel -q init -i $(SERVICE_CATALOGS)/messages.pot -d $(SERVICE_CATALOGS) -l $(locale);))

# The site's catalogs (site/locales/<locale>/messages.po, Lingui): extracts the sentences marked in the site's code
# and merges them into each language's catalog; the build compiles them (site/package.json's i18n:compile).
i18n-site: site/node_modules/.installed ## Extract the site's marked sentences into its .po catalogs and compile them.
	cd site && npm run --silent i18n:extract && npm run --silent i18n:compile

# --- tests ---
# Each check builds what it reads, then runs its `-run` part, which builds nothing: `make test`
# builds once, then runs the parts side by side, pytest with the others (it mostly waits).
lint: $(BIN)/.installed-dev site/node_modules/.installed-dev ## Ruff on all Python; the site's translated files' lint.
	@$(MAKE) --no-print-directory lint-run

typecheck: install-dev content api-types ## mypy on Python, tsc on the site.
	@$(MAKE) --no-print-directory typecheck-run

test-python: install-dev build ## pytest: generator, service (SQLite + PostgreSQL) and e2e journeys.
	@$(MAKE) --no-print-directory test-python-run

test-site: install-dev content ## vitest unit tests of the site.
	@$(MAKE) --no-print-directory test-site-run

budget: site ## Fail when a page ships more JavaScript than its budget.
	@$(MAKE) --no-print-directory budget-run

test: install-dev build api-types ## Everything: lint, types, unit, service, e2e.
	@$(MAKE) --no-print-directory -j2 test-python-run checks-run

# One after the other, each check's output in one piece (pytest's progress shows as it goes).
checks-run:
	@$(MAKE) --no-print-directory --output-sync=target lint-run typecheck-run test-site-run budget-run

lint-run: lint-workflows
	$(BIN)/ruff check generator rsvp_service tests bench
	$(BIN)/lint-imports --no-cache
	cd site && npm run --silent lint

# The CI workflows against GitHub's schema, which check-jsonschema ships (no network).
WORKFLOWS ?= $(wildcard .github/workflows/*.yml)
lint-workflows:
	$(BIN)/check-jsonschema --builtin-schema vendor.github-workflows $(WORKFLOWS)

typecheck-run:
	$(BIN)/mypy
	cd site && npm run --silent typecheck

# loadgroup: the journeys on the paged build share one worker (tests/e2e/conftest.py groups them).
# PYTEST_ARGS narrows or extends the run (CI's jobs: PYTEST_ARGS=tests/e2e, ...).
# The tests start the service and its commands in many processes. Where PYTHONDONTWRITEBYTECODE
# is set (this machine), Python caches no bytecode, and each of them compiled every module it
# imported again at each service start: the tests let it cache.
test-python-run: export PYTHONDONTWRITEBYTECODE :=
test-python-run:
	$(PY) -m pytest -q -n $(TEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)

test-site-run:
	cd site && npm run --silent test

budget-run:
	cd site && npm run --silent check:budget

bench: install-dev build ## Benchmarks; results in bench/results/latest.md.
	$(PY) -m bench

clean: ## Remove build output, runtime data and installed dependencies.
	rm -rf build var $(VENV) $(CHECK_VENV) site/node_modules admin/node_modules admin/decap-cms site/dist .pytest_cache .mypy_cache .ruff_cache
