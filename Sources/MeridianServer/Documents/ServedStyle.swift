import Foundation
import MeridianServing
import MeridianStyle
import MeridianTiles

/// The streets style for MapLibre-compatible clients: the same layers in MapLibre's conventions
/// (``MapLibreConventions``: zooms of 512-pixel tiles, the fonts named), each vector source served
/// by this server at `/data/{source}/{z}/{x}/{y}.pbf` with the zoom range and attribution its
/// tilesets declare (so clients over-zoom past the last zoom), and glyphs at
/// `/fonts/{fontstack}/{range}.pbf`.
///
/// Sources with no data in the folder, and the layers that use them, are left out. Where the folder
/// has an elevation model (`meridian data import` of heights), the style gains its `raster-dem`
/// source (by the TileJSON `/data/{name}/tiles.json`, with its encoding) and a `hillshade` layer
/// under the water and roads, so MapLibre clients shade the relief from Meridian's heights.
enum ServedStyle {
    /// The served elevation source: its name under `/data` and how its tiles hold heights.
    struct Relief: Sendable, Hashable {
        let name: String
        let encoding: ElevationEncoding
        /// Pixels on a tile's side (256 or 512).
        var tileSize = 256
    }

    /// The hillshade layer `/style.json` adds over an elevation source named `source`: MapLibre's
    /// defaults softened to sit under the streets (exaggeration 0.35, warm shadows).
    static func hillshadeLayer(source: String) -> [String: Any] {
        [
            "id": "hillshade", "type": "hillshade", "source": source,
            "paint": [
                "hillshade-exaggeration": 0.35, "hillshade-shadow-color": "#5A5040",
                "hillshade-highlight-color": "#FFFFFF", "hillshade-accent-color": "#6B6050",
            ] as [String: Any],
        ]
    }

    /// The tile URL template `/style.json` names for a source (MapLibre's 512-pixel tiles), on `base`.
    static func tiles512(base: String, source name: String) -> String { base + "/data/\(name)/512/{z}/{x}/{y}.pbf" }

    /// The style document, with tile URLs on `base` (e.g. `http://127.0.0.1:8080`), and `relief`'s
    /// hillshade when the folder has heights.
    static func document(base: String, sources: [String: VectorSourceInfo], relief: Relief? = nil) throws -> [UInt8] {
        guard var root = try JSONSerialization.jsonObject(with: Data(DefaultStyles.streets.utf8)) as? [String: Any],
            let layers = root["layers"] as? [[String: Any]]
        else { throw RequestError("style", "the shipped style is not an object", status: 500) }
        var served: [String: Any] = [:]
        // MapLibre's 512-pixel tiles: a tile at its zoom z is the four of Meridian's at z + 1
        // (`TileQuad`), so the features each scale shows are the same in both; its zooms are
        // Meridian's lowered by one, as the layers' are.
        for (name, info) in sources {
            let zooms = info.in512PixelTiles.zoomRange
            served[name] =
                [
                    "type": "vector", "tiles": [tiles512(base: base, source: name)],
                    "minzoom": zooms.lowerBound, "maxzoom": zooms.upperBound, "attribution": info.attribution,
                ] as [String: Any]
        }
        root["glyphs"] = base + "/fonts/{fontstack}/{range}.pbf"
        root["sprite"] = base + "/sprite"
        var kept = layers.filter { layer in (layer["source"] as? String).map { sources[$0] != nil } ?? true }.map(
            MapLibreConventions.layer)
        if let relief, served[relief.name] == nil {
            served[relief.name] = [
                "type": "raster-dem", "url": base + "/data/\(relief.name)/tiles.json", "tileSize": relief.tileSize,
                "encoding": relief.encoding.rawValue,
            ]
            // Under the water, the waterways and everything after them; over the land and its greens.
            let at = kept.firstIndex { $0["id"] as? String == "water" } ?? kept.count
            kept.insert(hillshadeLayer(source: relief.name), at: at)
        }
        root["sources"] = served
        root["layers"] = kept
        return [UInt8](
            try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys, .withoutEscapingSlashes]))
    }
}
