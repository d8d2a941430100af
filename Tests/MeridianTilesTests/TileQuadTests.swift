import Foundation
import MeridianCamera
import MeridianTileFixtures
@testable import MeridianTiles
import Testing

/// ``TileQuad``: a parent tile joined from its four children (MapLibre's 512-pixel tiles).
@Suite struct TileQuadTests {
    static func p(_ x: Int32, _ y: Int32) -> VectorTile.Point { VectorTile.Point(x: x, y: y) }

    /// A child with a point, a line and a square in layer "places", at extent `extent`.
    static func child(_ name: String, extent: Int = 4096) -> [UInt8] {
        var layer = VectorTile.Layer(
            name: "places",
            features: [
                VectorTile.Feature(id: 7, type: .point, properties: ["name": .string(name)], geometry: [[p(10, 20)]]),
                VectorTile.Feature(
                    type: .lineString, properties: ["rank": .uint(3)], geometry: [[p(0, 0), p(100, 50), p(4000, 4000)]]),
                VectorTile.Feature(type: .polygon, geometry: [[p(1, 1), p(1, 9), p(9, 9), p(9, 1), p(1, 1)]]),
            ])
        layer.extent = extent
        return MVTWriter.tile([layer])
    }

    @Test(
        "the children's layers of one name become one layer at twice the extent, each feature in its child's quarter with its properties, id and shape"
    )
    func quarters() throws {
        let children = [(0, 0, "nw"), (1, 0, "ne"), (0, 1, "sw"), (1, 1, "se")].map {
            (dx: $0.0, dy: $0.1, bytes: Self.child($0.2))
        }
        let joined = try VectorTileDecoder.decode(try TileQuad.join(children))
        // One layer (MapLibre's parsers keep one layer a name: four would lose three quarters).
        try #require(joined.layers.count == 1)
        let layer = joined.layers[0]
        #expect(layer.name == "places" && layer.extent == 8192 && layer.features.count == 12 && layer.rejected.isEmpty)
        for (k, child) in children.enumerated() {
            let original = try VectorTileDecoder.decode(child.bytes).layers[0]
            let moved = Array(layer.features[(3 * k)..<(3 * k + 3)])
            let (ox, oy) = (Int32(child.dx * 4096), Int32(child.dy * 4096))
            #expect(
                moved.map(\.properties) == original.features.map(\.properties)
                    && moved.map(\.id) == original.features.map(\.id))
            #expect(moved.map(\.type) == original.features.map(\.type))
            for (f, g) in zip(moved, original.features) {
                #expect(
                    f.geometry == g.geometry.map { $0.map { Self.p($0.x + ox, $0.y + oy) } }, "\(child.dx),\(child.dy)")
            }
        }
    }

    @Test(
        "a layer of another extent stays a layer of its own (doubled); absent children leave their quarter empty; garbage is a typed error"
    )
    func extentsAndBadInput() throws {
        let joined = try VectorTileDecoder.decode(
            try TileQuad.join([(dx: 1, dy: 1, bytes: Self.child("se", extent: 512))]))
        #expect(joined.layers.count == 1 && joined.layers[0].extent == 1024)
        #expect(joined.layers[0].features[0].geometry == [[Self.p(522, 532)]])
        #expect(try TileQuad.join([]).isEmpty)
        let mixed = try VectorTileDecoder.decode(
            try TileQuad.join([
                (dx: 0, dy: 0, bytes: Self.child("a")), (dx: 1, dy: 0, bytes: Self.child("b", extent: 512)),
            ]))
        #expect(mixed.layers.map(\.extent) == [8192, 1024])
        #expect(throws: TileError.self) { try TileQuad.join([(dx: 0, dy: 0, bytes: [0x1A, 0x05, 0x0A])]) }
        // A first point near the 32-bit limit cannot move further.
        var far = VectorTile.Layer(
            name: "far", features: [VectorTile.Feature(type: .point, geometry: [[Self.p(Int32.max - 10, 0)]])])
        far.extent = 4096
        #expect(throws: TileError.self) { try TileQuad.join([(dx: 1, dy: 0, bytes: MVTWriter.tile([far]))]) }
    }

    @Test("the real data: the z13 tile joined from Helsinki's four z14 tiles decodes, with every child's features")
    func helsinki() throws {
        let path = RealData.mbtiles
        guard FileManager.default.fileExists(atPath: path) else { return }
        let tileset = try MBTiles(path: path)
        var children: [(dx: Int, dy: Int, bytes: [UInt8])] = []
        var features = 0
        for dy in 0...1 {
            for dx in 0...1 {
                guard let bytes = try tileset.data(for: TileID(z: 14, x: 2 * 4663 + dx, y: 2 * 2370 + dy)) else {
                    continue
                }
                let raw = try Inflate.decompress(bytes)
                features += try VectorTileDecoder.decode(raw).layers.reduce(0) { $0 + $1.features.count }
                children.append((dx, dy, raw))
            }
        }
        try #require(!children.isEmpty)
        let joined = try VectorTileDecoder.decode(try TileQuad.join(children))
        #expect(joined.layers.reduce(0) { $0 + $1.features.count } == features && features > 100)
    }

    @Test(
        "fuzz: hostile tiles joined four times over give a typed error or a tile holding every feature four times (fixed seed)"
    )
    func fuzz() throws {
        var fuzzer = TileFuzzer(seed: DecoderFuzzTests.seed)
        var joinedCount = 0
        var refused = 0
        for i in 0..<400 {
            let generated = fuzzer.tile()
            let quarters = [(0, 0), (1, 0), (0, 1), (1, 1)].map { (dx: $0.0, dy: $0.1, bytes: generated.bytes) }
            let bytes: [UInt8]
            do { bytes = try TileQuad.join(quarters) } catch {
                refused += 1
                continue
            }
            let joined = try VectorTileDecoder.decode(bytes)
            let total = joined.layers.reduce(0) { $0 + $1.features.count + $1.rejected.count }
            #expect(total == 4 * generated.featuresPerLayer.reduce(0, +), "tile \(i) of seed \(DecoderFuzzTests.seed)")
            joinedCount += 1
        }
        #expect(joinedCount > 0)
        print("fuzz: 400 hostile tiles joined: \(joinedCount) joined, \(refused) refused with a typed error")
    }
}

