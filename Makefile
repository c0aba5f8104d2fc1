# sevenrocks: `make run` starts the main job, `make test` runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test lint typecheck unit bench clean i18n i18n-compile

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: install
	$(BIN)/sevenrocks serve --host 127.0.0.1 --port 8000

lint: install
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: install
	$(BIN)/mypy

# the suite on two worker processes, each test file whole on one worker (its module fixtures —
# servers, a Ray cluster, a browser — made once); the slowest tests listed at the end
unit: install
	$(BIN)/pytest -n 2 --dist loadfile --durations=25

# the compiled functions are put in numba's cache on the second core while the lint and the type
# check run on the first (tests/warm_compiled.py); the suite starts once both are done
test: install
	$(BIN)/python -m tests.warm_compiled & warm=$$!; \
	$(MAKE) --no-print-directory lint typecheck; checked=$$?; \
	wait $$warm; \
	[ $$checked -eq 0 ] && $(MAKE) --no-print-directory unit

bench: install
	$(BIN)/python benchmarks/random_hands.py
	$(BIN)/python benchmarks/rl_step.py
	$(BIN)/python benchmarks/kernel.py
	$(BIN)/python benchmarks/against_commit.py
	$(BIN)/python benchmarks/sausage_speed.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache

# Message catalogues (docs/rules-guide.md): extract the marked texts, merge them into every
# language's .po, compile the .mo files (kept in the repository, so installs need no step).
LOCALE := src/sevenrocks/locale
i18n: install
	$(BIN)/pybabel extract -F babel.cfg -k _ -k N_ --no-location --sort-output --project sevenrocks \
		--version 0.1.0 --copyright-holder "sevenrocks developers" -o $(LOCALE)/sevenrocks.pot src/sevenrocks
	$(BIN)/pybabel update -i $(LOCALE)/sevenrocks.pot -d $(LOCALE) -D sevenrocks --no-fuzzy-matching --ignore-obsolete
	$(BIN)/pybabel compile -d $(LOCALE) -D sevenrocks --statistics

i18n-compile: install
	$(BIN)/pybabel compile -d $(LOCALE) -D sevenrocks --statistics
