# tablerules: every target sets up .venv first (Python >= 3.11, no conda needed).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: all setup figures lab panel test test-quick lint bench docs clean

all: figures

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "tablerules needs Python >= 3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

## figures: regenerate every figure in figures/ by running the notebooks headless on the bundled data
figures: setup
	MPLBACKEND=Agg $(BIN)/python -m tablerules.plots.notebooks

## lab: open JupyterLab on notebooks/ (listens on this machine only; Jupyter's token stays on)
lab: setup
	$(BIN)/jupyter lab notebooks/ --ServerApp.ip=127.0.0.1

## panel: one notebook as an app with Voila, this machine only, with a token: make panel NB=notebooks/quest_odds.ipynb
NB ?= notebooks/00_start_here.ipynb
panel: setup
	$(BIN)/voila $(NB) --Voila.ip=127.0.0.1 --token --no-browser

## test: lint and the whole test suite (browser tests skip locally without /usr/bin/chromium; CI installs it)
test: setup
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -n auto --dist worksteal

test-quick: setup
	$(BIN)/python -m pytest -n auto --dist worksteal -m "not browser and not slow"

lint: setup
	$(BIN)/ruff check .

## bench: speed targets (see benchmarks/README.md)
bench: setup
	$(BIN)/python benchmarks/bench_odds.py
	$(BIN)/python benchmarks/bench_quest.py
	$(BIN)/python benchmarks/bench_munchkin.py
	$(BIN)/python benchmarks/bench_openspiel.py
	$(BIN)/python benchmarks/bench_sweep.py scaling

## docs: regenerate the coverage tables of docs/rules/<game>.md (seed sentence -> tests) from the tests' docstrings, and docs/lessons.md
docs: setup
	$(BIN)/python -m tablerules.docs_coverage
	$(BIN)/python -m tablerules.lessons.docs

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis tests/screenshots figures/*.png
