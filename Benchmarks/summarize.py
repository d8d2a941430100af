"""Reads `swift package benchmark` text output and prints a markdown table of the median
(p50) wall-clock time per benchmark, the time per point for the projection benchmarks, and
the ratio Meridian / C for each pair run in the same invocation. With a second file of the
MapLibre Native peer's `peer=maplibre-native metric=VIEW_render[_cpu]_ms value=…` lines (from
the same invocation), also the frame table of issue 12: Meridian's warm frame (draw + PNG, one
thread, so its CPU time is its wall time) against MapLibre's render (draw + read-back + PNG).
With a third file, the output of load.sh in the same invocation (its `metric=` lines: uncached
static maps per second and p99, the viewer's input-to-frame p50 and p95), the whole goal table
of issue 20: each figure beside its goal.
Usage: summarize.py RUN.txt [MAPLIBRE_LINES.txt [LOAD.txt]]"""
import re
import sys

text = open(sys.argv[1], encoding="utf-8").read()
blocks = re.split(r"\n(?=[^\n│╒╞├╘]+\n╒)", text)
p50 = {}
for block in blocks:
    lines = block.strip().splitlines()
    if not lines or "Time (wall clock)" not in block:
        continue
    name = lines[0].strip()
    header = next(l for l in lines if "Metric" in l)
    columns = [c.strip() for c in header.split("│")[1:-1]]
    row = next(l for l in lines if "Time (wall clock)" in l)
    cells = [c.strip() for c in row.split("│")[1:-1]]
    unit = re.search(r"\((\w+)\)", cells[0]).group(1)
    scale = {"ns": 1, "us": 1e3, "μs": 1e3, "ms": 1e6, "s": 1e9}[unit]
    p50[name] = float(cells[columns.index("p50")]) * scale

def points(name):
    return 4096 if "4096" in name else 1_000_000 if "1M" in name else None

print("| benchmark | p50 wall clock | per point | Meridian / C |")
print("|---|---|---|---|")
for name in sorted(p50):
    ns = p50[name]
    n = points(name)
    per = f"{ns / n:.2f} ns" if n else ""
    ratio = ""
    if name.endswith(": Meridian"):
        peer = name.replace(": Meridian", ": C -O3")
        if peer in p50:
            ratio = f"{ns / p50[peer]:.3f}"
    shown = f"{ns / 1e6:.3f} ms" if ns >= 1e6 else f"{ns / 1e3:.2f} µs"
    print(f"| {name} | {shown} | {per} | {ratio} |")

