#!/usr/bin/env python3
"""Writes Meridian's own published-style-sized style: a street map of the OpenMapTiles schema
with as many layers, filters and zoom-dependent values as OSM Bright (123 layers: 1 background,
22 fills, 72 lines, 28 symbols; 120 filters; 108 functions), written here from the schema's
classes, not copied from any style. Half its values are legacy functions and half expressions,
half its filters legacy and half expressions, as the published styles mix them. It draws only
what Meridian draws, so the frame MapLibre Native draws of the same document is the same map.
With a SPRITE (Meridian's own, the data build's `sprite/meridian`; a `file://` URL for MapLibre),
its POIs carry their class's icon (`{class}_11`) with the name below, as OSM Bright's do.
Usage: bright_sized_style.py OUT.json [SOURCE_URL [SPRITE]]   (default mbtiles://openmaptiles)"""
import json
import sys


def ramp(pairs, base=1.2, legacy=False):
    """A value by zoom: a legacy function or an interpolate expression, over (zoom, value) pairs."""
    if legacy:
        return {"base": base, "stops": [[z, v] for z, v in pairs]}
    out = ["interpolate", ["exponential", base], ["zoom"]]
    for z, v in pairs:
        out += [z, v]
    return out


def classes(values, legacy):
    """A filter on the `class` property: the legacy `in` form or the expression form."""
    if legacy:
        return ["in", "class"] + values
    return ["match", ["get", "class"], values, True, False]


def fills(layers):
    landcover = [("wood", "#d5e6c0"), ("grass", "#e3eccf"), ("farmland", "#eef0d5"), ("wetland", "#dcebe4"),
                 ("sand", "#f4ecd0"), ("rock", "#e4e0da"), ("ice", "#f3f8fb")]
    for i, (c, colour) in enumerate(landcover):
        layers.append({"id": f"landcover-{c}", "type": "fill", "source": "openmaptiles", "source-layer": "landcover",
                       "filter": classes([c], legacy=i % 2 == 0),
                       "paint": {"fill-color": colour, "fill-opacity": ramp([(8, 0.4), (14, 1)], legacy=i % 2 == 1)}})
    landuse = [("residential", "#ece7e1"), ("commercial", "#f1e4e4"), ("industrial", "#ebe3ee"),
               ("retail", "#f3e2dd"), ("railway", "#e8e4e0"), ("cemetery", "#dbe6d4"), ("hospital", "#f6e6e6"),
               ("school", "#f2ecd9"), ("university", "#efe9d8"), ("stadium", "#dfeedd"), ("pitch", "#d8ecd3"),
               ("playground", "#dff0e6")]
    for i, (c, colour) in enumerate(landuse):
        layers.append({"id": f"landuse-{c}", "type": "fill", "source": "openmaptiles", "source-layer": "landuse",
                       "filter": classes([c], legacy=i % 2 == 1),
                       "paint": {"fill-color": ramp([(10, colour), (16, colour[:5] + "d0")], legacy=i % 2 == 0),
                                 "fill-opacity": 0.9}})
    layers.append({"id": "park", "type": "fill", "source": "openmaptiles", "source-layer": "park",
                   "filter": ["==", "$type", "Polygon"], "paint": {"fill-color": "#d3e8c4", "fill-opacity": ramp([(6, 0.3), (12, 0.8)])}})
    layers.append({"id": "water", "type": "fill", "source": "openmaptiles", "source-layer": "water",
                   "filter": ["==", "$type", "Polygon"], "paint": {"fill-color": "#a9cde6"}})
    layers.append({"id": "building", "type": "fill", "source": "openmaptiles", "source-layer": "building",
                   "minzoom": 13, "filter": ["!=", ["get", "hide_3d"], True], "paint": {"fill-color": ramp([(13, "#e3dbd2"), (16, "#d9cfc4")], legacy=True),
                                            "fill-outline-color": "#cbbfb2"}})


ROADS = [
    # class values, casing colour, fill colour, widths of the fill by zoom
    ("motorway", ["motorway"], "#c4793d", "#f7b97a", [(5, 0.5), (12, 2), (18, 18)]),
    ("trunk", ["trunk"], "#c9934d", "#fbd48d", [(6, 0.4), (12, 1.8), (18, 16)]),
    ("primary", ["primary"], "#c9a45a", "#fde6a3", [(8, 0.4), (12, 1.6), (18, 14)]),
    ("secondary", ["secondary", "tertiary"], "#c9b98c", "#fff7d0", [(9, 0.3), (13, 1.4), (18, 12)]),
    ("minor", ["minor"], "#d0c8bd", "#ffffff", [(12, 0.4), (14, 1.2), (18, 10)]),
    ("service", ["service", "track"], "#d3ccc2", "#ffffff", [(13, 0.3), (15, 1), (18, 6)]),
]


def roads(layers, brunnel, legacy):
    """Casings then fills of every road class of one brunnel (tunnel, road, bridge)."""
    where = {"tunnel": ["==", "brunnel", "tunnel"], "bridge": ["==", "brunnel", "bridge"]}.get(brunnel)
    for part in ("casing", "fill"):
        for i, (name, values, casing, fill, widths) in enumerate(ROADS):
            legacy_here = legacy != (i % 2 == 0)
            if legacy_here:
                flt = ["all", ["==", "$type", "LineString"], ["in", "class"] + values]
                flt += [where] if where else [["!in", "brunnel", "tunnel", "bridge"]]
            else:
                flt = ["all", ["==", ["geometry-type"], "LineString"], ["match", ["get", "class"], values, True, False]]
                flt += [["==", ["get", "brunnel"], brunnel]] if where else [
                    ["!", ["match", ["get", "brunnel"], ["tunnel", "bridge"], True, False]]]
            width = [(z, w * (1.6 if part == "casing" else 1) + (1 if part == "casing" else 0)) for z, w in widths]
            paint = {"line-color": casing if part == "casing" else fill, "line-width": ramp(width, legacy=legacy_here)}
            if brunnel == "tunnel":
                paint["line-opacity"] = 0.6
            if brunnel == "tunnel" and part == "casing":
                paint["line-dasharray"] = [0.6, 0.4]
            layers.append({"id": f"{brunnel}-{name}-{part}", "type": "line", "source": "openmaptiles",
                           "source-layer": "transportation", "filter": flt, "paint": paint})


LINKS = [
    ("motorway-link", ["motorway"], "#c4793d", "#f7b97a", [(10, 0.4), (14, 1.5), (18, 9)]),
    ("trunk-link", ["trunk"], "#c9934d", "#fbd48d", [(10, 0.4), (14, 1.4), (18, 8)]),
    ("primary-link", ["primary"], "#c9a45a", "#fde6a3", [(11, 0.4), (14, 1.3), (18, 7)]),
]


def links(layers, brunnel, legacy):
    """Casings then fills of the ramps (`ramp` 1) of the major classes of one brunnel."""
    for part in ("casing", "fill"):
        for i, (name, values, casing, fill, widths) in enumerate(LINKS):
            legacy_here = legacy != (i % 2 == 1)
            if legacy_here:
                flt = ["all", ["==", "ramp", 1], ["in", "class"] + values]
                flt += [["==", "brunnel", brunnel]] if brunnel != "road" else [["!has", "brunnel"]]
            else:
                flt = ["all", ["==", ["get", "ramp"], 1], ["match", ["get", "class"], values, True, False]]
                flt += [["==", ["get", "brunnel"], brunnel]] if brunnel != "road" else [["!", ["has", "brunnel"]]]
            width = [(z, w * (1.5 if part == "casing" else 1) + (0.8 if part == "casing" else 0)) for z, w in widths]
            layers.append({"id": f"{brunnel}-{name}-{part}", "type": "line", "source": "openmaptiles",
                           "source-layer": "transportation", "filter": flt, "minzoom": 10,
                           "paint": {"line-color": casing if part == "casing" else fill,
                                     "line-width": ramp(width, legacy=legacy_here)}})


