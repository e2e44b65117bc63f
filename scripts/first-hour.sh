#!/usr/bin/env bash
# Runs every `sh` block of docs/first-hour.md, in order, from the checkout, as one bash script with
# `set -euo pipefail`, with `docksim` on PATH as the release build (DOCKSIM=path names another). CI runs
# it, so the walkthrough cannot go stale. Exits with the first failing command's status.
set -euo pipefail
cd "$(dirname "$0")/.."
binary="$(realpath "${DOCKSIM:-.build/release/docksim}")"
[ -x "$binary" ] || { echo "first-hour.sh: no $binary; run make build first" >&2; exit 2; }
shim="$(mktemp -d)"
trap 'rm -rf "$shim" first-hour' EXIT
ln -s "$binary" "$shim/docksim"
script="$shim/first-hour.sh"
{
  echo 'set -euo pipefail'
  echo 'set -x'
  awk '/^```sh$/ { inside = 1; next } /^```$/ { inside = 0; next } inside { print }' docs/first-hour.md
} > "$script"
blocks=$(grep -c '^```sh$' docs/first-hour.md)
echo "first-hour.sh: running the $blocks sh blocks of docs/first-hour.md"
rm -rf first-hour
PATH="$shim:$PATH" OPENBLAS_NUM_THREADS=1 bash "$script"
echo "first-hour.sh: every block ran"