# Meridian's benchmark of each view the MapLibre peer renders (the same camera and data).
FRAMES = {
    "z15": "render helsinki_z15 flat",
    "z17": "render helsinki_z17 flat",
    "tilt": "render helsinki_z17 bearing 30 tilt 60",
    "world": "render world_z2 flat",
}
# The published-style-sized style (bright_sized_style.py) in two of the views.
BRIGHT = {
    "bright_z15": "render bright-sized helsinki_z15 flat",
    "bright_tilt": "render bright-sized helsinki_z17 bearing 30 tilt 60",
}
# The hillshade style (run.sh writes out/hillshade.json) on the Jacksboro model (issue 34).
HILLSHADE = {
    "hs_z11": "render hillshade jacksboro_z11 flat",
    "hs_tilt": "render hillshade jacksboro_z12 bearing 30 tilt 50",
}
if len(sys.argv) > 2:
    peer = {}
    for line in open(sys.argv[2], encoding="utf-8"):
        m = re.match(r"peer=maplibre-native metric=(\w+?)_render(_cpu)?_ms value=([\d.]+)", line)
        if m:
            peer[(m.group(1), bool(m.group(2)))] = float(m.group(3))
    print()
    rows = {}
    print("| view | Meridian draw | Meridian frame (draw + PNG) | moving frame (draw + JPEG) | MapLibre Native wall | MapLibre CPU | M/L wall | M/L CPU |")
    print("|---|---|---|---|---|---|---|---|")
    for view, name in list(FRAMES.items()) + list(BRIGHT.items()) + list(HILLSHADE.items()):
        frame = p50.get(name + " (warm tile cache)")
        draw = p50.get(name + " (warm, draw only)")
        jpeg = p50.get(name + " (JPEG encode only)")
        wall, cpu = peer.get((view, False)), peer.get((view, True))
        if frame is None or wall is None:
            print(f"| {view} | (missing: {'Meridian' if frame is None else 'MapLibre'}) | | | | | | |")
            continue
        moving = f"{(draw + jpeg) / 1e6:.1f} ms" if draw and jpeg else ""
        rows[view] = (draw / 1e6 if draw else None, jpeg / 1e6 if jpeg else None, frame / 1e6 / cpu)
        print(f"| {view} | {draw / 1e6:.1f} ms | {frame / 1e6:.1f} ms | {moving} | {wall:.1f} ms | {cpu:.1f} ms | "
              f"{frame / 1e6 / wall:.2f} | {frame / 1e6 / cpu:.2f} |")

    # /staticmap: the server's CPU per request (staticmap_cpu.py) against MapLibre's per frame.
    staticmap = {}
    for line in open(sys.argv[2], encoding="utf-8"):
        m = re.match(r"metric=staticmap_(\w+)_cpu_ms value=([\d.]+)", line.strip())
        if m:
            staticmap[m.group(1)] = float(m.group(2))
    if staticmap:
        print()
        print("| view | /staticmap CPU per request (new camera each) | MapLibre CPU per frame | M/L CPU |")
        print("|---|---|---|---|")
        for view in FRAMES:
            cpu, peer_cpu = staticmap.get(view), peer.get((view, True))
            ratio = f"{cpu / peer_cpu:.2f}" if cpu and peer_cpu else "?"
            shown = lambda v: "?" if v is None else f"{v:.1f} ms"
            print(f"| {view} | {shown(cpu)} | {shown(peer_cpu)} | {ratio} |")
    bright = [rows.get(v, (None, None, None))[2] for v in BRIGHT]
    statics = [staticmap[v] / peer[(v, True)] if v in staticmap and (v, True) in peer else None for v in FRAMES]
    known32 = lambda vs: all(v is not None for v in vs)
    text = lambda vs: " / ".join("?" if v is None else f"{v:.2f}" for v in vs)
    print()
    print("| figure (issue 32) | this run | goal | met |")
    print("|---|---|---|---|")
    print(f"| published-style-sized warm frame, CPU against MapLibre Native: z15 / tilted z17 | {text(bright)} | ≤ 0.25 each | "
          f"{'yes' if known32(bright) and max(bright) <= 0.25 else 'no'} |")
    print(f"| /staticmap CPU per request against MapLibre Native's frame: z15 / z17 / tilt / world | {text(statics)} | ≤ 0.25 each | "
          f"{'yes' if known32(statics) and max(statics) <= 0.25 else 'no'} |")
    shades = [rows.get(v, (None, None, None))[2] for v in HILLSHADE]
    frames = [p50.get(name + " (warm tile cache)") for name in HILLSHADE.values()]
    frames = [None if f is None else f / 1e6 for f in frames]
    print()
    print("| figure (issue 34) | this run | goal | met |")
    print("|---|---|---|---|")
    print(f"| hillshade warm frame (draw + PNG): z11 / tilted z12 | {' / '.join('?' if f is None else f'{f:.1f} ms' for f in frames)} | ≤ 16 ms each | "
          f"{'yes' if known32(frames) and max(frames) <= 16 else 'no'} |")
    print(f"| hillshade warm frame, CPU against MapLibre Native: z11 / tilted z12 | {text(shades)} | ≤ 0.25 each | "
          f"{'yes' if known32(shades) and max(shades) <= 0.25 else 'no'} |")

