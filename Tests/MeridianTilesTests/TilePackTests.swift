import Foundation
import MeridianCamera
@testable import MeridianTiles
import MeridianTestSupport
import MeridianTileFixtures
import Testing

@Suite struct TilePackTests {
    static func layer(_ name: String, _ n: Int) -> VectorTile.Layer {
        var features: [VectorTile.Feature] = []
        for i in 0..<n {
            let properties: [String: VectorTile.Value] = ["class": .string("c\(i)"), "rank": .int(Int64(i))]
            let point = VectorTile.Point(x: Int32(10 * i), y: Int32(20 * i))
            features.append(
                VectorTile.Feature(id: UInt64(i), type: .point, properties: properties, geometry: [[point]]))
        }
        return VectorTile.Layer(name: name, features: features)
    }

    @Test("merge renames every source's layers; split gives each source its layers back, decoding to the same features")
    func roundTrip() throws {
        let streets = MVTWriter.tile([Self.layer("land", 3), Self.layer("roads", 5)])
        let world = gzip(MVTWriter.tile([Self.layer("land", 2)]))
        let merged = try TilePack.merge([("streets", streets), ("world", world)])
        #expect(try TilePack.layerNames(merged) == ["streets/land", "streets/roads", "world/land"])
        let back = try #require(try TilePack.split(merged, source: "streets"))
        #expect(try VectorTileDecoder.decode(back) == VectorTileDecoder.decode(streets))
        let land = try #require(try TilePack.split(gzip(merged), source: "world"))
        #expect(try VectorTileDecoder.decode(land) == VectorTileDecoder.decode(compressed: world))
        #expect(try TilePack.split(merged, source: "coast") == nil)
        // A source whose name is another's prefix does not take its layers.
        #expect(try TilePack.split(merged, source: "street") == nil)
    }

    @Test("broken tiles and metadata are typed errors")
    func broken() {
        #expect(throws: TileError.self) { try TilePack.merge([("a", [0x1A, 0x05, 0x0A])]) }
        #expect(throws: TileError.self) { try TilePack.sources(json: "[1, 2]") }
        #expect(throws: TileError.self) {
            try TilePack.sources(json: #"{"a": {"minzoom": 5, "maxzoom": 40, "layers": []}}"#)
        }
        #expect(throws: TileError.self) {
            try TilePack.sources(json: #"{"a": {"minzoom": 9, "maxzoom": 3, "layers": []}}"#)
        }
    }

    @Test("a PMTiles archive written with leaf directories reads back every tile, runs and shared contents included")
    func pmtilesArchive() throws {
        var generator = SystemRandomNumberGenerator()
        var tiles: [TileID: [UInt8]] = [:]
        // 12,000 scattered tiles of varied contents (the root would not fit in 16 KiB), a run
        // of one tile over consecutive ids, and one content shared by distant tiles.
        while tiles.count < 12_000 {
            let id = TileID(
                z: 10, x: Int.random(in: 0..<1024, using: &generator), y: Int.random(in: 0..<1024, using: &generator))
            tiles[id] = (0..<Int.random(in: 1...40, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
        }
        for x in 0..<4 { tiles[TileID(z: 1, x: x % 2, y: x / 2)] = [7, 7, 7] }
        tiles[TileID(z: 3, x: 7, y: 7)] = [7, 7, 7]
        let path = temporaryPath("archive.pmtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PMTilesArchiveWriter.write(
            tiles, to: path, type: .png, tileCompression: .none, bounds: (-180, -85, 180, 85),
            metadata: Array(#"{"name":"t"}"#.utf8))
        let archive = try PMTiles(path: path)
        #expect(archive.header.leafDirectoryLength > 0, "leaves were needed")
        #expect(archive.info.zoomRange == 1...10 && archive.metadata["name"] == "t")
        for (id, bytes) in tiles { #expect(try archive.data(for: id) == bytes, "tile \(id)") }
        #expect(try archive.data(for: TileID(z: 10, x: 1023, y: 1023)) == tiles[TileID(z: 10, x: 1023, y: 1023)])
    }
}
