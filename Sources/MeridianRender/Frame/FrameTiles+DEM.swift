import MeridianCamera
import MeridianStyle
import MeridianTiles

extension FrameTiles {
    /// The elevation tiles of a `raster-dem` source covering the view, decoded (``DEMTile``) as each
    /// tileset's own `encoding` says, else as the style's `encoding`, else `mapbox` (the
    /// specification's default), each bordered by its neighbours among them and limited to its
    /// tileset's declared bounds (beyond them an import's edge tiles hold the nearest heights).
    static func dem(
        of source: TileSource, described: Style.Source, for viewport: Viewport, cache: RenderCache?,
        deadline: Deadline = .never
    )
        throws -> [DEMTile]
    {
        var out: [DEMTile] = []
        for tileset in source.tilesets {
            let encoding =
                tileset.info.encoding ?? described.encoding.flatMap(ElevationEncoding.init(rawValue:)) ?? .mapbox
            let one = TileSource(name: source.name, tilesets: [tileset])
            var decoded: [TileID: DEMTile] = [:]
            for tile in try RasterPainter.tiles(
                of: one, for: viewport, cache: cache, deadline: deadline,
                zoom: {
                    SourceZoom(described, tileset: $0)
                })
            {
                decoded[tile.id] = Self.heights(
                    tile, key: DEMTile.Key(source: tileset.path, id: tile.id, encoding: encoding), cache: cache)
                decoded[tile.id]?.limit(to: tileset.info.bounds)
                decoded[tile.id]?.source = tileset.path
            }
            for var tile in decoded.values.sorted(by: { ($0.id.z, $0.id.y, $0.id.x) < ($1.id.z, $1.id.y, $1.id.x) }) {
                tile.backfill(decoded)
                out.append(tile)
            }
        }
        return out
    }

    /// The heights of `tile`, from the cache or decoded and kept (nil when it is no elevation tile:
    /// ``DEMTile/init(_:id:encoding:)``).
    private static func heights(_ tile: RasterTile, key: DEMTile.Key, cache: RenderCache?) -> DEMTile? {
        if let kept = cache?.heights.value(for: key) { return kept }
        guard let made = DEMTile(tile.image, id: tile.id, encoding: key.encoding) else { return nil }
        cache?.heights.insert(made, for: key, cost: made.cost)
        return made
    }
}