if len(sys.argv) > 3:
    load = {}
    for line in open(sys.argv[3], encoding="utf-8"):
        m = re.match(r"metric=(\w+) value=([\d.]+)", line.strip())
        if m:
            load[m.group(1)] = float(m.group(2))
    def fmt(values, digits=1):
        return " / ".join("?" if v is None else f"{v:.{digits}f}" for v in values)
    def met(ok):
        return "yes" if ok else "no"
    draws = [rows.get(v, (None, None, None))[0] for v in FRAMES]
    jpegs = [rows.get(v, (None, None, None))[1] for v in FRAMES]
    cpus = [rows.get(v, (None, None, None))[2] for v in FRAMES]
    rps, p99 = load.get("uncached_staticmap_req_per_s"), load.get("uncached_staticmap_p99_ms")
    v50, v95 = load.get("viewer_input_to_frame_p50_ms"), load.get("viewer_input_to_frame_p95_ms")
    known = lambda vs: all(v is not None for v in vs)
    pngs = [p50.get(FRAMES[v] + " (PNG encode only)") for v in FRAMES]
    pngs = [None if v is None else v / 1e6 for v in pngs]
    colds = [p50.get(FRAMES[v]) for v in FRAMES]
    colds = [None if v is None else v / 1e6 for v in colds]
    firsts = [peer.get((v + "_first", False)) for v in FRAMES]   # maplibre_first_frame.py
    gestures = {g: (load.get(f"{k}_p50_ms"), load.get(f"{k}_p95_ms"), load.get(f"viewer_{g}_fps"))
                for g, k in [("drag", "viewer_input_to_frame"), ("pinch", "viewer_pinch"), ("rotate_tilt", "viewer_rotate_tilt")]}
    prepared = load.get("prepared_layers_bytes")
    print()
    print("| figure (issue 20) | this run | goal | met |")
    print("|---|---|---|---|")
    print(f"| warm frame 1024×768 draw, z15 / z17 / tilted z17 / world z2 | {fmt(draws)} ms | ≤ 16 ms each | {met(known(draws) and max(draws) <= 16)} |")
    print(f"| CPU per frame (draw + PNG) against MapLibre Native, same run | {fmt(cpus, 2)} | ≤ 0.25 each | {met(known(cpus) and max(cpus) <= 0.25)} |")
    print(f"| cold frame (read, decode, prepare, draw, PNG; no cache) | {fmt(colds)} ms; MapLibre Native's first frame {fmt(firsts)} ms | ≤ 80 ms | {met(known(colds) and max(colds) <= 80)} |")
    print(f"| PNG encoding at rest, 1024×768 | {fmt(pngs)} ms | ≤ 5 ms | {met(known(pngs) and max(pngs) <= 5)} |")
    print(f"| JPEG while the camera moves | {fmt(jpegs, 2)} ms | ≤ 3 ms | {met(known(jpegs) and max(jpegs) <= 3)} |")
    print(f"| uncached 600×400 static maps, 2 cores: req/s, p99 | {fmt([rps])} req/s, {fmt([p99], 0)} ms | ≥ 150 req/s, ≤ 100 ms | {met(known([rps, p99]) and rps >= 150 and p99 <= 100)} |")
    for g, (q50, q95, fps) in gestures.items():
        ok = known([q50, q95, fps]) and q50 <= 20 and q95 <= 33 and fps >= 50
        print(f"| viewer input → frame, {g.replace('_', ' + ')}: p50 / p95, frames/s | {fmt([q50, q95])} ms, {fmt([fps], 0)}/s | ≤ 20 / ≤ 33 ms, ≥ 50/s | {met(ok)} |")
    shown = "?" if prepared is None else f"{prepared / 2**20:.1f} MiB"
    print(f"| prepared-layer cache after the load test (/metrics) | {shown} | bounded: 32 MiB per drawing worker, reported | {met(prepared is not None)} |")
