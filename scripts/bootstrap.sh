#!/usr/bin/env bash
# Installs the system packages DockSim builds against (OpenBLAS with CBLAS, LAPACKE, pkg-config).
# Idempotent and silent when everything is present; uses apt-get (Debian/Ubuntu), as root or via sudo.
set -euo pipefail

have() { pkg-config --exists openblas lapacke 2>/dev/null; }
if command -v pkg-config >/dev/null 2>&1 && have; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "bootstrap: OpenBLAS/LAPACKE not found and apt-get is not available." >&2
  echo "bootstrap: install the OpenBLAS (CBLAS) and LAPACKE development packages and pkg-config, then retry." >&2
  exit 1
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "bootstrap: need root (or sudo) to apt-get install libopenblas-dev liblapacke-dev pkg-config" >&2
    exit 1
  fi
fi

echo "bootstrap: installing libopenblas-dev liblapacke-dev pkg-config ..."
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq --no-install-recommends libopenblas-dev liblapacke-dev pkg-config >/dev/null
have || { echo "bootstrap: pkg-config still cannot find openblas and lapacke" >&2; exit 1; }
echo "bootstrap: done"
