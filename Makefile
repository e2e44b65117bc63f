# DockSim: `make run` installs what is missing, builds in release mode and runs the default suite;
# `make test` installs what is missing and runs every test.
SHELL := /bin/bash
OUT ?= results
JOBS ?=
export OPENBLAS_NUM_THREADS := 1

.PHONY: run test build bootstrap determinism clean

bootstrap:
	@./scripts/bootstrap.sh

build: bootstrap
	swift build -c release --product docksim

run: build
	.build/release/docksim run Scenarios --out $(OUT) $(if $(JOBS),--jobs $(JOBS),)

test: bootstrap
	swift test

# Runs the default suite twice (serial and parallel) and compares every output byte.
determinism: build
	./scripts/check-determinism.sh .build/release/docksim

clean:
	rm -rf .build results
