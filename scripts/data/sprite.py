#!/usr/bin/env python3
"""Meridian's own sprite, from openstreetmap-carto's symbols (CC0, Debian's
openstreetmap-carto-common), drawn by librsvg (rsvg-convert, Debian's librsvg2-bin).

    python3 sprite.py SYMBOLS_DIR OUT_BASE      # writes OUT_BASE{,@2x}.{json,png}

Each image is named as the OpenMapTiles styles name their icons (`{class}_11` of the `poi`
layer's classes as tilemaker writes them, `airport_11`, `star_11`, `circle-11`, `oneway`,
`road_N` shields for refs of N characters), coloured as openstreetmap-carto colours its
symbols. All the symbols are laid out in one SVG document (each as a nested <svg> at its place),
then rendered once per pixel ratio: the index gives every image's rectangle at that ratio.
A class with no carto symbol has no image: the styles then draw its name without an icon. The
`barrier` class (bollards and gates, nameless and many along streets) has none on purpose. The
patterns the styles name (`wave`, `wood-pattern`, `dash-t`, `dots-t`, `cross-t`, `hatch-t`) are
drawn here as small repeating tiles.
"""
import json
import os
import re
import subprocess
import sys

BROWN, PURPLE, BLUE, RED, GREEN, GREY = "#734a08", "#ac39ac", "#0092da", "#bf0000", "#39ac39", "#666666"

# name: (symbol file under SYMBOLS_DIR, fill colour or None to keep the file's own colours)
ICONS = {
    "town_hall_11": ("amenity/town_hall.svg", BROWN), "golf_11": ("leisure/golf.svg", GREEN),
    "fast_food_11": ("amenity/fast_food.svg", BROWN), "bus_11": ("highway/bus_stop.svg", BLUE),
    "entrance_11": ("amenity/entrance.svg", GREY), "campsite_11": ("tourism/camping.svg", BLUE),
    "laundry_11": ("shop/laundry.svg", PURPLE), "grocery_11": ("shop/supermarket.svg", PURPLE),
    "library_11": ("amenity/library.svg", BROWN), "lodging_11": ("tourism/hotel.svg", BLUE),
    "ice_cream_11": ("amenity/ice_cream.svg", BROWN), "post_11": ("amenity/post_office.svg", BROWN),
    "cafe_11": ("amenity/cafe.svg", BROWN), "alcohol_shop_11": ("shop/alcohol.svg", PURPLE),
    "bar_11": ("amenity/bar.svg", BROWN), "car_11": ("shop/car.svg", PURPLE),
    "hospital_11": ("amenity/hospital.svg", RED), "attraction_11": ("tourism/viewpoint.svg", BROWN),
    "beer_11": ("amenity/pub.svg", BROWN), "music_11": ("shop/music.svg", PURPLE),
    "art_gallery_11": ("amenity/arts_centre.svg", BROWN), "clothing_store_11": ("shop/clothes.svg", PURPLE),
    "castle_11": ("historic/castle.svg", BROWN), "shop_11": ("shop/department_store.svg", PURPLE),
    "amenity_11": ("amenity/restaurant.svg", BROWN), "tourism_11": ("tourism/museum.svg", BROWN),
    "leisure_11": ("leisure/playground.svg", GREEN), "historic_11": ("historic/memorial.svg", BROWN),
    "sport_11": ("leisure/fitness.svg", GREEN),
    "highway_11": ("highway/bus_stop.svg", BLUE), "aerialway_11": ("highway/elevator.svg", BLUE),
    "place_of_worship_11": ("amenity/place_of_worship.svg", GREY), "airport_11": ("amenity/aerodrome.svg", BLUE),
    "star_11": ("place/place-capital-8.svg", None), "star-11": ("place/place-capital-8.svg", None),
    "circle-11": ("place/place-4.svg", None),
}
# Classes carto has no symbol for, drawn here (14 × 14, in the manner of carto's).
OWN = {
    "railway_11": ('<svg xmlns="http://www.w3.org/2000/svg" width="14" height="14" viewBox="0 0 14 14">'
                   '<rect x="3" y="1" width="8" height="9" rx="2"/><rect x="4.5" y="3" width="5" height="3" fill="#fff"/>'
                   '<circle cx="5" cy="8" r="0.9" fill="#fff"/><circle cx="9" cy="8" r="0.9" fill="#fff"/>'
                   '<path d="M4 13 L5.5 10.5 L6.5 10.5 L5.5 13 Z M10 13 L8.5 10.5 L7.5 10.5 L8.5 13 Z"/></svg>', BLUE),
    "school_11": ('<svg xmlns="http://www.w3.org/2000/svg" width="14" height="14" viewBox="0 0 14 14">'
                  '<path d="M7 2 L14 5.5 L7 9 L0 5.5 Z"/><path d="M3 7.5 L3 10.5 C5 12.5 9 12.5 11 10.5 L11 7.5 L7 9.5 Z"/>'
                  '</svg>', BROWN),
}
OWN["college_11"] = OWN["school_11"]
# The one-way arrow points up, as OSM Bright's (which turns it 90° along the line); Dark Matter's
# own points along the line unturned, so there it stands across the road.
OWN["oneway"] = ('<svg xmlns="http://www.w3.org/2000/svg" width="7" height="14" viewBox="0 0 7 14">'
                 '<path d="M3.5 0 L7 5 L4.3 5 L4.3 14 L2.7 14 L2.7 5 L0 5 Z"/></svg>', GREY)
