#!/usr/bin/env python3
"""Drives Meridian's viewer in headless Chromium through a session closed for silence: waits
for the page to say it is paused (the server closed the session with 1001), then sends one
input and waits for the new session. Prints one JSON object: the camera before the pause, the
camera once reconnected, and the page's status texts. Run against a server with a short
`--session-timeout` (the Swift test uses 2 s).

Usage: viewer_resume_cdp.py URL
"""
import json, sys, time
from cdp import Chromium

URL = sys.argv[1]
browser = Chromium(["--disable-gpu"], "900,600", 9500)
js = browser.js
out = {}


def wait(expr, timeout=20):
    end = time.time() + timeout
    while time.time() < end:
        if js(expr):
            return True
        time.sleep(0.1)
    return False


try:
    browser.cdp("Page.navigate", url=URL)
    out["connected"] = wait("window.meridian && window.meridian.connected && window.meridian.frames > 0")
    # Move off home first, so the resumed camera is not the session's default.
    js("document.getElementById('canvas').dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft'}))")
    wait("window.meridian.lastState && window.meridian.lastState.seq >= window.meridian.sentSeq")
    out["paused"] = wait("window.meridian.paused === true")
    # The camera the page last showed (the key's pan animates: read it once the session is closed).
    out["before"] = json.loads(js("JSON.stringify(window.meridian.camera)"))
    out["pausedStatus"] = js("document.getElementById('status').textContent")
    frames = js("window.meridian.frames")
    js("document.getElementById('canvas').dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowUp'}))")
    # Reconnected: a new session's first frame has been shown.
    out["reconnected"] = wait(f"window.meridian.connected && !window.meridian.paused && window.meridian.frames > {frames}", 20)
    out["after"] = json.loads(js("JSON.stringify(window.meridian.camera)"))
    out["status"] = js("document.getElementById('status').textContent")
finally:
    browser.close()
print(json.dumps(out))
