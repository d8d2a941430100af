#!/usr/bin/env python3
"""MapLibre GL JS on a live `meridian serve`, panned as a user would, with everything the
browser's console would show recorded: the page and its workers (MapLibre fetches and parses
tiles in web workers) are watched through the DevTools protocol (workers attached in flat mode,
paused until watched), for console messages, log entries (a failed request is a "network" entry)
and every response of status 400 or more or request that failed. The page is of another origin
(CORS), with the library from local files.

Usage: pan_cdp.py MERIDIAN_BASE LIBRARY_DIR FORM STOPS_JSON
  FORM: "tiles" (the served /style.json) or "url" (the same style with each source named by the
        `url` of the TileJSON beside its tiles, /data/{source}/tiles.json (or /512/tiles.json), instead of `tiles` and zooms; a
        raster-dem source is named by its TileJSON url in both forms).
  STOPS_JSON: [[lng, lat, zoom], …] in MapLibre's zooms; the map eases through them in turn,
        waiting for `idle` at each.
Prints one JSON object: the stops reached, the tile requests made and how many were empty, and
the messages, failed responses and failed requests, each a list (empty when all is well).
"""
import functools, http.server, json, os, shutil, sys, tempfile, threading, time
from cdp import Chromium

BASE, LIB, FORM, STOPS = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
site = tempfile.mkdtemp(prefix="meridian-pan-")
for f in ("maplibre-gl.js", "maplibre-gl.css"):
    shutil.copy(os.path.join(LIB, f), site)
STYLE = {
    "tiles": "const style = base + '/style.json';",
    # Each source by its TileJSON: MapLibre reads the tiles, zooms and credit from it.
    "url": """const style = await (await fetch(base + '/style.json')).json();
for (const [name, source] of Object.entries(style.sources)) {
  if (source.type === 'vector') style.sources[name] = {type: source.type, url: source.tiles[0].replace('/{z}/{x}/{y}.pbf', '/tiles.json')};
}""",
}[FORM]
with open(os.path.join(site, "index.html"), "w") as f:
    f.write("""<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><link rel="stylesheet" href="maplibre-gl.css">
<style>html,body{margin:0}#map{width:800px;height:600px}</style></head><body><div id="map"></div>
<script src="maplibre-gl.js"></script><script>
window.mapErrors = [];
(async () => {
const base = %s, stops = %s;
%s
window.map = new maplibregl.Map({container: "map", style, center: [stops[0][0], stops[0][1]], zoom: stops[0][2],
  attributionControl: false, fadeDuration: 0, canvasContextAttributes: {preserveDrawingBuffer: true}});
map.on("error", e => window.mapErrors.push(String(e.error && e.error.message || e.error || e)));
window.idle = false;
map.once("idle", () => { window.idle = true; });
})();
</script></body></html>""" % (json.dumps(BASE), json.dumps(STOPS), STYLE))


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
threading.Thread(target=httpd.serve_forever, daemon=True).start()
ORIGIN = f"http://127.0.0.1:{httpd.server_address[1]}"

browser = Chromium(["--use-angle=swiftshader", "--enable-unsafe-swiftshader"], "800,600", 9600, timeout=60)
cdp, js = browser.cdp, browser.js
messages, failed, broken, tiles, empty, workers = [], [], [], [], [], []
DOMAINS = ("Runtime.enable", "Log.enable", "Network.enable")


def watch(msg):
    """Records what the console would show, from the page and from every worker."""
    method, params, where = msg.get("method"), msg.get("params", {}), "worker" if msg.get("sessionId") else "page"
    if method == "Target.attachedToTarget":
        session = params["sessionId"]
        workers.append(params["targetInfo"].get("type"))
        for domain in DOMAINS:
            browser.send(domain, session=session)
        browser.send("Runtime.runIfWaitingForDebugger", session=session)
    elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "warning", "assert"):
        messages.append([where, params["type"], " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))])
    elif method == "Runtime.exceptionThrown":
        messages.append([where, "exception", params["exceptionDetails"].get("text", "")])
    elif method == "Log.entryAdded" and params["entry"]["level"] in ("error", "warning"):
        messages.append([where, params["entry"]["level"], params["entry"]["text"] + " " + params["entry"].get("url", "")])
    elif method == "Network.responseReceived":
        response = params["response"]
        if response["status"] >= 400:
            failed.append([where, response["status"], response["url"]])
        if response["url"].endswith(".pbf") and "/fonts/" not in response["url"]:
            tiles.append(response["url"])
            if str(response["headers"].get("Content-Length", response["headers"].get("content-length", ""))) == "0":
                empty.append(response["url"])
    elif method == "Network.loadingFailed" and not params.get("canceled"):
        broken.append([where, params.get("errorText", ""), params.get("blockedReason", "")])


browser.on_event = watch
reached = []
try:
    for domain in DOMAINS:
        cdp(domain)
    cdp("Target.setAutoAttach", autoAttach=True, waitForDebuggerOnStart=True, flatten=True)
    cdp("Emulation.setDeviceMetricsOverride", width=800, height=600, deviceScaleFactor=1, mobile=False)
    cdp("Page.navigate", url=f"{ORIGIN}/index.html")

    def settle():
        end = time.time() + 90
        while time.time() < end and not js("window.idle === true"):
            time.sleep(0.25)
        return js("window.idle === true")

    reached.append(settle())
    for lng, lat, zoom in STOPS[1:]:
        js(f"window.idle = false; map.once('idle', () => {{ window.idle = true; }}); map.easeTo({{center: [{lng}, {lat}], zoom: {zoom}, duration: 600}}); true")
        reached.append(settle())
    time.sleep(1)   # late worker messages
    js("true")      # drains the events that came meanwhile
    messages += [["page", "map error", e] for e in js("window.mapErrors") or []]
finally:
    browser.close()
    httpd.shutdown()
    shutil.rmtree(site, ignore_errors=True)
print(json.dumps({"reached": reached, "workers": workers, "tiles": len(tiles), "empty": len(empty), "messages": messages,
                  "failed": failed, "broken": broken}))
