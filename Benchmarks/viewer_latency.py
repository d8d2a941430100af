#!/usr/bin/env python3
"""Input-to-frame latency of Meridian's viewer in headless Chromium, for three gestures of 120
moves 16 ms apart each (60 Hz, as a display delivers them): a mouse drag, a two-finger pinch (touch) and two fingers turning while
they move up and down (rotate + tilt); the page measures, for each frame, the time from sending
the newest input it shows to drawing that frame. Prints, per gesture, count, frames per second
during it, p50, p95 and max (ms), and metric= lines for summarize.py.
Usage: viewer_latency.py URL"""
import itertools, json, math, statistics, subprocess, sys, tempfile, time, urllib.request
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
    def post(method, **params):
        """Sends a command without waiting for its reply (input at a steady rate; the replies are
        skipped by the next cdp call), so the driver's round trips do not pace the gesture."""
        ws.send(json.dumps({"id": next(ids), "method": method, "params": params}))
    def js(e):
        return cdp("Runtime.evaluate", expression=e, returnByValue=True)["result"].get("value")
    cdp("Emulation.setDeviceMetricsOverride", width=1100, height=700, deviceScaleFactor=1, mobile=False)
    cdp("Page.navigate", url=URL)
    while not js("window.meridian && window.meridian.frames > 0"):
        time.sleep(0.1)
    def measure(name, gesture):
        """Runs a gesture; the frames it brought, their input-to-frame latencies, frames per second."""
        time.sleep(0.5)
        js("window.meridian.latencies.length = 0")
        frames0, t0 = js("window.meridian.frames"), time.time()
        gesture()
        busy, frames1 = time.time() - t0, js("window.meridian.frames")
        time.sleep(1)   # (the latencies of frames still on their way)
        results[name] = (sorted(js("window.meridian.latencies")), (frames1 - frames0) / busy)

    def drag():
        cdp("Input.dispatchMouseEvent", type="mousePressed", x=400, y=350, button="left", buttons=1, clickCount=1)
        for k in range(120):
            x = 400 + 150 * ((k % 40) / 40 - 0.5)
            post("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=350 + (k % 7), button="left", buttons=1)
            time.sleep(0.016)
        cdp("Input.dispatchMouseEvent", type="mouseReleased", x=400, y=350, button="left", buttons=0, clickCount=1)

    def touches(points):
        return [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]

    def two_fingers(path):
        """Two touch points along path(k) -> [(x, y), (x, y)], 120 moves 16 ms apart."""
        cdp("Input.dispatchTouchEvent", type="touchStart", touchPoints=touches(path(0)))
        for k in range(1, 121):
            post("Input.dispatchTouchEvent", type="touchMove", touchPoints=touches(path(k)))
            time.sleep(0.016)
        cdp("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])

    def pinch(k):
        r = 60 + 80 * abs((k % 60) / 30 - 1)   # fingers apart and together again
        return [(400 - r, 350), (400 + r, 350)]

    def rotate_tilt(k):
        a, up = math.radians(1.5 * k), 60 * abs((k % 60) / 30 - 1)   # turning while both move up and down
        return [(400 - 80 * math.cos(a), 350 - up - 80 * math.sin(a)), (400 + 80 * math.cos(a), 350 - up + 80 * math.sin(a))]

    results = {}
    measure("drag", drag)
    measure("pinch", lambda: two_fingers(pinch))
    measure("rotate_tilt", lambda: two_fingers(rotate_tilt))
    ws.close()
finally:
    proc.terminate(); proc.wait(10)
for name, (lat, fps) in results.items():
    if not lat:
        print(f"{name}: no frames measured")
        continue
    p = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))]
    print(f"{name}: frames {len(lat)} ({fps:.0f} per second during the gesture)  input-to-frame p50 {p(0.5):.1f} ms  p95 {p(0.95):.1f} ms  max {lat[-1]:.1f} ms")
    key = "viewer_input_to_frame" if name == "drag" else f"viewer_{name}"
    print(f"metric={key}_p50_ms value={p(0.5):.2f}\nmetric={key}_p95_ms value={p(0.95):.2f}\nmetric=viewer_{name}_fps value={fps:.2f}")
