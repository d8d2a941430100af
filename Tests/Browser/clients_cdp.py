#!/usr/bin/env python3
"""Runs a map client of the field against a live `meridian serve` in a real headless Chromium,
from a page on another origin (served here by Python's http.server on its own port, with the
client's library from local files): MapLibre GL JS on `/style.json`, or Leaflet on the raster
tiles. Prints one JSON object per view: the console errors and warnings, whether the map
finished loading, how many labels MapLibre placed, a screenshot, and the overlay of one colour's
pixels with Meridian's own `/staticmap` of the camera.

Usage: clients_cdp.py maplibre|leaflet MERIDIAN_BASE LIBRARY_DIR OUT_PREFIX VIEWS_JSON
  VIEWS_JSON: [{"name":…, "center":[lng,lat], "zoom":…, "bearing":…, "pitch":…,
               "meridian": "/staticmap?…", "colour": [r,g,b]}, …] in MapLibre's zooms; with
               "meridian", the two images' masks of that colour are overlaid ("compared").
"""
import base64, functools, http.server, itertools, json, os, shutil, subprocess, sys, tempfile, threading, time, urllib.parse, urllib.request
import websocket

CLIENT, BASE, LIB, PREFIX, VIEWS = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], json.loads(sys.argv[5])
LIBRARY = {"maplibre": ("maplibre-gl.js", "maplibre-gl.css"), "leaflet": ("leaflet.js", "leaflet.css")}[CLIENT]
MAP = {
    # MapLibre: the style, validated; preserveDrawingBuffer so the canvas can be read back.
    "maplibre": """window.map = new maplibregl.Map({container: "map", style: "%s/style.json", center: v.center, zoom: v.zoom,
  bearing: v.bearing, pitch: v.pitch, attributionControl: false, fadeDuration: 0, canvasContextAttributes: {preserveDrawingBuffer: true}, validateStyle: true});
map.on("error", e => window.messages.push(["error", String(e.error && e.error.message || e.error || e)]));
map.once("idle", () => { window.idle = true; });""" % BASE,
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
// The pixels of one colour (within tol a channel) in the client's view (an image URL: the
// screenshot) and in Meridian's /staticmap (read across origins through CORS), and the shift of
// at most 6 px that best overlays the two masks: {iou, dx, dy, a, b}.
window.compare = async (shot, url, rgb, tol) => {
  const load = async src => { const i = new Image(); i.crossOrigin = "anonymous"; i.src = src; await i.decode(); return i; };
  const view = await load(shot), image = await load(url);
  const w = 800, h = 600, c = document.createElement("canvas"); c.width = w; c.height = h;
  const g = c.getContext("2d");
  const mask = () => { const d = g.getImageData(0, 0, w, h).data, m = new Uint8Array(w * h);
    for (let i = 0; i < w * h; i++) m[i] = Math.abs(d[4*i]-rgb[0]) <= tol && Math.abs(d[4*i+1]-rgb[1]) <= tol && Math.abs(d[4*i+2]-rgb[2]) <= tol ? 1 : 0; return m; };
  g.drawImage(view, 0, 0, w, h); const a = mask();
  g.clearRect(0, 0, w, h); g.drawImage(image, 0, 0, w, h); const b = mask();
  let best = {iou: -1, dx: 0, dy: 0};
  for (let dy = -6; dy <= 6; dy++) for (let dx = -6; dx <= 6; dx++) {
    let inter = 0, uni = 0;
    for (let y = 8; y < h - 24; y += 2) for (let x = 8; x < w - 8; x += 2) {
      const p = a[y * w + x], q = b[(y + dy) * w + x + dx]; inter += p & q; uni += p | q; }
    const iou = uni ? inter / uni : 0; if (iou > best.iou) best = {iou, dx, dy};
  }
  best.a = a.reduce((s, v) => s + v, 0); best.b = b.reduce((s, v) => s + v, 0);
  return best;
};
</script></body></html>""")
class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


handler = functools.partial(Quiet, directory=site)
httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
threading.Thread(target=httpd.serve_forever, daemon=True).start()
ORIGIN = f"http://127.0.0.1:{httpd.server_address[1]}"

PORT = 9800 + int(time.time() * 1000) % 150
profile = tempfile.mkdtemp(prefix="meridian-chrome-")
proc = subprocess.Popen(["chromium", "--headless", "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
                         "--hide-scrollbars", f"--remote-debugging-port={PORT}", "--remote-debugging-address=127.0.0.1",
                         f"--user-data-dir={profile}", "--window-size=800,600", "about:blank"],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
results = []
try:
    targets = None
    for _ in range(200):
        try:
            targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{PORT}/json/list", timeout=1)); break
        except OSError:
            time.sleep(0.1)
    page = next(t for t in targets if t["type"] == "page")
    ws = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=60, suppress_origin=True)
    ids = itertools.count(1)

    def cdp(method, **params):
        i = next(ids)
        ws.send(json.dumps({"id": i, "method": method, "params": params}))
        while True:
            msg = json.loads(ws.recv())
            if msg.get("id") == i:
                if "error" in msg:
                    raise RuntimeError(msg["error"])
                return msg.get("result", {})

    def js(expr):
        return cdp("Runtime.evaluate", expression=expr, returnByValue=True, awaitPromise=True)["result"].get("value")

    cdp("Emulation.setDeviceMetricsOverride", width=800, height=600, deviceScaleFactor=1, mobile=False)
    for view in VIEWS:
        cdp("Page.navigate", url=f"{ORIGIN}/index.html#" + urllib.parse.quote(json.dumps(view)))
        time.sleep(0.5)
        cdp("Page.reload", ignoreCache=True)
        end = time.time() + 90
        while time.time() < end and not js("window.idle === true"):
            time.sleep(0.25)
        shot = f"{PREFIX}-{view['name']}.png"
        data = cdp("Page.captureScreenshot", format="png", clip={"x": 0, "y": 0, "width": 800, "height": 600, "scale": 1})["data"]
        with open(shot, "wb") as f:
            f.write(base64.b64decode(data))
        labels = js("map.queryRenderedFeatures().filter(f => f.layer.type === 'symbol').length") if CLIENT == "maplibre" else None
        compared = None
        if "meridian" in view:
            compared = js(f"window.compare('data:image/png;base64,{data}', {json.dumps(BASE + view['meridian'])}, {json.dumps(view['colour'])}, 6)")
        results.append({"name": view["name"], "idle": js("window.idle === true"), "messages": js("window.messages"), "labels": labels,
                        "origin": ORIGIN, "shot": shot, "compared": compared})
finally:
    proc.terminate()
    httpd.shutdown()
    shutil.rmtree(profile, ignore_errors=True)
    shutil.rmtree(site, ignore_errors=True)
print(json.dumps(results))
