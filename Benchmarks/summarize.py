"""Reads `swift package benchmark` text output and prints a markdown table of the median
(p50) wall-clock time per benchmark, the time per point for the projection benchmarks, and
the ratio Meridian / C for each pair run in the same invocation. With a second file of the
MapLibre Native peer's `peer=maplibre-native metric=VIEW_render[_cpu]_ms value=…` lines (from
the same invocation), also the frame table of issue 12: Meridian's warm frame (draw + PNG, one
thread, so its CPU time is its wall time) against MapLibre's render (draw + read-back + PNG).
Usage: summarize.py RUN.txt [MAPLIBRE_LINES.txt]"""
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
if len(sys.argv) > 2:
    peer = {}
    for line in open(sys.argv[2], encoding="utf-8"):
        m = re.match(r"peer=maplibre-native metric=(\w+?)_render(_cpu)?_ms value=([\d.]+)", line)
        if m:
            peer[(m.group(1), bool(m.group(2)))] = float(m.group(3))
    print()
    print("| view | Meridian draw | Meridian frame (draw + PNG) | moving frame (draw + JPEG) | MapLibre Native wall | MapLibre CPU | M/L wall | M/L CPU |")
    print("|---|---|---|---|---|---|---|---|")
    for view, name in FRAMES.items():
        frame = p50.get(name + " (warm tile cache)")
        draw = p50.get(name + " (warm, draw only)")
        jpeg = p50.get(name + " (JPEG encode only)")
        wall, cpu = peer.get((view, False)), peer.get((view, True))
        if frame is None or wall is None:
            print(f"| {view} | (missing: {'Meridian' if frame is None else 'MapLibre'}) | | | | | | |")
            continue
        moving = f"{(draw + jpeg) / 1e6:.1f} ms" if draw and jpeg else ""
        print(f"| {view} | {draw / 1e6:.1f} ms | {frame / 1e6:.1f} ms | {moving} | {wall:.1f} ms | {cpu:.1f} ms | "
              f"{frame / 1e6 / wall:.2f} | {frame / 1e6 / cpu:.2f} |")
