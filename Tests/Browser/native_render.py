#!/usr/bin/env python3
"""MapLibre Native (the `mapli` package; Mesa's llvmpipe through EGL, EGL_PLATFORM=surfaceless)
rendering a live `meridian serve`'s /style.json, fetching the style, tiles and glyphs over HTTP
as a client does. Writes OUT_PREFIX-NAME.png per view and prints one JSON object per view (its
PNG's size, or the error).

Usage: native_render.py MERIDIAN_BASE OUT_PREFIX VIEWS_JSON   (views as for clients_cdp.py)
"""
import json, sys, urllib.request
import mapli

BASE, PREFIX, VIEWS = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
pool = mapli.RenderPool(workers=1)
pool.register_style("meridian", json=urllib.request.urlopen(BASE + "/style.json", timeout=30).read().decode())
results = []
for v in VIEWS:
    try:
        png = pool.render("meridian", lon=v["center"][0], lat=v["center"][1], zoom=v["zoom"], bearing=v["bearing"], pitch=v["pitch"],
                          width=800, height=600)
        with open(f"{PREFIX}-{v['name']}.png", "wb") as f:
            f.write(png)
        results.append({"name": v["name"], "bytes": len(png), "shot": f"{PREFIX}-{v['name']}.png"})
    except mapli.MapliError as e:
        results.append({"name": v["name"], "error": f"{type(e).__name__}: {e}"})
print(json.dumps(results))
