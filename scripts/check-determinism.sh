#!/usr/bin/env bash
# Runs the default suite with --jobs 1 and with --jobs 2 and fails if any output file differs.
set -euo pipefail
bin=${1:-.build/release/docksim}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" run Scenarios --out "$tmp/serial" --jobs 1 --quiet
"$bin" run Scenarios --out "$tmp/parallel" --jobs 2 --quiet
"$bin" run Scenarios --out "$tmp/again" --jobs 2 --quiet
diff -r "$tmp/serial" "$tmp/parallel"
diff -r "$tmp/parallel" "$tmp/again"
echo "determinism: serial, parallel and repeated runs are byte-identical ($(find "$tmp/serial" -type f | wc -l) files)"
