"""Reads `swift package benchmark` text output and prints a markdown table of the median
(p50) wall-clock time per benchmark, the time per point for the projection benchmarks, and
the ratio Meridian / C for each pair run in the same invocation."""
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
