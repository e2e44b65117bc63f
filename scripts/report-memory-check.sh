#!/usr/bin/env bash
# The report's memory on a long run (issue 19): runs the hour-long sixteen-person benchmark scenario
# with --report (a 470 MB objects trace) under /usr/bin/time -v, then `docksim report` alone on its
# results, and fails when either peaks above the limit. The report reads the traces record by record
# and thins them while reading (docs/report.md), so its memory is set by the plots, not the run length.
#
#   scripts/report-memory-check.sh                 # release build, limit 128 MB
#   DOCKSIM=.build/release/docksim REPORT_MEMORY_LIMIT_MB=128 scripts/report-memory-check.sh
#
# About two minutes on 2 cores; part of the acceptance runs, not of `make test`.
set -euo pipefail

bin=${DOCKSIM:-.build/release/docksim}
limit_mb=${REPORT_MEMORY_LIMIT_MB:-128}
scenario=${REPORT_MEMORY_SCENARIO:-Scenarios/benchmarks/sixteen-people-1h.yaml}

if [[ ! -x /usr/bin/time ]] && command -v apt-get >/dev/null 2>&1 && [[ $(id -u) -eq 0 ]]; then
  echo "report-memory-check: installing time (apt-get) ..."
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null 2>&1 \
    || { apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null; } || true
fi
if [[ ! -x /usr/bin/time ]]; then
  echo "report-memory-check: FAIL: /usr/bin/time is missing (apt-get install time)" >&2
  exit 1
fi
if [[ ! -x "$bin" ]]; then
  echo "report-memory-check: FAIL: $bin is not built (swift build -c release)" >&2
  exit 1
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Peak RSS in MB and wall seconds of a command, from /usr/bin/time -v's report in $1.
peak_mb() { awk -F': ' '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }' "$1"; }
wall_s() {
  awk -F': ' '/Elapsed \(wall clock\)/ {
    n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; printf "%.1f", s }' "$1"
}

status=0
check() { # name, time file
  local peak wall
  peak=$(peak_mb "$2")
  wall=$(wall_s "$2")
  if awk -v p="$peak" -v l="$limit_mb" 'BEGIN { exit !(p <= l) }'; then
    echo "report-memory-check: $1: peak ${peak} MB <= ${limit_mb} MB, ${wall} s: ok"
  else
    echo "report-memory-check: $1: peak ${peak} MB > ${limit_mb} MB (${wall} s): FAIL"
    status=1
  fi
}

if ! /usr/bin/time -v "$bin" run "$scenario" --out "$out/run" --report >"$out/run.log" 2>"$out/run.time"; then
  cat "$out/run.log" "$out/run.time" >&2
  echo "report-memory-check: FAIL: docksim run --report exited non-zero" >&2
  exit 1
fi
check "run --report ($scenario)" "$out/run.time"

if ! /usr/bin/time -v "$bin" report "$out/run" --scenarios "$scenario" --out "$out/report.html" \
  >"$out/report.log" 2>"$out/report.time"; then
  cat "$out/report.log" "$out/report.time" >&2
  echo "report-memory-check: FAIL: docksim report exited non-zero" >&2
  exit 1
fi
check "report alone" "$out/report.time"
ls -l "$out/run/traces" | awk 'NR > 1 { printf "report-memory-check: input %s: %d bytes\n", $9, $5 }'
exit $status
