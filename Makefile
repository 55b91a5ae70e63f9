# Monogram — every entry point a developer or CI uses. See README.md.
SWIFT ?= swift
CONFIG ?= config/monogram.json
HOST ?= 127.0.0.1
PORT ?= 8080

.PHONY: deps build run test test-sanitized fuzz soak hostile bench clean

## deps: install the Debian packages that building, tests and benchmarks need (only missing ones)
deps:
	@bash scripts/deps.sh all

## build: release build of the monogram executable, linked like the container's
## (--static-swift-stdlib: no Swift runtime libraries to install, ~6 MiB less resident memory)
build: deps
	$(SWIFT) build -c release --product monogram --static-swift-stdlib

## run: build and serve on $(HOST):$(PORT) with $(CONFIG)
run: build
	.build/release/monogram --config $(CONFIG) --host $(HOST) --port $(PORT)

## test: the whole test suite (unit, golden images, live HTTP)
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## bench: hits, misses and a 90/10 mix against nginx and a C render loop (docs/benchmarks.md).
## Knobs: ROUNDS=3 DURATION=10s CONNECTIONS=64 THREADS=2 PIN=0|1 (see bench/run.py)
bench: deps build
	python3 bench/run.py

## test-sanitized: the whole suite under ThreadSanitizer, then AddressSanitizer (own build dirs)
test-sanitized: deps
	bash scripts/test-sanitized.sh

## fuzz: each libFuzzer target for FUZZ_SECONDS (default 60); FUZZ_TARGETS to pick some
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash scripts/fuzz.sh $(FUZZ_TARGETS)

## soak: SOAK_MINUTES (default 2) of mixed loopback load; RSS and descriptors to docs/soak-latest.csv
SOAK_MINUTES ?= 2
soak: build
	python3 scripts/soak.py --minutes $(SOAK_MINUTES) --binary .build/release/monogram

## hostile: a hostile picture origin (many-scan JPEG, 40 MP PNG, stalls, `Cache-Control: =`),
## a render storm and slowhttptest (slowloris, slow body, slow read) against a release build;
## prints the figures of docs/hardening.md. ONLY=pictures|held|storm|slow to pick some
ONLY ?=
hostile: deps build
	python3 scripts/hostile.py --binary .build/release/monogram $(foreach o,$(ONLY),--only $(o))

clean:
	rm -rf .build
