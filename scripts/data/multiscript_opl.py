#!/usr/bin/env python3
"""Writes a small generated OpenStreetMap extract in OPL (osmium's text format) to standard
output: a made-up town in the empty Sahara (around 23.0 N, 12.0 E, where no real streets are)
whose points of interest and streets are named in Arabic, Hebrew, Devanagari, Thai, Japanese and mixed
Latin/Hebrew (and one name holding an Egyptian hieroglyph, which no font of the chain covers:
drawn as a replacement box and reported), plus a street bent as a quarter circle of 200 m. `osmium cat -F opl` turns it
into an .osm.pbf for `meridian data import` (issue 22's tests and the gallery of main.sh).
The names are real place and street names of each script; the geometry is invented.
Usage: multiscript_opl.py > multiscript.opl"""
import math

LAT, LNG = 23.0, 12.0
M_LAT = 1 / 111_320.0                      # degrees of latitude per metre
M_LNG = 1 / (111_320.0 * math.cos(math.radians(LAT)))

POIS = [  # (name, amenity, east m, north m): drawn as POI names from zoom 17
    ("مكتبة القاهرة", "library", 0, 0),
    ("בית קפה תל אביב", "cafe", -200, 220),
    ("दिल्ली पुस्तकालय", "library", 200, 220),
    ("โรงเรียนกรุงเทพ", "school", -200, -230),
    ("東京図書館", "library", 200, -230),
    ("Café Tel Aviv תל אביב", "cafe", 0, 300),
    ("Hieroglyph Hall \U00013000", "arts_centre", 0, -170),   # a character no shipped font has: a box
]
STREETS = [  # (name, highway, [(east m, north m), ...])
    ("شارع التحرير", "primary", [(-900, 120), (900, 120)]),
    ("רחוב הרצל", "secondary", [(-900, -120), (900, -120)]),
    ("राजपथ", "secondary", [(-350, -700), (-350, 700)]),
    ("ถนนสุขุมวิท", "secondary", [(350, -700), (350, 700)]),
    ("銀座通り", "tertiary", [(-900, -500), (900, -500)]),
    ("Cairo Street شارع القاهرة", "primary", [(-900, 380), (900, 380)]),
]
CURVE_CENTRE, CURVE_RADIUS = (-200, -1300), 200.0   # the quarter circle, south of the town


def escape(text):
    """OPL escaping: characters outside a plain set as %hex%."""
    out = []
    for ch in text:
        if ch.isalnum() or ch in "-_.:/" or ord(ch) > 127:
            out.append(ch)
        else:
            out.append("%" + format(ord(ch), "x") + "%")
    return "".join(out)


def tags(pairs):
    return ",".join(f"{escape(k)}={escape(v)}" for k, v in pairs)


def main():
    lines, node = [], 1

    def add_node(east, north, pairs=()):
        nonlocal node
        lines.append(f"n{node} v1 dV c1 t2024-01-01T00:00:00Z i1 umeridian T{tags(pairs)} "
                     f"x{LNG + east * M_LNG:.7f} y{LAT + north * M_LAT:.7f}")
        node += 1
        return node - 1

    for name, amenity, east, north in POIS:
        add_node(east, north, [("amenity", amenity), ("name", name)])
    ways = []
    for name, highway, points in STREETS:
        # A node every 50 m, so the street holds its line at every zoom.
        ids = []
        for (e0, n0), (e1, n1) in zip(points, points[1:]):
            steps = max(1, int(math.hypot(e1 - e0, n1 - n0) / 50))
            ids += [add_node(e0 + (e1 - e0) * k / steps, n0 + (n1 - n0) * k / steps) for k in range(steps)]
        ids.append(add_node(*points[-1]))
        ways.append((name, highway, ids))
    # The quarter circle: a node every 3 degrees, from west round to south.
    cx, cy = CURVE_CENTRE
    curve = [add_node(cx + CURVE_RADIUS * math.cos(math.radians(a)), cy + CURVE_RADIUS * math.sin(math.radians(a)))
             for a in range(180, 271, 3)]
    ways.append(("Quarter Circle Road", "secondary", curve))
    for index, (name, highway, ids) in enumerate(ways, start=1):
        lines.append(f"w{index} v1 dV c1 t2024-01-01T00:00:00Z i1 umeridian T{tags([('highway', highway), ('name', name)])} "
                     f"N{','.join(f'n{i}' for i in ids)}")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
