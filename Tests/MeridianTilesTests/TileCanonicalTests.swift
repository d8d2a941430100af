import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianTestSupport
import MeridianTileFixtures
@testable import MeridianTiles
import Testing

/// ``TileCanonical``: the same features in any order make the same bytes, and nothing a reader
/// sees changes but their order.
@Suite struct TileCanonicalTests {
    static func p(_ x: Int32, _ y: Int32) -> VectorTile.Point { VectorTile.Point(x: x, y: y) }

    static let features = [
        VectorTile.Feature(
            id: 7, type: .point, properties: ["name": .string("Kauppatori"), "rank": .uint(3)], geometry: [[p(10, 20)]]),
        VectorTile.Feature(type: .point, properties: ["name": .string("Senaatintori")], geometry: [[p(30, 40)]]),
        VectorTile.Feature(
            type: .lineString, properties: ["class": .string("primary"), "oneway": .int(1)],
            geometry: [[p(0, 0), p(100, 50)]]),
        VectorTile.Feature(type: .polygon, geometry: [[p(1, 1), p(1, 9), p(9, 9), p(9, 1)]]),
    ]

    @Test("the same features in every order give the same bytes, which decode to the same features")
    func orderFree() throws {
        let orders = [[0, 1, 2, 3], [3, 2, 1, 0], [1, 3, 0, 2], [2, 0, 3, 1]]
        let tiles = try orders.map { order in
            try TileCanonical.ordered(
                MVTWriter.tile([VectorTile.Layer(name: "poi", features: order.map { Self.features[$0] })]))
        }
        #expect(Set(tiles).count == 1, "one canonical form")
        let decoded = try VectorTileDecoder.decode(tiles[0]).layers
        #expect(decoded.count == 1 && decoded[0].name == "poi" && decoded[0].extent == 4096)
        #expect(Set(decoded[0].features) == Set(Self.features), "the same features, properties, ids and shapes")
        // Canonical already: a second pass changes nothing.
        #expect(try TileCanonical.ordered(tiles[0]) == tiles[0])
    }

    @Test("layers keep their order and names; each is sorted on its own")
    func layersKept() throws {
        let bytes = MVTWriter.tile([
            VectorTile.Layer(name: "b", features: Array(Self.features.reversed())),
            VectorTile.Layer(name: "a", features: Self.features),
        ])
        let layers = try VectorTileDecoder.decode(try TileCanonical.ordered(bytes)).layers
        #expect(layers.map(\.name) == ["b", "a"])
        #expect(layers[0].features == layers[1].features, "both sorted the same way")
    }

    @Test("a hostile tile (tags naming keys the layer lacks, an odd tag count, truncation) is a typed error")
    func hostile() {
        // Layer "x" with one point feature whose tags are [5, 0] (no key 5) or [0] (odd).
        func tile(tags: [UInt8]) -> [UInt8] {
            let feature = Protobuf.bytes(2, tags) + Protobuf.uint(3, 1) + Protobuf.bytes(4, [9, 2, 2])
            let layer =
                Protobuf.string(1, "x") + Protobuf.bytes(2, feature) + Protobuf.string(3, "k")
                + Protobuf.bytes(4, Protobuf.string(1, "v")) + Protobuf.uint(5, 4096)
            return Protobuf.bytes(3, layer)
        }
        #expect(throws: TileError.self) { try TileCanonical.ordered(tile(tags: [5, 0])) }
        #expect(throws: TileError.self) { try TileCanonical.ordered(tile(tags: [0])) }
        #expect((try? TileCanonical.ordered(tile(tags: [0, 0]))) != nil, "the well-formed twin passes")
        #expect(throws: TileError.self) { try TileCanonical.ordered(Array(tile(tags: [0, 0]).dropLast(3))) }
    }

    @Test(
        "every tile of the real Helsinki tileset is canonical (the import ordered it) and decodes to what it held",
        .enabled(if: RealData.available, "no default data: run scripts/build-data.sh"))
    func realData() throws {
        let db = try MBTiles(path: RealData.mbtiles)
        var checked = 0
        for z in 10...14 {
            let n = 1 << z
            let (x0, x1) = (Int((24.93 + 180) / 360 * Double(n)), Int((24.96 + 180) / 360 * Double(n)))
            let y0 = Int(WebMercator.y(latitude: 60.18) * Double(n))
            let y1 = Int(WebMercator.y(latitude: 60.16) * Double(n))
            for x in x0...x1 {
                for y in y0...y1 {
                    guard let stored = try db.data(for: TileID(z: z, x: x, y: y)) else { continue }
                    let plain = try Inflate.decompress(stored)
                    #expect(try TileCanonical.ordered(plain) == plain, "tile \(z)/\(x)/\(y) is canonical")
                    checked += 1
                }
            }
        }
        #expect(checked >= 5)
    }
}
