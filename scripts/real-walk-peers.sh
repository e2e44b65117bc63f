#!/usr/bin/env bash
# Runs scripts/real-walk-peers.py (DockSim vs SORT, ByteTrack, OC-SORT on the same simulated detections of
# the real walks) in the pinned virtual environment of scripts/peers-python.sh.
#
# Usage: scripts/real-walk-peers.sh [real-walk-peers.py arguments]
# Environment: VENV, PYTHON as for scripts/peers-python.sh; SORT_DIR, OCSORT_DIR: see real-walk-peers.py
exec "$(cd "$(dirname "$0")" && pwd)/peers-python.sh" real-walk-peers.py "$@"
