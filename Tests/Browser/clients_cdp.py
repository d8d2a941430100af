#!/usr/bin/env python3
"""Runs a map client of the field against a live `meridian serve` in a real headless Chromium,
from a page on another origin (served here by Python's http.server on its own port, with the
client's library from local files): MapLibre GL JS on `/style.json`, or Leaflet on the raster
tiles. Prints one JSON object per view: the console errors and warnings, whether the map
finished loading, how many labels MapLibre placed, and a screenshot (OUT_PREFIX-NAME.png, which
the Swift tests overlay on Meridian's own `/staticmap` of the camera); for a view with
"halos": true, also how many pixels MapLibre's label halos cover (after the screenshot).

Usage: clients_cdp.py maplibre|leaflet MERIDIAN_BASE LIBRARY_DIR OUT_PREFIX VIEWS_JSON
  VIEWS_JSON: [{"name":…, "center":[lng,lat], "zoom":…, "bearing":…, "pitch":…[, "form": "url"][, "style": {…}]
               [, "query": "JS expression"]}, …]
               in the client's zooms (MapLibre's: Meridian's minus one; Leaflet's: Meridian's); a
               "style" object is drawn instead of /style.json, "{base}" in it the server's URL; a
               "query" is evaluated once the map is idle, its value reported as "query".
"""
import base64, functools, http.server, json, os, shutil, sys, tempfile, threading, time, urllib.parse
from cdp import Chromium

CLIENT, BASE, LIB, PREFIX, VIEWS = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], json.loads(sys.argv[5])
LIBRARY = {"maplibre": ("maplibre-gl.js", "maplibre-gl.css"), "leaflet": ("leaflet.js", "leaflet.css")}[CLIENT]
MAP = {
    # MapLibre: the style, validated; the drawing buffer kept, so a screenshot never finds it cleared.
    # A view with "form": "url" names each source by its TileJSON's `url` instead of `tiles`.
    "maplibre": """(async () => {
let style = "%s/style.json";
if (v.style) style = JSON.parse(JSON.stringify(v.style).replaceAll("{base}", "%s"));
if (v.form === "url") {
  style = await (await fetch(style)).json();
  for (const [name, source] of Object.entries(style.sources))
    if (source.type === "vector") style.sources[name] = {type: source.type, url: source.tiles[0].replace("/{z}/{x}/{y}.pbf", "/tiles.json")};
}
window.map = new maplibregl.Map({container: "map", style, center: v.center, zoom: v.zoom,
  bearing: v.bearing, pitch: v.pitch, attributionControl: false, fadeDuration: 0, canvasContextAttributes: {preserveDrawingBuffer: true}, validateStyle: true});
map.on("error", e => window.messages.push(["error", String(e.error && e.error.message || e.error || e)]));
map.once("idle", () => { window.idle = true; });
})();""" % (BASE, BASE),
    # Leaflet: its zooms are Meridian's (256-pixel tiles); no animation, no controls.
    "leaflet": """window.map = L.map("map", {zoomControl: false, attributionControl: false, fadeAnimation: false, zoomAnimation: false})
  .setView([v.center[1], v.center[0]], v.zoom);
const layer = L.tileLayer("%s/tiles/{z}/{x}/{y}.png", {maxZoom: 19, crossOrigin: true}).addTo(map);
layer.on("tileerror", e => window.messages.push(["error", "tile " + e.coords.z + "/" + e.coords.x + "/" + e.coords.y + " failed"]));
layer.on("load", () => { window.idle = true; });""" % BASE,
}[CLIENT]
site = tempfile.mkdtemp(prefix="meridian-clients-")
for f in LIBRARY:
    shutil.copy(os.path.join(LIB, f), site)
