# Developer commands. `make run` = demo, `make test` = test suite, `make bench` = throughput benchmark.
# Everything runs from the virtualenv in .venv (created on first use).

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.install-stamp
# extra arguments for the torch install, e.g. TORCH_PIP_ARGS="--index-url https://download.pytorch.org/whl/cpu"
TORCH_PIP_ARGS ?=
PYTEST_ARGS ?=
# test processes (pytest-xdist): the tests that use the broker run in one of them (tests/conftest.py, one broker and one
# shared worker per session), the others are spread over all. 3 on the 2-core machines CI runs on: the tests wait on
# worker processes and the broker about half of the time (measured: 2 processes 133 s, 3 processes 109 s); each
# process loads the NER models it needs, so more is not always faster. PYTEST_WORKERS=0: one process, no xdist
PYTEST_WORKERS ?= 3
BENCH_ARGS ?=
WORKERS ?= 1
DEMO_ARGS ?=

.PHONY: install run demo test bench clean distclean help

help:
	@echo "make install  - create .venv, install torch==2.13.0, the package with its dev extra, then the tools (anonymizer-dev)"
	@echo "make run      - the end-to-end demo (Tansu + Redis + worker); outputs in out/"
	@echo "make test     - the test suite in PYTEST_WORKERS processes (default 3; PYTEST_ARGS=... to pass options, e.g. -m 'not e2e')"
	@echo "make bench    - throughput: pipeline vs in-process stages (WORKERS=n worker processes; Presidio with the bench extra); writes out/benchmark.json"
	@echo "make clean    - remove outputs and caches (keeps .venv); make distclean also removes .venv"

install: $(STAMP)

# Re-run only when a pyproject.toml changes (or the venv is new). torch goes first: the package pins it,
# and installing it on its own lets TORCH_PIP_ARGS pick a CPU-only index. The tools (anontools, the
# `anonymizer-dev` command) are their own distribution, tools/pyproject.toml: never in the runtime's wheel or image.
$(STAMP): pyproject.toml tools/pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install $(TORCH_PIP_ARGS) torch==2.13.0
	$(BIN)/python -m pip install -e '.[dev]'
	$(BIN)/python -m pip install -e ./tools
	@touch $(STAMP)

run: install
	$(BIN)/anonymizer-dev demo $(DEMO_ARGS)

demo: run

# pytest exits with 5 when no test was collected: not a failure here. Bytecode is cached (__pycache__, gitignored)
# even where the environment sets PYTHONDONTWRITEBYTECODE (these machines do): a run starts ~60 Python processes
# (workers, stage zygotes and processes, CLI calls), and without the cache each one compiles the project's sources
# and pytest rewrites every test module again (measured: 138-147 s with, 130-132 s without the variable).
test: install
	@PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist loadgroup $(PYTEST_ARGS); rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "no tests collected"; exit 0; fi; exit $$rc

# WORKERS=n: n worker processes in one consumer group, and n in-process processes (topics get max(4, n) partitions).
# Presidio comparison: $(BIN)/pip install -e './tools[bench]' first.
bench: install
	OMP_NUM_THREADS=1 MKL_NUM_THREADS=1 $(BIN)/anonymizer-dev benchmark --workers $(WORKERS) $(BENCH_ARGS)

clean:
	rm -rf out .pytest_cache .hypothesis build dist *.egg-info tools/build
	find . -path ./$(VENV) -prune -o -type d -name __pycache__ -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
