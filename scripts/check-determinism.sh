#!/usr/bin/env bash
# Runs the default suite with --jobs 1 and with --jobs 2 and fails if any output file differs; a run with
# --timing must differ only by its timing.csv (wall time, machine-dependent by nature). The real-motion
# suite (people who arrive and leave on cubic paths, the fitted detector's bursts, correlated noise and
# false boxes) is run the same way, serial against parallel.
set -euo pipefail
bin=${1:-.build/release/docksim}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" run Scenarios --out "$tmp/serial" --jobs 1 --quiet
"$bin" run Scenarios --out "$tmp/parallel" --jobs 2 --quiet
"$bin" run Scenarios --out "$tmp/again" --jobs 2 --quiet
"$bin" run Scenarios --out "$tmp/timed" --jobs 2 --quiet --timing
diff -r "$tmp/serial" "$tmp/parallel"
diff -r "$tmp/parallel" "$tmp/again"
test -f "$tmp/timed/timing.csv"
diff -r -x timing.csv "$tmp/serial" "$tmp/timed"
"$bin" run Scenarios/suites/real.suite.yaml --out "$tmp/real-serial" --jobs 1 --quiet
"$bin" run Scenarios/suites/real.suite.yaml --out "$tmp/real-parallel" --jobs 2 --quiet
diff -r "$tmp/real-serial" "$tmp/real-parallel"
echo "determinism: serial, parallel, repeated and --timing runs are byte-identical ($(find "$tmp/serial" -type f | wc -l) files; real-motion suite $(find "$tmp/real-serial" -type f | wc -l) files)"
