#!/usr/bin/env python3
"""Writes MeridianStyle's property catalogue from the style specification's reference.

Usage: scripts/style-catalogue.py PATH/TO/v8.json

v8.json is `src/reference/v8.json` of github.com/maplibre/maplibre-style-spec. The facts of
every layer property (name, paint or layout, value type, default, range, what its expressions
may read) become Swift values in Sources/MeridianStyle/Catalogue/StyleCatalogue+<kind>.swift,
one file per layer kind. Which properties Meridian draws is Meridian's fact, not the
specification's: it is the DRAWN list below, and the `drawn:` argument of each entry. It also
writes StylePropertyName.swift, every property name as a Swift name. Run it again when the
specification gains properties; the files are written whole.
"""
import json
import os
import subprocess
import sys

DRAWN = {
    "visibility",
    "background-color", "background-opacity", "background-pattern",
    "fill-color", "fill-opacity", "fill-outline-color", "fill-antialias", "fill-pattern",
    "line-color", "line-width", "line-opacity", "line-dasharray", "line-cap", "line-join", "line-miter-limit",
    "line-round-limit", "line-blur", "line-gap-width", "line-offset", "line-translate", "line-translate-anchor",
    "fill-translate", "fill-translate-anchor", "text-offset", "text-justify", "icon-image", "icon-color", "icon-opacity", "text-halo-blur",
    "text-color", "text-halo-color", "text-halo-width", "text-opacity",
    "text-field", "text-size", "text-anchor", "symbol-placement", "text-max-width", "symbol-sort-key", "text-font",
    "text-transform", "text-letter-spacing", "symbol-spacing", "text-max-angle",
    "icon-size", "icon-anchor", "icon-offset", "icon-rotate", "icon-padding", "icon-rotation-alignment",
    "icon-allow-overlap", "icon-ignore-placement", "icon-optional",
    "text-allow-overlap", "text-ignore-placement", "text-optional", "text-padding",
    "text-rotation-alignment", "text-pitch-alignment", "text-translate", "text-translate-anchor",
    "icon-translate", "icon-translate-anchor", "text-line-height", "text-keep-upright",
    "icon-halo-color", "icon-halo-width", "icon-pitch-alignment", "text-rotate", "text-variable-anchor", "text-radial-offset",
    "icon-keep-upright", "symbol-z-order", "icon-text-fit", "icon-text-fit-padding", "icon-overlap", "text-overlap",
    "icon-halo-blur",
    "text-variable-anchor-offset",
    "circle-radius", "circle-color", "circle-opacity", "circle-stroke-width", "circle-stroke-color",
    "circle-stroke-opacity", "circle-blur", "circle-translate", "circle-translate-anchor", "circle-pitch-scale",
    "circle-pitch-alignment", "circle-sort-key",
    "raster-opacity", "raster-resampling", "raster-fade-duration", "raster-hue-rotate", "raster-brightness-min",
    "raster-brightness-max", "raster-saturation", "raster-contrast", "fill-sort-key", "line-sort-key",
    "fill-layer-opacity", "line-layer-opacity", "line-pattern", "line-gradient", "fill-extrusion-pattern",
    "fill-extrusion-rounded-corner-distance", "text-writing-mode",
    # Honoured by design: Meridian never cuts a symbol at a tile's edge (a tile is cut from a larger
    # frame whose neighbours draw the rest), which is what the property asks MapLibre's tile mode for.
    "symbol-avoid-edges",
    "fill-extrusion-color", "fill-extrusion-height", "fill-extrusion-base", "fill-extrusion-opacity",
    "fill-extrusion-translate", "fill-extrusion-translate-anchor", "fill-extrusion-vertical-gradient",
    "heatmap-radius", "heatmap-weight", "heatmap-intensity", "heatmap-color", "heatmap-opacity",
    "hillshade-illumination-direction", "hillshade-illumination-altitude", "hillshade-illumination-anchor",
    "hillshade-exaggeration", "hillshade-shadow-color", "hillshade-highlight-color", "hillshade-accent-color",
    "hillshade-method", "color-relief-color", "color-relief-opacity",
}

