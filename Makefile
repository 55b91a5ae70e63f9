# Monogram — every entry point a developer or CI uses. See README.md.
SWIFT ?= swift
CONFIG ?= config/monogram.json
# HOST and PORT are unset by default: `make run` then serves where $(CONFIG) and MONOGRAM_*
# say; `make run PORT=9000` (or HOST=0.0.0.0) passes --port/--host, which win over both.
HOST ?=
PORT ?=

.PHONY: help deps deps-build deps-test build image run unit test test-sanitized fuzz soak hostile bench clean

## deps: install the Debian packages that building, tests and benchmarks need (only missing ones)
deps:
	@bash scripts/deps.sh all

## deps-build / deps-test: only what building and running need / that plus what the tests start
deps-build:
	@bash scripts/deps.sh build
deps-test:
	@bash scripts/deps.sh test

## build: release build of the monogram executable, linked like the container's
## (--static-swift-stdlib: no Swift runtime libraries to install, ~6 MiB less resident memory)
build: deps-build
	$(SWIFT) build -c release --product monogram --static-swift-stdlib

## image: the OCI image from the Dockerfile with podman, as $(IMAGE); prints its size.
## BASE=registry|local|auto (default auto): the Dockerfile's base images from a registry, or
## built here (debootstrap from the apt mirror + this machine's Swift toolchain) where no
## registry is reachable. Cached: base images once, then layers and the release build's .build.
IMAGE ?= monogram:latest
BASE ?= auto
image:
	@bash scripts/deps.sh image
	IMAGE=$(IMAGE) BASE=$(BASE) bash scripts/image.sh

## run: build and serve with $(CONFIG); --host/--port only when HOST/PORT are given
run: build
	.build/release/monogram --config $(CONFIG)$(if $(HOST), --host $(HOST))$(if $(PORT), --port $(PORT))

## unit: the fast inner loop: every unit test target (all but the live MonogramIntegrationTests),
## no test tools to install, no network tools, no `monogram` binary started; `make test` is everything
unit:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip 'MonogramIntegrationTests\.'

## test: the whole test suite (unit, golden images, live HTTP), then the deployment checks:
## OpenAPI document + schemathesis against the built server, Kubernetes, compose, systemd and
## Prometheus files (scripts/check-deploy.sh; Python tools in .build/venv via scripts/pyenv.sh),
## then the container: `make image` run read-only as user 10001 and checked live (scripts/check-image.sh)
test: deps-test
	@bash scripts/pyenv.sh > /dev/null
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	bash scripts/check-deploy.sh
	IMAGE=$(IMAGE) BASE=$(BASE) bash scripts/check-image.sh

## bench: hits, misses, a 90/10 mix against nginx and a C render loop, the table of cost (docs/benchmarks.md).
## Knobs: BENCH=hits,misses,mixed,access,table ROUNDS=3 DURATION=10s PIN=1|0 (see bench/run.py)
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
## prints the figures of docs/hardening.md. ONLY=pictures|held|storm|slow|connections to pick some
ONLY ?=
hostile: deps build
	python3 scripts/hostile.py --binary .build/release/monogram $(foreach o,$(ONLY),--only $(o))

## help: this list of targets (each `## name:` comment of this Makefile)
help:
	@sed -n 's/^## //p' $(firstword $(MAKEFILE_LIST))

## clean: remove .build (every build, the Python tools' venv)
clean:
	rm -rf .build
