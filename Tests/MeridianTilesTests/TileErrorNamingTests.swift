import Foundation
import MeridianCamera
import MeridianTestSupport
import MeridianTileFixtures
@testable import MeridianTiles
import Testing

/// Every error of a stored tile names the archive and the tile (issue 23, defect 10: a PMTiles
/// inflate error used to say only "cannot inflate tile data: truncated data").
@Suite struct TileErrorNamingTests {
    /// A gzip header and two bytes of nothing: inflating it fails.
    static let brokenGzip: [UInt8] = [0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 3, 0x01, 0x02]
    static let tile = TileID(z: 3, x: 2, y: 1)

    static func expectNamed(_ body: () throws(TileError) -> Void, path: String) {
        do throws(TileError) {
            try body()
            Issue.record("a broken tile was read")
        } catch {
            guard case let .badTile(named, tile, reason) = error else {
                Issue.record("not badTile: \(error)")
                return
            }
            #expect(named == path && tile == "3/2/1" && reason.contains("inflate"), "\(error)")
            #expect(error.description.contains(path) && error.description.contains("3/2/1"))
        }
    }

    @Test(
        "a tile that does not inflate, in PMTiles and in MBTiles, decoded or joined: the error names the file and the tile"
    )
    func brokenTile() throws {
        let pm = temporaryPath("broken-\(UUID().uuidString).pmtiles")
        let mb = temporaryPath("broken-\(UUID().uuidString).mbtiles")
        defer {
            try? FileManager.default.removeItem(atPath: pm)
            try? FileManager.default.removeItem(atPath: mb)
        }
        try Data(PMTilesWriter.archive([(3, 2, 1, Self.brokenGzip)])).write(to: URL(fileURLWithPath: pm))
        try writeMBTiles(mb, metadata: ["format": "pbf"], tiles: [(3, 2, 1, Self.brokenGzip)])
        let archive = try PMTiles(path: pm)
        let database = try MBTiles(path: mb)
        Self.expectNamed({ () throws(TileError) in _ = try archive.vectorTile(Self.tile) }, path: pm)
        Self.expectNamed({ () throws(TileError) in _ = try database.vectorTile(Self.tile) }, path: mb)
        let source = TileSource(name: "streets", tilesets: [archive])
        Self.expectNamed({ () throws(TileError) in _ = try source.joinedTile(Self.tile) }, path: pm)
    }

    @Test("a PMTiles root directory whose gzip is cut short: corrupt, naming the file and the directory")
    func brokenDirectory() throws {
        var bytes = PMTilesWriter.archive([(3, 2, 1, [0x1A, 0x00]), (3, 2, 2, [0x1A, 0x00])])
        // Header bytes 8–15: the root directory's offset; 16–23: its length (little-endian).
        func u64(_ at: Int) -> Int { (0..<8).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        let (offset, length) = (u64(8), u64(16))
        for i in offset + length / 2..<offset + length { bytes[i] = 0 }
        let path = temporaryPath("broken-dir-\(UUID().uuidString).pmtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        do throws(TileError) {
            _ = try PMTiles(path: path)
            Issue.record("a broken directory was read")
        } catch {
            #expect(
                error.description.contains(path) && error.description.contains("directory at \(offset)"), "\(error)")
        }
    }
}

/// The PMTiles leaf-directory cache is bounded by decoded bytes (issue 23, defect 9).
@Suite struct PMTilesLeafCacheTests {
    @Test(
        "3,000 tiles in 60 leaves, read through a cache bounded at 5,000 bytes: every tile reads, the cache holds at most 5,000 bytes; the default bound keeps them all"
    )
    func boundedByBytes() throws {
        let tiles = (0..<3000).map { i in (z: 12, x: i % 64, y: i / 64, data: [UInt8(0x1A), UInt8(i % 256)]) }
        var options = PMTilesWriter.Options()
        options.leafSize = 50
        let path = temporaryPath("leaves-\(UUID().uuidString).pmtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(PMTilesWriter.archive(tiles, options: options)).write(to: URL(fileURLWithPath: path))
        let small = try PMTiles(path: path, leafCacheBytes: 5000)
        let roomy = try PMTiles(path: path)
        for t in tiles {
            let id = TileID(z: t.z, x: t.x, y: t.y)
            #expect(try small.data(for: id) == t.data)
            #expect(try roomy.data(for: id) == t.data)
            #expect(small.leaves.totalCost <= 5000)
        }
        #expect(small.leaves.count >= 1 && small.leaves.count <= 3, "\(small.leaves.count) leaves kept")
        #expect(roomy.leaves.count >= 50, "\(roomy.leaves.count) leaves kept")
    }
}
