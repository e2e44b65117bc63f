#!/usr/bin/env bash
# Reproduces Scenarios/detectors/mot15-frcnn.yaml (docs/sensors.md, "Fitted profile: MOT15 Faster
# R-CNN"): `docksim fit-detector` on TUD-Campus and TUD-Stadtmitte pooled, the Faster R-CNN detections
# that abewley/sort ships for MOT15 (GPL-3.0) against the ground truth in py-motmetrics 1.4.0's wheel
# (MIT). The data are not part of DockSim: fetch them yourself and point this script at them.
#
# Usage: scripts/fit-mot15-detector.sh [DOCKSIM_BINARY]   (default .build/release/docksim, else debug)
# Environment:
#   MOT15_DETECTIONS  directory with <SEQ>/det.txt (sort's data/train/)        default /work/data/mot15
#   MOT15_TRUTH       directory with <SEQ>/gt.txt (motmetrics/data/ of the wheel)
#                                                    default /work/data/mm/motmetrics/data
#   SORT_REPO         a git clone of abewley/sort, to record its commit (or SORT_COMMIT=<hash>)
#   MOTMETRICS_DIST   the wheel's motmetrics-<version>.dist-info, to record its version
#                                                    default /work/data/mm/motmetrics-1.4.0.dist-info
#   OUT               the profile to write        default Scenarios/detectors/mot15-frcnn.yaml
#   REPORT            the fit report to write     default <OUT without .yaml>.report.txt in /tmp
#   HOLDOUT           the held-out report         default /tmp/mot15-frcnn.holdout.txt: each sequence
#                     fitted alone and checked on the other (fit-detector --check), so that what the
#                     profile says is not only judged on the data it was fitted on
set -euo pipefail
cd "$(dirname "$0")/.."

docksim="${1:-}"
if [[ -z "$docksim" ]]; then
  if [[ -x .build/release/docksim ]]; then docksim=.build/release/docksim; else docksim=.build/debug/docksim; fi
fi
detections="${MOT15_DETECTIONS:-/work/data/mot15}"
truth="${MOT15_TRUTH:-/work/data/mm/motmetrics/data}"
dist="${MOTMETRICS_DIST:-/work/data/mm/motmetrics-1.4.0.dist-info}"
out="${OUT:-Scenarios/detectors/mot15-frcnn.yaml}"
report="${REPORT:-/tmp/mot15-frcnn.report.txt}"
holdout="${HOLDOUT:-/tmp/mot15-frcnn.holdout.txt}"
sequences=(TUD-Campus TUD-Stadtmitte)

if [[ ! -x "$docksim" ]]; then
  echo "fit-mot15-detector: no docksim binary at $docksim; run \`swift build\` (or give its path)" >&2
  exit 2
fi
missing=0
for seq in "${sequences[@]}"; do
  for file in "$detections/$seq/det.txt" "$truth/$seq/gt.txt"; do
    if [[ ! -f "$file" ]]; then
      echo "fit-mot15-detector: missing $file" >&2
      missing=1
    fi
  done
done
if [[ $missing -ne 0 ]]; then
  cat >&2 <<'HELP'
fit-mot15-detector: the public data are not shipped with DockSim. Fetch them and set:
  MOT15_DETECTIONS  abewley/sort's data/train directory (<SEQ>/det.txt, Faster R-CNN detections, GPL-3.0)
  MOT15_TRUTH       py-motmetrics 1.4.0's motmetrics/data directory (<SEQ>/gt.txt, MIT; unzip the PyPI wheel)
HELP
  exit 2
fi

sort_commit="${SORT_COMMIT:-}"
if [[ -z "$sort_commit" && -n "${SORT_REPO:-}" ]]; then
  sort_commit="$(git -C "$SORT_REPO" log -1 --format=%H)"
fi
sort_commit="${sort_commit:-unknown (set SORT_REPO or SORT_COMMIT)}"
motmetrics_version="unknown (set MOTMETRICS_DIST)"
if [[ -f "$dist/METADATA" ]]; then
  motmetrics_version="$(sed -n 's/^Version: //p' "$dist/METADATA" | head -1 | tr -d '\r')"
fi

arguments=(fit-detector)
for seq in "${sequences[@]}"; do
  arguments+=(--truth "$truth/$seq/gt.txt" --detections "$detections/$seq/det.txt")
done
arguments+=(--image-size 640x480 --fps 25 --seed 1 --bootstrap 200)

fitted="$(mktemp)"
trap 'rm -f "$fitted"' EXIT
"$docksim" "${arguments[@]}" --report "$report" >"$fitted"

staged="$out.tmp.$$"
{
  echo "# Detector profile: Faster R-CNN person detections on MOT15 (TUD-Campus and TUD-Stadtmitte pooled),"
  echo "# fitted to the built-in detector model. Use it as detector.profile or with docksim run --params."
  echo "# docs/sensors.md (\"Fitted profile: MOT15 Faster R-CNN\") has the fit report and its comparison."
  echo "#"
  echo "# Sources (not shipped with DockSim; fetch them to reproduce with scripts/fit-mot15-detector.sh):"
  echo "#   detections: abewley/sort data/train/<SEQ>/det.txt, GPL-3.0, commit $sort_commit"
  echo "#   truth:      py-motmetrics $motmetrics_version (PyPI wheel) motmetrics/data/<SEQ>/gt.txt, MIT"
  echo "# Image 640x480, 25 fps."
  echo "# Command: docksim ${arguments[*]}"
  echo "#   (paths as on the machine that fitted it)"
  echo "# Fitted: $(date -u +%Y-%m-%d) with docksim $("$docksim" --version)"
  echo "#"
  cat "$fitted"
} >"$staged"
mv "$staged" "$out"

# Held out: fit each sequence alone, then compare the other sequence's data with that profile.
work="$(mktemp -d)"
trap 'rm -f "$fitted"; rm -rf "$work"' EXIT
{
  for pair in "TUD-Campus TUD-Stadtmitte" "TUD-Stadtmitte TUD-Campus"; do
    read -r fit_on check_on <<<"$pair"
    "$docksim" fit-detector --truth "$truth/$fit_on/gt.txt" --detections "$detections/$fit_on/det.txt" \
      --image-size 640x480 --fps 25 --seed 1 --bootstrap 0 --out "$work/$fit_on.yaml" \
      --report "$work/$fit_on.report.txt"
    echo "== fitted on $fit_on alone, checked on $check_on"
    "$docksim" fit-detector --truth "$truth/$check_on/gt.txt" --detections "$detections/$check_on/det.txt" \
      --image-size 640x480 --fps 25 --seed 1 --check "$work/$fit_on.yaml"
    echo
  done
} >"$holdout"
echo "wrote $out; the fit report is in $report, the held-out checks in $holdout"
