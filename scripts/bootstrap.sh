#!/usr/bin/env bash
# Installs the system packages DockSim builds against (OpenBLAS with CBLAS, LAPACKE, pkg-config), and
# with --python also python3 (`make acceptance` checks its shares with scripts/check-shares.py).
# Idempotent and silent when everything is present; uses apt-get (Debian/Ubuntu), as root or via sudo.
set -euo pipefail

python=0
if [ "${1:-}" = "--python" ]; then python=1; fi
packages="libopenblas-dev liblapacke-dev pkg-config"
if [ "$python" -eq 1 ]; then packages="$packages python3"; fi

have() {
  command -v pkg-config >/dev/null 2>&1 && pkg-config --exists openblas lapacke 2>/dev/null \
    && { [ "$python" -eq 0 ] || command -v python3 >/dev/null 2>&1; }
}
if have; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "bootstrap: $packages: not all found and apt-get is not available." >&2
  echo "bootstrap: install the OpenBLAS (CBLAS) and LAPACKE development packages and pkg-config$([ "$python" -eq 1 ] && echo ' and python3'), then retry." >&2
  exit 1
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "bootstrap: need root (or sudo) to apt-get install $packages" >&2
    exit 1
  fi
fi

echo "bootstrap: installing $packages ..."
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
# shellcheck disable=SC2086 # the package list is split on purpose
$SUDO apt-get install -y -qq --no-install-recommends $packages >/dev/null
have || { echo "bootstrap: still missing after the install: pkg-config's openblas and lapacke$([ "$python" -eq 1 ] && echo ', or python3')" >&2; exit 1; }
echo "bootstrap: done"
