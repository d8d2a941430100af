#!/usr/bin/env python3
"""Input-to-frame latency of Meridian's viewer in headless Chromium: 120 pointer moves of a
drag, 30 ms apart, after the first frame; the page measures, for each frame, the time from
sending the newest input it shows to drawing that frame. Prints count, p50, p95 and max (ms).
Usage: viewer_latency.py URL"""
import itertools, json, statistics, subprocess, sys, tempfile, time, urllib.request
import websocket

URL = sys.argv[1]
PORT = 9800 + int(time.time() * 1000) % 100
proc = subprocess.Popen(["chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--remote-debugging-port={PORT}",
                         f"--user-data-dir={tempfile.mkdtemp()}", "--window-size=1100,700", "about:blank"],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    for _ in range(200):
        try:
            targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{PORT}/json/list", timeout=1)); break
        except OSError:
            time.sleep(0.1)
    ws = websocket.create_connection(next(t for t in targets if t["type"] == "page")["webSocketDebuggerUrl"], timeout=30, suppress_origin=True)
    ids = itertools.count(1)
    def cdp(method, **params):
        i = next(ids); ws.send(json.dumps({"id": i, "method": method, "params": params}))
        while True:
            m = json.loads(ws.recv())
            if m.get("id") == i:
                return m.get("result", {})
    def js(e):
        return cdp("Runtime.evaluate", expression=e, returnByValue=True)["result"].get("value")
    cdp("Emulation.setDeviceMetricsOverride", width=1100, height=700, deviceScaleFactor=1, mobile=False)
    cdp("Page.navigate", url=URL)
    while not js("window.meridian && window.meridian.frames > 0"):
        time.sleep(0.1)
    js("window.meridian.latencies.length = 0")
    cdp("Input.dispatchMouseEvent", type="mousePressed", x=400, y=350, button="left", buttons=1, clickCount=1)
    for k in range(120):
        x = 400 + 150 * ((k % 40) / 40 - 0.5)
        cdp("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=350 + (k % 7), button="left", buttons=1)
        time.sleep(0.03)
    cdp("Input.dispatchMouseEvent", type="mouseReleased", x=400, y=350, button="left", buttons=0, clickCount=1)
    time.sleep(1)
    lat = sorted(js("window.meridian.latencies"))
    ws.close()
finally:
    proc.terminate(); proc.wait(10)
if lat:
    p = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))]
    print(f"frames {len(lat)}  input-to-frame p50 {p(0.5):.1f} ms  p95 {p(0.95):.1f} ms  max {lat[-1]:.1f} ms")
    print(f"metric=viewer_input_to_frame_p50_ms value={p(0.5):.2f}\nmetric=viewer_input_to_frame_p95_ms value={p(0.95):.2f}")
else:
    print("no frames measured")
