#!/usr/bin/env bash
# The real-data figures of `make acceptance` (docs/real-data.md): the share of seeds with the selected
# person on someone else for more than 1 s (wrong_subject_s > 1), per scenario, in
#   1. the real-motion suite (Scenarios/suites/real.suite.yaml: ETH/UCY walks, the fitted real detector),
#   2. the same suite with the built-in detector (--params Scenarios/detectors/builtin.yaml),
#   3. the crowds with the fitted real detector (Scenarios/suites/crowds-fitted-detector.suite.yaml),
# each against its targets file by scripts/check-shares.py --report: the tracker issue's targets,
# stated and printed, not gated. Exits non-zero only when something could not run: a run's bad input
# (exit 2 and above; exit 1, an expectation below its share, is what the table reports) or a table that
# cannot be read.
#
#   scripts/real-data-shares.sh DOCKSIM_BINARY OUT_DIR [JOBS]
set -uo pipefail
cd "$(dirname "$0")/.."
if [[ $# -lt 2 ]]; then
  echo "usage: scripts/real-data-shares.sh DOCKSIM_BINARY OUT_DIR [JOBS]" >&2
  exit 2
fi
docksim=$1
out=$2
jobs=()
if [[ -n "${3:-}" ]]; then jobs=(--jobs "$3"); fi
export OPENBLAS_NUM_THREADS=1
status=0

# report NAME SUITE TARGETS [RUN OPTIONS...]
report() {
  local name=$1 suite=$2 targets=$3
  shift 3
  echo "== real data: $name"
  "$docksim" run "$suite" --out "$out/$name" --quiet "${jobs[@]}" "$@" 2>/dev/null
  local run=$?
  if [[ $run -gt 1 ]]; then
    echo "real-data-shares: $name: docksim run exited $run" >&2
    "$docksim" run "$suite" --out "$out/$name" --quiet "${jobs[@]}" "$@" >/dev/null
    status=1
    return
  fi
  python3 scripts/check-shares.py --report "$targets" "$out/$name/seeds.csv" || status=1
}

report real-motion Scenarios/suites/real.suite.yaml Scenarios/suites/real.targets.csv
report real-motion-builtin-detector Scenarios/suites/real.suite.yaml Scenarios/suites/real.targets.csv \
  --params Scenarios/detectors/builtin.yaml
report crowds-fitted-detector Scenarios/suites/crowds-fitted-detector.suite.yaml \
  Scenarios/suites/crowds-fitted-detector.targets.csv
exit "$status"
