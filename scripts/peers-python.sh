#!/usr/bin/env bash
# Runs one of the peer-comparison scripts (scripts/mot15-compare.py, scripts/real-walk-peers.py) in a
# virtual environment with the pinned packages of scripts/mot15-compare-requirements.txt, made on
# first use.
#
# Usage: scripts/peers-python.sh SCRIPT.py [arguments]
# Environment:
#   VENV     the virtual environment          default /tmp/docksim-peers-venv
#   PYTHON   the interpreter that makes it    default python3.11
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${VENV:-/tmp/docksim-peers-venv}"
requirements="$here/mot15-compare-requirements.txt"
stamp="$venv/.mot15-compare-requirements"
script="$1"
shift

if [[ ! -x "$venv/bin/python" ]]; then
  "${PYTHON:-python3.11}" -m venv "$venv"
fi
if ! cmp -s "$requirements" "$stamp"; then
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
  cp "$requirements" "$stamp"
fi
exec "$venv/bin/python" "$here/$script" "$@"
