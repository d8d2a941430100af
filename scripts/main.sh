#!/usr/bin/env bash
# The main job: set up (including the default street data), build the `meridian` tool in
# release mode, render a gallery (the world; central Helsinki and Karhula, Kotka, the two regions
# imported with `meridian data import`) through the camera into out/gallery/, and
# run real camera computations (fit Vancouver–Calgary, projection under bearing and tilt, the
# visible region, an update, the tile cover, a fly), then serve the viewer and the static-map
# service on http://127.0.0.1:${PORT:-8080}/ until Ctrl-C (MERIDIAN_NO_SERVE=1 stops before
# serving). Safe to run twice.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source scripts/setup.sh
swift build -c release --product meridian 2>&1 | tail -n 1
M="$(swift build -c release --show-bin-path)/meridian"
MERIDIAN_BIN="$M" bash scripts/build-data.sh

run() { echo; echo "\$ meridian $*"; "$M" "$@"; }

mkdir -p out/gallery
render() { local name="$1"; shift; "$M" render --size 1024x768 -o "out/gallery/$name.png" "$@" && echo "wrote out/gallery/$name.png ($*)"; }
# The views issue 5 names, at 1024×768.
render world-z2 --lat 20 --lng 0 --zoom 2
render northern-europe-z5 --lat 60 --lng 20 --zoom 5
render helsinki-coast-z10 --lat 60.17 --lng 24.94 --zoom 10
render streets-z15 --lat 60.1716 --lng 24.9443 --zoom 15
render railway-station-z18 --lat 60.1712 --lng 24.9425 --zoom 18
render cathedral-z20 --lat 60.17038 --lng 24.95218 --zoom 20
render senate-square-z17-tilted --lat 60.1695 --lng 24.9523 --zoom 17 --bearing 30 --tilt 60
render landmarks-bearing45-tilt45 --overlays examples/landmarks.geojson --bearing 45 --tilt 45
render fiji-antimeridian-z5 --lat=-17.7 --lng 178.0 --zoom 5
render sydney-z16 --lat=-33.8683 --lng 151.2086 --zoom 16
render satellite-z3 --lat 45 --lng 10 --zoom 3 --map-type satellite
render hybrid-z3 --lat 45 --lng 10 --zoom 3 --map-type hybrid
render terrain-z5-tilted --lat 47 --lng 10 --zoom 5 --bearing 20 --tilt 30 --map-type terrain
render station-z18-retina --lat 60.1716 --lng 24.9443 --zoom 18 --tilt 60 --scale 2
# The second region, imported by `meridian data import` like Helsinki: Karhula, Kotka.
render kotka-karhula-z16 --lat 60.5300 --lng 26.9500 --zoom 16
render kotka-karhula-z17-tilted --lat 60.5290 --lng 26.9450 --zoom 17 --bearing 40 --tilt 55
# Issue 22: a generated town named in six scripts (Arabic, Hebrew, Devanagari, Thai, Japanese,
# Latin beside Hebrew), written by scripts/data/multiscript_opl.py and imported into its own folder.
MS="out/multiscript"; mkdir -p "$MS"
python3 scripts/data/multiscript_opl.py > "$MS/multiscript.opl"
osmium cat -F opl "$MS/multiscript.opl" -o "$MS/multiscript.osm.pbf" --overwrite
"$M" data import "$MS/multiscript.osm.pbf" --name multiscript --data "$MS/data" --replace > /dev/null 2>&1
# The world's land and coast under the town (links to the default data's tilesets).
for f in world coast; do ln -sf "${MERIDIAN_DATA:-$ROOT/.build/meridian-data}/$f.mbtiles" "$MS/data/$f.mbtiles"; done
render multiscript-z17 --lat 23.0 --lng 12.0 --zoom 17 --data "$MS/data"
render multiscript-curved-street-tilted --lat 22.98742 --lng 11.99707 --zoom 17 --bearing 40 --tilt 50 --data "$MS/data"
run data list
run camera fit --bounds=49.26,-123.11,51.05,-114.05 --size 1024x768
run camera fit --bounds=49.26,-123.11,51.05,-114.05 --size 1024x768 --bearing 30 --tilt 30
run camera project --camera 60.17,24.94,15,30,45 --size 1024x768 60.1699,24.9384 60.1704,24.9522
run camera unproject --camera 60.17,24.94,15,30,45 --size 1024x768 512,384 0,0 1024,768
run camera visible-region --camera 60.17,24.94,15,30,45 --size 1024x768
run camera apply --camera 60.17,24.94,12 --update zoom-in
run camera apply --camera 60.17,24.94,12,90 --size 1024x768 --update scroll:200,100
run camera tiles --camera 60.17,24.94,15,30,45 --size 1024x768
echo; echo "\$ meridian camera animate --camera 49.26,-123.11,10 --to=-33.8683,151.2086,12 --fly --size 1024x768   (first and last of its frames)"
"$M" camera animate --camera 49.26,-123.11,10 --to=-33.8683,151.2086,12 --fly --size 1024x768 | sed -n '1p;$p'

[ "${MERIDIAN_NO_SERVE:-0}" = 1 ] && exit 0
echo
echo "\$ meridian serve --port ${PORT:-8080}    (Ctrl-C stops it)"
exec "$M" serve --port "${PORT:-8080}"