# The bounds within which the renderer uses a number it multiplies (points, metres, factors),
# Meridian's fact beside DRAWN: a style or a feature asking for a radius of 1e308 draws a large
# circle, not a hang. A drawn number not listed here is bounded to ±1e6.
DRAWABLE = {
    "circle-radius": (0, 1024), "line-width": (0, 1024), "text-size": (1, 256), "text-halo-width": (0, 64),
    "fill-extrusion-height": (0, 10000), "fill-extrusion-base": (0, 10000),
    "fill-extrusion-rounded-corner-distance": (0, 10000), "raster-opacity": (0, 1),
    "symbol-sort-key": (-1e15, 1e15), "text-letter-spacing": (-64, 64), "text-max-width": (0, 1000),
    "symbol-spacing": (1, 100000), "text-max-angle": (0, 180), "line-gap-width": (0, 1024),
    "line-offset": (-1024, 1024), "line-miter-limit": (1, 1000), "text-padding": (0, 100),
    "text-line-height": (0.5, 5), "line-blur": (0, 64), "circle-stroke-width": (0, 1024), "circle-blur": (0, 64),
    "circle-sort-key": (-1e15, 1e15), "fill-sort-key": (-1e15, 1e15), "line-sort-key": (-1e15, 1e15),
    "heatmap-radius": (1, 300), "heatmap-weight": (0, 1e6), "heatmap-intensity": (0, 1e6),
    "heatmap-opacity": (0, 1), "icon-halo-width": (0, 64), "icon-halo-blur": (0, 64),
    "fill-layer-opacity": (0, 1), "line-layer-opacity": (0, 1), "raster-brightness-min": (0, 1),
    "raster-brightness-max": (0, 1), "raster-saturation": (-1, 1),
    # A contrast of 1 would make MapLibre's factor 1 / (1 − c) infinite.
    "raster-contrast": (-1, 0.999),
}

# Names shared by several layer kinds and drawn in only some: (kind, name).
DRAWN_IN = {("raster", "resampling"), ("hillshade", "resampling"), ("color-relief", "resampling")}

KINDS = ["background", "fill", "line", "symbol", "circle", "raster", "fill-extrusion", "heatmap",
         "hillshade", "color-relief"]

SWIFT_KIND = {"fill-extrusion": "fillExtrusion", "color-relief": "colorRelief"}

INPUTS = {"zoom": ".zoom", "feature": ".feature", "feature-state": ".featureState",
          "line-progress": ".lineProgress", "heatmap-density": ".heatmapDensity",
          "elevation": ".elevation", "global-state": ".globalState"}


def swift_string(s):
    return json.dumps(s)


def value(v):
    if v is None:
        return "nil"
    if isinstance(v, bool):
        return ".bool(%s)" % ("true" if v else "false")
    if isinstance(v, (int, float)):
        return ".number(%r)" % float(v) if not float(v).is_integer() else ".number(%d)" % int(v)
    if isinstance(v, str):
        return ".string(%s)" % swift_string(v)
    if isinstance(v, list):
        return ".array([%s])" % ", ".join(value(x) for x in v)
    raise ValueError(v)


def css_color(s):
    """A default colour (#rrggbb or rgba(r, g, b, a)) as a StyleColor literal, so readers need not
    parse it; the same doubles as StyleColor(css:) gives (channel / 255)."""
    s = s.strip()
    if s.startswith("#") and len(s) == 7:
        channels = [int(s[i:i + 2], 16) / 255 for i in (1, 3, 5)] + [1.0]
    elif s.startswith("rgba(") and s.endswith(")"):
        parts = [float(x) for x in s[5:-1].split(",")]
        channels = [x / 255 for x in parts[:3]] + [parts[3]]
    else:
        raise ValueError("a default colour the script does not read: %s" % s)
    return ".color(StyleColor(r: %s, g: %s, b: %s, a: %s))" % tuple(repr(float(c)) for c in channels)


def value_type(p):
    t = p["type"]
    if t == "enum":
        return ".enumeration([%s])" % ", ".join(swift_string(k) for k in p["values"])
    if t == "array":
        element = p["value"]
        if element == "enum":
            inner = ".enumeration([%s])" % ", ".join(swift_string(k) for k in p["values"])
        else:
            inner = "." + element
        return ".array(%s, length: %s)" % (inner, p.get("length", "nil"))
    return "." + t


def swift_case(name):
    parts = name.split("-")
    return parts[0] + "".join(part.capitalize() for part in parts[1:])


def swift_type(name):
    return "".join(part.capitalize() for part in name.split("-"))


def number(x):
    return "%d" % x if float(x).is_integer() and abs(x) < 1e9 else "%g" % x


def bound(x, fallback):
    return fallback if x is None else repr(float(x))


