# push_learn: `make serve` runs the dashboards, `make test` runs every test (it installs what it needs).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
HOST   ?= 127.0.0.1
PORT   ?= 8866
WORKERS ?= 2
# the unit, property and notebook tests run on WORKERS processes (pytest-xdist; --dist loadscope keeps each notebook's
# cells, and each test module, on one worker); the browser and hub tests after them, one at a time (each drives servers,
# kernels and a browser, all busy on the processor: on two cores, two at a time took 17 min instead of 15, and timing
# tests failed, measured in session 50)
PYTEST_ARGS := --nbval-lax --nbval-sanitize-with tests/nbval_sanitize.cfg -p no:cacheprovider --durations=20

.PHONY: install browser postgres hub-proxy test test-fast test-slow hunt lint serve lab bench binder-lock clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

install: $(STAMP)  ## create .venv with the package, Jupyter, Voila and the test tools

browser: $(STAMP)  ## make sure a Chromium for the browser tests exists (apt as root on Debian, else Playwright)
	PYTHON=$(BIN)/python bash scripts/install-browser.sh

postgres:  ## make sure PostgreSQL's server programs exist for the class store's tests (apt as root on Debian)
	bash scripts/install-postgres.sh

hub-proxy:  ## make sure JupyterHub's proxy exists for the hub tests (npm, into $(VENV)/node_modules)
	VENV=$(VENV) bash scripts/install-hub-proxy.sh

lint: $(STAMP)  ## ruff and mypy
	$(BIN)/ruff check push_learn tests benchmarks scripts
	$(BIN)/mypy

test: install browser postgres hub-proxy lint  ## everything: unit, property, notebook (nbval), browser and hub tests
	$(BIN)/python -m pytest tests notebooks -m "not slow and not browser and not hub" -n $(WORKERS) --dist loadscope $(PYTEST_ARGS)
	$(BIN)/python -m pytest tests -m "(browser or hub) and not slow" $(PYTEST_ARGS)

test-fast: install  ## the rules core only, no notebooks, browser or hub
	$(BIN)/python -m pytest tests -m "not browser and not slow and not hub" -x -q

test-slow: install  ## the long runs only: the conformance suite on many more seeds
	$(BIN)/python -m pytest tests -m slow -n $(WORKERS) -q -p no:cacheprovider

hunt: install  ## the property tests with ten times their examples, drawn afresh: a hunt for rare failures
	HYPOTHESIS_PROFILE=hunt $(BIN)/python -m pytest tests -m "not browser and not slow and not hub" -n $(WORKERS) -q -p no:cacheprovider

serve: install  ## the dashboards on http://$(HOST):$(PORT)
	$(BIN)/push-learn serve --host $(HOST) --port $(PORT)

lab: install  ## the tutorials in JupyterLab
	$(BIN)/jupyter lab --ip=127.0.0.1 --ServerApp.root_dir=notebooks --ServerApp.allow_root=True

# every benchmark script but solver_ab.py, which compares two checkouts of the solver (--old PATH) and is run by hand
BENCHMARKS := $(filter-out benchmarks/solver_ab.py,$(sort $(wildcard benchmarks/*.py)))

bench: install  ## print the benchmark figures (installs highspy, the solver benchmark's baseline)
	$(BIN)/python -m pip install --quiet -e ".[bench]"
	for b in $(BENCHMARKS); do echo "== $$b"; $(BIN)/python $$b || exit 1; done

binder-lock:  ## refresh binder/requirements.txt (the lock Binder installs) from pyproject.toml's extras, on purpose
	$(PYTHON) scripts/binder_lock.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache
