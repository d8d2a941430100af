"""MapLibre Native's first frame of each view: a new renderer (mapli RenderPool, one worker)
for each view, the style registered, then one render timed, wall and CPU: style parsing, tile
reading and decoding, glyphs and drawing, what the issue's "cold frame" row compares Meridian's
against. Uses the MapLibre Native peer's own helpers (../shared/peers/maplibre-native/render.py:
the style made local to the data folder, the views, the frame size), run with the peer's venv
python and EGL_PLATFORM=surfaceless, as the peer's run.sh runs render.py.
Usage: PEER_DIR/.venv/bin/python maplibre_first_frame.py PEER_DIR --style S --data D --views NAME=LAT,LNG,ZOOM[,B,T]…
Prints `peer=maplibre-native metric=VIEW_first_render_ms value=…` and `…_first_render_cpu_ms`."""
import argparse
import json
import sys
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("peer_dir")
    ap.add_argument("--style", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--views", nargs="+", required=True)
    a = ap.parse_args()
    sys.path.insert(0, a.peer_dir)
    import render as peer  # the peer's helpers: localize, parse_views, W, H, cpu_ms
    import mapli

    with open(a.style) as f:
        style = json.dumps(peer.localize(json.load(f), a.data))
    for name, (lat, lng, zoom, bearing, tilt) in peer.parse_views(a.views).items():
        pool = mapli.RenderPool(workers=1)
        c0, t0 = peer.cpu_ms(), time.perf_counter()
        pool.register_style("first", json=style)
        pool.render("first", lon=lng, lat=lat, zoom=zoom - 1, bearing=bearing, pitch=tilt, width=peer.W, height=peer.H)
        t1, c1 = time.perf_counter(), peer.cpu_ms()
        print(f"peer={peer.PEER} metric={name}_first_render_ms value={(t1 - t0) * 1e3:.3f} unit=ms")
        print(f"peer={peer.PEER} metric={name}_first_render_cpu_ms value={c1 - c0:.3f} unit=ms", flush=True)
        del pool
    return 0


if __name__ == "__main__":
    sys.exit(main())
