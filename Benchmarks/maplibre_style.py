#!/usr/bin/env python3
"""Meridian's served /style.json made local for the MapLibre Native peer (whose render.py reads
MBTiles itself and refuses any http URL, so no HTTP is timed): starts `meridian serve` on a free
loopback port, fetches /style.json (already in MapLibre's zoom convention), points each vector
source at its MBTiles file relative to the data folder (the openmaptiles source at the Helsinki
region, where the benchmark views are), and writes the result. The peer's make_style.py then
adds its local glyphs and its dot sprite (--already-maplibre: no zoom shift).
Usage: maplibre_style.py MERIDIAN_BIN DATA_FOLDER OUT.json"""
import json, os, socket, subprocess, sys, time, urllib.request

binary, data, out = sys.argv[1:4]
with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
server = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--data", data],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    for _ in range(300):
        try:
            style = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/style.json", timeout=2))
            break
        except OSError:
            time.sleep(0.1)
    else:
        sys.exit("maplibre_style.py: meridian serve did not answer /style.json")
finally:
    server.terminate()
    server.wait()
files = {"openmaptiles": "openmaptiles/helsinki.mbtiles"}
for name, source in style["sources"].items():
    if source.get("type") != "vector":
        continue
    path = files.get(name, f"{name}.mbtiles")
    if not os.path.exists(os.path.join(data, path)):
        sys.exit(f"maplibre_style.py: no {path} in {data} for source {name}")
    style["sources"][name] = {"type": "vector", "url": f"mbtiles://{path}"}
# The relief (a raster-dem source by its TileJSON URL, and its hillshade layer) lies far from the
# benchmark views and is an http URL the peer refuses: left out of both renderers' work alike.
for name in [n for n, s in style["sources"].items() if s.get("type") == "raster-dem"]:
    del style["sources"][name]
    style["layers"] = [l for l in style["layers"] if l.get("source") != name]
# The served sprite is an http URL too: leave it and its icons out, the peer adds its own dots.
style.pop("sprite", None)
for layer in style["layers"]:
    for part in ("layout", "paint"):
        for key in [k for k in layer.get(part, {}) if k.startswith("icon-")]:
            del layer[part][key]
with open(out, "w") as f:
    json.dump(style, f, indent=1)
print(f"maplibre_style.py: {out}: sources " + ", ".join(f"{n} -> {s.get('url')}" for n, s in style["sources"].items()))
