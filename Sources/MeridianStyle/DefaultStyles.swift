/// The styles Meridian ships, as style documents: `streets` (the default look, drawing the
/// default dataset's world and Helsinki sources) and `none` (background only); the raster
/// types are in DefaultStyles+Raster.swift.
public enum DefaultStyles {
    public static let streets = #"""
    {
      "version": 8,
      "name": "Meridian Streets",
      "sources": {
        "world": { "type": "vector", "url": "mbtiles://world.mbtiles" },
        "helsinki": { "type": "vector", "url": "mbtiles://helsinki.mbtiles" },
        "coast": { "type": "vector", "url": "mbtiles://coast.mbtiles" }
      },
      "layers": [
        { "id": "ocean", "type": "background", "paint": { "background-color": "#A8CDE8" } },
        { "id": "land", "type": "fill", "source": "world", "source-layer": "land",
          "filter": ["match", ["get", "level"], [1, 3, 5], true, false], "paint": { "fill-color": "#F2EFE9" } },
        { "id": "lakes", "type": "fill", "source": "world", "source-layer": "land",
          "filter": ["==", ["get", "level"], 2], "paint": { "fill-color": "#A8CDE8" } },
        { "id": "coast-water", "type": "fill", "source": "coast", "source-layer": "land", "minzoom": 8,
          "filter": ["==", ["get", "level"], 0], "paint": { "fill-color": "#A8CDE8" } },
        { "id": "coast-land", "type": "fill", "source": "coast", "source-layer": "land", "minzoom": 8,
          "filter": ["match", ["get", "level"], [1, 3, 5], true, false], "paint": { "fill-color": "#F2EFE9" } },
        { "id": "coast-lakes", "type": "fill", "source": "coast", "source-layer": "land", "minzoom": 8,
          "filter": ["==", ["get", "level"], 2], "paint": { "fill-color": "#A8CDE8" } },
        { "id": "rivers", "type": "line", "source": "world", "source-layer": "rivers", "minzoom": 4,
          "paint": { "line-color": "#A8CDE8", "line-width": 0.8 } },
        { "id": "borders", "type": "line", "source": "world", "source-layer": "borders",
          "paint": { "line-color": "#9C8AA8", "line-width": 0.9, "line-dasharray": [3, 2] } },
        { "id": "landuse-green", "type": "fill", "source": "helsinki", "source-layer": "landuse",
          "filter": ["any", ["in", ["get", "leisure"], ["literal", ["park", "garden", "playground", "pitch"]]],
                            ["in", ["get", "landuse"], ["literal", ["grass", "forest", "meadow", "cemetery", "village_green"]]],
                            ["in", ["get", "natural"], ["literal", ["wood", "scrub", "grassland", "heath"]]]],
          "paint": { "fill-color": "#C8E6B0" } },
        { "id": "water", "type": "fill", "source": "helsinki", "source-layer": "water", "paint": { "fill-color": "#A8CDE8" } },
        { "id": "road-casing", "type": "line", "source": "helsinki", "source-layer": "roads",
          "filter": ["!", ["in", ["get", "highway"], ["literal", ["footway", "path", "cycleway", "steps", "track"]]]],
          "paint": { "line-color": "#C9C1B8",
                     "line-width": ["interpolate", ["exponential", 2], ["zoom"], 12, 1.5, 16, ["match", ["get", "highway"], ["primary", "trunk"], 12.5, "secondary", 10.5, 8]] } },
        { "id": "roads", "type": "line", "source": "helsinki", "source-layer": "roads",
          "paint": { "line-color": ["match", ["get", "highway"], ["primary", "secondary", "trunk"], "#FCE7B5",
                                    ["footway", "path", "cycleway", "steps", "track"], "#B7AFA6", "#FFFFFF"],
                     "line-width": ["interpolate", ["exponential", 2], ["zoom"], 12, 0.5,
                                    16, ["match", ["get", "highway"], ["primary", "trunk"], 11, "secondary", 9, ["footway", "path", "cycleway", "steps"], 1.4, 6.5]] } },
        { "id": "rail", "type": "line", "source": "helsinki", "source-layer": "rail",
          "paint": { "line-color": "#A3A3A3", "line-width": ["case", ["==", ["get", "railway"], "tram"], 0.9, 1.4] } },
        { "id": "buildings", "type": "fill-extrusion", "source": "helsinki", "source-layer": "buildings", "minzoom": 14,
          "paint": { "fill-extrusion-color": "#D6CCC3",
                     "fill-extrusion-height": ["coalesce", ["to-number", ["get", "height"]],
                                               ["*", ["to-number", ["get", "building:levels"]], 3], 10] } },
        { "id": "road-names", "type": "symbol", "source": "helsinki", "source-layer": "roads", "minzoom": 15,
          "filter": ["all", ["has", "name"], ["!", ["in", ["get", "highway"], ["literal", ["footway", "path", "cycleway", "steps", "platform"]]]]],
          "layout": { "symbol-placement": "line", "text-field": ["get", "name"], "text-size": 11 },
          "paint": { "text-color": "#555555", "text-halo-color": "#FFFFFF" } },
        { "id": "building-names", "type": "symbol", "source": "helsinki", "source-layer": "buildings", "minzoom": 17,
          "filter": ["has", "name"],
          "layout": { "text-field": ["get", "name"], "text-size": 10.5, "text-anchor": "center" },
          "paint": { "text-color": "#6F5F52", "text-halo-color": "#FFFFFF" } },
        { "id": "poi-names", "type": "symbol", "source": "helsinki", "source-layer": "pois", "minzoom": 17,
          "filter": ["has", "name"],
          "layout": { "text-field": ["get", "name"], "text-size": 10 },
          "paint": { "text-color": "#7A6A5C", "text-halo-color": "#FFFFFF" } },
        { "id": "country-names", "type": "symbol", "source": "world", "source-layer": "countries", "maxzoom": 7,
          "layout": { "text-field": ["get", "name"], "text-anchor": "center",
                      "text-size": ["step", ["get", "population"], 11, 30000000, 13],
                      "symbol-sort-key": ["-", 0, ["get", "population"]] },
          "paint": { "text-color": "#6B5B7B", "text-halo-color": "rgba(255, 255, 255, 0.85)" } },
    """# + capitals(text: "#222222", halo: "rgba(255, 255, 255, 0.85)") + #"""
        { "id": "places", "type": "symbol", "source": "world", "source-layer": "places",
          "layout": { "text-field": ["get", "name"], "text-size": ["step", ["get", "population"], 11.5, 1000000, 13],
                      "symbol-sort-key": ["-", 0, ["get", "population"]] },
          "paint": { "text-color": "#333333", "text-halo-color": "rgba(255, 255, 255, 0.85)", "text-halo-width": 1.5 } }
      ]
    }
    """#

    public static let none = #"""
    { "version": 8, "name": "None", "sources": {}, "layers": [
      { "id": "background", "type": "background", "paint": { "background-color": "#F2EFE9" } } ] }
    """#
}
