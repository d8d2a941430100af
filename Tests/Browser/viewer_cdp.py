#!/usr/bin/env python3
"""Drives Meridian's viewer in a real headless Chromium over the DevTools protocol (only
websocket-client: Debian's python3-websocket) and prints one JSON object of what it saw:
the camera after each action, the page's event log counts, canvas pixel statistics and the
input-to-frame latencies the page measured. The Swift test (MeridianServerTests) checks them.

Usage: viewer_cdp.py URL SCREENSHOT.png
"""
import base64, json, sys, time
from cdp import Chromium

URL, SHOT = sys.argv[1], sys.argv[2]
browser = Chromium(["--disable-gpu"], "1100,700", 9300)
cdp, js = browser.cdp, browser.js
out = {"steps": []}
try:
    def mouse(type_, x, y, button="left", buttons=1, modifiers=0, clicks=1):
        cdp("Input.dispatchMouseEvent", type=type_, x=x, y=y, button=button, buttons=buttons, clickCount=clicks, modifiers=modifiers)

    def settle(timeout=30):
        """Waits until the session is idle: every input sent has been applied (the state's seq has
        caught up, however slow the server), no animation, and the frame count steady."""
        end, last, steady = time.time() + timeout, -1, 0
        while time.time() < end:
            s = js("JSON.stringify({f: window.meridian.frames, a: window.meridian.lastState ? window.meridian.lastState.animating : true,"
                   " behind: !window.meridian.lastState || window.meridian.lastState.seq < window.meridian.sentSeq})")
            s = json.loads(s)
            steady = steady + 1 if (s["f"] == last and not s["a"] and not s["behind"]) else 0
            if steady >= 4:
                return
            last = s["f"]
            time.sleep(0.15)

    def step(name):
        settle()
        cam = json.loads(js("JSON.stringify(window.meridian.camera)"))
        out["steps"].append({"name": name, "camera": cam})

    def drag(x0, y0, x1, y1, button="left", modifiers=0, n=12):
        buttons = 2 if button == "right" else 1
        mouse("mousePressed", x0, y0, button, buttons, modifiers)
        for k in range(1, n + 1):
            mouse("mouseMoved", x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n, button, buttons, modifiers)
            time.sleep(0.02)
        time.sleep(0.15)  # hold still: no fling
        mouse("mouseReleased", x1, y1, button, 0, modifiers)

    cdp("Page.enable")
    cdp("Emulation.setDeviceMetricsOverride", width=1100, height=700, deviceScaleFactor=1, mobile=False)
    cdp("Page.navigate", url=URL)
    for _ in range(300):
        if js("window.meridian && window.meridian.frames > 0"):
            break
        time.sleep(0.1)
    out["canvas"] = json.loads(js("JSON.stringify((() => { const r = document.getElementById('canvas').getBoundingClientRect(); return {width: r.width, height: r.height}; })())"))
    step("start")
    cx, cy = out["canvas"]["width"] / 2, out["canvas"]["height"] / 2
    drag(cx, cy, cx - 150, cy)
    step("drag left 150")
    cdp("Input.dispatchMouseEvent", type="mouseWheel", x=cx, y=cy, deltaX=0, deltaY=-200)
    step("wheel in 200")
    drag(cx, cy, cx + 90, cy, button="right")
    step("right-drag 90")
    drag(cx, cy, cx, cy - 80, modifiers=2)
    step("ctrl-drag up 80")
    for _ in range(2):
        mouse("mousePressed", cx, cy); mouse("mouseReleased", cx, cy, buttons=0)
        time.sleep(0.05)
    step("double click")
    buttons = js("Array.from(document.querySelectorAll('button[data-example]')).map(b => b.dataset.example)")
    for name in buttons:
        js(f"document.querySelector('button[data-example=\"{name}\"]').click()")
        step("example " + name)
    js("(() => { const s = document.getElementById('maptype'); s.value = 'satellite'; s.dispatchEvent(new Event('change')); })()")
    step("maptype satellite")
    js("document.querySelector('button[data-example=\"home\"]').click()")
    js("(() => { const s = document.getElementById('maptype'); s.value = 'normal'; s.dispatchEvent(new Event('change')); })()")
    step("home")
    out["pixels"] = json.loads(js("""JSON.stringify((() => { const c = document.getElementById('canvas'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const colours = new Set(); let blank = 0; for (let i = 0; i < d.length; i += 4 * 7) { colours.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]); if (d[i + 3] === 0) blank++; }
        return {distinct: colours.size, transparent: blank, samples: d.length / 28}; })())"""))
    out["events"] = json.loads(js("JSON.stringify(window.meridian.events.reduce((m, e) => (m[e.event] = (m[e.event] || 0) + 1, m), {}))"))
    out["latencies"] = js("window.meridian.latencies")
    out["frames"] = js("window.meridian.frames")
    out["frameSize"] = js("window.meridian.frameSize")
    out["panel"] = js("document.getElementById('zoom').textContent")
    shot = cdp("Page.captureScreenshot", format="png")
    open(SHOT, "wb").write(base64.b64decode(shot["data"]))
finally:
    browser.close()
print(json.dumps(out))
