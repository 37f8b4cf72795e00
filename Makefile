# Two commands: `make run` serves the site, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: install run serve test bench loadtest screenshots lint

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,tooling]'
	touch $(STAMP)

install: $(STAMP)

run: install
	bin/run

serve: install
	bin/serve

test: install
	bin/test $(ARGS)

bench: install
	bin/bench $(ARGS)

loadtest: install
	bin/loadtest $(ARGS)

screenshots: install
	bin/screenshots $(ARGS)

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy
