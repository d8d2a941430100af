#!/usr/bin/env python3
"""MapLibre Native (the `mapli` package; Mesa's llvmpipe through EGL, EGL_PLATFORM=surfaceless)
rendering a live `meridian serve`'s /style.json, fetching the style, tiles and glyphs over HTTP
as a client does. Writes OUT_PREFIX-NAME.png per view and prints one JSON object per view (its
PNG's size, or the error).

Usage: native_render.py MERIDIAN_BASE OUT_PREFIX VIEWS_JSON   (views as for clients_cdp.py; a view
with "form": "url" draws the style with each source named by its TileJSON's `url`)
"""
import json, sys, urllib.request
import mapli

BASE, PREFIX, VIEWS = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
pool = mapli.RenderPool(workers=1)
style = json.loads(urllib.request.urlopen(BASE + "/style.json", timeout=30).read())
pool.register_style("tiles", json=json.dumps(style))
# The same style with each source named by its TileJSON's `url` (a view's "form": "url").
for name, source in style["sources"].items():
    if source["type"] == "vector":  # a raster-dem source is named by its TileJSON url already
        # The TileJSON beside the tiles the style names (/data/{name}/tiles.json, or /512/tiles.json).
        style["sources"][name] = {"type": source["type"], "url": source["tiles"][0].replace("/{z}/{x}/{y}.pbf", "/tiles.json")}
pool.register_style("url", json=json.dumps(style))
results = []
for v in VIEWS:
    try:
        png = pool.render(v.get("form", "tiles"), lon=v["center"][0], lat=v["center"][1], zoom=v["zoom"], bearing=v["bearing"], pitch=v["pitch"],
                          width=800, height=600)
        with open(f"{PREFIX}-{v['name']}.png", "wb") as f:
            f.write(png)
        results.append({"name": v["name"], "bytes": len(png), "shot": f"{PREFIX}-{v['name']}.png"})
    except mapli.MapliError as e:
        results.append({"name": v["name"], "error": f"{type(e).__name__}: {e}"})
print(json.dumps(results))
