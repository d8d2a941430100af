import MeridianCamera
import MeridianRender
import MeridianTiles

extension Pyramid {
    /// What each tile costs to draw, for splitting a job into shards of equal cost: 1, plus a
    /// unit for every KiB of the data under it (each source's stored tile at the tile's zoom, or
    /// the parent it over-zooms), so a shard of the city and one of the sea take about as long.
    /// Without sources (they could not be opened) every tile costs 1: shards by count.
    static func weights(_ tiles: [TileID], sources: MapSources?) -> [Double] {
        guard let sources else { return tiles.map { _ in 1 } }
        let tilesets = sources.sources.keys.sorted().flatMap { sources.sources[$0]!.tilesets }
        var sizes: [[TileID: Int]] = Array(repeating: [:], count: tilesets.count)
        return tiles.map { tile in
            var kib = 0
            for (i, tileset) in tilesets.enumerated() {
                guard let zooms = tileset.zoomRange, tile.z >= zooms.lowerBound else { continue }
                let shift = max(0, tile.z - zooms.upperBound)
                let parent = TileID(z: tile.z - shift, x: tile.x >> shift, y: tile.y >> shift)
                if let known = sizes[i][parent] {
                    kib += known
                    continue
                }
                let size = tileset.mayHold(parent) ? ((try? tileset.data(for: parent))??.count ?? 0) / 1024 : 0
                sizes[i][parent] = size
                kib += size
            }
            return 1 + Double(kib)
        }
    }
}
