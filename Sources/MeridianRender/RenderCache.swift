import MeridianCamera
import MeridianTiles

/// Decoded tiles kept between frames, one least-recently-used cache per source name, each
/// bounded by an estimate of its memory (ten bytes per stored byte of tile). A reference type:
/// one per renderer owner (an app's map, a server session); not shared between threads.
public final class RenderCache {
    public let capacityPerSource: Int
    var caches: [String: TileCache<VectorTile>] = [:]
    var images: [String: TileCache<RasterImage>] = [:]

    /// - Parameter capacityPerSource: bytes per source (64 MiB by default).
    public init(capacityPerSource: Int = 64 << 20) { self.capacityPerSource = capacityPerSource }

    /// Tiles held, over all sources.
    public var count: Int { caches.values.reduce(0) { $0 + $1.count } + images.values.reduce(0) { $0 + $1.count } }

    /// The decoded tile from the cache, or read, decoded and remembered; nil when the source
    /// has no such tile.
    func tile(_ id: TileID, source name: String, _ source: MBTiles) throws -> VectorTile? {
        let cache = caches[name] ?? TileCache<VectorTile>(capacity: capacityPerSource)
        caches[name] = cache
        if let hit = cache.value(for: id) { return hit }
        guard let bytes = try source.data(for: id) else { return nil }
        let tile = try VectorTileDecoder.decode(compressed: bytes)
        cache.insert(tile, for: id, cost: bytes.count * 10)
        return tile
    }

    /// The decoded raster tile from the cache, or read, decoded and remembered (its cost is
    /// its pixels' bytes); nil when the source has no such tile.
    func image(_ id: TileID, source name: String, _ source: MBTiles) throws -> RasterImage? {
        let cache = images[name] ?? TileCache<RasterImage>(capacity: capacityPerSource)
        images[name] = cache
        if let hit = cache.value(for: id) { return hit }
        guard let bytes = try source.data(for: id) else { return nil }
        let image = try RasterImage(png: bytes, tile: id)
        cache.insert(image, for: id, cost: image.cost)
        return image
    }
}
