#!/usr/bin/env bash
# Installs a headless browser (Debian's `chromium`) for the report's browser tests
# (Tests/DockSimReportTests/HeadlessBrowser.swift). Kept out of scripts/bootstrap.sh on purpose: the
# build and the other tests do not need it, and it is a large download.
# Idempotent and silent when chromium (or chromium-browser) is already on PATH; uses apt-get
# (Debian/Ubuntu), as root or via passwordless sudo. Exits non-zero when it cannot install.
set -euo pipefail

if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-browser: chromium not found and apt-get is not available; install chromium by hand." >&2
  exit 1
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  # -n: never prompt for a password (this also runs unattended from the tests).
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "install-browser: need root (or passwordless sudo) to apt-get install chromium" >&2
    exit 1
  fi
fi

echo "install-browser: installing chromium (apt-get) ..."
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
  echo "install-browser: chromium still not on PATH after apt-get install" >&2
  exit 1
fi
echo "install-browser: done ($(command -v chromium || command -v chromium-browser))"
