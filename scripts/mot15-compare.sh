#!/usr/bin/env bash
# Runs scripts/mot15-compare.py (DockSim vs SORT, ByteTrack, OC-SORT on MOT15 public detections, scored
# by py-motmetrics and TrackEval) in the pinned virtual environment of scripts/peers-python.sh.
#
# Usage: scripts/mot15-compare.sh [mot15-compare.py arguments]
# Environment:
#   VENV, PYTHON: as for scripts/peers-python.sh
#   SORT_DIR, OCSORT_DIR, TRACKEVAL_DIR, DOCKSIM, MOT15_DETECTIONS, MOT15_TRUTH: see mot15-compare.py
exec "$(cd "$(dirname "$0")" && pwd)/peers-python.sh" mot15-compare.py "$@"
