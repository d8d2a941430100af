import Foundation
import MeridianCamera
import MeridianTestSupport
import MeridianTiles
import MeridianTileFixtures
import PropertyBased
import Testing

typealias P = VectorTile.Point

let sampleLayers = [
    VectorTile.Layer(
        name: "roads", extent: 4096,
        features: [
            VectorTile.Feature(
                id: 7, type: .lineString, properties: ["class": .string("primary"), "lanes": .uint(2)],
                geometry: [[P(x: 0, y: 0), P(x: 100, y: 50), P(x: 4200, y: -30)], [P(x: 10, y: 10), P(x: 20, y: 20)]]),
            VectorTile.Feature(
                type: .point, properties: ["name": .string("Rautatientori"), "rank": .sint(-3), "open": .bool(true)],
                geometry: [[P(x: 2048, y: 2048)], [P(x: 5, y: 6)]]),
        ]),
    VectorTile.Layer(
        name: "buildings", extent: 512,
        features: [
            VectorTile.Feature(
                id: 1, type: .polygon, properties: ["height": .double(48.5), "levels": .float(4), "year": .int(1919)],
                geometry: [
                    [P(x: 0, y: 0), P(x: 100, y: 0), P(x: 100, y: 100), P(x: 0, y: 100)],
                    [P(x: 20, y: 20), P(x: 20, y: 40), P(x: 40, y: 40)],
                ])
        ]),
]

@Suite struct VectorTileDecoderTests {
    @Test("a tile written to the spec decodes to the same layers, features, properties and geometry")
    func decodesSample() throws {
        let tile = try VectorTileDecoder.decode(MVTWriter.tile(sampleLayers))
        #expect(tile.layers == sampleLayers)
        #expect(tile.layer(named: "buildings")?.features.first?.properties["height"]?.number == 48.5)
    }

    @Test("gzip and zlib payloads inflate first; raw bytes pass through")
    func compressed() throws {
        let raw = MVTWriter.tile(sampleLayers)
        #expect(try VectorTileDecoder.decode(compressed: gzip(raw)) == VectorTile(layers: sampleLayers))
        #expect(
            try VectorTileDecoder.decode(compressed: gzip(raw, zlibHeader: true)) == VectorTile(layers: sampleLayers))
        #expect(try Inflate.decompress(raw) == raw)
    }

    @Test("property: random lines and polygons survive encode → decode exactly")
    func roundTrip() async {
        let point = zip(Gen.int(in: -5000...9000), Gen.int(in: -5000...9000)).map { P(x: Int32($0), y: Int32($1)) }
        await propertyCheck(count: 200, input: point.array(of: 2...12).array(of: 1...4), Gen.int(in: 0...1)) {
            parts, kind in
            let type: VectorTile.GeometryType = kind == 0 ? .lineString : .polygon
            let layer = VectorTile.Layer(name: "l", features: [VectorTile.Feature(type: type, geometry: parts)])
            let decoded = try? VectorTileDecoder.decode(MVTWriter.tile([layer]))
            #expect(decoded?.layers == [layer])
        }
    }

    @Test("fuzz: truncated, bit-flipped and random bytes give a typed error or a tile, never a crash")
    func fuzz() async {
        let valid = MVTWriter.tile(sampleLayers)
        await propertyCheck(
            count: 3000, input: Gen.int(in: 0...(valid.count - 1)), Gen.int(in: 0...255), Gen.int(in: 0...2)
        ) { at, byte, mode in
            var bytes = valid
            switch mode {
            case 0: bytes = Array(bytes.prefix(at))
            case 1: bytes[at] = UInt8(byte)
            default: bytes = (0..<at).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ byte) }
            }
            do throws(TileError) { _ = try VectorTileDecoder.decode(bytes) } catch {
                #expect(error.description.contains("malformed"))
            }
            do throws(TileError) { _ = try VectorTileDecoder.decode(compressed: gzip(bytes)) } catch {
                #expect(!error.description.isEmpty)
            }
        }
    }

    @Test(
        "malformed input is named",
        arguments: [
            ([0x1a, 0x05, 0x0a], "runs past"),  // layer length beyond the end
            ([0x1a, 0x02, 0x28, 0x00], "without a name"),  // a layer with only an extent
            ([0x1a, 0x02, 0x0a, 0xff], "truncated varint"),  // the name's length cut off by the layer's end
            ([0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01], "varint"),
            ([0x0b], "wire type"),
        ] as [([UInt8], String)])
    func malformed(bytes: [UInt8], mentions: String) {
        let error = #expect(throws: TileError.self) { try VectorTileDecoder.decode(bytes) }
        #expect(error?.description.contains(mentions) == true, "\(String(describing: error))")
    }

    @Test func inflateErrors() throws {
        let packed = gzip([UInt8](repeating: 0, count: 10_000))
        #expect(throws: TileError.compression("truncated data")) {
            try Inflate.decompress(Array(packed.prefix(packed.count / 2)))
        }
        #expect(throws: TileError.self) { try Inflate.decompress(packed, limit: 1000) }  // a small bomb
        #expect(try Inflate.decompress(packed).count == 10_000)
        var corrupt = packed
        corrupt[12] ^= 0xff
        #expect(throws: TileError.self) { try Inflate.decompress(corrupt) }
    }
}

