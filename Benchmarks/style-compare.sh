#!/usr/bin/env bash
# Published styles beside MapLibre Native (issue 33's measure): SSIM per style and view.
#   bash Benchmarks/style-compare.sh STYLES_DIR [OUT_DIR]     (from the project root)
# STYLES_DIR: MapLibre styles fetched outside the repository (see style_compare.py). Builds the
# release meridian, the data (scripts/build-data.sh), the MapLibre peer's venv and DejaVu glyphs,
# and a venv with scikit-image for the measure (.build/compare-venv); not part of the tests.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STYLES="${1:?usage: style-compare.sh STYLES_DIR [OUT_DIR]}"
OUT="${2:-$ROOT/Benchmarks/out/style-compare}"
DATA="${MERIDIAN_DATA:-$ROOT/.build/meridian-data}"
ML="${MAPLIBRE_PEER:-$ROOT/../shared/peers/maplibre-native}"
export MAPLIBRE_VENV="${MAPLIBRE_VENV:-$ROOT/Benchmarks/out/peers/maplibre-native/.venv}"
bash "$ROOT/scripts/blend2d.sh" >/dev/null
bash "$ROOT/scripts/build-data.sh" >/dev/null
(cd "$ROOT" && swift build -c release --product meridian > .build/style-compare-build.log 2>&1) \
  || { tail -n 20 "$ROOT/.build/style-compare-build.log"; exit 1; }
[ -x "$MAPLIBRE_VENV/bin/python" ] || bash "$ML/setup.sh" >&2
GLYPHS="$("$MAPLIBRE_VENV/bin/python" -c "import sys; sys.path.insert(0, '$ML'); import glyphs; print(glyphs.ensure('$MAPLIBRE_VENV/work/glyphs', log=lambda m: None))")"
VENV="$ROOT/.build/compare-venv"
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c "import skimage, PIL" 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check scikit-image==0.24.0 pillow numpy
fi
mkdir -p "$OUT"
"$VENV/bin/python" "$ROOT/Benchmarks/style_compare.py" "$STYLES" "$OUT" --data "$DATA" \
  --meridian "$ROOT/.build/release/meridian" --glyphs "$GLYPHS" --peer "$ML/run.sh"