/// `TileQuad.merge`: the tiles of one place from several regions joined layer by layer.
@Suite struct TileMergeTests {
    static func p(_ x: Int32, _ y: Int32) -> VectorTile.Point { VectorTile.Point(x: x, y: y) }

    static func tile(_ layers: [(String, [String], Int)]) -> [UInt8] {
        MVTWriter.tile(
            layers.map { name, features, extent in
                var layer = VectorTile.Layer(
                    name: name,
                    features: features.enumerated().map { i, f in
                        VectorTile.Feature(
                            id: UInt64(i + 1), type: .lineString,
                            properties: ["name": .string(f), "rank": .uint(UInt64(i))],
                            geometry: [[p(Int32(10 * i), 5), p(300, Int32(40 + i))]])
                    })
                layer.extent = extent
                return layer
            })
    }

    @Test(
        "layers of one name and extent become one, each region's features in order with their own tags and shapes; others stay apart"
    )
    func merge() throws {
        let a = Self.tile([("transportation", ["a1", "a2"], 4096), ("water", ["lake"], 4096)])
        let b = Self.tile([("transportation", ["b1"], 4096), ("poi", ["cafe"], 4096), ("water", ["sea"], 8192)])
        let merged = try VectorTileDecoder.decode(try TileQuad.merge([a, b]))
        #expect(merged.layers.map(\.name) == ["transportation", "water", "poi", "water"])
        let roads = merged.layers[0]
        #expect(roads.extent == 4096 && roads.rejected.isEmpty)
        #expect(roads.features.map { $0.properties["name"] } == [.string("a1"), .string("a2"), .string("b1")])
        let originals =
            try VectorTileDecoder.decode(a).layers[0].features + VectorTileDecoder.decode(b).layers[0].features
        #expect(roads.features.map(\.geometry) == originals.map(\.geometry), "nothing moved")
        #expect(roads.features.map(\.properties) == originals.map(\.properties))
        #expect(roads.features.map(\.id) == originals.map(\.id))
        #expect(merged.layers.last?.extent == 8192, "a layer of another extent stays its own")
    }

    @Test("garbage among the parts is a typed error; no parts, no layers")
    func badInput() throws {
        #expect(throws: TileError.self) { try TileQuad.merge([Self.tile([("a", ["x"], 4096)]), [0x1A, 0xFF, 0xFF]]) }
        #expect(try TileQuad.merge([]).isEmpty)
    }
}
