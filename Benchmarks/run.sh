#!/usr/bin/env bash
# Runs Meridian's benchmarks and every peer in one invocation: the C projection loop (linked
# into the same benchmark binary, timing the same inputs), Mapnik, MapLibre Native and the
# Python MVT decoder on the same views and data, then the server's load test and the viewer's
# latency (load.sh); prints each table with same-run ratios and issue 20's goal table.
# Not part of the test suite. Usage: bash Benchmarks/run.sh [filter regex]
# (SKIP_LOAD=1 leaves out the load test; LOAD_SECONDS sets each wrk run, default 20.)
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$HERE"
mkdir -p out
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
args=(--no-progress)
# Meridian's own published-style-sized style (as many layers, filters and zoom functions as OSM
# Bright, its POIs with icons from Meridian's own sprite), drawn by the render benchmarks from out/
# and by MapLibre Native below.
SPRITE_DIR="${MERIDIAN_DATA:-$HERE/../.build/meridian-data}/sprite"
SPRITE="$(cd "$SPRITE_DIR" 2>/dev/null && pwd || echo "$SPRITE_DIR")/meridian"
python3 bright_sized_style.py out/bright-sized.json mbtiles://openmaptiles "$SPRITE"
# The hillshade view (issue 34): the default data's Jacksboro elevation model, one file for both
# renderers (its 256-pixel tiles declared, so MapLibre reads the zoom Meridian reads).
cat > out/hillshade.json <<'STYLE'
{"version": 8, "sources": {"dem": {"type": "raster-dem", "url": "mbtiles://elevation/jacksboro.mbtiles", "tileSize": 256}},
 "layers": [{"id": "land", "type": "background", "paint": {"background-color": "#eef0e8"}},
  {"id": "hillshade", "type": "hillshade", "source": "dem", "paint": {"hillshade-exaggeration": 0.6}}]}
