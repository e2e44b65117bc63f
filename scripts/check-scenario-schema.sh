#!/usr/bin/env bash
# The scenario JSON Schema check (make schema-check, CI): the committed
# Scenarios/schema/scenario.schema.json must be what `docksim schema scenario` generates, and a real
# JSON Schema validator (Python's jsonschema) must accept every shipped scenario and refuse known-bad
# edits (scripts/check-scenario-schema.py). Installs python3 (scripts/bootstrap.sh --python) and the
# jsonschema and PyYAML packages from PyPI when missing; never skips.
# Usage: scripts/check-scenario-schema.sh [DOCKSIM_BINARY]   (default .build/release/docksim)
set -euo pipefail
cd "$(dirname "$0")/.."
docksim="${1:-.build/release/docksim}"
schema=Scenarios/schema/scenario.schema.json

./scripts/bootstrap.sh --python
if ! python3 -c 'import jsonschema, yaml' 2>/dev/null; then
  echo "check-scenario-schema: installing jsonschema and PyYAML (pip) ..."
  python3 -m pip install --quiet --disable-pip-version-check 'jsonschema>=4.0' 'PyYAML>=6.0'
fi

generated="$(mktemp)"
trap 'rm -f "$generated"' EXIT
"$docksim" schema scenario --out "$generated"
if ! cmp -s "$generated" "$schema"; then
  echo "check-scenario-schema: $schema differs from \`docksim schema scenario\`;" \
    "regenerate it with: $docksim schema scenario --out $schema" >&2
  diff -u "$schema" "$generated" | head -40 >&2 || true
  exit 1
fi
echo "ok   $schema is up to date"

python3 scripts/check-scenario-schema.py "$schema" Scenarios Tests/DockKitCompatibilityTests/Scenarios
