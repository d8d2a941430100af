"""Turns Natural Earth's admin-0 countries (ne_110m_admin_0_countries.shp + .dbf: an ESRI
shapefile, polygons, and its dBASE III attribute table, records in the same order) into
newline-delimited GeoJSON label points for the `countries` layer: the area centroid of each
country's largest ring (Natural Earth's LABEL_X/LABEL_Y when the table has them), with the zoom
from which it shows (tippecanoe's per-feature minzoom, from MIN_LABEL).

Usage: python3 countries_to_geojson.py ne_110m_admin_0_countries.shp out.geojsons
"""
import json
import struct
import sys


def records(path):
    data = open(path, "rb").read()
    count, header_size, record_size = struct.unpack_from("<IHH", data, 4)
    fields, offset = [], 32
    while data[offset] != 0x0D:
        name = data[offset:offset + 11].split(b"\0")[0].decode("ascii")
        fields.append((name, data[offset + 16]))
        offset += 32
    for i in range(count):
        start = header_size + i * record_size
        if data[start:start + 1] == b"*":        # deleted record
            continue
        at, row = start + 1, {}
        for name, size in fields:
            raw = data[at:at + size]
            # UTF-8 when the bytes are; else Latin-1, what Natural Earth's older tables use
            # (their .cpg says ISO-8859-1).
            try:
                row[name] = raw.decode("utf-8").strip()
            except UnicodeDecodeError:
                row[name] = raw.decode("latin-1").strip()
            at += size
        yield row


def shapes(path):
    """Per record of an ESRI shapefile: (shape type, the file's bytes, the record's content offset)."""
    data = open(path, "rb").read()
    at = 100
    while at + 8 <= len(data):
        length = struct.unpack_from(">i", data, at + 4)[0] * 2
        content = at + 8
        at = content + length
        yield struct.unpack_from("<i", data, content)[0], data, content


def largest_ring_centroids(path):
    """Per shape record: the area centroid (lon, lat) of its largest ring, or None."""
    for kind, data, content in shapes(path):
        if kind != 5:      # not a polygon (null shape)
            yield None
            continue
        parts, points = struct.unpack_from("<ii", data, content + 36)
        starts = list(struct.unpack_from("<%di" % parts, data, content + 44)) + [points]
        xy = struct.unpack_from("<%dd" % (2 * points), data, content + 44 + 4 * parts)
        best = None
        for a, b in zip(starts, starts[1:]):
            ring = [(xy[2 * i], xy[2 * i + 1]) for i in range(a, b)]
            area = cx = cy = 0.0
            for (x0, y0), (x1, y1) in zip(ring, ring[1:]):
                cross = x0 * y1 - x1 * y0
                area += cross
                cx += (x0 + x1) * cross
                cy += (y0 + y1) * cross
            if area != 0 and (best is None or abs(area) > best[0]):
                best = (abs(area), cx / (3 * area), cy / (3 * area))
        yield (best[1], best[2]) if best else None


def main(shp, out_path):
    written = 0
    dbf = shp[:-4] + ".dbf"
    with open(out_path, "w", encoding="utf-8") as out:
        for row, centroid in zip(records(dbf), largest_ring_centroids(shp)):
            try:
                x, y = (float(row["LABEL_X"]), float(row["LABEL_Y"])) if "LABEL_X" in row else centroid
                min_label = float(row.get("MIN_LABEL") or 3)
            except (TypeError, ValueError):
                continue
            feature = {"type": "Feature", "tippecanoe": {"minzoom": max(1, min(6, int(min_label) - 1))},
                       "properties": {"name": row["NAME"], "population": float(row.get("POP_EST") or 0)},
                       "geometry": {"type": "Point", "coordinates": [x, y]}}
            out.write(json.dumps(feature, ensure_ascii=False, separators=(",", ":")) + "\n")
            written += 1
    if written == 0:
        raise SystemExit(f"{shp}: no country label points read")
    print(f"{out_path}: {written} countries", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
