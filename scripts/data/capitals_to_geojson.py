"""Turns Natural Earth's 1:110m populated places as geopandas 0.14.4 ships them
(naturalearth_cities.shp + .dbf: point shapes and a `name` column; 243 places, mostly national
capitals) into newline-delimited GeoJSON points for the `capitals` layer, shown from zoom 2.
The shapefile and dBASE readers are the countries converter's.

Usage: python3 capitals_to_geojson.py naturalearth_cities.shp out.geojsons
"""
import json
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from countries_to_geojson import records, shapes  # noqa: E402


def points(path):
    """Per shape record: (lon, lat) of a point shape (type 1), None for a null shape."""
    for kind, data, content in shapes(path):
        yield struct.unpack_from("<2d", data, content + 4) if kind == 1 else None


def main(shp, out_path):
    rows = list(records(shp[:-4] + ".dbf"))
    written = 0
    with open(out_path, "w") as out:
        for row, point in zip(rows, points(shp)):
            if point is None or not row.get("name"):
                continue
            feature = {"type": "Feature", "properties": {"name": row["name"]}, "tippecanoe": {"minzoom": 2},
                       "geometry": {"type": "Point", "coordinates": [round(point[0], 6), round(point[1], 6)]}}
            out.write(json.dumps(feature, ensure_ascii=False, separators=(",", ":")) + "\n")
            written += 1
    print(f"{out_path}: {written} capitals", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
