#!/usr/bin/env bash
# Fuzzes the scenario loader, the observation-log reader and the reference-track reader with
# docksim-fuzz (docs/robustness.md#fuzzing): EXECUTIONS inputs each for the scenario loader and the log
# reader, a quarter of that for the reference reader (a three-column CSV has far fewer paths). Then the
# readers of the tables docksim reads back (summary: gate's summary/seeds/baseline reader and the
# comparison; tolerances; shard: merge's shard readers; trials: tune --resume; table: the one read-back
# reader's typed cells and the objects trace of score --objects), READBACK inputs each
# (default a quarter of EXECUTIONS), a fifth of that for shard (each input writes two shard directories).
# Last the readers of the data files scenarios and detectors are built from (trajectory: a subject's
# trajectory CSV; recording: pedestrian recordings, then import-trajectories; detections: MOTChallenge
# truth and detections, then fit-detector's fit; profile: detector profiles), DATA inputs each (default
# a quarter of EXECUTIONS).
#
#   scripts/fuzz.sh [EXECUTIONS] [SEED] [READBACK] [DATA]     defaults: 1000000 1 EXECUTIONS/4 EXECUTIONS/4
#
# Exits non-zero on any crash, hang or memory blow-up. A crash kills the harness, so this script finds
# the exact iteration from the harness's checkpoint (written every 1,000 iterations), saves that input
# into Tests/Fixtures/fuzz/ and prints the command that reproduces it.
set -uo pipefail
cd "$(dirname "$0")/.."
EXECUTIONS=${1:-1000000}
SEED=${2:-1}
READBACK=${3:-$(((EXECUTIONS + 3) / 4))}
DATA=${4:-$(((EXECUTIONS + 3) / 4))}
FUZZ=.build/release/docksim-fuzz
WORK=.build/fuzz
export OPENBLAS_NUM_THREADS=1

# The flags of `make` (SWIFT_BUILD_FLAGS), so the fuzzer reuses the release build of the package.
# shellcheck disable=SC2086
swift build ${SWIFT_BUILD_FLAGS:--c release -Xswiftc -enable-testing} --product docksim-fuzz || exit 1
mkdir -p "$WORK"
failed=0

# run TARGET COUNT
run() {
  local target=$1 count=$2 checkpoint="$WORK/$1.checkpoint"
  echo "== $target: $count executions, seed $SEED"
  "$FUZZ" --target "$target" --seed "$SEED" --executions "$count" --checkpoint "$checkpoint"
  local status=$?
  [ "$status" -eq 0 ] && return 0
  if [ "$status" -eq 3 ] || [ "$status" -eq 4 ]; then
    # Hang or memory: the watchdog already saved the input under $WORK and said which iteration.
    echo "fuzz.sh: $target: hang or memory limit (status $status); see the line above"
    return 1
  fi
  # A crash (signal or trap): replay the last block of 1,000 with a checkpoint before every input; the
  # last one written is the crashing iteration.
  local from
  from=$(cat "$checkpoint")
  echo "fuzz.sh: $target crashed (status $status) in iterations $from..$((from + 999)); locating it"
  "$FUZZ" --target "$target" --seed "$SEED" --start "$from" --executions 1000 \
    --checkpoint "$WORK/$target.exact" --checkpoint-every 1 --progress-every 1000 >/dev/null 2>&1
  local index
  index=$(cat "$WORK/$target.exact")
  local ext=csv
  case "$target" in scenario | tolerances | profile) ext=yaml ;; shard | recording | detections) ext=txt ;; esac
  local saved="Tests/Fixtures/fuzz/$target-crash-seed$SEED-$index.$ext"
  "$FUZZ" --target "$target" --seed "$SEED" --replay "$index" --out "$saved" 2>/dev/null | head -1
  echo "fuzz.sh: CRASH target=$target seed=$SEED iteration=$index, input saved to $saved"
  echo "fuzz.sh: reproduce with: $FUZZ --target $target --input $saved"
  return 1
}

# The targets run side by side (two cores are the common case); each line they print names its target.
run scenario "$EXECUTIONS" &
scenario=$!
run log "$EXECUTIONS" &
log=$!
wait "$scenario" || failed=1
run reference $(((EXECUTIONS + 3) / 4)) || failed=1
wait "$log" || failed=1
# The read-back targets, two at a time.
run summary "$READBACK" &
summary=$!
run shard $(((READBACK + 4) / 5)) || failed=1
wait "$summary" || failed=1
run trials "$READBACK" &
trials=$!
run tolerances "$READBACK" || failed=1
wait "$trials" || failed=1
run table "$READBACK" || failed=1
# The data-file targets, two at a time.
run trajectory "$DATA" &
trajectory=$!
run recording "$DATA" || failed=1
wait "$trajectory" || failed=1
run detections "$DATA" &
detections=$!
run profile "$DATA" || failed=1
wait "$detections" || failed=1
if [ "$failed" -ne 0 ]; then
  echo "fuzz.sh: FAILED"
  exit 1
fi
echo "fuzz.sh: no crash, hang or memory blow-up"