with open(os.path.join(site, "index.html"), "w") as f:
    f.write("""<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="%s">
<style>html,body{margin:0}#map{width:800px;height:600px}</style></head><body><div id="map"></div>
<script src="%s"></script><script>""" % (LIBRARY[1], LIBRARY[0]) + """
window.messages = [];
const original = {error: console.error, warn: console.warn};
console.error = (...a) => { window.messages.push(["error", a.map(String).join(" ")]); original.error(...a); };
console.warn = (...a) => { window.messages.push(["warning", a.map(String).join(" ")]); original.warn(...a); };
window.addEventListener("error", e => window.messages.push(["error", String(e.message)]));
const v = JSON.parse(decodeURIComponent(location.hash.slice(1)));
window.idle = false;
""" + MAP + """
</script></body></html>""")
class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


handler = functools.partial(Quiet, directory=site)
httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
threading.Thread(target=httpd.serve_forever, daemon=True).start()
ORIGIN = f"http://127.0.0.1:{httpd.server_address[1]}"

def attached(call, *args, **params):
    """`call` retried for up to 20 s while the page is between renderers."""
    for _ in range(40):
        try:
            return call(*args, **params)
        except RuntimeError as error:
            if "Not attached" not in str(error) and "context" not in str(error):
                raise
            time.sleep(0.5)
    return call(*args, **params)


def halo_pixels():
    """The pixels MapLibre's label halos cover: the canvas read, every symbol layer's
    `text-halo-width` set to 0, the canvas read again once idle; how many pixels changed."""
    js("""window.readCanvas = () => { const c = map.getCanvas(), o = document.createElement('canvas');
      o.width = c.width; o.height = c.height; const g = o.getContext('2d'); g.drawImage(c, 0, 0);
      return g.getImageData(0, 0, c.width, c.height).data; };
    window.withHalos = window.readCanvas(); window.idle = false; map.once('idle', () => { window.idle = true; });
    for (const l of map.getStyle().layers) if (l.type === 'symbol') map.setPaintProperty(l.id, 'text-halo-width', 0);
    map.triggerRepaint(); true""")
    end = time.time() + 60
    while time.time() < end and not attached(js, "window.idle === true"):
        time.sleep(0.25)
    return js("""(() => { const a = window.withHalos, b = window.readCanvas(); let n = 0;
      for (let i = 0; i < a.length; i += 4) if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 48) n++;
      return n; })()""")


browser = Chromium(["--use-angle=swiftshader", "--enable-unsafe-swiftshader"], "800,600", 9800, timeout=60)
cdp, js = browser.cdp, browser.js
results = []
try:
    cdp("Emulation.setDeviceMetricsOverride", width=800, height=600, deviceScaleFactor=1, mobile=False)
    for view in VIEWS:
        cdp("Page.navigate", url=f"{ORIGIN}/index.html#" + urllib.parse.quote(json.dumps(view)))
        time.sleep(0.5)
        # A navigation to another site may swap the page's renderer; on a loaded machine a
        # command sent during the swap finds no page ("Not attached to an active page"): retried.
        attached(cdp, "Page.reload", ignoreCache=True)
        end = time.time() + 90
        while time.time() < end and not attached(js, "window.idle === true"):
            time.sleep(0.25)
        shot = f"{PREFIX}-{view['name']}.png"
        data = cdp("Page.captureScreenshot", format="png", clip={"x": 0, "y": 0, "width": 800, "height": 600, "scale": 1})["data"]
        with open(shot, "wb") as f:
            f.write(base64.b64decode(data))
        labels = js("map.queryRenderedFeatures().filter(f => f.layer.type === 'symbol').length") if CLIENT == "maplibre" else None
        result = {"name": view["name"], "idle": js("window.idle === true"), "messages": js("window.messages"), "labels": labels,
                  "origin": ORIGIN, "shot": shot}
        if CLIENT == "maplibre":
            # City labels (the world source's places and capitals layers) drawn in the view.
            result["places"] = js("map.queryRenderedFeatures().filter(f => f.layer.type === 'symbol' && f.sourceLayer === 'places').length")
        if view.get("query"):
            result["query"] = js(view["query"])
        if CLIENT == "maplibre" and view.get("halos"):
            result["halo_pixels"] = halo_pixels()
        results.append(result)
finally:
    browser.close()
    httpd.shutdown()
    shutil.rmtree(site, ignore_errors=True)
print(json.dumps(results))
