import Foundation
import MeridianCamera
import MeridianTiles
import MeridianTileFixtures
import Testing

/// One cap on a stored tile's size for every tile source, checked before the tile is read
/// (a 200 MB tile once took a render from 34 MB to 411 MB resident).
@Suite struct TileSizeCapTests {
    static let big = [UInt8](repeating: 0x1F, count: Int(TileError.maxTileBytes) + 1)
    static let small: [UInt8] = [0x1A, 0x00]

    static func expectTooLarge(_ read: () throws(TileError) -> [UInt8]?, path: String) {
        do throws(TileError) {
            _ = try read()
            Issue.record("a tile over the cap was read")
        } catch {
            #expect(error == .tileTooLarge(path: path, tile: "3/2/1", bytes: TileError.maxTileBytes + 1), "\(error)")
            #expect(error.description.contains(path) && error.description.contains("3/2/1"))
        }
    }

    @Test(
        "MBTiles: a tile one byte over 32 MiB is a typed error naming the file and the tile; the tiles beside it read")
    func mbtiles() throws {
        let path = NSTemporaryDirectory() + "meridian-cap-\(UUID().uuidString).mbtiles"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try writeMBTiles(path, metadata: ["format": "pbf"], tiles: [(3, 2, 1, Self.big), (3, 2, 2, Self.small)])
        let db = try MBTiles(path: path)
        Self.expectTooLarge({ () throws(TileError) in try db.data(for: TileID(z: 3, x: 2, y: 1)) }, path: path)
        #expect(try db.data(for: TileID(z: 3, x: 2, y: 2)) == Self.small)
        #expect(try db.data(for: TileID(z: 3, x: 0, y: 0)) == nil)
    }

    @Test("PMTiles: the same cap, the same error")
    func pmtiles() throws {
        let path = NSTemporaryDirectory() + "meridian-cap-\(UUID().uuidString).pmtiles"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(PMTilesWriter.archive([(3, 2, 1, Self.big), (3, 2, 2, Self.small)])).write(
            to: URL(fileURLWithPath: path))
        let archive = try PMTiles(path: path)
        Self.expectTooLarge({ () throws(TileError) in try archive.data(for: TileID(z: 3, x: 2, y: 1)) }, path: path)
        #expect(try archive.data(for: TileID(z: 3, x: 2, y: 2)) == Self.small)
    }
}
