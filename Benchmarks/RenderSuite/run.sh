#!/usr/bin/env bash
# MapLibre's render tests (maplibre-gl-js test/integration/render/tests, still images only) drawn
# by Meridian and judged by the suite's own pixel rule: render_suite.py. Not part of CI: the suite
# is fetched at run time into the build folder, never copied into the project.
#
# Usage: bash Benchmarks/RenderSuite/run.sh [FILTER]
#   SUITE=dir   a checkout's test/integration folder instead of fetching one
#   SUITE_REF   the maplibre-gl-js commit or branch fetched (default main)
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$HERE/../.."
BUILD="$ROOT/.build/render-suite"
mkdir -p "$BUILD"
if [ -z "${SUITE:-}" ]; then
  if [ ! -d "$BUILD/maplibre-gl-js/test/integration/render/tests" ]; then
    rm -rf "$BUILD/maplibre-gl-js"
    git clone --quiet --depth 1 --filter=blob:none --sparse --branch "${SUITE_REF:-main}" \
      https://github.com/maplibre/maplibre-gl-js "$BUILD/maplibre-gl-js"
    git -C "$BUILD/maplibre-gl-js" sparse-checkout set test/integration/render/tests test/integration/assets
  fi
  SUITE="$BUILD/maplibre-gl-js/test/integration"
fi
# The judge's own environment: pixelmatch (the suite's comparison), Pillow and NumPy.
if [ ! -x "$BUILD/venv/bin/python" ]; then
  python3 -m venv "$BUILD/venv"
  "$BUILD/venv/bin/pip" install --quiet pixelmatch==0.4.0 pillow numpy
fi
(cd "$ROOT" && swift build -c release --product meridian > /dev/null)
"$BUILD/venv/bin/python" "$HERE/render_suite.py" "$SUITE" "$ROOT/.build/release/meridian" "$BUILD/out" "${1:-}"
