# navd: build, run and test. `make run` and `make test` install what is missing first.
SHELL := /bin/bash
SWIFT ?= swift
BUILD_FLAGS ?=
SCRATCH ?= .build
BIN = $(SCRATCH)/debug

.PHONY: all deps build run test test-swift test-asan format-check bench clean

all: build

## deps: install the system packages the build needs (json-c), only when missing
deps:
	@pkg-config --exists json-c || { \
	  echo "installing libjson-c-dev"; \
	  if command -v apt-get >/dev/null; then \
	    (apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libjson-c-dev pkg-config; \
	  elif command -v brew >/dev/null; then brew install json-c pkg-config; \
	  else echo "install json-c (pkg-config json-c) and re-run" >&2; exit 1; fi; }

build: deps
	$(SWIFT) build --scratch-path $(SCRATCH) $(BUILD_FLAGS)

run: build
	$(BIN)/navd

test: deps
	$(SWIFT) build --scratch-path $(SCRATCH) --build-tests
	$(SWIFT) test --scratch-path $(SCRATCH) --skip-build

clean:
	rm -rf .build .build-*

## test-asan: the C boundary and everything above it under AddressSanitizer (leaks included)
test-asan: deps
	$(SWIFT) build --scratch-path .build-asan --build-tests --sanitize=address
	$(SWIFT) test --scratch-path .build-asan --skip-build --disable-xctest --filter 'JSONCoreTests|NavProtocolTests'

-include clients/clients.mk
