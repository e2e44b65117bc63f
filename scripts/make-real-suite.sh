#!/usr/bin/env bash
# Regenerates Scenarios/real/*.yaml from the ETH/UCY raw recordings with `docksim import-trajectories`
# (Scenarios/real/README.md: provenance, licence, how the windows and stands were chosen).
#
# Usage: scripts/make-real-suite.sh RAW_DIR [DOCKSIM_BINARY] [OUT_DIR]
#   RAW_DIR          the folder holding biwi_eth.txt, biwi_hotel.txt and uni_examples.txt (tab-separated
#                    frame id x y in metres, 25 fps frame numbers; Trajectron++'s
#                    experiments/pedestrians/raw/raw/all_data/)
#   DOCKSIM_BINARY   default .build/release/docksim, else .build/debug/docksim
#   OUT_DIR          default Scenarios/real
# The raw files are not in the repository. Same files, same scenarios, byte for byte.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ $# -lt 1 ]]; then
  echo "usage: scripts/make-real-suite.sh RAW_DIR [DOCKSIM_BINARY] [OUT_DIR]" >&2
  exit 2
fi
raw="$1"
docksim="${2:-}"
out="${3:-Scenarios/real}"
if [[ -z "$docksim" ]]; then
  if [[ -x .build/release/docksim ]]; then docksim=.build/release/docksim; else docksim=.build/debug/docksim; fi
fi
if [[ ! -x "$docksim" ]]; then
  echo "make-real-suite: no docksim binary at $docksim; build it first (swift build -c release)" >&2
  exit 2
fi
declare -A files=([eth]=biwi_eth.txt [hotel]=biwi_hotel.txt [univ]=uni_examples.txt)
for key in eth hotel univ; do
  if [[ ! -f "$raw/${files[$key]}" ]]; then
    echo "make-real-suite: $raw/${files[$key]} is missing; expected the ETH/UCY raw files (see Scenarios/real/README.md)" >&2
    exit 2
  fi
done
mkdir -p "$out"

# name  dataset  window (recording s)  stand x,y,heading_deg (recording frame)
# Each window starts 1 s before a pair walking within 1.2 m of each other appears; the stand stands 4 m
# (5 m where 4 m is in someone's way) to the side of the middle of the pair's walk, facing it, at least
# 1 m from everybody in the window. --primary auto then picks the person the run is about.
windows=(
  "eth-386   eth   386.2:406.2  10.72,0.75,89.7"
  "eth-041   eth   41.0:61.0    6.59,1.27,103.3"
  "eth-256   eth   255.8:275.8  3.69,1.49,84.4"
  "eth-203   eth   203.4:223.4  4.59,9.76,-87.7"
  "eth-278   eth   278.2:298.2  4.16,0.62,94.0"
  "hotel-176 hotel 176.2:196.2  -1.94,-4.28,4.2"
  "hotel-414 hotel 413.8:433.8  7.82,-2.50,-177.9"
  "hotel-019 hotel 19.0:39.0    -2.54,-2.77,8.5"
  "hotel-275 hotel 274.6:294.6  -2.74,-2.32,-4.0"
  "univ-051  univ  51.4:71.4    7.38,0.26,92.6"
  "univ-209  univ  208.6:228.6  7.92,14.67,-100.2"
  "univ-238  univ  237.8:257.8  6.14,5.94,77.8"
)
for line in "${windows[@]}"; do
  read -r name key window stand <<<"$line"
  "$docksim" import-trajectories "$raw/${files[$key]}" --format ethucy --fps 25 --window "$window" \
    --stand="$stand" --height 1.0 --primary auto --seed 2026 --name "real-$name" \
    --detector-profile ../detectors/mot15-frcnn.yaml --out "$out/$name.yaml"
done
echo "make-real-suite: wrote ${#windows[@]} scenarios to $out"