STYLE
[ $# -gt 0 ] && args+=(--filter "$1")
swift package benchmark "${args[@]}" > "out/run-$stamp.txt" 2> "out/run-$stamp.stderr" || { cat "out/run-$stamp.stderr" >&2; exit 1; }
{
  echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; $(swift --version 2>&1 | head -n 1); $(gcc --version | head -n 1); date $(date -u +%F)"
  grep "^check" "out/run-$stamp.txt" | sort -u || true
  python3 summarize.py "out/run-$stamp.txt"
  echo
  echo "interleaved A/B (ProjectionRatio, 301 rounds; ratio = Meridian / C per round, median and p10–p90):"
  swift build -c release --product ProjectionRatio >/dev/null
  "$(swift build -c release --show-bin-path)/ProjectionRatio" 301
} | tee "out/summary-$stamp.md"

# For context, when the project's shared peers are checked out beside the repository: the
# reference C loop of shared/peers/project_c (built here at -O3 -march=native into out/),
# run right after, on its own 1M-point inputs of the same view.
PEER_SRC="$HERE/../../shared/peers/project_c/project.c"
if [ -f "$PEER_SRC" ] && command -v gcc >/dev/null; then
  gcc -O3 -march=native -DVARIANT='"c_O3_native"' -o "out/project_O3native" "$PEER_SRC" -lm
  echo
  echo "shared peer (project_c, gcc -O3 -march=native, 1M points, 5 reps):"
  "out/project_O3native" 1000000 5 | grep -E '^peer=.*metric=(fwd_full|fwd_camera|fwd_camera_l1|correctness_ok)(_ns)? ' | tee -a "out/summary-$stamp.md"
fi

# The Mapnik peer on the same views (helsinki_z15, helsinki_z17, world_c_z2; AGG and Cairo
# backends), from a writable copy of shared/peers in out/ (its setup installs python3-mapnik
# and builds its GeoJSON from the same Helsinki extract). Compare its render + png_encode with
# our whole-frame p50s above.
if [ -d "$HERE/../../shared/peers/mapnik" ]; then
  rm -rf out/peers && cp -r "$HERE/../../shared/peers" out/peers && chmod -R u+w out/peers
  if bash out/peers/setup.sh > out/peers-setup.log 2>&1; then
    echo
    echo "Mapnik peer (7 reps; render and PNG encoding separately, ms):"
    (cd out/peers && /usr/bin/python3 mapnik/render.py --reps 7 --backend both --views helsinki_z15,helsinki_z17,world_c_z2) \
      | grep -E '^peer=.*metric=[a-z0-9_]+_(render|png_encode)_ms ' | tee -a "out/summary-$stamp.md"
  else
    echo "Mapnik peer setup failed, see Benchmarks/out/peers-setup.log" >&2
  fi
fi

# The MapLibre Native peer (shared/peers/maplibre-native: mapli 0.4.1 on Mesa's llvmpipe, no
# display) on the same four views and data, drawing Meridian's own served style made local
# (maplibre_style.py, then the peer's make-style for its glyphs and dots), and the frame table
# of issue 12: Meridian / MapLibre, wall and CPU (llvmpipe rasterises on both cores).
ML="$HERE/../../shared/peers/maplibre-native"
DATA="${MERIDIAN_DATA:-$HERE/../.build/meridian-data}"
if [ -d "$ML" ] && [ -s "$DATA/openmaptiles/helsinki.mbtiles" ]; then
  (cd "$HERE/.." && swift build -c release --product meridian >/dev/null)
  python3 maplibre_style.py "$HERE/../.build/release/meridian" "$DATA" out/maplibre-source-style.json > out/maplibre-style.log
  bash "$ML/run.sh" make-style --from out/maplibre-source-style.json --already-maplibre --data "$DATA" -o out/maplibre-style.json >> out/maplibre-style.log 2>&1
  echo
  echo "MapLibre Native peer (7 reps, 1024 × 768, render + read-back + PNG):"
  bash "$ML/run.sh" --data "$DATA" --style out/maplibre-style.json --reps 7 --shots out/maplibre \
    --views z15=60.1716,24.9443,15 z17=60.1712,24.9425,17 tilt=60.1695,24.9523,17,30,60 world=0,0,2 2> out/maplibre.stderr \
    | grep '^peer=' | tee "out/maplibre-$stamp.txt" | tee -a "out/summary-$stamp.md"
  # The published-style-sized style, the same document with its source at the Helsinki file.
  python3 bright_sized_style.py out/bright-sized-source.json mbtiles://openmaptiles/helsinki.mbtiles "file://$SPRITE" >> out/maplibre-style.log
  bash "$ML/run.sh" make-style --from out/bright-sized-source.json --already-maplibre --no-coast --data "$DATA" -o out/bright-sized-maplibre.json >> out/maplibre-style.log 2>&1
  bash "$ML/run.sh" --data "$DATA" --style out/bright-sized-maplibre.json --reps 7 --shots out/maplibre \
    --views bright_z15=60.1716,24.9443,15 bright_tilt=60.1695,24.9523,17,30,60 2>> out/maplibre.stderr \
    | grep '^peer=' | tee -a "out/maplibre-$stamp.txt" | tee -a "out/summary-$stamp.md"
  bash "$ML/run.sh" --data "$DATA" --style out/hillshade.json --reps 7 --shots out/maplibre \
    --views hs_z11=36.59,-84.25,11 hs_tilt=36.60,-84.28,12,30,50 2>> out/maplibre.stderr \
    | grep '^peer=' | tee -a "out/maplibre-$stamp.txt" | tee -a "out/summary-$stamp.md"
  # A /staticmap request of each of the four views at a new camera each time: the server's CPU
  # per request (staticmap_cpu.py), beside MapLibre's CPU per frame.
  echo; echo "meridian serve: CPU per /staticmap request, 1024 × 768, a new camera each request:"
  python3 staticmap_cpu.py "$HERE/../.build/release/meridian" "$DATA" 30 | tee -a "out/maplibre-$stamp.txt" | tee -a "out/summary-$stamp.md"
  # Its first frame of each view (a new renderer each: style, tiles, glyphs, drawing), beside
  # Meridian's cold frame.
  echo; echo "MapLibre Native's first frame per view (a new renderer each):"
  EGL_PLATFORM=surfaceless PYTHONDONTWRITEBYTECODE=1 "${MAPLIBRE_VENV:-$ML/.venv}/bin/python" maplibre_first_frame.py "$ML" \
    --data "$DATA" --style out/maplibre-style.json \
    --views z15=60.1716,24.9443,15 z17=60.1712,24.9425,17 tilt=60.1695,24.9523,17,30,60 world=0,0,2 2>> out/maplibre.stderr \
    | grep '^peer=' | tee -a "out/maplibre-$stamp.txt" | tee -a "out/summary-$stamp.md"
  python3 summarize.py "out/run-$stamp.txt" "out/maplibre-$stamp.txt" | sed -n '/^| view |/,$p' | tee -a "out/summary-$stamp.md"
fi

# The server under load and the viewer's input-to-frame latency (load.sh, LOAD_SECONDS per wrk
# run, default 20), then issue 20's goal table from this one invocation's figures.
if [ "${SKIP_LOAD:-0}" != 1 ]; then
  echo
  echo "Load test and viewer latency (load.sh, ${LOAD_SECONDS:-20} s per wrk run):"
  bash load.sh "${LOAD_SECONDS:-20}" 2>&1 | tee "out/load-$stamp.txt" | tee -a "out/summary-$stamp.md"
  if [ -s "out/maplibre-$stamp.txt" ]; then
    python3 summarize.py "out/run-$stamp.txt" "out/maplibre-$stamp.txt" "out/load-$stamp.txt" | sed -n '/^| figure (issue 20) |/,$p' | tee -a "out/summary-$stamp.md"
  fi
fi

# MVT decoding: Meridian's decoder and the mapbox-vector-tile peer (shared/peers/mvt, its venv
# made by the setup above) on the same file, the default data's openmaptiles/helsinki.mbtiles
# (OpenMapTiles schema, made by `meridian data import`).
if [ -s "$DATA/openmaptiles/helsinki.mbtiles" ]; then
  swift build -c release --product DecodeThroughput >/dev/null
  echo
  echo "MVT decoding, every tile of openmaptiles/helsinki.mbtiles, median of 7 passes:"
  "$(swift build -c release --show-bin-path)/DecodeThroughput" "$DATA/openmaptiles/helsinki.mbtiles" 7 | tee -a "out/summary-$stamp.md"
  if [ -x out/peers/.venv/bin/python ]; then
    out/peers/.venv/bin/python out/peers/mvt/decode_bench.py "$DATA/openmaptiles/helsinki.mbtiles" --passes 7 2>&1 | grep -E "^all|peer=.*metric=all_decode" | tee -a "out/summary-$stamp.md"
  fi
fi

# Data on an HTTP server (issue 35): cold and warm frames from local PMTiles and from the same
# archives behind nginx on loopback (remote.sh).
if [ -s "$DATA/openmaptiles/helsinki.mbtiles" ] && [ -x /usr/sbin/nginx ]; then
  echo
  bash remote.sh "$DATA" 15 | tee -a "out/summary-$stamp.md" || true
fi
