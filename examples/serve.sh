#!/usr/bin/env bash
# Serves examples/ on another origin (http://127.0.0.1:${1:-8081}/maplibre.html, /leaflet.html)
# for a `meridian serve` on port 8080, with the libraries copied in from local files: MapLibre GL
# JS from the data folder (scripts/build-data.sh unpacks the `maplibre` wheel there) and Leaflet
# from Debian's libjs-leaflet. Nothing is fetched from a CDN.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DATA="${MERIDIAN_DATA:-$HERE/../.build/meridian-data}"
mkdir -p "$HERE/lib"
cp "$DATA/tools/maplibre/maplibre-gl.js" "$DATA/tools/maplibre/maplibre-gl.css" "$HERE/lib/" \
  || { echo "no MapLibre GL JS in $DATA/tools/maplibre: run scripts/build-data.sh" >&2; exit 1; }
cp /usr/share/javascript/leaflet/leaflet.js /usr/share/javascript/leaflet/leaflet.css "$HERE/lib/" \
  || { echo "no Leaflet: apt-get install libjs-leaflet" >&2; exit 1; }
echo "examples: http://127.0.0.1:${1:-8081}/maplibre.html and /leaflet.html (meridian serve on :8080)"
cd "$HERE" && exec python3 -m http.server "${1:-8081}" --bind 127.0.0.1
