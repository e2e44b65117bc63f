#!/usr/bin/env bash
# `make test`: builds the tests, runs them with their output in .build/test.log, and prints only what a
# person needs: the build's errors and warnings, each failing test's issues, and the result line.
# VERBOSE=1 prints everything as it comes. Arguments go to `swift test` (e.g. --skip AcceptanceTests).
# The build is `make`'s one configuration (SWIFT_BUILD_FLAGS: release with testing enabled), so the tests
# reuse the modules `make run` compiled.
set -uo pipefail
cd "$(dirname "$0")/.."
log=.build/test.log
read -r -a flags <<<"${SWIFT_BUILD_FLAGS:--c release -Xswiftc -enable-testing}"
mkdir -p .build
if [ -n "${VERBOSE:-}" ]; then
  swift test "${flags[@]}" "$@"
  exit $?
fi
echo "make test: building the tests (several minutes on a fresh clone; output in $log)"
if ! swift build "${flags[@]}" --build-tests > "$log" 2>&1; then
  grep -E "error:" "$log" | sort -u | head -50
  echo "make test: the build failed (the whole output: $log)"
  exit 1
fi
grep -E "warning:" "$log" | sort -u | head -50
echo "make test: running the tests"
swift test "${flags[@]}" --skip-build "$@" >> "$log" 2>&1
status=$?
# Swift Testing marks a failing test and each of its issues with ✘; XCTest says "error:" and "failed".
grep -E "✘|: error: |Fatal error|Test Case .* failed" "$log" | grep -v "Test run with" | head -200
result=$(grep -E "Test run with [0-9]+ test" "$log" | tail -1)
if [ -n "$result" ]; then
  echo "$result"
else
  tail -40 "$log"
fi
if [ "$status" -ne 0 ]; then echo "make test: failed (exit $status; the whole output: $log)"; fi
exit "$status"
