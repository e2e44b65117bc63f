#!/usr/bin/env bash
# Runs scripts/mot15-compare.py (DockSim vs SORT, ByteTrack, OC-SORT on MOT15 public detections, scored
# by py-motmetrics and TrackEval) in a virtual environment with the pinned packages of
# scripts/mot15-compare-requirements.txt, made on first use.
#
# Usage: scripts/mot15-compare.sh [mot15-compare.py arguments]
# Environment:
#   VENV     the virtual environment          default /tmp/docksim-peers-venv
#   PYTHON   the interpreter that makes it    default python3.11
#   SORT_DIR, OCSORT_DIR, TRACKEVAL_DIR, DOCKSIM, MOT15_DETECTIONS, MOT15_TRUTH: see mot15-compare.py
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${VENV:-/tmp/docksim-peers-venv}"
requirements="$here/mot15-compare-requirements.txt"
stamp="$venv/.mot15-compare-requirements"

if [[ ! -x "$venv/bin/python" ]]; then
  "${PYTHON:-python3.11}" -m venv "$venv"
fi
if ! cmp -s "$requirements" "$stamp"; then
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
  cp "$requirements" "$stamp"
fi
exec "$venv/bin/python" "$here/mot15-compare.py" "$@"