OWN["park_11"] = ('<svg xmlns="http://www.w3.org/2000/svg" width="14" height="14" viewBox="0 0 14 14">'
                  '<circle cx="7" cy="5.5" r="4.5"/><rect x="6" y="8" width="2" height="5.5"/></svg>', GREEN)
# Patterns (`fill-pattern`): tiles that repeat without seams, named as OSM Bright (`wave`), Dark
# Matter (`wood-pattern`) and Toner (`dash-t`, `dots-t`, `cross-t`, `hatch-t`) name theirs.
def tile(w, h, body):
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">{body}</svg>'


OWN.update({
    "wave": (tile(16, 8, '<path d="M0 5 Q4 2 8 5 T16 5" stroke="#7ba7d6" stroke-width="1" fill="none" opacity="0.5"/>'), None),
    "wood-pattern": (tile(16, 16, '<circle cx="4" cy="4" r="1.5" fill="#1e2b1e"/><circle cx="12" cy="12" r="1.5" fill="#1e2b1e"/>'), None),
    "dash-t": (tile(8, 8, '<rect x="1" y="3.5" width="4" height="1"/>'), None),
    "dots-t": (tile(4, 4, '<rect x="1.5" y="1.5" width="1" height="1"/>'), None),
    "cross-t": (tile(8, 8, '<rect x="3.5" y="1.5" width="1" height="5"/><rect x="1.5" y="3.5" width="5" height="1"/>'), None),
    "hatch-t": (tile(6, 6, '<path d="M-1 1 L1 -1 M0 6 L6 0 M5 7 L7 5" stroke="#000" stroke-width="1"/>'), None),
})
ICONS.update({f"road_{n}": (f"shields/primary_{min(n, 11)}x1.svg", None) for n in range(1, 7)})
GAP = 2  # points between images
ROW = 256  # points of a row


def sized(svg, largest=100):
    """The document and its size in points; one over `largest` points is scaled to 14 high."""
    tag = re.search(r"<svg\b[^>]*>", svg, re.S)
    w = tag and re.search(r'\swidth="([\d.]+)(?:px)?"', tag.group(0))
    h = tag and re.search(r'\sheight="([\d.]+)(?:px)?"', tag.group(0))
    if not (w and h):
        raise SystemExit(f"sprite: no width and height in {svg[:80]!r}")
    width, height = float(w.group(1)), float(h.group(1))
    if max(width, height) <= largest:
        return svg, width, height
    new = (round(14 * width / height), 14)
    head = tag.group(0)
    if "viewBox" not in head:
        head = head.replace("<svg", f'<svg viewBox="0 0 {width:g} {height:g}"', 1)
    head = re.sub(r'(\s)width="[^"]*"', rf'\g<1>width="{new[0]}"', head)
    head = re.sub(r'(\s)height="[^"]*"', rf'\g<1>height="{new[1]}"', head)
    return svg.replace(tag.group(0), head, 1), float(new[0]), float(new[1])


def main(symbols, out):
    parts, index, x, y, row = [], {}, GAP, GAP, 0
    for name, (file, colour) in sorted(ICONS.items()) + sorted(OWN.items()):
        svg = file if file.startswith("<svg") else open(os.path.join(symbols, file), encoding="utf-8").read()
        svg = re.sub(r"<\?xml[^>]*\?>", "", svg)
        svg, w, h = sized(svg)
        if x + w + GAP > ROW:
            x, y, row = GAP, y + row + GAP, 0
        # The nested document placed at (x, y); its fill the group's colour.
        attrs = f' x="{x}" y="{y}"' + (f' fill="{colour}"' if colour else "")
        parts.append(re.sub(r"<svg\b", "<svg" + attrs, svg, count=1))
        index[name] = (x, y, w, h)
        x, row = x + w + GAP, max(row, h)
    height = y + row + GAP
    document = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{ROW}" height="{height}" '
                f'viewBox="0 0 {ROW} {height}">' + "".join(parts) + "</svg>")
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    for ratio, suffix in ((1, ""), (2, "@2x")):
        subprocess.run(["rsvg-convert", "-z", str(ratio), "-o", f"{out}{suffix}.png"],
                       input=document.encode(), check=True)
        entries = {name: {"x": int(round(x * ratio)), "y": int(round(y * ratio)), "width": int(round(w * ratio)),
                          "height": int(round(h * ratio)), "pixelRatio": ratio}
                   for name, (x, y, w, h) in index.items()}
        with open(f"{out}{suffix}.json", "w", encoding="utf-8") as f:
            json.dump(entries, f, indent=1, sort_keys=True)
    print(f"sprite: {len(index)} images in {out}{{,@2x}}.{{json,png}}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2])
