/// The raster map types, drawing the default dataset's imagery: `satellite` (NASA Blue Marble,
/// and over it the imported imagery of the source `imagery`; no labels, as the SDK's satellite
/// type has none), `hybrid` (the same imagery with borders, the OpenMapTiles regions' roads and
/// all labels in white on dark halos) and `terrain` (the pre-shaded world relief, and wherever the
/// data folder has an elevation model (the source `elevation`) its heights drawn: colour relief
/// in hypsometric tints, hillshade, and contour lines labelled in metres; then water, borders,
/// roads, and the streets style's labels).
extension DefaultStyles {
    static let rasterSources = #"""
            "world": { "type": "vector", "url": "mbtiles://world.mbtiles", "tileSize": 256 },
            "openmaptiles": { "type": "vector", "url": "mbtiles://openmaptiles" },
            "satellite": { "type": "raster", "url": "mbtiles://satellite.mbtiles", "tileSize": 256 },
            "terrain": { "type": "raster", "url": "mbtiles://terrain.mbtiles", "tileSize": 256 },
            "imagery": { "type": "raster", "url": "mbtiles://imagery" },
            "elevation": { "type": "raster-dem", "url": "mbtiles://elevation" },
            "contours": { "type": "vector", "url": "contours://elevation" }
        """#

    /// A version-8 document over the raster styles' sources, with these layers (JSON text).
    static func rasterDocument(_ name: String, _ layers: String) -> String {
        #"{ "version": 8, "name": "\#(name)", "sources": {"# + rasterSources + #"}, "layers": ["# + layers + "] }"
    }

    public static let satellite = rasterDocument(
        "Meridian Satellite",
        #"""
            { "id": "space", "type": "background", "paint": { "background-color": "#0B1A33" } },
            { "id": "imagery", "type": "raster", "source": "satellite" },
            { "id": "orthophotos", "type": "raster", "source": "imagery" }
        """#)

    public static let hybrid = rasterDocument(
        "Meridian Hybrid",
        #"""
            { "id": "space", "type": "background", "paint": { "background-color": "#0B1A33" } },
            { "id": "imagery", "type": "raster", "source": "satellite" },
            { "id": "orthophotos", "type": "raster", "source": "imagery" },
            { "id": "borders", "type": "line", "source": "world", "source-layer": "borders",
              "paint": { "line-color": "rgba(255, 255, 255, 0.75)", "line-width": 1, "line-dasharray": [3, 2] } },
            { "id": "roads", "type": "line", "source": "openmaptiles", "source-layer": "transportation", "minzoom": 7,
              "filter": ["in", ["get", "class"], ["literal", ["motorway", "trunk", "primary", "secondary", "tertiary", "minor"]]],
              "layout": { "line-cap": "round", "line-join": "round" },
              "paint": { "line-color": "rgba(255, 236, 170, 0.8)", "line-width": ["interpolate", ["linear"], ["zoom"], 11, 0.6, 15, 3] } },
        """# + labels(text: "#FFFFFF", halo: "rgba(0, 0, 0, 0.75)"))

    public static let terrain = rasterDocument(
        "Meridian Terrain",
        #"""
            { "id": "ocean", "type": "background", "paint": { "background-color": "#A8CDE8" } },
            { "id": "relief", "type": "raster", "source": "terrain" },
            { "id": "heights", "type": "color-relief", "source": "elevation",
              "paint": { "color-relief-color": ["interpolate", ["linear"], ["elevation"],
                -4000, "#3E6FA3", -200, "#7FA9D1", -1, "#B5D3EC", 0, "#AFCFA0", 300, "#CADBA5", 700, "#E6E2B4",
                1200, "#D9C69A", 2000, "#C2A57E", 3000, "#B9A795", 4500, "#F4F4F4"] } },
            { "id": "hillshade", "type": "hillshade", "source": "elevation",
              "paint": { "hillshade-exaggeration": 0.45, "hillshade-shadow-color": "#4A4030", "hillshade-accent-color": "#5E5442" } },
            { "id": "contours", "type": "line", "source": "contours", "source-layer": "contours", "minzoom": 10,
              "paint": { "line-color": ["case", ["==", ["get", "level"], 1], "rgba(112, 84, 52, 0.7)", "rgba(112, 84, 52, 0.35)"],
                         "line-width": ["case", ["==", ["get", "level"], 1], 1, 0.5] } },
            { "id": "contour-labels", "type": "symbol", "source": "contours", "source-layer": "contours", "minzoom": 11,
              "filter": ["==", ["get", "level"], 1],
              "layout": { "symbol-placement": "line", "text-field": ["concat", ["to-string", ["get", "ele"]], " m"], "text-size": 10 },
              "paint": { "text-color": "#6E5236", "text-halo-color": "rgba(255, 255, 255, 0.8)", "text-halo-width": 1.2 } },
            { "id": "lakes", "type": "fill", "source": "world", "source-layer": "land",
              "filter": ["==", ["get", "level"], 2], "paint": { "fill-color": "#A8CDE8" } },
            { "id": "rivers", "type": "line", "source": "world", "source-layer": "rivers", "minzoom": 3,
              "layout": { "line-cap": "round", "line-join": "round" },
              "paint": { "line-color": "#8DB8DC", "line-width": 0.8 } },
            { "id": "borders", "type": "line", "source": "world", "source-layer": "borders",
              "paint": { "line-color": "#8C6F8F", "line-width": 1, "line-dasharray": [3, 2] } },
            { "id": "water", "type": "fill", "source": "openmaptiles", "source-layer": "water", "minzoom": 9, "paint": { "fill-color": "#A8CDE8" } },
            { "id": "roads", "type": "line", "source": "openmaptiles", "source-layer": "transportation", "minzoom": 7,
              "filter": ["in", ["get", "class"], ["literal", \#(roadClasses(paths: false))]],
              "layout": { "line-cap": "round", "line-join": "round" },
              "paint": { "line-color": "#FFFFFF", "line-width": ["interpolate", ["exponential", 2], ["zoom"], 11, 0.5, 15, 5] } },
        """# + labels(text: "#333333", halo: "rgba(255, 255, 255, 0.85)"))

    /// The capitals layer (bold, from camera zoom 4, before other places) in the given colours, with a
    /// trailing comma: it is always followed by the places layer.
    static func capitals(text: String, halo: String) -> String {
        #"""
        { "id": "capitals", "type": "symbol", "source": "world", "source-layer": "capitals", "minzoom": 3, "maxzoom": 9,
          "layout": { "icon-image": "dot", "text-anchor": "left", "text-justify": "auto", "text-offset": [0.5, 0], "text-field": ["get", "name"], "text-size": 13 },
          "paint": { "icon-color": "\#(text)", "text-color": "\#(text)", "text-halo-color": "\#(halo)", "text-halo-width": 1.5 } },
        """#
    }

    /// Country, place and street names in the given text and halo colours.
    static func labels(text: String, halo: String) -> String {
        #"""
        { "id": "road-names", "type": "symbol", "source": "openmaptiles", "source-layer": "transportation_name", "minzoom": 14,
          "filter": ["all", ["!=", \#(name), ""], ["any", ["in", ["get", "class"], ["literal", ["motorway", "trunk", "primary", "secondary", "tertiary", "minor"]]],
                                                        ["==", ["get", "subclass"], "pedestrian"]]],
          "layout": { "symbol-placement": "line", "text-field": \#(name), "text-size": 11 },
          "paint": { "text-color": "\#(text)", "text-halo-color": "\#(halo)", "text-halo-width": 1.5 } },
        \#(placeNames(text: text, halo: halo))
        { "id": "places", "type": "symbol", "source": "world", "source-layer": "places",
          "layout": { "icon-image": "dot", "text-anchor": "left", "text-justify": "auto", "text-offset": [0.5, 0], "text-field": ["get", "name"], "text-size": ["step", ["get", "population"], 11.5, 1000000, 13],
                      "symbol-sort-key": ["-", 0, ["get", "population"]] },
          "paint": { "icon-color": "\#(text)", "text-color": "\#(text)", "text-halo-color": "\#(halo)", "text-halo-width": 1.5 } },
        \#(capitals(text: text, halo: halo))
        { "id": "country-names", "type": "symbol", "source": "world", "source-layer": "countries", "maxzoom": 6,
          "layout": { "text-field": ["get", "name"], "text-anchor": "center", "text-size": ["step", ["get", "population"], 11, 30000000, 13],
                      "symbol-sort-key": ["-", 0, ["get", "population"]] },
          "paint": { "text-color": "\#(text)", "text-halo-color": "\#(halo)", "text-halo-width": 1.5 } }
        """#
    }
}
