#!/usr/bin/env python3
"""MapLibre's render tests drawn by Meridian and judged by the suite's own pixel rule.

Usage: render_suite.py SUITE MERIDIAN OUT [FILTER]
  SUITE     maplibre-gl-js's test/integration folder (render/tests, assets), fetched by run.sh
  MERIDIAN  the meridian binary
  OUT       a folder for each test's actual.png and the results (results.json, summary.md)
  FILTER    a substring of the test ids to run (default: all), or @FILE: the ids listed in
            FILE, one a line (a former run's failures, say)

Still-image tests only: a test with operations, terrain, a globe projection or a pixel ratio
Meridian does not draw (1, 2 or 3) is counted as skipped, with why. Each style has its
`local://` URLs pointed at the suite's assets served on loopback (as the suite serves them to
MapLibre), is drawn by `meridian render --style` at the test's size and pixel ratio with the
style's own camera (MapLibre's 0°, 0°, zoom 0 where it names none), and is compared with every expected*.png of the test by pixelmatch at the
test's `threshold` (default 0.1285): it passes when the least fraction of differing pixels is at
most its `allowed` (default 0.00025), as the suite's own runner decides.

The suite's files are read where run.sh fetched them; nothing of them is kept in Meridian.
"""
import functools, http.server, json, os, socketserver, subprocess, sys, threading

import numpy as np
from PIL import Image
from pixelmatch.core import pixelmatch

SUITE, MERIDIAN, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
FILTER = sys.argv[4] if len(sys.argv) > 4 else ""
TESTS = os.path.join(SUITE, "render", "tests")
ASSETS = os.path.join(SUITE, "assets")
DEFAULTS = {"width": 512, "height": 512, "pixelRatio": 1, "allowed": 0.00025, "threshold": 0.1285}


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send_error(self, code, message=None, explain=None):
        """A missing file is 404, but under `sparse204/1-` 204 No Content, as the suite's runner
        answers (an empty tile, which MapLibre draws nothing of rather than its parent)."""
        if code == 404 and "/sparse204/1-" in self.path:
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        super().send_error(code, message, explain)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def serve_assets():
    """The suite's assets on loopback, as its runner serves them; returns the port: 2900 when it is
    free (the runner's, which some of the suite's TileJSON files name outright), else any."""
    handler = functools.partial(Quiet, directory=ASSETS)
    try:
        server = Server(("127.0.0.1", 2900), handler)
    except OSError:
        server = Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_address[1]


def localize(style, port):
    """`local://x` → `http://127.0.0.1:PORT/x` wherever the suite's runner rewrites it."""
    def url(u):
        return u.replace("local://", f"http://127.0.0.1:{port}/", 1) if isinstance(u, str) else u
    for source in style.get("sources", {}).values():
        if "tiles" in source:
            source["tiles"] = [url(t) for t in source["tiles"]]
        if "urls" in source:
            source["urls"] = [url(t) for t in source["urls"]]
        for key in ("url", "data"):
            if isinstance(source.get(key), str):
                source[key] = url(source[key])
    if isinstance(style.get("sprite"), str):
        style["sprite"] = url(style["sprite"])
    elif isinstance(style.get("sprite"), list):
        for s in style["sprite"]:
            s["url"] = url(s.get("url"))
    if "glyphs" in style:
        style["glyphs"] = url(style["glyphs"])


def family(test_id):
    """The test's family as MapLibre's suite groups them: its folder's first word (`text` for
    `text-font/…`), or `fill-extrusion`, `color-relief`."""
    folder = test_id.split("/")[0]
    for two in ("fill-extrusion", "color-relief"):
        if folder.startswith(two):
            return two
    return folder.split("-")[0]


def skip_reason(style, test):
    if test.get("operations"):
        return "operations"
    if "terrain" in style:
        return "terrain"
    projection = style.get("projection", {}).get("type")
    if projection not in (None, "mercator"):
        return "projection " + json.dumps(projection)
    if test["pixelRatio"] not in (1, 2, 3):
        return f"pixel ratio {test['pixelRatio']}"
    if max(test["width"], test["height"]) > 2048:
        return "size over 2048"
    return None


def rgba(path):
    return np.asarray(Image.open(path).convert("RGBA"), dtype=np.uint8)


