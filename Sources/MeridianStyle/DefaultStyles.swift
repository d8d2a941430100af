/// The styles Meridian ships, as style documents: `streets` (the default look) and `none`
/// (background only); the raster types are in DefaultStyles+Raster.swift.
///
/// Street-level layers read the source `openmaptiles` (`mbtiles://openmaptiles`: every region
/// in the data folder's `openmaptiles/`) in the OpenMapTiles schema (openmaptiles.org/schema):
/// `transportation`, `transportation_name`, `building`, `water`, `waterway`, `park`,
/// `landcover`, `landuse` and `poi`, with their documented fields (`class`, `subclass`,
/// `brunnel`, `render_height`, `render_min_height`, `name`, falling back to `name:latin` as
/// tilemaker's profile writes it). The world layers are Meridian's extensions of the schema:
/// source `world` (`land` with GSHHG `level`, `borders`, `rivers`, `places` and `capitals`
/// with `population`, `countries`) and `coast` (`land`, full-resolution shorelines).
///
/// Their zooms are MapLibre's, as every style document's (`Style.zoom(forCameraZoom:)`): `minzoom`
/// 16 is the camera's zoom 17. So are their sources' tiles: `openmaptiles` has the default 512
/// (at style zoom 14 its z14 tiles are read, as MapLibre reads the schema's tiles); Meridian's own
/// `world` and `coast` tilesets (tippecanoe zooms chosen for 256-point tiles) and the raster
/// types' 256-pixel images say `"tileSize": 256`.
public enum DefaultStyles {
    public static let streets = #"""
        {
          "version": 8,
          "name": "Meridian Streets",
          "sources": {
            "world": { "type": "vector", "url": "mbtiles://world.mbtiles", "tileSize": 256 },
            "openmaptiles": { "type": "vector", "url": "mbtiles://openmaptiles" },
            "coast": { "type": "vector", "url": "mbtiles://coast.mbtiles", "tileSize": 256 }
          },
          "layers": [
            { "id": "ocean", "type": "background", "paint": { "background-color": "#A8CDE8" } },
            { "id": "land", "type": "fill", "source": "world", "source-layer": "land",
              "filter": ["match", ["get", "level"], [1, 3, 5], true, false], "paint": { "fill-color": "#F2EFE9" } },
            { "id": "lakes", "type": "fill", "source": "world", "source-layer": "land",
              "filter": ["==", ["get", "level"], 2], "paint": { "fill-color": "#A8CDE8" } },
            { "id": "coast-water", "type": "fill", "source": "coast", "source-layer": "land", "minzoom": 7,
              "filter": ["==", ["get", "level"], 0], "paint": { "fill-color": "#A8CDE8" } },
            { "id": "coast-land", "type": "fill", "source": "coast", "source-layer": "land", "minzoom": 7,
              "filter": ["match", ["get", "level"], [1, 3, 5], true, false], "paint": { "fill-color": "#F2EFE9" } },
            { "id": "coast-lakes", "type": "fill", "source": "coast", "source-layer": "land", "minzoom": 7,
              "filter": ["==", ["get", "level"], 2], "paint": { "fill-color": "#A8CDE8" } },
            { "id": "rivers", "type": "line", "source": "world", "source-layer": "rivers", "minzoom": 3,
              "layout": { "line-cap": "round", "line-join": "round" },
              "paint": { "line-color": "#A8CDE8", "line-width": 0.8 } },
            { "id": "borders", "type": "line", "source": "world", "source-layer": "borders",
              "paint": { "line-color": "#9C8AA8", "line-width": 0.9, "line-dasharray": [3, 2] } },
            { "id": "park", "type": "fill", "source": "openmaptiles", "source-layer": "park", "minzoom": 9,
              "paint": { "fill-color": "#C8E6B0" } },
            { "id": "landcover-green", "type": "fill", "source": "openmaptiles", "source-layer": "landcover", "minzoom": 9,
              "filter": ["in", ["get", "class"], ["literal", ["grass", "wood"]]], "paint": { "fill-color": "#C8E6B0" } },
            { "id": "landuse-green", "type": "fill", "source": "openmaptiles", "source-layer": "landuse", "minzoom": 9,
              "filter": ["in", ["get", "class"], ["literal", ["cemetery", "pitch", "playground"]]], "paint": { "fill-color": "#C8E6B0" } },
            { "id": "water", "type": "fill", "source": "openmaptiles", "source-layer": "water", "minzoom": 9,
              "paint": { "fill-color": "#A8CDE8" } },
            { "id": "waterway", "type": "line", "source": "openmaptiles", "source-layer": "waterway", "minzoom": 9,
              "filter": ["!=", ["get", "brunnel"], "tunnel"],
              "layout": { "line-cap": "round", "line-join": "round" },
              "paint": { "line-color": "#A8CDE8",
                         "line-width": ["interpolate", ["linear"], ["zoom"], 11, ["match", ["get", "class"], ["river", "canal"], 1.2, 0.6],
                                        15, ["match", ["get", "class"], ["river", "canal"], 4, 1.5]] } },
            { "id": "road-casing", "type": "line", "source": "openmaptiles", "source-layer": "transportation", "minzoom": 7,
              "filter": ["any", ["in", ["get", "class"], ["literal", \#(roadClasses(paths: false))]], ["==", ["get", "subclass"], "pedestrian"]],
              "layout": { "line-cap": "round", "line-join": "round" },
              "paint": { "line-color": "#C9C1B8",
                         "line-width": ["interpolate", ["exponential", 2], ["zoom"], 11, 1.5, 15, ["match", ["get", "class"], ["motorway", "trunk", "primary"], 12.5, "secondary", 10.5, 8]] } },
            { "id": "roads", "type": "line", "source": "openmaptiles", "source-layer": "transportation", "minzoom": 7,
              "filter": ["in", ["get", "class"], ["literal", \#(roadClasses(paths: true))]],
              "layout": { "line-cap": "round", "line-join": "round" },
              "paint": { "line-color": ["case", ["==", ["get", "subclass"], "pedestrian"], "#FFFFFF",
                                        ["match", ["get", "class"], ["motorway", "trunk", "primary", "secondary"], "#FCE7B5", ["path", "track"], "#B7AFA6", "#FFFFFF"]],
                         "line-width": ["interpolate", ["exponential", 2], ["zoom"], 11, 0.5,
                                        15, ["case", ["==", ["get", "subclass"], "pedestrian"], 6.5,
                                             ["match", ["get", "class"], ["motorway", "trunk", "primary"], 11, "secondary", 9, "path", 1.4, 6.5]]] } },
            { "id": "rail", "type": "line", "source": "openmaptiles", "source-layer": "transportation", "minzoom": 7,
              "filter": ["in", ["get", "class"], ["literal", \#(railClasses)]],
              "layout": { "line-cap": "round", "line-join": "round" },
              "paint": { "line-color": "#A3A3A3", "line-width": ["case", ["any", ["==", ["get", "subclass"], "tram"], ["==", ["get", "class"], "tram"]], 0.9, 1.4] } },
            { "id": "buildings", "type": "fill-extrusion", "source": "openmaptiles", "source-layer": "building", "minzoom": 13,
              "filter": ["!=", ["get", "hide_3d"], true],
              "paint": { "fill-extrusion-color": "#D6CCC3",
                         "fill-extrusion-height": ["to-number", ["coalesce", ["get", "render_height"], 10]],
                         "fill-extrusion-base": ["to-number", ["coalesce", ["get", "render_min_height"], 0]] } },
            { "id": "road-names", "type": "symbol", "source": "openmaptiles", "source-layer": "transportation_name", "minzoom": 14,
              "filter": ["all", ["!=", \#(name), ""], ["any", ["in", ["get", "class"], ["literal", \#(roadClasses(paths: false))]], ["==", ["get", "subclass"], "pedestrian"]]],
              "layout": { "symbol-placement": "line", "text-field": \#(name), "text-size": 11 },
              "paint": { "text-color": "#555555", "text-halo-color": "#FFFFFF", "text-halo-width": 1.5 } },
        """# + placeNames(text: "#5C4E44", halo: "rgba(255, 255, 255, 0.85)") + #"""
                { "id": "places", "type": "symbol", "source": "world", "source-layer": "places",
                  "layout": { "icon-image": "dot", "text-anchor": "left", "text-justify": "auto", "text-offset": [0.5, 0], "text-field": ["get", "name"], "text-size": ["step", ["get", "population"], 11.5, 1000000, 13],
                              "symbol-sort-key": ["-", 0, ["get", "population"]] },
                  "paint": { "icon-color": "#333333", "text-color": "#333333", "text-halo-color": "rgba(255, 255, 255, 0.85)", "text-halo-width": 1.5 } },
            """# + capitals(text: "#222222", halo: "rgba(255, 255, 255, 0.85)") + #"""
                { "id": "country-names", "type": "symbol", "source": "world", "source-layer": "countries", "maxzoom": 6,
                  "layout": { "text-field": ["get", "name"], "text-anchor": "center",
                              "text-size": ["step", ["get", "population"], 11, 30000000, 13],
                              "symbol-sort-key": ["-", 0, ["get", "population"]] },
                  "paint": { "text-color": "#6B5B7B", "text-halo-color": "rgba(255, 255, 255, 0.85)", "text-halo-width": 1.5 } },
                { "id": "poi-names", "type": "symbol", "source": "openmaptiles", "source-layer": "poi", "minzoom": 16,
                  "filter": ["all", ["!=", \#(name), ""], ["has", "class"]],
                  "layout": { "icon-image": "dot", "text-anchor": "left", "text-justify": "auto", "text-offset": [0.5, 0], "text-field": \#(name), "text-size": 10 },
                  "paint": { "icon-color": "#7A6A5C", "text-color": "#7A6A5C", "text-halo-color": "#FFFFFF", "text-halo-width": 1.5 } },
                { "id": "building-names", "type": "symbol", "source": "openmaptiles", "source-layer": "poi", "minzoom": 16,
                  "filter": ["all", ["!=", \#(name), ""], ["!", ["has", "class"]]],
                  "layout": { "text-field": \#(name), "text-size": 10.5, "text-anchor": "center" },
                  "paint": { "text-color": "#6F5F52", "text-halo-color": "#FFFFFF", "text-halo-width": 1.5 } }
              ]
            }
            """#

    /// A feature's name: `name`, else `name:latin`, else "" (JSON text of the expression).
    static let name = #"["coalesce", ["get", "name"], ["get", "name:latin"], ""]"#

    /// The OpenMapTiles `transportation` classes drawn as roads (JSON array text); with
    /// `paths`, footways, cycleways and tracks too.
    static func roadClasses(paths: Bool) -> String {
        let roads = [
            "motorway", "trunk", "primary", "secondary", "tertiary", "minor", "service", "raceway", "busway",
            "bus_guideway",
        ]
        let all =
            roads + roads.map { $0 + "_construction" }
            + (paths ? ["path", "track", "path_construction", "track_construction"] : [])
        return "[" + all.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }

    /// Rail classes: the schema's `rail` and `transit`, and the railway values tilemaker writes.
    static let railClasses =
        #"["rail", "transit", "light_rail", "subway", "tram", "narrow_gauge", "funicular", "monorail", "preserved"]"#

    public static let none = #"""
        { "version": 8, "name": "None", "sources": {}, "layers": [
          { "id": "background", "type": "background", "paint": { "background-color": "#F2EFE9" } } ] }
        """#
}
