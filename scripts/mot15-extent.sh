#!/usr/bin/env bash
# How MOT15's public Faster R-CNN detections box partly hidden people: whole or only their visible
# part (docs/sensors.md, "Fitted profile: MOT15 Faster R-CNN"; `full_extent_share`). Runs
# `docksim fit-detector` on the eleven MOT15 training sequences pooled, each with its own image size,
# and prints the fitted share with its bootstrap interval and the data's figure.
#
# Usage: scripts/mot15-extent.sh [DOCKSIM]
#   MOT15_DETECTIONS  directory of <SEQ>/det.txt (abewley/sort's data/train, GPL-3.0)
#   MOT15_TRUTH       directory of <SEQ>/gt.txt and <SEQ>/seqinfo.ini (the MOT15 training labels,
#                     CC BY-NC-SA 3.0; a public copy: gonzalocarreteroh/MASA-OA benchmarks/MOT15)
# Nothing of either is shipped with DockSim.
set -euo pipefail
cd "$(dirname "$0")/.."
docksim="${1:-.build/release/docksim}"
detections="${MOT15_DETECTIONS:-/work/data/mot15}"
truth="${MOT15_TRUTH:-/work/data/mot15gt}"
sequences=(ADL-Rundle-6 ADL-Rundle-8 ETH-Bahnhof ETH-Pedcross2 ETH-Sunnyday KITTI-13 KITTI-17 PETS09-S2L1
  TUD-Campus TUD-Stadtmitte Venice-2)

if [[ ! -x "$docksim" ]]; then
  echo "mot15-extent: no docksim binary at $docksim; run \`make build\` (or give its path)" >&2
  exit 2
fi
arguments=(fit-detector --seed 1 --bootstrap 200)
for seq in "${sequences[@]}"; do
  info="$truth/$seq/seqinfo.ini"
  for file in "$detections/$seq/det.txt" "$truth/$seq/gt.txt" "$info"; do
    if [[ ! -f "$file" ]]; then
      echo "mot15-extent: missing $file (set MOT15_DETECTIONS and MOT15_TRUTH)" >&2
      exit 2
    fi
  done
  width="$(sed -n 's/^imWidth=//p' "$info" | tr -d '\r')"
  height="$(sed -n 's/^imHeight=//p' "$info" | tr -d '\r')"
  arguments+=(--truth "$truth/$seq/gt.txt" --detections "$detections/$seq/det.txt" --image-size "${width}x${height}")
done
report="$(mktemp)"
trap 'rm -f "$report"' EXIT
"$docksim" "${arguments[@]}" --report "$report" >/dev/null
echo "MOT15 training sequences pooled: ${#sequences[@]}"
head -1 "$report"
grep -E '^parameter |^full_extent_share ' "$report"
grep -E '^per frame / runs|^partly hidden, boxed whole' "$report"
