#!/usr/bin/env python3
"""Published styles side by side with MapLibre Native: the structural similarity (SSIM,
scikit-image's defaults on grey) of Meridian's frame and MapLibre Native's, per style and view.

    python3 style_compare.py STYLES_DIR OUT_DIR [--data DIR] [--meridian BIN]

STYLES_DIR holds MapLibre styles fetched outside the repository (the OpenMapTiles styles: OSM
Bright, Positron, Dark Matter, MapTiler Basic, Toner), never copied into it. Each is made local
twice, the same way for both renderers, and written to OUT_DIR:
  - its vector source(s) read Meridian's default data (`mbtiles://openmaptiles` for Meridian,
    the Helsinki tileset by path for MapLibre Native);
  - its sprite is Meridian's own (the data build's `sprite/meridian`), so both draw the same icons;
  - its fonts are DejaVu Sans and DejaVu Sans Bold (a stack naming "Bold" takes the bold face):
    MapLibre Native reads the peer's DejaVu glyphs, Meridian the same faces by name.
Views (Meridian's zoom; MapLibre's is one less, as the styles' own convention): z12, z14, z16,
and z16 at bearing 30 and tilt 45, over central Helsinki, 1024 × 768.
Writes OUT_DIR/<style>/<view>-meridian.png and -maplibre.png, OUT_DIR/<style>/<view>-pair.png
(the two side by side) and prints a table with the mean; OUT_DIR/ssim.json holds the numbers.
Run it through style-compare.sh, which prepares the venvs.
"""
import argparse
import glob
import json
import os
import subprocess
import sys

VIEWS = {"z12": (60.1699, 24.9384, 12, 0, 0), "z14": (60.1699, 24.9384, 14, 0, 0),
         "z16": (60.1695, 24.9452, 16, 0, 0), "z16-tilt": (60.1695, 24.9452, 16, 30, 45)}
FONTS = {False: ("DejaVu Sans Book", "DejaVuSans"), True: ("DejaVu Sans Bold", "DejaVuSans-Bold")}


def fonts(value, which):
    """`value` with every list of font names replaced by the DejaVu face of its weight."""
    if isinstance(value, list):
        if value and all(isinstance(v, str) and " " in v for v in value):
            return [FONTS["Bold" in value[0]][which]]
        return [fonts(v, which) for v in value]
    if isinstance(value, dict):
        return {k: fonts(v, which) for k, v in value.items()}
    return value


def localize(style, data, glyphs, for_maplibre):
    out = json.loads(json.dumps(style))
    for src in out["sources"].values():
        if src.get("type") == "vector":
            src.pop("tiles", None)
            src["url"] = "mbtiles://openmaptiles/helsinki.mbtiles" if for_maplibre else "mbtiles://openmaptiles"
    sprite = os.path.join(os.path.abspath(data), "sprite", "meridian")
    out["sprite"] = ("file://" + sprite) if for_maplibre else sprite
    out["glyphs"] = "file://" + os.path.abspath(glyphs) + "/{fontstack}/{range}.pbf"
    for layer in out["layers"]:
        if "text-font" in layer.get("layout", {}):
            layer["layout"]["text-font"] = fonts(layer["layout"]["text-font"], 1 if for_maplibre else 0)
    return out


def grey(path):
    from PIL import Image
    import numpy
    return numpy.asarray(Image.open(path).convert("L"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("styles")
    ap.add_argument("out")
    ap.add_argument("--data", default=os.environ.get("MERIDIAN_DATA", ".build/meridian-data"))
    ap.add_argument("--meridian", default=".build/release/meridian")
    ap.add_argument("--glyphs", required=True, help="the MapLibre peer's DejaVu glyph folder")
    ap.add_argument("--peer", required=True, help="the MapLibre peer's run.sh")
    a = ap.parse_args()
    from skimage.metrics import structural_similarity
    from PIL import Image
    results = {}
    for path in sorted(glob.glob(os.path.join(a.styles, "*.json"))):
        name = os.path.splitext(os.path.basename(path))[0]
        style = json.load(open(path, encoding="utf-8"))
        folder = os.path.join(a.out, name)
        os.makedirs(folder, exist_ok=True)
        mine, theirs = (os.path.join(folder, f) for f in ("meridian-style.json", "maplibre-style.json"))
        json.dump(localize(style, a.data, a.glyphs, False), open(mine, "w"))
        json.dump(localize(style, a.data, a.glyphs, True), open(theirs, "w"))
        views = [f"{v}={lat},{lng},{z},{b},{t}" for v, (lat, lng, z, b, t) in VIEWS.items()]
        shots = os.path.join(folder, "maplibre")
        subprocess.run(["bash", a.peer, "--data", a.data, "--style", theirs, "--reps", "1", "--shots", shots,
                        "--views", *views], check=True, stdout=subprocess.DEVNULL)
        results[name] = {}
        for view, (lat, lng, z, b, t) in VIEWS.items():
            ours = os.path.join(folder, f"{view}-meridian.png")
            subprocess.run([a.meridian, "render", "--style", mine, "--data", a.data, "--lat", str(lat), "--lng", str(lng),
                            "--zoom", str(z), "--bearing", str(b), "--tilt", str(t), "--size", "1024x768", "-o", ours],
                           check=True, stderr=subprocess.DEVNULL)
            other = os.path.join(folder, f"{view}-maplibre.png")
            os.replace(os.path.join(shots, f"{view}.png"), other)
            score = structural_similarity(grey(ours), grey(other))
            results[name][view] = round(float(score), 4)
            pair = Image.new("RGB", (2048, 768))
            pair.paste(Image.open(ours).convert("RGB"), (0, 0))
            pair.paste(Image.open(other).convert("RGB"), (1024, 0))
            pair.save(os.path.join(folder, f"{view}-pair.png"))
    scores = [s for r in results.values() for s in r.values()]
    print("| style | " + " | ".join(VIEWS) + " |")
    print("|---|" + "---|" * len(VIEWS))
    for name, r in results.items():
        print(f"| {name} | " + " | ".join(f"{r[v]:.3f}" for v in VIEWS) + " |")
    if scores:
        print(f"\nmean SSIM over {len(scores)} pairs: {sum(scores) / len(scores):.3f}; lowest {min(scores):.3f}")
    json.dump(results, open(os.path.join(a.out, "ssim.json"), "w"), indent=1)


if __name__ == "__main__":
    sys.exit(main())
