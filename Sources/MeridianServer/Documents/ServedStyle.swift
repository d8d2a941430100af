import Foundation
import MeridianServing
import MeridianStyle
import MeridianTiles

/// The streets style for MapLibre-compatible clients: the same layers in MapLibre's conventions
/// (``MapLibreConventions``: the fonts named), each vector source served by this server
/// (``vectorSource(base:name:_:tileSize:)``), and glyphs at
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

    /// The tile URL template of MapLibre's 512-pixel tiles joined from four of a source's
    /// (`/data/{source}/512/…`, ``TileJSON``), on `base`.
    static func tiles512(base: String, source name: String) -> String { base + "/data/\(name)/512/{z}/{x}/{y}.pbf" }

    /// A vector source as `/style.json` names it, on `base`, with the zoom range and credit its
    /// tilesets declare (so clients over-zoom past the last zoom), so that a MapLibre client reads
    /// at each scale what Meridian reads (MeridianRender's `SourceZoom`): the tileset's own tiles
    /// (`/data/{source}/{z}/{x}/{y}.pbf`); for a source the style gives `"tileSize": 256`
    /// (which MapLibre GL JS refuses for vector sources: they must be 512), the 512-pixel tiles
    /// joined from four of the next zoom (``tiles512(base:source:)``), its zooms lowered by one.
    static func vectorSource(base: String, name: String, _ info: VectorSourceInfo, tileSize: Any?) -> [String: Any] {
        let joined = MapLibreConventions.number(tileSize) == 256
        let zooms = joined ? info.in512PixelTiles.zoomRange : info.zoomRange
        return [
            "type": "vector",
            "tiles": [joined ? tiles512(base: base, source: name) : base + "/data/\(name)/{z}/{x}/{y}.pbf"],
            "minzoom": zooms.lowerBound, "maxzoom": zooms.upperBound, "attribution": info.attribution,
        ]
    }

    /// The style document, with tile URLs on `base` (e.g. `http://127.0.0.1:8080`), and `relief`'s
    /// hillshade when the folder has heights.
    static func document(base: String, sources: [String: VectorSourceInfo], relief: Relief? = nil) throws -> [UInt8] {
        guard var root = try JSONSerialization.jsonObject(with: Data(DefaultStyles.streets.utf8)) as? [String: Any],
            let layers = root["layers"] as? [[String: Any]]
        else { throw RequestError("style", "the shipped style is not an object", status: 500) }
        var served: [String: Any] = [:]
        let declared = root["sources"] as? [String: Any] ?? [:]
        for (name, info) in sources {
            served[name] = vectorSource(
                base: base, name: name, info, tileSize: (declared[name] as? [String: Any])?["tileSize"])
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
