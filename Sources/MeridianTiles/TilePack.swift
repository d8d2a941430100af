import Foundation
import MeridianCamera

/// One archive holding the vector sources of a style, an offline region (`meridian data
/// extract`): every tile keeps the layers of every source at that z/x/y, each layer renamed
/// `SOURCE/LAYER` (MVT forbids two layers of one name in a tile, and two sources may both have
/// a `land` layer). The metadata value ``metadataKey`` (an MBTiles `metadata` row, or a key of
/// a PMTiles archive's JSON metadata) lists each source with its own zoom range, credit and
/// layers, so a source is still overzoomed from its own deepest zoom.
///
/// Layers are copied at the protobuf level (features are not decoded and encoded again): a
/// packed tile draws exactly as the tiles it came from.
public enum TilePack {
    /// The metadata key listing the packed sources.
    public static let metadataKey = "meridian_sources"
    /// Between a source's name and a layer's name in the archive.
    public static let separator = "/"

    /// What the archive holds of one source.
    public struct Source: Codable, Hashable, Sendable {
        public var minzoom: Int
        public var maxzoom: Int
        /// The source's credit line, as its tilesets declared it.
        public var attribution: String?
        /// Its layer names (without the prefix), in order.
        public var layers: [String]

        public init(minzoom: Int, maxzoom: Int, attribution: String?, layers: [String]) {
            (self.minzoom, self.maxzoom, self.attribution, self.layers) = (minzoom, maxzoom, attribution, layers)
        }
    }

    /// The sources listed in a ``metadataKey`` value.
    /// - Throws: ``TileError/malformed(_:offset:)`` when it is not a JSON object of sources
    ///   with zoom ranges inside 0…30.
    public static func sources(json: String) throws(TileError) -> [String: Source] {
        let parsed: [String: Source]
        do { parsed = try JSONDecoder().decode([String: Source].self, from: Data(json.utf8)) } catch {
            throw .malformed("\(metadataKey) is not a JSON object of sources (\(error))", offset: 0)
        }
        for (name, s) in parsed
        where !(0...30).contains(s.minzoom) || !(s.minzoom...30).contains(s.maxzoom) || name.isEmpty {
            throw .malformed(
                "\(metadataKey): source '\(name)' has zooms \(s.minzoom)–\(s.maxzoom), not inside 0–30", offset: 0)
        }
        return parsed
    }

    /// One tile of the layers of every source's tile (gzipped or not), each renamed
    /// `SOURCE/LAYER`, in the order given.
    /// - Throws: ``TileError`` for a tile that cannot be inflated or parsed.
    public static func merge(_ tiles: [(source: String, bytes: [UInt8])]) throws(TileError) -> [UInt8] {
        var out: [UInt8] = []
        for (source, bytes) in tiles {
            for layer in try layers(Inflate.decompress(bytes)) {
                append(layer: layer.body, named: source + separator + layer.name, to: &out)
            }
        }
        return out
    }

    /// The layers of `source` in a packed tile (gzipped or not), with their own names again,
    /// as an uncompressed tile; nil when the tile has none of them.
    /// - Throws: ``TileError`` for a tile that cannot be inflated or parsed.
    public static func split(_ tile: [UInt8], source: String) throws(TileError) -> [UInt8]? {
        let prefix = source + separator
        var out: [UInt8] = []
        for layer in try layers(Inflate.decompress(tile)) where layer.name.hasPrefix(prefix) {
            append(layer: layer.body, named: String(layer.name.dropFirst(prefix.count)), to: &out)
        }
        return out.isEmpty ? nil : out
    }

    /// The layer names of a tile (gzipped or not), in order.
    /// - Throws: ``TileError`` for a tile that cannot be inflated or parsed.
    public static func layerNames(_ tile: [UInt8]) throws(TileError) -> [String] {
        try layers(Inflate.decompress(tile)).map(\.name)
    }

    /// The layers of a raw tile: each name, and the layer's other fields as their bytes.
    static func layers(_ bytes: [UInt8]) throws(TileError) -> [(name: String, body: [UInt8])] {
        var result: Result<[(name: String, body: [UInt8])], TileError> = .success([])
        bytes.withUnsafeBytes { raw in
            do throws(TileError) {
                var reader = WireReader(raw)
                var out: [(name: String, body: [UInt8])] = []
                while !reader.atEnd {
                    let (field, wire) = try reader.key()
                    guard field == 3 && wire == 2 else {
                        try reader.skip(wire)
                        continue
                    }
                    let range = try reader.delimited()
                    var layer = WireReader(raw, from: range.lowerBound, to: range.upperBound)
                    var name: String?
                    var body: [UInt8] = []
                    while !layer.atEnd {
                        let start = layer.position
                        let (f, w) = try layer.key()
                        if f == 1 && w == 2 {
                            name = try layer.string()
                            continue
                        }
                        try layer.skip(w)
                        body += raw[start..<layer.position]
                    }
                    guard let name else { throw reader.fail("a layer has no name") }
                    out.append((name, body))
                }
                result = .success(out)
            } catch { result = .failure(error) }
        }
        return try result.get()
    }

    /// Appends field 3 (a layer) holding field 1 (its name) and `body`.
    static func append(layer body: [UInt8], named name: String, to out: inout [UInt8]) {
        out += Protobuf.bytes(3, Protobuf.string(1, name) + body)
    }
}

/// One source of a ``TilePack`` archive, read like a tileset of its own: its tiles are the
/// packed tiles' layers of that source under their own names, its zoom range and credit those
/// the pack lists for it.
public final class PackedSource: Tileset {
    public let archive: any Tileset
    public let source: String
    public let info: TilesetInfo
    /// The archive's path and the source after `#`: one identity per source (caches key tiles by it).
    public var path: String { archive.path + "#" + source }

    public init(archive: any Tileset, source: String, entry: TilePack.Source) {
        self.archive = archive
        self.source = source
        var info = archive.info
        info.content = .vector
        info.zoomRange = entry.minzoom...entry.maxzoom
        info.attribution = entry.attribution
        info.vectorLayers = entry.layers
        info.layerGeometry = [:]
        info.layerFields = info.layerFields.filter { entry.layers.contains($0.key) }
        self.info = info
    }

    /// Only zooms of the source's own range are read (deeper tiles of the archive belong to
    /// other sources); the tile's layers of this source, uncompressed.
    public func data(for tile: TileID, deadline: Deadline) throws(TileError) -> [UInt8]? {
        guard let range = info.zoomRange, range.contains(tile.z),
            let bytes = try archive.data(for: tile, deadline: deadline)
        else {
            return nil
        }
        return try TilePack.split(bytes, source: source)
    }

    /// The sources of a packed archive, or nil when it is not a pack (no ``TilePack/metadataKey``).
    /// - Throws: as ``TilePack/sources(json:)``.
    public static func sources(of archive: any Tileset) throws(TileError) -> [String: PackedSource]? {
        guard let json = archive.info.packedSources else { return nil }
        var out: [String: PackedSource] = [:]
        for (name, entry) in try TilePack.sources(json: json) {
            out[name] = PackedSource(archive: archive, source: name, entry: entry)
        }
        return out
    }
}
