# Two commands do all the set-up (README): `make run` and `make test`; `make check` is the quick
# loop while working.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
HOST   ?= 127.0.0.1
PORT   ?= 8000

# Python writes its bytecode caches (__pycache__/, ignored by git) even where the environment
# says not to: pytest keeps each test module's rewritten asserts there, and without them every
# test process, Celery worker and server started compiles the whole project again (collecting
# the suite: about 20 s of CPU without the caches, 8 s with them).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test check setup install engine bytecode lint typecheck pytest worker messages lock bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml requirements.lock | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --constraint requirements.lock --editable '.[dev]'
	@touch $@

# The engine's hot modules compiled with mypyc (build_engine.py); pure Python if that fails.
# The modules are the ones marked in their source (engine/native.py): build_engine.py lists them.
ENGINE_SOURCES := $(shell $(PYTHON) build_engine.py --sources)
ENGINE_STAMP := var/.engine-native-stamp

$(ENGINE_STAMP): build_engine.py $(ENGINE_SOURCES) | $(STAMP)
	@mkdir -p var
	@echo "compiling the rules engine with mypyc (about a minute) ..."
	@if $(BIN)/python build_engine.py > var/build-engine.log 2>&1; then \
		echo "engine compiled"; \
	else \
		echo "engine NOT compiled (see var/build-engine.log): it runs as pure Python"; \
		$(BIN)/python -c "import build_engine; build_engine.remove()"; \
	fi
	@touch $@

engine: $(ENGINE_STAMP)

install: $(STAMP) $(ENGINE_STAMP)

# Migrate, load the bundled card sets and the demo data (idempotent).
setup: install
	$(BIN)/python manage.py migrate --no-input
	$(BIN)/python manage.py setup_demo

# The demo's bots wait 2 s before each move (people can watch them play), and with no broker
# a sweep thread in the server does the beat's work (settings.py).
run: export BOT_PAUSE ?= 2
run: setup
	@echo "Respons is at http://$(HOST):$(PORT)/  (sign in as organizer / demo-password-1)"
	DEBUG=$${DEBUG:-true} $(BIN)/python manage.py runserver $(HOST):$(PORT)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

# The whole suite (the 15 slowest tests listed at the end); then, when the engine is compiled,
# the compiled games' tests once more on the pure-Python engine (tests/pure_engine.py): both
# builds of the same source must pass. The soaks (marked slow) are left out of that second run,
# and its checks on random games play their quick number of games (--quick, tests/support/sizes.py):
# they just played every game on the compiled build, the one that may behave apart (mypyc
# checks annotations at run time and has native classes; the pure build is plain Python), and
# the golden playthroughs, which replay whole games event by event, run in full on both.
# Split over one test process per core (pytest-xdist; each process has its own test database
# and Redis database, tests/parallel.py); PYTEST_WORKERS=0 runs it in this one process.
PYTEST_WORKERS ?= auto
PYTEST_SPLIT := -n $(PYTEST_WORKERS) --dist worksteal

# The project's modules compiled once, before the test processes start (each would compile them).
bytecode: $(STAMP)
	@$(BIN)/python -m compileall -q -j 0 engine tournaments respons_site tests manage.py

pytest: install bytecode
	$(BIN)/python -m pytest $(PYTEST_SPLIT) --durations=15
	@if $(BIN)/python -c "import build_engine, sys; sys.exit(0 if build_engine.compiled() else 1)"; then \
		echo "the engine's tests on the pure-Python engine:"; \
		$(BIN)/python -m pytest $(PYTEST_SPLIT) -p tests.pure_engine -m "not slow" --quick tests/engine; \
	fi

test: setup lint typecheck pytest

# The inner loop (README, "Tests"): lint, types and every test that needs no browser, no Celery
# worker process and no soak (the markers browser, celery_worker, slow), the randomized checks
# playing fewer games (--quick, tests/support/sizes.py). It compiles nothing: a compiled game
# whose sources were edited since runs from its sources (engine/native.py).
CHECK_MARKERS := not browser and not celery_worker and not slow

check: lint typecheck bytecode
	$(BIN)/python -m pytest $(PYTEST_SPLIT) -m "$(CHECK_MARKERS)" --quick

worker: install
	$(BIN)/celery -A respons_site worker --loglevel=INFO

messages: install
	$(BIN)/python manage.py makemessages --locale ru --ignore '.venv/*' --ignore 'var/*'
	$(BIN)/python manage.py compilemessages --ignore '.venv/*'

lock: $(BIN)/python
	$(BIN)/python -m pip install --quiet --editable '.[dev]'
	$(BIN)/python -m pip freeze --exclude-editable | grep -v '^-e ' > requirements.lock

bench: install
	$(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache .mypy_cache
	find engine -name '*.so' -delete
	rm -f engine/games/*__mypyc.json
