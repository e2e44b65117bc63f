#!/usr/bin/env bash
# Runs DockSim's benchmarks (package-benchmark, in the separate package Benchmarks/).
#
#   scripts/bench.sh                                  # every benchmark, text tables
#   scripts/bench.sh --target Tracker                 # one suite
#   scripts/bench.sh --filter 'EKF.*' --no-progress   # by name
#   scripts/bench.sh thresholds check                 # against Benchmarks/Thresholds/
#   scripts/bench.sh thresholds update                # rewrite Benchmarks/Thresholds/
#   scripts/bench.sh baseline update main             # store a baseline in Benchmarks/.benchmarkBaselines/
#
# Extra arguments go to `swift package benchmark` unchanged (`scripts/bench.sh help` lists them).
# The first run builds ordo-one's benchmark package and its dependencies in release mode, which
# takes a few minutes on two cores. See docs/performance.md.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../Benchmarks"

# DockMath's matrices are 6×6 at most: one OpenBLAS thread, so wall and CPU time mean the same.
export OPENBLAS_NUM_THREADS="${OPENBLAS_NUM_THREADS:-1}"

# --disable-sandbox: the Scenario benchmark reads ../Scenarios/*.yaml, outside this package.
# --allow-writing-to-package-directory: lets `thresholds update` / `baseline update` write here.
exec swift package --disable-sandbox --allow-writing-to-package-directory benchmark "$@"