def lines(layers):
    for i, (c, width) in enumerate([("river", 2.5), ("canal", 2), ("stream", 1), ("ditch", 0.6), ("drain", 0.6)]):
        layers.append({"id": f"waterway-{c}", "type": "line", "source": "openmaptiles", "source-layer": "waterway",
                       "filter": classes([c], legacy=i % 2 == 0),
                       "paint": {"line-color": "#a9cde6", "line-width": ramp([(8, width / 3), (18, width * 4)], legacy=i % 2 == 1)}})
    layers.append({"id": "water-outline", "type": "line", "source": "openmaptiles", "source-layer": "water",
                   "filter": ["!=", "intermittent", 1], "paint": {"line-color": "#8fbbd9", "line-width": ramp([(10, 0.3), (18, 1.5)])}})
    for i, (c, colour) in enumerate([("runway", "#e0dbe8"), ("taxiway", "#e8e4ef")]):
        layers.append({"id": f"aeroway-{c}", "type": "line", "source": "openmaptiles", "source-layer": "aeroway",
                       "filter": classes([c], legacy=i == 0),
                       "paint": {"line-color": colour, "line-width": ramp([(10, 1), (18, 40 if c == "runway" else 16)], legacy=i == 1)}})
    for brunnel, legacy in (("tunnel", True), ("road", False), ("bridge", True)):
        links(layers, brunnel, not legacy)
        roads(layers, brunnel, legacy)
    for i, (c, colour, dash) in enumerate([("path", "#c7a384", [1.5, 1]), ("rail", "#a8a29c", None),
                                           ("transit", "#b5a9c6", None)]):
        for part in ("line", "hatch") if c == "rail" else ("line",):
            paint = {"line-color": colour, "line-width": ramp([(13, 0.5), (18, 3 if part == "line" else 6)], legacy=i % 2 == 0)}
            if dash or part == "hatch":
                paint["line-dasharray"] = dash or [0.2, 4]
            layers.append({"id": f"{c}-{part}", "type": "line", "source": "openmaptiles", "source-layer": "transportation",
                           "filter": classes([c], legacy=i % 2 == 1), "paint": paint})
    for i, (level, width, dash) in enumerate([(2, 1.6, None), (4, 1.0, [3, 2]), (6, 0.8, [2, 2]), (8, 0.6, [1, 2])]):
        paint = {"line-color": "#9e9cab", "line-width": ramp([(3, width / 2), (14, width * 2)], legacy=i % 2 == 0)}
        if dash:
            paint["line-dasharray"] = dash
        layers.append({"id": f"boundary-{level}", "type": "line", "source": "openmaptiles", "source-layer": "boundary",
                       "filter": ["all", ["==", "admin_level", level], ["!=", "maritime", 1]] if i % 2 == 0 else
                       ["all", ["==", ["get", "admin_level"], level], ["!=", ["get", "maritime"], 1]],
                       "paint": paint})
    layers.append({"id": "pier", "type": "line", "source": "openmaptiles", "source-layer": "transportation",
                   "filter": ["==", "class", "pier"], "paint": {"line-color": "#f2efe9", "line-width": ramp([(14, 1), (18, 8)])}})
    layers.append({"id": "ferry", "type": "line", "source": "openmaptiles", "source-layer": "transportation",
                   "filter": ["==", ["get", "class"], "ferry"],
                   "paint": {"line-color": "#7fa8c9", "line-width": 1, "line-dasharray": [2, 2]}})


