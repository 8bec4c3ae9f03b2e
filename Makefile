# Two commands: `make run` (set up and start the whole stack) and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := run

# Every Dagster run is a fresh interpreter: it must find compiled bytecode (see ARCHITECTURE).
unexport PYTHONDONTWRITEBYTECODE
unexport PYTHONPYCACHEPREFIX

INVOICES_HOME ?= $(CURDIR)/var
export INVOICES_HOME := $(abspath $(INVOICES_HOME))
export DAGSTER_HOME := $(INVOICES_HOME)/dagster
# Every process of the stack writes its metrics here; the API's /metrics merges them
# (test stacks set their own).
run: export PROMETHEUS_MULTIPROC_DIR := $(INVOICES_HOME)/metrics
export PATH := $(CURDIR)/.venv/bin:$(PATH)

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := tesseract-ocr-lit tesseract-ocr-eng tesseract-ocr-osd \
                tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-pol tesseract-ocr-lav tesseract-ocr-est \
                tesseract-ocr-nld tesseract-ocr-ita tesseract-ocr-spa tesseract-ocr-rus \
                libhunspell-1.7-0 hunspell-en-us hunspell-lt hunspell-lv myspell-et hunspell-pl hunspell-de-de hunspell-de-at \
                hunspell-de-ch hunspell-fr hunspell-nl hunspell-it hunspell-es hunspell-pt-pt hunspell-sv \
                hunspell-da hunspell-no hunspell-cs hunspell-sk \
                fonts-dejavu-core fonts-dejavu-extra fonts-liberation2 libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 postgresql \
                redis-server chromium nginx

.PHONY: run test setup system-deps python-env bench eval clean

setup: system-deps python-env

system-deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

python-env:
	@command -v uv >/dev/null 2>&1 || python3 -m pip install --quiet uv
	uv sync --frozen --compile-bytecode --quiet --extra postgres

# supervisord in the foreground (deploy/supervisord.conf): every process of the stack, one
# merged log, a process that dies started again; Ctrl-C or SIGTERM stops them all.
run: setup
	invoices init
	exec invoices supervise

# The whole suite on SQLite, then the store-facing tests again on a throw-away PostgreSQL.
# Two workers (pytest-xdist), a module at a time each: most tests wait on processes of their
# own stack, so two at once nearly halve the wall time on two cores. `make test TEST_WORKERS=0`
# runs in one process. The slowest tests are listed at the end: CI has 45 minutes.
TEST_WORKERS ?= 2
PARALLEL = -n $(TEST_WORKERS) --dist loadfile
test: setup
	python -m pytest $(PARALLEL) --durations=25
	INVOICES_TEST_POSTGRES=1 python -m pytest $(PARALLEL) -q -m "not e2e" tests/core tests/api tests/pipelines tests/webhooks

# `make bench STORE=postgres`: the same figures on SQLite and on a throw-away PostgreSQL, side by side;
# `make bench ONLY=million` (or api, webhooks, cost): one part, the report's other figures kept.
# `make bench ONLY=million STORE=postgres`: the million-invoice store as two databases of a throw-away PostgreSQL.
bench: setup
	python -m bench.run $(if $(STORE),--store $(STORE)) $(if $(ONLY),--only $(ONLY))

# Extraction accuracy on the generated corpus (var/corpus) and the real tune set per producer family
# (../shared/realworld-tune), and the invoice boundaries found in generated stacks of 2-10 invoices;
# `make eval SET=real` (or SET=generated, SET=stacks) runs one of them.
eval: setup
	python -m eval.run $(if $(SET),--set $(SET))

clean:
	rm -rf var .pytest_cache
