import MeridianCamera
import MeridianGeometry

/// Anything tiles are read from by XYZ id: one file of one format (``MBTiles``, ``PMTiles``).
/// An instance holds an open file and caches of its own; use one per thread or task.
public protocol Tileset: AnyObject {
    /// The file it reads.
    var path: String { get }
    /// What the file says of itself, read once when opening.
    var info: TilesetInfo { get }
    /// The tile's stored bytes (for vector tiles usually gzip-compressed MVT; for raster tiles
    /// the image), or nil when the tileset has no such tile, read by `deadline` (a frame's: a
    /// read from an HTTP server gives up at it, `unavailable`).
    /// - Throws: ``TileError/tileOutOfRange(z:x:y:)`` for an id outside the world at its zoom;
    ///   a ``TileError`` naming the file when it cannot be read or is corrupt.
    func data(for tile: TileID, deadline: Deadline) throws(TileError) -> [UInt8]?
    /// The decoded vector tile, or nil when the tileset has no such tile: its ``data(for:)``
    /// decoded (the default), or made another way by a tileset without stored bytes.
    func vectorTile(_ tile: TileID) throws(TileError) -> VectorTile?
}

extension Tileset {
    /// ``data(for:deadline:)`` with no deadline (what no frame waits on: serving stored tiles,
    /// building pyramids, listing).
    public func data(for tile: TileID) throws(TileError) -> [UInt8]? { try data(for: tile, deadline: .never) }

    /// The decoded vector tile, or nil when the tileset has no such tile.
    /// - Throws: as ``data(for:)``, plus ``TileError/badTile(path:tile:reason:)`` naming the file
    ///   and the tile when its bytes cannot be inflated or decoded.
    public func vectorTile(_ tile: TileID) throws(TileError) -> VectorTile? {
        guard let bytes = try data(for: tile) else { return nil }
        return try decodedTile(bytes, tile)
    }

    /// `bytes`, tile `tile` of this tileset, inflated and decoded; its errors name the file and tile.
    public func decodedTile(_ bytes: [UInt8], _ tile: TileID) throws(TileError) -> VectorTile {
        do { return try VectorTileDecoder.decode(compressed: bytes) } catch {
            throw error.naming(path: path, tile: tile)
        }
    }

    /// Whether the tileset may hold `tile`: false only when it declares bounds and the tile lies
    /// wholly outside them (a tile touching them counts; bounds with west > east cross the
    /// antimeridian). Readers ask a region only for tiles of its own ground, so a slow or
    /// broken region cannot cost the maps of other ground anything, and a miss costs no query.
    public func mayHold(_ tile: TileID) -> Bool {
        guard let b = info.bounds, (0...30).contains(tile.z) else { return true }
        let n = Double(1 << tile.z)
        let west = Double(tile.x) / n * 360 - 180
        let east = Double(tile.x + 1) / n * 360 - 180
        let north = WebMercator.unproject(MercatorPoint(x: 0, y: Double(tile.y) / n)).latitude
        let south = WebMercator.unproject(MercatorPoint(x: 0, y: Double(tile.y + 1) / n)).latitude
        guard south <= b.north, north >= b.south else { return false }
        return b.west <= b.east ? west <= b.east && east >= b.west : east >= b.west || west <= b.east
    }

    /// The zoom range the tileset declares, if it does.
    public var zoomRange: ClosedRange<Int>? { info.zoomRange }

    /// Checks an id before any read: zoom 0–30, column and row inside the world.
    static func check(_ tile: TileID) throws(TileError) {
        guard (0...30).contains(tile.z), tile.x >= 0, tile.y >= 0, tile.x < 1 << tile.z, tile.y < 1 << tile.z else {
            throw .tileOutOfRange(z: tile.z, x: tile.x, y: tile.y)
        }
    }
}

/// A tileset's description, the same for every format: from MBTiles' `metadata` table, or a
/// PMTiles header and its JSON metadata (TileJSON-like keys). Absent values are nil.
public struct TilesetInfo: Sendable {
    /// What the tiles hold.
    public enum Content: String, Hashable, Sendable {
        case vector, png, jpeg, webp, unknown
    }

    public var name: String?
    public var content: Content
    public var zoomRange: ClosedRange<Int>?
    /// West, south, east, north in degrees, as declared.
    public var bounds: (west: Double, south: Double, east: Double, north: Double)?
    /// Where a client should first look: longitude, latitude (degrees) and zoom, as declared.
    public var center: (longitude: Double, latitude: Double, zoom: Double)?
    /// The credit line the data's licence asks for (`attribution`), as declared.
    public var attribution: String?
    /// The vector layers the tileset declares (`vector_layers` ids), in order.
    public var vectorLayers: [String]
    /// The geometry each layer declares in `tilestats` (`Point`, `LineString`, `Polygon`), where it does.
    public var layerGeometry: [String: String] = [:]
    /// The attributes each layer declares in its `vector_layers` entry's `fields` (name → type
    /// as declared: `Number`, `String`, `Boolean`, or a description), where it declares any.
    public var layerFields: [String: [String: String]] = [:]
    /// The JSON list of packed sources of an offline-region archive (``TilePack/metadataKey``), if any.
    public var packedSources: String?
    /// How the tiles hold heights when they are an elevation model (the `encoding` metadata key,
    /// as `meridian data import` writes it and TileJSON carries it); nil for imagery and vector
    /// tiles, and for an encoding Meridian does not know.
    public var encoding: ElevationEncoding?

    /// Pixels on a side of its raster tiles where the metadata says (Meridian's key ``tileSizeKey``:
    /// 256 or 512, what `meridian data import --tile-size` made); nil when it does not say, or says
    /// another number (256 is then assumed, the size of the field's raster tiles and TileJSON's default).
    public var tileSize: Int?

    /// The metadata key of ``tileSize``.
    public static let tileSizeKey = "tilesize"

    /// 256 or 512 from a metadata value; nil for anything else.
    static func tileSize(_ value: String?) -> Int? {
        value.flatMap(Int.init).flatMap { [256, 512].contains($0) ? $0 : nil }
    }

    /// What the tileset is, in a word: `vector`, `elevation` (raster tiles of heights) or `imagery`.
    public var kind: String {
        content == .vector ? "vector" : encoding != nil ? "elevation" : "imagery"
    }

    public init(
        name: String? = nil, content: Content, zoomRange: ClosedRange<Int>? = nil,
        bounds: (west: Double, south: Double, east: Double, north: Double)? = nil,
        center: (longitude: Double, latitude: Double, zoom: Double)? = nil, attribution: String? = nil,
        vectorLayers: [String] = []
    ) {
        (self.name, self.content, self.zoomRange, self.bounds, self.center, self.attribution, self.vectorLayers) =
            (name, content, zoomRange, bounds, center, attribution, vectorLayers)
    }
}
