# Clients: Python, Emacs, Neovim, VS Code; their tests, the golden transcripts and shell completions.
# Included by the top-level Makefile (which defines SWIFT, SCRATCH, BIN, SUDO and APT_INSTALL).

PYTHON ?= python3
CLIENTS_VENV := clients/python/.venv
CLIENTS_PY := $(CLIENTS_VENV)/bin/python
# The daemon and the navctl the client suites run against (override with NAVD_BIN=..., NAVCTL_BIN=...).
CLIENTS_NAVD := $(if $(NAVD_BIN),$(NAVD_BIN),$(CURDIR)/$(BIN)/navd)
CLIENTS_NAVCTL := $(if $(NAVCTL_BIN),$(NAVCTL_BIN),$(CURDIR)/$(BIN)/navctl)
CLIENTS_ENV = NAVD_BIN="$(CLIENTS_NAVD)" NAVCTL_BIN="$(CLIENTS_NAVCTL)"

.PHONY: client-deps clients-navd test-clients test-client-python test-client-emacs \
        test-client-nvim test-client-vscode examples completions

## client-deps: emacs-nox, Debian's lsp-mode (elpa-lsp-mode), neovim and node (apt, only when missing) and the
## Python venv
client-deps:
	@command -v emacs >/dev/null 2>&1 || { echo "installing emacs-nox"; $(APT_INSTALL) emacs-nox; }
	@! command -v apt-get >/dev/null 2>&1 || dpkg -s elpa-lsp-mode >/dev/null 2>&1 || { echo "installing elpa-lsp-mode"; $(APT_INSTALL) elpa-lsp-mode; }
	@command -v nvim >/dev/null 2>&1 || { echo "installing neovim"; $(APT_INSTALL) neovim; }
	@command -v node >/dev/null 2>&1 || { echo "installing nodejs"; $(APT_INSTALL) nodejs; }
	@$(PYTHON) -c 'import venv, ensurepip' >/dev/null 2>&1 || { echo "installing python3-venv"; $(APT_INSTALL) python3-venv; }
	@$(CLIENTS_PY) -c 'import navd_client, pytest' >/dev/null 2>&1 || { \
	  echo "creating $(CLIENTS_VENV) (navd-client in editable mode, pytest)"; \
	  $(PYTHON) -m venv $(CLIENTS_VENV) && \
	  $(CLIENTS_PY) -m pip install -q --upgrade pip && \
	  $(CLIENTS_PY) -m pip install -q -e clients/python pytest; }

## clients-navd: the daemon and navctl the clients test against, built from this checkout when missing
clients-navd: deps
	@test -x "$(CLIENTS_NAVD)" || $(SWIFT) build --scratch-path $(SCRATCH) --product navd
	@test -x "$(CLIENTS_NAVCTL)" || $(SWIFT) build --scratch-path $(SCRATCH) --product navctl

## test-clients: every client's suite against the real daemon; fails when any suite fails
test-clients: client-deps clients-navd
	@failed=""; \
	for suite in python emacs nvim vscode; do \
	  echo "== $$suite client"; \
	  $(MAKE) --no-print-directory test-client-$$suite || failed="$$failed $$suite"; \
	done; \
	if [ -n "$$failed" ]; then echo "client suites failed:$$failed" >&2; exit 1; fi; \
	echo "all client suites passed"

# pytest exits 5 when it collected no test: that is a failure too.
test-client-python:
	@cd clients/python && $(CLIENTS_ENV) .venv/bin/python -m pytest -ra -p no:cacheprovider; \
	status=$$?; \
	if [ $$status -eq 5 ]; then echo "pytest collected no tests" >&2; exit 1; fi; \
	exit $$status

test-client-emacs:
	$(CLIENTS_ENV) emacs --batch -Q -L clients/emacs -l clients/emacs/navd-test.el \
	  -f ert-run-tests-batch-and-exit

test-client-nvim:
	$(CLIENTS_ENV) nvim --headless -u NONE -c "luafile clients/nvim/test/test.lua"

test-client-vscode:
	cd clients/vscode && $(CLIENTS_ENV) node --test test/*.test.js

## examples: regenerate docs/protocol/examples/*.json from the real daemon
examples: client-deps clients-navd
	$(CLIENTS_PY) scripts/gen_examples.py --navd-bin "$(CLIENTS_NAVD)"

## completions: navctl's bash and zsh completion scripts, written to clients/shell/
completions: deps
	@test -x "$(CLIENTS_NAVCTL)" || $(SWIFT) build --scratch-path $(SCRATCH) --product navctl
	@mkdir -p clients/shell
	"$(CLIENTS_NAVCTL)" --generate-completion-script bash > clients/shell/navctl.bash
	"$(CLIENTS_NAVCTL)" --generate-completion-script zsh > clients/shell/_navctl
	@echo "wrote clients/shell/navctl.bash and clients/shell/_navctl"