def entry(name, group, p, kind):
    default = p.get("default")
    written = css_color(default) if p["type"] in ("color", "colorArray") and isinstance(default, str) else value(default)
    args = ["." + swift_case(name), "." + group, value_type(p), "default: " + written]
    if "minimum" in p or "maximum" in p:
        args.append("range: %s...%s" % (bound(p.get("minimum"), "-Double.infinity"), bound(p.get("maximum"), "Double.infinity")))
    expression = p.get("expression", {})
    if expression.get("interpolated"):
        args.append("interpolated: true")
    inputs = [INPUTS[i] for i in expression.get("parameters", [])]
    args.append("inputs: [%s]" % ", ".join(inputs))
    if name in DRAWN or (kind, name) in DRAWN_IN:
        args.append("drawn: true")
    if name in DRAWABLE:
        low, high = DRAWABLE[name]
        args.append("drawable: %s...%s" % (number(low), number(high)))
    return "        StyleProperty(%s)," % ", ".join(args)


def main():
    spec = json.load(open(sys.argv[1]))
    known = {name for kind in KINDS for group in ("layout", "paint") for name in spec["%s_%s" % (group, kind)]}
    stray = sorted((DRAWN | set(DRAWABLE)) - known)
    if stray or not set(DRAWABLE) <= DRAWN:
        sys.exit("not properties of the specification, or bounded but not drawn: %s" % (stray or sorted(set(DRAWABLE) - DRAWN)))
    out = os.path.join(os.path.dirname(__file__), "..", "Sources", "MeridianStyle", "Catalogue")
    os.makedirs(out, exist_ok=True)
    written = []
    for kind in KINDS:
        swift_kind = SWIFT_KIND.get(kind, kind)
        lines = ["// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.", "",
                 "extension StyleProperty {",
                 "    /// The %s layer's properties, in the specification's order." % kind,
                 "    static let %s: [StyleProperty] = [" % swift_kind]
        for group in ("layout", "paint"):
            for name, p in spec["%s_%s" % (group, kind)].items():
                lines.append(entry(name, group, p, kind))
        lines += ["    ]", "}", ""]
        title = "".join(part.capitalize() for part in kind.split("-"))
        path = os.path.join(out, "StyleProperty+%s.swift" % title)
        with open(path, "w") as f:
            f.write("\n".join(lines))
        written.append(path)
    # Every property's name as a Swift name, so code names properties without strings.
    names = sorted({name for kind in KINDS for group in ("layout", "paint")
                    for name in spec["%s_%s" % (group, kind)]})
    lines = ["// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.", "",
             "/// Every paint and layout property name of the specification, as Swift names: code that",
             "/// reads a style's properties names them through these, not by strings (a misspelt name",
             "/// does not compile).",
             "public enum StylePropertyName: String, Hashable, Sendable, CaseIterable {"]
    for name in names:
        lines.append("    case %s = %s" % (swift_case(name), swift_string(name)))
    lines += ["",
              "    /// The name's place among all names, 0..<count: readers index dense tables by it",
              "    /// (``Style/Layer``'s expressions, the catalogue's defaults) instead of hashing.",
              "    @inlinable public var ordinal: Int {",
              "        switch self {"]
    for i, name in enumerate(names):
        lines.append("        case .%s: %d" % (swift_case(name), i))
    lines += ["        }", "    }", "",
              "    /// How many names there are.", "    public static let count = %d" % len(names), "}", ""]
    path = os.path.join(out, "StylePropertyName.swift")
    with open(path, "w") as f:
        f.write("\n".join(lines))
    written.append(path)
    # One Swift enum per enumeration property, read as that enum (StyleKeyword).
    enums = {}
    for kind in KINDS:
        for group in ("layout", "paint"):
            for name, p in spec["%s_%s" % (group, kind)].items():
                if p["type"] == "enum":
                    enums[name] = (list(p["values"]), p.get("default"))
    lines = ["// Written by scripts/style-catalogue.py from the style specification (v8.json); see there.", "",
             "extension StyleProperty {"]
    for name in sorted(enums):
        values, default = enums[name]
        protocol = "DefaultedStyleKeyword" if default is not None else "StyleKeyword"
        lines += ["    /// The values of `%s`." % name,
                  "    public enum %s: String, %s {" % (swift_type(name), protocol)]
        for v in values:
            case = swift_case(v)
            lines.append("        case %s" % case if case == v else "        case %s = %s" % (case, swift_string(v)))
        lines.append("        public static let property = StylePropertyName.%s" % swift_case(name))
        if default is not None:
            lines.append("        public static let specificationDefault = %s.%s" % (swift_type(name), swift_case(default)))
        lines += ["    }", ""]
    lines[-1:] = ["}", ""]
    path = os.path.join(out, "StyleProperty+Keywords.swift")
    with open(path, "w") as f:
        f.write("\n".join(lines))
    written.append(path)
    root = os.path.join(os.path.dirname(__file__), "..")
    subprocess.run(["swift", "format", "format", "--configuration", os.path.join(root, ".swift-format"),
                    "--in-place"] + written, check=True)


main()
