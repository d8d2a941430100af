#!/usr/bin/env bash
# MapLibre Native for the tests: the `mapli` package (0.4.1, pinned; MapLibre Native rendering
# on the CPU through Mesa's llvmpipe and EGL, no display) in a virtual environment inside the
# build folder, made once. Safe to run twice. The Debian packages it needs (EGL, Mesa, curl,
# venv) are in scripts/apt-packages.txt.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.build/tools/mapli"
PIN="mapli==0.4.1"
if [ "$(cat "$VENV/.pin" 2>/dev/null)" != "$PIN" ]; then
  rm -rf "$VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "$PIN"
  echo "$PIN" > "$VENV/.pin"
fi
echo "clients: ok (MapLibre Native: $VENV)"
