import Foundation
import MeridianCamera
import MeridianRender
import MeridianTiles

extension RasterImport {
    /// The block's tiles of heights (32-bit floats, NaN for no data), times `metres` (metres per
    /// unit of the heights) and encoded; no data is grown from the heights around it (``fillNoData(_:side:)``),
    /// and a tile with no height at all is left out.
    func heightTiles(
        _ warped: (bytes: [UInt8], bands: Int), _ block: RasterGrid.Block, metres: Double, level: Float?
    )
        throws(DataError) -> [(TileID, [UInt8])]
    {
        let side = block.tileSize
        let width = block.pixels.width
        var out: [(TileID, [UInt8])] = []
        let heights = Self.floats(warped.bytes)
        for (j, y) in block.ys.enumerated() {
            for (i, x) in block.xs.enumerated() {
                var tile = [Float](repeating: .nan, count: side * side)
                for row in 0..<side {
                    let start = (j * side + row) * width + i * side
                    for col in 0..<side { tile[row * side + col] = heights[start + col] }
                }
                guard Self.fillNoData(&tile, side: side, level: level) else { continue }
                var rgba = [UInt8](repeating: 255, count: 4 * side * side)
                for (p, h) in tile.enumerated() {
                    let (r, g, b) = options.encoding.pixel(Double(h) * metres)
                    (rgba[4 * p], rgba[4 * p + 1], rgba[4 * p + 2]) = (r, g, b)
                }
                out.append((TileID(z: block.zoom, x: x, y: y), try encode(rgba, side: side, format: .png)))
            }
        }
        return out
    }

    /// The mean of the heights (in the file's units) GDAL averages `block` to: the coarsest zoom's,
    /// a few tiles; nil when it has none.
    func meanHeight(_ input: String, _ block: RasterGrid.Block, shown: String) throws(DataError) -> Float? {
        var (sum, count) = (0.0, 0)
        for piece in RasterGrid.pieces(of: block, side: Self.blockSide(block.tileSize)) {
            for h in Self.floats(try warp(input, piece, "average", alpha: nil, shown: shown).bytes) where h.isFinite {
                (sum, count) = (sum + Double(h), count + 1)
            }
        }
        return count > 0 ? Float(sum / Double(count)) : nil
    }

