import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianStyle
import MeridianTiles

/// A style's `geojson` source as a tileset: its features read once (`GeoJSONFeatures`), its
/// clusters made once (`GeoJSONClusters`), and each tile cut when asked (`GeoJSONTiler`), so
/// every painter draws it as it draws vector tiles.
///
/// Tiles are MapLibre's (512 points, as `SourceZoom` reads them): its zooms are the source's `maxzoom` and
/// down (a view deeper magnifies the last); a tile of zoom t shows the clusters of style zoom t.
public final class GeoJSONTileset: Tileset, @unchecked Sendable {
    /// `geojson:` and the source's name: what the tile cache keys its tiles by.
    public let path: String
    public let info: TilesetInfo
    /// The data as read (for `/style.json`, which gives it to the browser inline).
    public let document: StyleValue
    /// Features left out for a bad geometry.
    public let skipped: Int
    private let features: [GeoJSONFeature]
    private let clusters: GeoJSONClusters?
    private let tiler: GeoJSONTiler

    /// Reads the source's data: inline, the file its `data` names (relative to `base`, then to
    /// each of `folders`; a `file://` URL), or the document at its `http(s)://` URL, fetched
    /// through `access` (a data folder's reader); at most ``maxFileBytes`` either way.
    /// - Throws: `TileError.badGeoJSON` naming the source: data on HTTP without `access` (not
    ///   fetched), a file that is not there, too large, not JSON, not GeoJSON, or over
    ///   `GeoJSONFeatures`' bounds; `TileError.unavailable` when its server cannot be read.
    public init(
        name: String, options: GeoJSONOptions, base: String?, folders: [String], access: (any RemoteAccess)? = nil
    ) throws(TileError) {
        let document: StyleValue
        switch options.data {
        case let .inline(value): document = value
        case let .reference(url):
            document = try Self.read(url, source: name, base: base, folders: folders, access: access)
        }
        var read = try GeoJSONFeatures.read(document, source: name)
        if let filter = options.filter {
            read.features = read.features.filter { f in
                var p = f.properties.mapValues(\.styleValue)
                p[StyleExpression.geometryTypeKey] = .string(["Point", "LineString", "Polygon"][f.type.rawValue - 1])
                return filter.evaluate(p, zoom: 0).isTrue
            }
        }
        (path, self.document, skipped, features) = ("geojson:" + name, document, read.skipped, read.features)
        if options.cluster {
            // Every zoom keeps its items: points × zooms is bounded (memory), naming the source.
            let points = read.features.reduce(0) { $0 + ($1.type == .point ? $1.parts.count : 0) }
            let levels = Int(options.clusterMaxZoom) + 2
            guard Self.clusterable(points: points, zooms: levels) else {
                throw .badGeoJSON(
                    source: name,
                    reason:
                        "\(points) points over \(levels) cluster zooms is more than \(Self.maxClusterItems) items; lower clusterMaxZoom or split the data"
                )
            }
            clusters = GeoJSONClusters(read.features, options: options)
        } else {
            clusters = nil
        }
        tiler = GeoJSONTiler(buffer: options.buffer, tolerance: options.tolerance, lineMetrics: options.lineMetrics)
        var box = (minX: 1.0, minY: 1.0, maxX: 0.0, maxY: 0.0)
        for f in read.features {
            box = (
                min(box.minX, f.box.minX), min(box.minY, f.box.minY), max(box.maxX, f.box.maxX),
                max(box.maxY, f.box.maxY)
            )
        }
        let bounds: (west: Double, south: Double, east: Double, north: Double)? =
            box.minX <= box.maxX
            ? (
                box.minX * 360 - 180, WebMercator.unproject(MercatorPoint(x: 0, y: box.maxY)).latitude,
                box.maxX * 360 - 180, WebMercator.unproject(MercatorPoint(x: 0, y: box.minY)).latitude
            ) : nil
        info = TilesetInfo(
            name: name, content: .vector, zoomRange: 0...Int(options.maxzoom), bounds: bounds,
            attribution: options.attribution, vectorLayers: [""])
    }

    /// Most points times cluster zooms a clustered source may hold (each zoom keeps its items,
    /// about 130 bytes each): 2 million, so 105 000 points at the default `clusterMaxZoom`.
    public static let maxClusterItems = 2_000_000

    /// Whether `points` clustered over `zooms` zooms stay within ``maxClusterItems``.
    static func clusterable(points: Int, zooms: Int) -> Bool { points * zooms <= maxClusterItems }

    /// Most bytes a GeoJSON file may have: 256 MiB.
    public static let maxFileBytes = 256 << 20

    static func read(
        _ url: String, source: String, base: String?, folders: [String], access: (any RemoteAccess)?
    ) throws(TileError) -> StyleValue {
        if url.hasPrefix("http://") || url.hasPrefix("https://") {
            guard let access else {
                throw .badGeoJSON(source: source, reason: "\(url) is on HTTP, which is not fetched")
            }
            return try decoded(Data(access.document(url, maxBytes: maxFileBytes)), named: url, source: source)
        }
        let path = url.hasPrefix("file://") ? String(url.dropFirst("file://".count)) : url
        let candidates =
            path.hasPrefix("/") ? [path] : ([base ?? "."] + folders).map { $0 + "/" + path }
        guard let file = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw .badGeoJSON(source: source, reason: "no file \(candidates.joined(separator: " or "))")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maxFileBytes, let data = FileManager.default.contents(atPath: file) else {
            throw .badGeoJSON(source: source, reason: "\(file) cannot be read or is over \(maxFileBytes >> 20) MiB")
        }
        return try decoded(data, named: file, source: source)
    }

    /// A GeoJSON document's bytes as a value, nested at most 64 deep.
    /// - Throws: `TileError.badGeoJSON` naming the source and `name` (its file or URL).
    static func decoded(_ data: Data, named name: String, source: String) throws(TileError) -> StyleValue {
        do { try JSONNesting.check(data, limit: 64) } catch {
            throw .badGeoJSON(source: source, reason: "\(name) is nested more than 64 deep")
        }
        do { return try JSONDecoder().decode(StyleValue.self, from: data) } catch {
            throw .badGeoJSON(source: source, reason: "\(name) is not JSON")
        }
    }

    /// GeoJSON tiles have no stored bytes: ``vectorTile(_:)`` cuts them.
    public func data(for tile: TileID, deadline: Deadline) throws(TileError) -> [UInt8]? { nil }

    /// The tile's features, cut from the data (clusters at the style's zoom `tile.z`).
    public func vectorTile(_ tile: TileID) throws(TileError) -> VectorTile? {
        guard (0...30).contains(tile.z), (0..<(1 << tile.z)).contains(tile.x), (0..<(1 << tile.z)).contains(tile.y)
        else { throw .tileOutOfRange(z: tile.z, x: tile.x, y: tile.y) }
        guard let clusters else { return tiler.tile(tile, features: features) }
        guard tile.z <= clusters.maxZoom else { return tiler.tile(tile, features: features) }
        return tiler.tile(tile, features: clusters.features(zoom: tile.z))
    }
}
