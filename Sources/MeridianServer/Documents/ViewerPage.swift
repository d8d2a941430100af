/// The viewer at `/`: a plain page (no build step, nothing downloaded) whose canvas shows the
/// frames of a server-side map session over the WebSocket `/session`.
///
/// Mouse and touch go to Meridian's gesture recognisers as pointer events: drag pans, the wheel
/// zooms at the pointer, a double click zooms in, right-drag rotates and ctrl- or shift-drag tilts
/// (both sent as the two-finger gestures they stand for), touch pinches, rotates and tilts with
/// real fingers; arrow keys and +/- move too. `window.meridian` exposes the camera, frame count and
/// input-to-frame latencies for tests.
enum ViewerPage {
    static let html = #"""
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Meridian viewer</title>
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <style>
          html, body { margin: 0; height: 100%; font: 13px system-ui, sans-serif; color: #222; }
          body { display: flex; }
          #map { flex: 1; position: relative; background: #dce9f5; }
          canvas { width: 100%; height: 100%; display: block; touch-action: none; cursor: grab; outline: none; }
          #panel { width: 300px; padding: 10px; box-sizing: border-box; overflow: auto; border-left: 1px solid #ccc; background: #fafafa; }
          h1 { font-size: 15px; margin: 0 0 8px; } h2 { font-size: 13px; margin: 12px 0 4px; }
          table { border-collapse: collapse; } td { padding: 1px 6px 1px 0; font-variant-numeric: tabular-nums; }
          button { margin: 2px 2px 2px 0; font: inherit; }
          #log { font: 11px ui-monospace, monospace; height: 220px; overflow: auto; background: #fff; border: 1px solid #ddd; padding: 4px; white-space: pre; }
          #status { color: #666; }
        </style></head>
        <body>
        <div id="map"><canvas id="canvas" tabindex="0"></canvas></div>
        <div id="panel">
          <h1>Meridian</h1><div id="status">connecting…</div>
          <h2>Camera</h2>
          <table><tr><td>target</td><td id="target">–</td></tr><tr><td>zoom</td><td id="zoom">–</td></tr>
          <tr><td>bearing</td><td id="bearing">–</td></tr><tr><td>tilt</td><td id="tilt">–</td></tr>
          <tr><td>zoom range</td><td id="range">–</td></tr><tr><td>input→frame</td><td id="latency">–</td></tr></table>
          <h2>Map type</h2>
          <select id="maptype"><option>normal</option><option>satellite</option><option>hybrid</option><option>terrain</option><option>none</option></select>
          <h2>Camera guide examples</h2>
          <div id="examples"></div>
          <h2>Events</h2><div id="log"></div>
          <p style="color:#666">Drag to pan · wheel or double-click to zoom · right-drag to rotate · ctrl/shift-drag to tilt · arrows and +/−</p>
          <p style="color:#666;font-size:11px">© OpenStreetMap contributors · GSHHG · Natural Earth · GeoNames · NASA</p>
        </div>
        <script>
        "use strict";
        const canvas = document.getElementById("canvas"), ctx = canvas.getContext("2d");
        const state = { camera: null, frames: 0, latencies: [], events: [], connected: false, lastState: null, sentSeq: 0 };
        window.meridian = state;
        const examples = [["home", "Home"], ["zoom-in", "Zoom in"], ["zoom-out", "Zoom out"], ["fit-vancouver-calgary", "Fit Vancouver–Calgary"],
          ["scroll", "Scroll 200, 100"], ["animate-sydney", "Animate to Sydney"], ["bearing", "Bearing +90°"], ["tilt", "Tilt 0/60°"],
          ["restrict-bounds", "Restrict panning"], ["min-max-zoom", "Zoom 10–15"], ["fly-home", "Fly home"], ["fly-sydney", "Fly to Sydney"]];
        const box = document.getElementById("examples");
        for (const [name, label] of examples) {
          const b = document.createElement("button"); b.textContent = label; b.dataset.example = name;
          b.onclick = () => send({ type: "example", name }); box.appendChild(b);
        }
        // A session closed for silence (1001) resumes, where it was, on the next input.
        let ws = null, seq = 0, sentAt = new Map(), pending = null;
        function connect() {
          const c = state.camera, at = c ? "?camera=" + [c.latitude, c.longitude, c.zoom, c.bearing, c.tilt].map((x) => Number(x).toFixed(7)).join(",") : "";
          ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/session" + at);
          ws.binaryType = "blob";
          ws.onopen = () => { state.connected = true; state.paused = false; document.getElementById("status").textContent = "connected"; resize(); };
          ws.onclose = (e) => {
            state.connected = false; state.paused = e.code === 1001;
            document.getElementById("status").textContent = state.paused ? "paused (idle): touch the map to resume" : "disconnected";
          };
          ws.onmessage = (e) => { queue = queue.then(() => receive(e)).catch((err) => console.error(err)); };
        }
        function send(m) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(m)); else if (state.paused && ws.readyState === 3) connect(); }
        // Input of one event (every finger of a touch) goes out as one batch, one frame's worth.
        let outbox = [];
        function input(m) {
          m.seq = ++seq; state.sentSeq = seq; m.t = performance.now(); sentAt.set(seq, m.t);
          if (outbox.push(m) === 1) setTimeout(() => {
            while (outbox.length) { const b = outbox.splice(0, 16); send(b.length === 1 ? b[0] : { type: "batch", messages: b }); }
          }, 0);
        }
        function resize() {
          const r = canvas.getBoundingClientRect(), dpr = Math.min(2, Math.round(window.devicePixelRatio || 1));
          canvas.width = Math.round(r.width) * dpr; canvas.height = Math.round(r.height) * dpr;
          send({ type: "resize", width: Math.round(r.width), height: Math.round(r.height), scale: dpr });
        }
        window.addEventListener("resize", resize);
        // Messages are handled in arrival order: a frame's state waits for its image to decode.
        let queue = Promise.resolve();
        connect();
        async function receive(e) {
          if (typeof e.data !== "string") { pending = await createImageBitmap(e.data); return; }
          const m = JSON.parse(e.data);
          if (m.type !== "state") return;
          state.lastState = m; state.camera = m.camera;
          if (m.frame !== null && pending) {
            ctx.drawImage(pending, 0, 0, canvas.width, canvas.height); state.frameSize = [pending.width, pending.height]; pending = null; state.frames++;
            if (sentAt.has(m.seq)) { state.latencies.push(performance.now() - sentAt.get(m.seq)); for (const k of sentAt.keys()) if (k <= m.seq) sentAt.delete(k); }
            send({ type: "ack" });
          }
          show(m);
        }
        function fmt(x, d) { return Number(x).toFixed(d); }
        function show(m) {
          const c = m.camera;
          document.getElementById("target").textContent = fmt(c.latitude, 5) + ", " + fmt(c.longitude, 5);
          document.getElementById("zoom").textContent = fmt(c.zoom, 2);
          document.getElementById("bearing").textContent = fmt(c.bearing, 1) + "°";
          document.getElementById("tilt").textContent = fmt(c.tilt, 1) + "°";
          document.getElementById("range").textContent = fmt(m.minZoom, 0) + "–" + fmt(m.maxZoom, 0);
          const l = state.latencies; if (l.length) document.getElementById("latency").textContent = fmt(l[l.length - 1], 0) + " ms";
          const log = document.getElementById("log");
          for (const ev of m.events) {
            state.events.push(ev);
            const line = ev.event + (ev.camera ? " " + fmt(ev.camera.latitude, 4) + "," + fmt(ev.camera.longitude, 4) + " z" + fmt(ev.camera.zoom, 2) : "")
              + (ev.gesture !== undefined ? " gesture:" + ev.gesture : "") + (ev.message ? " " + ev.what + ": " + ev.message : "");
            log.textContent += line + "\n";
          }
          if (log.textContent.length > 20000) log.textContent = log.textContent.slice(-10000);
          log.scrollTop = log.scrollHeight;
        }
        document.getElementById("maptype").onchange = (e) => send({ type: "maptype", name: e.target.value });
        // Pointers: real ones pass through; right-drag and ctrl/shift-drag become two virtual fingers.
        let gesture = null;
        function local(e) { const r = canvas.getBoundingClientRect(); return { x: e.clientX - r.left, y: e.clientY - r.top }; }
        function fingers(g, p) {
          if (g.kind === "rotate") {
            const a = (p.x - g.start.x) * Math.PI / 360, dx = 60 * Math.cos(a), dy = 60 * Math.sin(a);
            return [{ x: g.start.x - dx, y: g.start.y - dy }, { x: g.start.x + dx, y: g.start.y + dy }];
          }
          const dy = p.y - g.start.y;
          return [{ x: g.start.x - 60, y: g.start.y + dy }, { x: g.start.x + 60, y: g.start.y + dy }];
        }
        canvas.addEventListener("contextmenu", (e) => e.preventDefault());
        canvas.addEventListener("pointerdown", (e) => {
          canvas.setPointerCapture(e.pointerId); canvas.focus();
          const p = local(e);
          if (e.pointerType === "mouse" && (e.button === 2 || e.ctrlKey || e.shiftKey)) {
            gesture = { kind: e.button === 2 ? "rotate" : "tilt", start: p, id: e.pointerId };
            fingers(gesture, p).forEach((f, i) => input({ type: "down", id: 9001 + i, x: f.x, y: f.y }));
          } else input({ type: "down", id: e.pointerId, x: p.x, y: p.y });
        });
        canvas.addEventListener("pointermove", (e) => {
          const p = local(e);
          if (gesture && e.pointerId === gesture.id) fingers(gesture, p).forEach((f, i) => input({ type: "move", id: 9001 + i, x: f.x, y: f.y }));
          else if (e.buttons || e.pointerType !== "mouse") input({ type: "move", id: e.pointerId, x: p.x, y: p.y });
        });
        function end(e, type) {
          const p = local(e);
          if (gesture && e.pointerId === gesture.id) { fingers(gesture, p).forEach((f, i) => input({ type, id: 9001 + i, x: f.x, y: f.y })); gesture = null; }
          else input({ type, id: e.pointerId, x: p.x, y: p.y });
        }
        canvas.addEventListener("pointerup", (e) => end(e, "up"));
        canvas.addEventListener("pointercancel", (e) => end(e, "cancel"));
        canvas.addEventListener("wheel", (e) => {
          e.preventDefault(); const p = local(e);
          input({ type: "wheel", x: p.x, y: p.y, delta: e.deltaY * (e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1) });
        }, { passive: false });
        const keys = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right", "+": "zoomIn", "=": "zoomIn", "-": "zoomOut" };
        canvas.addEventListener("keydown", (e) => { if (keys[e.key]) { e.preventDefault(); input({ type: "key", key: keys[e.key] }); } });
        </script></body></html>
        """#
}