    /// Little-endian 32-bit floats (GDAL's ENVI output on these machines), NaN for no data.
    static func floats(_ bytes: [UInt8]) -> [Float] {
        bytes.withUnsafeBytes { raw in
            (0..<raw.count / 4).map {
                Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * $0, as: UInt32.self)))
            }
        }
    }

    /// How much of the way to `level` each ring of grown heights goes: an eighth, so the edge's
    /// relief fades within about 25 pixels (0.875²⁵ ≈ 4 %).
    static let settling: Float = 1.0 / 8

    /// Gives each pixel without a height (NaN) a height grown ring by ring from the pixels with
    /// one: each pixel of the next ring takes the mean of its neighbours (of eight) already filled,
    /// moved ``settling`` of the way to `level` (when given), so slopes and contour lines do not
    /// fall to sea level at the model's edge or into its voids, and the edge's relief does not
    /// streak away from it: it settles to one height, the same in every tile. False when the tile
    /// has no height at all. Each pixel is visited once per neighbour.
    static func fillNoData(_ tile: inout [Float], side: Int, level: Float? = nil) -> Bool {
        var ring = tile.indices.filter { !tile[$0].isNaN }
        guard !ring.isEmpty else { return false }
        guard ring.count < tile.count else { return true }
        var queued = tile.map { !$0.isNaN }
        while !ring.isEmpty {
            var next: [Int] = []
            for p in ring {
                let (x, y) = (p % side, p / side)
                for dy in -1...1 {
                    for dx in -1...1 where dx != 0 || dy != 0 {
                        let (nx, ny) = (x + dx, y + dy)
                        guard nx >= 0, ny >= 0, nx < side, ny < side, !queued[ny * side + nx] else { continue }
                        queued[ny * side + nx] = true
                        next.append(ny * side + nx)
                    }
                }
            }
            // Every pixel of the ring from the rings before it, then all at once.
            let values = next.map { p -> Float in
                let (x, y) = (p % side, p / side)
                var (sum, count): (Float, Float) = (0, 0)
                for dy in -1...1 {
                    for dx in -1...1 where dx != 0 || dy != 0 {
                        let (nx, ny) = (x + dx, y + dy)
                        guard nx >= 0, ny >= 0, nx < side, ny < side, !tile[ny * side + nx].isNaN else { continue }
                        (sum, count) = (sum + tile[ny * side + nx], count + 1)
                    }
                }
                let mean = sum / count
                return level.map { mean + (Float($0) - mean) * settling } ?? mean
            }
            for (p, v) in zip(next, values) { tile[p] = v }
            ring = next
        }
        return true
    }

    /// The block's tiles of 8-bit pixels (1 band grey, 2 grey and alpha, 3 RGB, 4 RGBA, by pixel),
    /// encoded in the chosen format; a tile wholly transparent is left out.
    func imageTiles(
        _ warped: (bytes: [UInt8], bands: Int), _ block: RasterGrid.Block
    ) throws(DataError)
        -> [(TileID, [UInt8])]
    {
        let side = block.tileSize
        let width = block.pixels.width
        let n = warped.bands
        var out: [(TileID, [UInt8])] = []
        for (j, y) in block.ys.enumerated() {
            for (i, x) in block.xs.enumerated() {
                var rgba = [UInt8](repeating: 255, count: 4 * side * side)
                var any = false
                for row in 0..<side {
                    let start = ((j * side + row) * width + i * side) * n
                    for col in 0..<side {
                        let s = start + col * n
                        let p = 4 * (row * side + col)
                        let grey = n < 3
                        rgba[p] = warped.bytes[s]
                        rgba[p + 1] = warped.bytes[grey ? s : s + 1]
                        rgba[p + 2] = warped.bytes[grey ? s : s + 2]
                        rgba[p + 3] = n == 2 || n == 4 ? warped.bytes[s + n - 1] : 255
                        any = any || rgba[p + 3] != 0
                    }
                }
                guard any else { continue }
                out.append(
                    (TileID(z: block.zoom, x: x, y: y), try encode(rgba, side: side, format: options.imageFormat)))
            }
        }
        return out
    }

    /// A square tile of straight RGBA (`side` pixels a side) in `format`.
    func encode(_ rgba: [UInt8], side: Int, format: TileImageEncoder.Format) throws(DataError) -> [UInt8] {
        do {
            return try TileImageEncoder.encode(rgba: rgba, width: side, height: side, format: format)
        } catch { throw .io(path: work, reason: "a tile could not be encoded: \(error)") }
    }
}

/// Where an import's raster tiles go: an MBTiles file written as they come, or a PMTiles archive
/// written whole at the end (its directory needs every tile; the tiles wait in memory, about
/// their encoded size).
final class RasterTilesetWriter {
    let path: String
    private var mbtiles: MBTilesWriter?
    private var held: [TileID: [UInt8]] = [:]
    private(set) var count = 0

    /// - Throws: ``DataError/io(path:reason:)`` when the file cannot be started.
    init(path: String) throws(DataError) {
        self.path = path
        if !path.hasSuffix(".pmtiles") {
            do { mbtiles = try MBTilesWriter(path: path) } catch { throw .io(path: path, reason: "\(error)") }
        }
    }

    func add(_ id: TileID, _ bytes: [UInt8]) throws(DataError) {
        count += 1
        guard let mbtiles else { return held[id] = bytes }
        do { try mbtiles.add(id, bytes) } catch { throw .io(path: path, reason: "\(error)") }
    }

    /// Writes the metadata (MBTiles keys; in PMTiles the JSON metadata, with the tile type from `format`).
    func finish(
        metadata: [(String, String)], bounds: (west: Double, south: Double, east: Double, north: Double)
    ) throws(DataError) {
        do {
            if let mbtiles { return try mbtiles.finish(metadata: metadata) }
            let object = Dictionary(metadata.filter { $0.0 != "format" }, uniquingKeysWith: { a, _ in a })
            let json = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
            let webp = metadata.contains { $0 == ("format", "webp") }
            try PMTilesArchiveWriter.write(
                held, to: path, type: webp ? .webp : .png, tileCompression: .none, bounds: bounds,
                metadata: [UInt8](json))
        } catch { throw .io(path: path, reason: "\(error)") }
    }
}
