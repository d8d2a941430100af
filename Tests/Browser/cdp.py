"""Headless Chromium (Debian's) driven over the DevTools protocol with only websocket-client
(Debian's python3-websocket): the plumbing the drivers in this folder share."""
import itertools, json, shutil, subprocess, tempfile, time, urllib.request
import websocket


class Chromium:
    """A headless Chromium with one page, started with `flags` and `window` ("W,H"); `cdp` sends
    a DevTools command and returns its result, `js` evaluates an expression (awaiting promises)."""

    def __init__(self, flags, window, port_base, timeout=30):
        self.port = port_base + int(time.time() * 1000) % 150
        self.profile = tempfile.mkdtemp(prefix="meridian-chrome-")
        self.proc = subprocess.Popen(["chromium", "--headless", "--no-sandbox", *flags, "--hide-scrollbars",
                                      f"--remote-debugging-port={self.port}", "--remote-debugging-address=127.0.0.1",
                                      f"--user-data-dir={self.profile}", f"--window-size={window}", "about:blank"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.ws = None
        targets = []
        for _ in range(200):
            try:
                targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/list", timeout=1)); break
            except OSError:
                time.sleep(0.1)
        page = next(t for t in targets if t["type"] == "page")
        self.ws = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=timeout, suppress_origin=True)
        self.ids = itertools.count(1)
        self.events, self.on_event = [], None

    def send(self, method, session=None, **params):
        """Sends a DevTools command without waiting for its answer (to `session`, a target
        attached in flat mode, when given); returns its id."""
        i = next(self.ids)
        msg = {"id": i, "method": method, "params": params}
        if session:
            msg["sessionId"] = session
        self.ws.send(json.dumps(msg))
        return i

    def cdp(self, method, **params):
        i = self.send(method, **params)
        while True:
            msg = json.loads(self.ws.recv())
            if "id" not in msg:
                # An event: kept in `events`, and given to `on_event` when one is set.
                self.events.append(msg)
                if self.on_event:
                    self.on_event(msg)
            elif msg.get("id") == i:
                if "error" in msg:
                    raise RuntimeError(msg["error"])
                return msg.get("result", {})

    def js(self, expr):
        return self.cdp("Runtime.evaluate", expression=expr, returnByValue=True, awaitPromise=True)["result"].get("value")

    def close(self):
        if self.ws:
            self.ws.close()
        self.proc.terminate()
        self.proc.wait(10)
        shutil.rmtree(self.profile, ignore_errors=True)
