import MeridianCamera
import MeridianTiles

/// Decoded tiles kept between frames, one least-recently-used cache per tileset file, each bounded
/// by an estimate of its memory (ten bytes per stored byte of tile).
///
/// A reference type: one per renderer owner (an app's map, a server session); not shared between
/// threads.
public final class RenderCache {
    public let capacityPerSource: Int
    var caches: [String: TileCache<VectorTile>] = [:]
    var images: [String: TileCache<RasterImage>] = [:]
    /// Label stamps (text and halo rendered once), 8 MiB of pixels at most.
    let stamps = LabelStampCache(capacity: 8 << 20)
    /// Icon stamps (sprite images scaled and tinted once), 4 MiB of pixels at most.
    let icons = IconStampCache(capacity: 4 << 20)
    /// Fill and line layers prepared per tile, whole zoom and look (``PreparedLayer``),
    /// bounded by ``preparedCapacity`` bytes.
    let prepared: LRUCache<PreparedLayer.Key, PreparedLayer>
    /// Filtered features of symbol, circle and extrusion layers (``FilteredFeatures``), bounded
    /// as ``prepared`` is (a quarter of ``preparedCapacity``).
    let filtered: LRUCache<PreparedLayer.Key, FilteredFeatures>
    /// Relief tiles drawn once (hillshade and colour relief of an elevation tile, by layer, look
    /// and border: ``ReliefKey``), 32 MiB of pixels at most.
    let relief = LRUCache<ReliefKey, RasterImage>(capacity: 32 << 20)
    /// Elevation tiles decoded to heights (``DEMTile``, before their borders), 16 MiB at most.
    let heights = LRUCache<DEMTile.Key, DEMTile>(capacity: 16 << 20)
    /// Line-label layouts (``LineLabelLayout``) by layer, tiles and zoom, 8 MiB at most.
    let lineLabels = LRUCache<LineLabelLayout.Key, LineLabelLayout>(capacity: 8 << 20)
    /// Most bytes of prepared layers and filtered features kept.
    public var preparedCapacity: Int { prepared.capacity + filtered.capacity }
    /// Bytes of prepared layers held now.
    public var preparedBytes: Int { prepared.totalCost + filtered.totalCost }

    /// - Parameters:
    ///   - capacityPerSource: bytes of decoded tiles per tileset (64 MiB by default).
    ///   - preparedCapacity: bytes of prepared layers (32 MiB by default: the layers of about
    ///     a hundred tiles of a city's streets at one zoom).
    public init(capacityPerSource: Int = 64 << 20, preparedCapacity: Int = 32 << 20) {
        self.capacityPerSource = capacityPerSource
        prepared = LRUCache(capacity: preparedCapacity - preparedCapacity / 4)
        filtered = LRUCache(capacity: preparedCapacity / 4)
    }

    /// Layer shapes by number (``PreparedLayer/Shape``); at most ``maxShapes``, then forgotten
    /// with every prepared layer (a process drawing ever new styles stays bounded).
    var shapes: [PreparedLayer.Shape: Int] = [:]
    static let maxShapes = 4096

    /// The number of a layer shape, the same for the cache's life (until ``maxShapes`` is passed).
    func shapeID(_ shape: PreparedLayer.Shape) -> Int {
        if let id = shapes[shape] { return id }
        if shapes.count >= Self.maxShapes {
            shapes.removeAll()
            prepared.removeAll()
            filtered.removeAll()
            lineLabels.removeAll()
        }
        shapes[shape] = shapes.count
        return shapes.count - 1
    }

    /// The filtered features of a tile layer for `key`, from the cache or made and remembered
    /// (in the same byte bound as prepared layers).
    func filtered(_ key: PreparedLayer.Key, _ shape: PreparedLayer.Shape, layer: VectorTile.Layer) -> FilteredFeatures {
        if let hit = filtered.value(for: key) { return hit }
        let made = FilteredFeatures(shape, key: key, layer: layer)
        filtered.insert(made, for: key, cost: made.cost)
        return made
    }

    /// The prepared layer of `key`, from the cache or made from `tile` and remembered.
    func prepared(_ key: PreparedLayer.Key, _ shape: PreparedLayer.Shape, tile: VectorTile) -> PreparedLayer {
        if let hit = prepared.value(for: key) { return hit }
        let made = PreparedLayer(key, shape, tile: tile)
        prepared.insert(made, for: key, cost: made.cost)
        return made
    }

    /// Tiles held, over all sources.
    public var count: Int { caches.values.reduce(0) { $0 + $1.count } + images.values.reduce(0) { $0 + $1.count } }

    /// The decoded tile from the cache, or read, decoded and remembered; nil when the source
    /// has no such tile.
    func tile(_ id: TileID, _ source: any Tileset, deadline: Deadline = .never) throws -> VectorTile? {
        if source is GeoJSONTileset || source is ContourTileset {
            let made = source
            // Cut, not read: cached by its features' points (16 bytes each, as decoded tiles).
            let store = caches[source.path] ?? TileCache<VectorTile>(capacity: capacityPerSource)
            caches[source.path] = store
            if let hit = store.value(for: id) { return hit }
            guard let tile = try made.vectorTile(id) else { return nil }
            let points = tile.layers.reduce(0) { $0 + $1.features.reduce(0) { $0 + $1.geometry.joined().count } }
            store.insert(tile, for: id, cost: 256 + points * 16)
            return tile
        }
        return try Self.cached(
            id, in: &caches[source.path], capacity: capacityPerSource, source, deadline: deadline
        ) { bytes in
            (try source.decodedTile(bytes, id), bytes.count * 10)
        }
    }

    /// The decoded raster tile from the cache, or read, decoded and remembered (its cost is
    /// its pixels' bytes); nil when the source has no such tile, or an empty one (no bytes: an
    /// HTTP 204).
    func image(_ id: TileID, _ source: any Tileset, deadline: Deadline = .never) throws -> RasterImage? {
        try Self.cached(
            id, in: &images[source.path], capacity: capacityPerSource, source, deadline: deadline, emptyIsNone: true
        ) { bytes in
            let image = try RasterImage(tileBytes: bytes, tile: id)
            return (image, image.cost)
        }
    }

    /// The value from `cache` (made on first use), or the tile's bytes decoded by `decode`
    /// (which also gives the cost) and remembered; nil when the source has no such tile.
    static func cached<V>(
        _ id: TileID, in cache: inout TileCache<V>?, capacity: Int, _ source: any Tileset, deadline: Deadline,
        emptyIsNone: Bool = false, decode: ([UInt8]) throws -> (V, Int)
    ) throws -> V? {
        let store = cache ?? TileCache<V>(capacity: capacity)
        cache = store
        if let hit = store.value(for: id) { return hit }
        guard let bytes = try source.data(for: id, deadline: deadline), !(emptyIsNone && bytes.isEmpty) else {
            return nil
        }
        let (value, cost) = try decode(bytes)
        store.insert(value, for: id, cost: cost)
        return value
    }

    /// A tile read without a cache: cut from a GeoJSON or contour source, else read by `deadline`
    /// and decoded.
    static func read(_ id: TileID, _ source: any Tileset, deadline: Deadline) throws(TileError) -> VectorTile? {
        if source is GeoJSONTileset || source is ContourTileset { return try source.vectorTile(id) }
        guard let bytes = try source.data(for: id, deadline: deadline) else { return nil }
        return try source.decodedTile(bytes, id)
    }
}