def difference(actual, expected, threshold):
    """The fraction of pixels pixelmatch counts as different (inf when the sizes differ)."""
    if actual.shape != expected.shape:
        return float("inf")
    if np.array_equal(actual, expected):
        return 0.0
    h, w = actual.shape[:2]
    diff = pixelmatch(actual.tobytes(), expected.tobytes(), w, h, threshold=threshold)
    return diff / (w * h)


def run_one(test_id, port):
    folder = os.path.join(TESTS, test_id)
    style = json.load(open(os.path.join(folder, "style.json")))
    test = dict(DEFAULTS, **style.get("metadata", {}).get("test", {}))
    result = {"id": test_id, "family": family(test_id)}
    reason = skip_reason(style, test)
    if reason:
        return dict(result, status="skipped", reason=reason)
    localize(style, port)
    # MapLibre's map starts at 0°, 0°, zoom 0 when the style names no camera (`render --style`
    # asks for one), as the suite's runner leaves it.
    style.setdefault("center", [0, 0])
    style.setdefault("zoom", 0)
    out = os.path.join(OUT, test_id)
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "style.json"), "w") as f:
        json.dump(style, f)
    actual_path = os.path.join(out, "actual.png")
    ratio = int(test["pixelRatio"])
    command = [
        MERIDIAN, "render", "--style", os.path.join(out, "style.json"), "--size",
        f"{test['width']}x{test['height']}", "--scale", str(ratio), "-o", actual_path,
    ]
    try:
        drawn = subprocess.run(command, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return dict(result, status="failed", reason="timed out after 60 s")
    if drawn.returncode != 0:
        said = [l for l in drawn.stderr.splitlines() if l.startswith("Error:")] or drawn.stderr.splitlines() or [""]
        return dict(result, status="failed", reason="not drawn: " + said[0][:300])
    actual = rgba(actual_path)
    expected = [p for p in sorted(os.listdir(folder)) if p.startswith("expected") and p.endswith(".png")]
    if not expected:
        return dict(result, status="skipped", reason="no expected image")
    least = min(difference(actual, rgba(os.path.join(folder, p)), test["threshold"]) for p in expected)
    status = "passed" if least <= test["allowed"] else "failed"
    return dict(result, status=status, difference=least, allowed=test["allowed"],
                warnings=[l for l in drawn.stderr.splitlines() if "warning" in l.lower()][:5])


def main():
    ids = sorted(os.path.relpath(root, TESTS) for root, _, files in os.walk(TESTS) if "style.json" in files)
    if FILTER.startswith("@"):
        wanted = {line.strip() for line in open(FILTER[1:]) if line.strip()}
        ids = [i for i in ids if i in wanted]
    else:
        ids = [i for i in ids if FILTER in i]
    port = serve_assets()
    os.makedirs(OUT, exist_ok=True)
    results = []
    for n, test_id in enumerate(ids, 1):
        try:
            results.append(run_one(test_id, port))
        except Exception as error:  # a broken fixture or an image that does not decode
            results.append({"id": test_id, "family": family(test_id), "status": "failed",
                            "reason": f"{type(error).__name__}: {error}"[:300]})
        if n % 100 == 0:
            print(f"{n}/{len(ids)}", file=sys.stderr, flush=True)
    json.dump(results, open(os.path.join(OUT, "results.json"), "w"), indent=1)
    write_summary(results)


def write_summary(results):
    run = [r for r in results if r["status"] != "skipped"]
    def line(name, rows):
        passed = sum(r["status"] == "passed" for r in rows)
        near = sum(r.get("difference", float("inf")) <= 0.02 for r in rows)
        return f"| {name} | {len(rows)} | {passed} ({100 * passed / max(1, len(rows)):.0f} %) | {near} ({100 * near / max(1, len(rows)):.0f} %) |"
    lines = ["| family | run | pass (suite's rule) | within 2 % of the pixels |", "|---|---|---|---|",
             line("**all**", run)]
    for family in sorted({r["family"] for r in run}):
        lines.append(line(family, [r for r in run if r["family"] == family]))
    skipped = {}
    for r in results:
        if r["status"] == "skipped":
            skipped[r["reason"]] = skipped.get(r["reason"], 0) + 1
    lines.append("")
    lines.append("skipped: " + ", ".join(f"{k} {v}" for k, v in sorted(skipped.items(), key=lambda kv: -kv[1])))
    text = "\n".join(lines) + "\n"
    open(os.path.join(OUT, "summary.md"), "w").write(text)
    print(text)


if __name__ == "__main__":
    main()