def symbols(layers, icons=False):
    name = ["coalesce", ["get", "name:latin"], ["get", "name"]]
    for i, (c, size, colour) in enumerate([("city", (8, 13, 14, 22), "#333344"), ("town", (8, 11, 15, 18), "#3b3b48"),
                                           ("village", (10, 10, 16, 15), "#444450"), ("suburb", (11, 10, 16, 15), "#555560"),
                                           ("quarter", (12, 10, 17, 14), "#5c5c68"), ("neighbourhood", (13, 9, 17, 13), "#666670"),
                                           ("hamlet", (13, 9, 17, 12), "#666670"), ("island", (10, 10, 16, 14), "#52606e"),
                                           ("state", (4, 10, 8, 14), "#6a5f7a")]):
        z0, s0, z1, s1 = size
        layers.append({"id": f"place-{c}", "type": "symbol", "source": "openmaptiles", "source-layer": "place",
                       "filter": classes([c], legacy=i % 2 == 0),
                       "layout": {"text-field": "{name:latin}" if i % 2 == 0 else name, "text-font": ["Noto Sans Regular"],
                                  "text-size": ramp([(z0, s0), (z1, s1)], legacy=i % 2 == 1),
                                  "text-transform": "uppercase" if c in ("suburb", "quarter") else "none",
                                  "text-letter-spacing": 0.1 if c in ("suburb", "quarter") else 0},
                       "paint": {"text-color": colour, "text-halo-color": "#ffffff", "text-halo-width": 1.5}})
    for i, (c, size) in enumerate([("lake", 12), ("sea", 14), ("ocean", 16), ("bay", 12)]):
        layers.append({"id": f"water-name-{c}", "type": "symbol", "source": "openmaptiles", "source-layer": "water_name",
                       "filter": classes([c], legacy=i % 2 == 1),
                       "layout": {"text-field": name, "text-font": ["Noto Sans Italic"],
                                  "text-size": ramp([(8, size - 3), (16, size + 2)], legacy=i % 2 == 0)},
                       "paint": {"text-color": "#4a7aa3", "text-halo-color": "#ffffff", "text-halo-width": 1}})
    for i, (label, values, size) in enumerate([("major", ["motorway", "trunk", "primary"], 12),
                                               ("medium", ["secondary", "tertiary"], 11),
                                               ("minor", ["minor", "service"], 10), ("path", ["path", "track"], 9)]):
        layers.append({"id": f"road-name-{label}", "type": "symbol", "source": "openmaptiles",
                       "source-layer": "transportation_name", "filter": classes(values, legacy=i % 2 == 0),
                       "minzoom": 12 + i * 0.5,
                       "layout": {"text-field": "{name}" if i % 2 == 0 else ["get", "name"], "symbol-placement": "line",
                                  "text-font": ["Noto Sans Regular"], "text-size": ramp([(13, size - 2), (18, size + 3)], legacy=i % 2 == 1),
                                  "symbol-spacing": 300, "text-max-angle": 30},
                       "paint": {"text-color": "#555555", "text-halo-color": "#ffffff", "text-halo-width": 1.5}})
    for i, rank in enumerate(range(1, 9)):
        layers.append({"id": f"poi-rank-{rank}", "type": "symbol", "source": "openmaptiles", "source-layer": "poi",
                       "minzoom": 13 + i * 0.4,
                       "filter": ["all", ["==", "$type", "Point"], ["==", "rank", rank]] if i % 2 == 0 else
                       ["all", ["==", ["geometry-type"], "Point"], ["==", ["get", "rank"], rank]],
                       "layout": {"text-field": name, "text-font": ["Noto Sans Regular"],
                                  "text-size": ramp([(14, 10), (18, 12)], legacy=i % 2 == 1), "text-max-width": 8,
                                  **({"icon-image": "{class}_11", "text-anchor": "top", "text-offset": [0, 0.6]}
                                     if icons else {})},
                       "paint": {"text-color": ["match", ["get", "class"], ["park", "garden"], "#4e7a3a",
                                                ["shop", "grocery"], "#8a5a2f", "#6a5d55"],
                                 "text-halo-color": "#ffffff", "text-halo-width": 1}})
    layers.append({"id": "housenumber", "type": "symbol", "source": "openmaptiles", "source-layer": "housenumber",
                   "minzoom": 17, "filter": ["has", "housenumber"], "layout": {"text-field": "{housenumber}", "text-font": ["Noto Sans Regular"], "text-size": 9},
                   "paint": {"text-color": "#8a8178"}})
    layers.append({"id": "aerodrome", "type": "symbol", "source": "openmaptiles", "source-layer": "aerodrome_label",
                   "filter": ["has", "name"], "layout": {"text-field": name, "text-font": ["Noto Sans Bold"], "text-size": 11},
                   "paint": {"text-color": "#5c5670", "text-halo-color": "#ffffff", "text-halo-width": 1}})
    layers.append({"id": "peak", "type": "symbol", "source": "openmaptiles", "source-layer": "mountain_peak",
                   "filter": ["has", "ele"], "layout": {"text-field": ["concat", ["get", "name"], " ", ["to-string", ["get", "ele"]], " m"],
                              "text-font": ["Noto Sans Regular"], "text-size": 10},
                   "paint": {"text-color": "#6b5a47", "text-halo-color": "#ffffff", "text-halo-width": 1}})


def main():
    out = sys.argv[1]
    url = sys.argv[2] if len(sys.argv) > 2 else "mbtiles://openmaptiles"
    sprite = sys.argv[3] if len(sys.argv) > 3 else None
    layers = [{"id": "background", "type": "background", "paint": {"background-color": "#f6f3ee"}}]
    fills(layers)
    lines(layers)
    symbols(layers, icons=sprite is not None)
    style = {"version": 8, "name": "Meridian bright-sized (benchmark)",
             "sources": {"openmaptiles": {"type": "vector", "url": url}}, "layers": layers}
    if sprite:
        style["sprite"] = sprite
    with open(out, "w") as f:
        json.dump(style, f, indent=1)
    kinds = {}
    for layer in layers:
        kinds[layer["type"]] = kinds.get(layer["type"], 0) + 1
    zoomed = sum(1 for l in layers for part in ("paint", "layout") for v in l.get(part, {}).values()
                 if isinstance(v, dict) or (isinstance(v, list) and v and v[0] == "interpolate"))
    print(f"bright_sized_style.py: {out}: {len(layers)} layers {kinds}, "
          f"{sum(1 for l in layers if 'filter' in l)} filters, {zoomed} values by zoom")


if __name__ == "__main__":
    main()
