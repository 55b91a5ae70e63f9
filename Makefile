# Monogram — every entry point a developer or CI uses. See README.md.
SWIFT ?= swift
CONFIG ?= config/monogram.json
HOST ?= 127.0.0.1
PORT ?= 8080

.PHONY: deps build run test test-sanitized fuzz soak bench clean

## deps: install the Debian packages that building, tests and benchmarks need (only missing ones)
deps:
	@bash scripts/deps.sh all

## build: release build of the monogram executable
build: deps
	$(SWIFT) build -c release --product monogram

## run: build and serve on $(HOST):$(PORT) with $(CONFIG)
run: build
	.build/release/monogram --config $(CONFIG) --host $(HOST) --port $(PORT)

## test: the whole test suite (unit, golden images, live HTTP)
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## test-sanitized: the whole suite under ThreadSanitizer, then AddressSanitizer (own build dirs)
test-sanitized: deps
	bash scripts/test-sanitized.sh

## fuzz: each libFuzzer target for FUZZ_SECONDS (default 60); FUZZ_TARGETS to pick some
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash scripts/fuzz.sh $(FUZZ_TARGETS)

## soak: SOAK_MINUTES (default 2) of mixed loopback load; RSS and descriptors to docs/soak-latest.csv
SOAK_MINUTES ?= 2
soak: deps
	$(SWIFT) build -c release --product monogram
	python3 scripts/soak.py --minutes $(SOAK_MINUTES) --binary .build/release/monogram

clean:
	rm -rf .build