@Suite struct MBTilesTests {
    @Test("reads metadata and tiles by XYZ (stored as TMS rows); a missing tile is nil")
    func readsTiles() throws {
        let path = temporaryPath("ok.mbtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tile = gzip(MVTWriter.tile(sampleLayers))
        try writeMBTiles(
            path, metadata: ["name": "fixture", "format": "pbf", "minzoom": "12", "maxzoom": "14"],
            tiles: [(14, 9326, 4740, tile), (12, 2331, 1185, [1, 2, 3])])
        let db = try MBTiles(path: path)
        #expect(db.metadata["name"] == "fixture" && db.zoomRange == 12...14)
        #expect(try db.vectorTile(TileID(z: 14, x: 9326, y: 4740))?.layers == sampleLayers)
        #expect(try db.data(for: TileID(z: 12, x: 2331, y: 1185)) == [1, 2, 3])
        #expect(try db.data(for: TileID(z: 14, x: 9326, y: 4741)) == nil)
        #expect(throws: TileError.tileOutOfRange(z: 3, x: 8, y: 0)) { try db.data(for: TileID(z: 3, x: 8, y: 0)) }
        #expect(throws: TileError.self) { try db.vectorTile(TileID(z: 12, x: 2331, y: 1185)) }  // not a vector tile
    }

    @Test("a missing file, a file that is not SQLite, and a database without MBTiles tables give typed errors")
    func badFiles() throws {
        let missing = #expect(throws: TileError.self) { try MBTiles(path: temporaryPath("nope/none.mbtiles")) }
        #expect(missing?.description.contains("cannot read") == true)
        let garbage = temporaryPath("garbage.mbtiles")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(to: URL(fileURLWithPath: garbage))
        defer { try? FileManager.default.removeItem(atPath: garbage) }
        #expect(throws: TileError.self) { try MBTiles(path: garbage) }
        // An empty file is an empty SQLite database: no MBTiles tables.
        let empty = temporaryPath("empty.mbtiles")
        try Data().write(to: URL(fileURLWithPath: empty))
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let notMBTiles = #expect(throws: TileError.self) { try MBTiles(path: empty) }
        #expect(notMBTiles?.description.contains("is not an MBTiles file") == true)
        // The tables, empty: a valid MBTiles with nothing in it.
        let bare = temporaryPath("bare.mbtiles")
        try writeMBTiles(bare, metadata: [:], tiles: [])
        defer { try? FileManager.default.removeItem(atPath: bare) }
        #expect(try MBTiles(path: bare).metadata.isEmpty)
    }
}

@Suite struct TileCacheAndOverZoomTests {
    @Test("the cache keeps the most recently used tiles within its byte capacity")
    func lru() {
        let cache = TileCache<String>(capacity: 100)
        for i in 0..<5 { cache.insert("t\(i)", for: TileID(z: 1, x: i % 2, y: i / 2), cost: 30) }
        #expect(cache.totalCost <= 100 && cache.count == 3)
        #expect(cache.value(for: TileID(z: 1, x: 0, y: 0)) == nil && cache.value(for: TileID(z: 1, x: 0, y: 2)) == "t4")
        _ = cache.value(for: TileID(z: 1, x: 0, y: 1))  // t2 becomes the most recent
        cache.insert("big", for: TileID(z: 2, x: 0, y: 0), cost: 60)
        #expect(cache.value(for: TileID(z: 1, x: 0, y: 1)) == "t2" && cache.value(for: TileID(z: 1, x: 1, y: 1)) == nil)
        cache.insert("huge", for: TileID(z: 3, x: 0, y: 0), cost: 500)
        #expect(cache.value(for: TileID(z: 3, x: 0, y: 0)) == nil && cache.totalCost <= 100)
    }

    @Test(
        "against a reference model (a list by recency, scanned), 20,000 seeded inserts, reads and removals agree on every value, the order and the cost",
        arguments: [1, 2, 3])
    func lruModel(seed: UInt64) {
        let cache = LRUCache<Int, Int>(capacity: 1000)
        var model: [(key: Int, value: Int, cost: Int)] = []  // most recent first
        var state = seed
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % n
        }
        for step in 0..<20_000 {
            let key = next(64)
            switch next(10) {
            case 0..<5:
                let cost = next(10) == 0 ? 1200 : next(150)
                cache.insert(step, for: key, cost: cost)
                model.removeAll { $0.key == key }
                if cost <= 1000 {
                    model.insert((key, step, cost), at: 0)
                    while model.reduce(0, { $0 + $1.cost }) > 1000 { model.removeLast() }
                }
            case 5..<9:
                let expected = model.firstIndex { $0.key == key }.map { model.remove(at: $0) }
                if let expected { model.insert(expected, at: 0) }
                #expect(cache.value(for: key) == expected?.value, "step \(step)")
            default:
                cache.remove(key)
                model.removeAll { $0.key == key }
            }
        }
        #expect(cache.entries.map(\.key) == model.map(\.key) && cache.entries.map(\.value) == model.map(\.value))
        #expect(cache.totalCost == model.reduce(0) { $0 + $1.cost } && cache.count == model.count)
    }

    @Test("over-zooming finds the ancestor and the child's place inside it")
    func overZoom() throws {
        let child = TileID(z: 16, x: 37_311, y: 18_962)
        let parent = try #require(child.ancestor(atZoom: 14))
        #expect(parent == TileID(z: 14, x: 9327, y: 4740))
        let placement = try #require(child.placement(in: parent))
        #expect(placement.scale == 0.25 && placement.originX == 0.75 && placement.originY == 0.5)
        #expect(child.ancestor(atZoom: 17) == nil && child.placement(in: TileID(z: 14, x: 0, y: 0)) == nil)
    }
}
