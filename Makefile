# Two commands do all the set-up (README): `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run test setup install lint typecheck pytest worker messages lock bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml requirements.lock | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --constraint requirements.lock --editable '.[dev]'
	@touch $@

install: $(STAMP)

# Migrate, load the bundled card sets and the demo data (idempotent).
setup: install
	$(BIN)/python manage.py migrate --no-input
	$(BIN)/python manage.py setup_demo

# The demo's bots wait 2 s before each move (people can watch them play), and with no broker
# a sweep thread in the server does the beat's work (settings.py).
run: export BOT_PAUSE ?= 2
run: setup
	@echo "Respons is at http://$(HOST):$(PORT)/  (sign in as organizer / demo-password-1)"
	DEBUG=$${DEBUG:-true} EMBEDDED_BEAT=$${EMBEDDED_BEAT:-true} $(BIN)/python manage.py runserver $(HOST):$(PORT)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy

pytest: install
	$(BIN)/python -m pytest

test: setup lint typecheck pytest

worker: install
	$(BIN)/celery -A respons_site worker --loglevel=INFO

messages: install
	$(BIN)/python manage.py makemessages --locale ru --locale en --ignore '.venv/*' --ignore 'var/*'
	$(BIN)/python manage.py compilemessages --ignore '.venv/*'

lock: $(BIN)/python
	$(BIN)/python -m pip install --quiet --editable '.[dev]'
	$(BIN)/python -m pip freeze --exclude-editable | grep -v '^-e ' > requirements.lock

bench: install
	$(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache .mypy_cache
