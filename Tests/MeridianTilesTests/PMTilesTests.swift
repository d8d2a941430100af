import Foundation
import MeridianCamera
import MeridianTiles
import MeridianTestSupport
import MeridianTileFixtures
import PropertyBased
import Testing

@Suite struct PMTilesTests {
    /// Every tile of zooms 0–4, with runs: the z4 tiles of each row's west half share bytes.
    static let tiles: [(z: Int, x: Int, y: Int, data: [UInt8])] = {
        var out: [(z: Int, x: Int, y: Int, data: [UInt8])] = []
        for z in 0...4 {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) {
                    let data: [UInt8] = z == 4 && x < 8 ? [0xAA, UInt8(y)] : Array("\(z)/\(x)/\(y)".utf8)
                    out.append((z, x, y, data))
                }
            }
        }
        return out
    }()

    static func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = temporaryPath(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("tile ids: z0 is 0, z1 runs 1–4 along the Hilbert curve, and every id matches the curve walked the other way")
    func tileIDs() async {
        #expect(PMTilesDirectory.tileID(z: 0, x: 0, y: 0) == 0)
        #expect(
            [(0, 0), (0, 1), (1, 1), (1, 0)].map { PMTilesDirectory.tileID(z: 1, x: $0.0, y: $0.1) } == [1, 2, 3, 4])
        #expect(PMTilesDirectory.tileID(z: 2, x: 0, y: 0) == 5)
        await propertyCheck(count: 300, input: Gen.int(in: 0...7), Gen.int(in: 0...Int.max)) { z, seed in
            let n = 1 << z
            let x = seed % n
            let y = (seed / n) % n
            #expect(
                PMTilesDirectory.tileID(z: z, x: x, y: y) == PMTilesWriter.tileID(z: z, x: x, y: y), "\(z)/\(x)/\(y)")
        }
    }

    @Test(
        "an archive reads back tile for tile: root only and with leaf directories, gzip and plain directories, with runs",
        arguments: [nil, 1, 7, 64] as [Int?])
    func roundTrip(leafSize: Int?) throws {
        var options = PMTilesWriter.Options(leafSize: leafSize)
        options.gzipDirectories = leafSize != 7
        options.metadata = [
            "name": "fixture", "attribution": "© fixture", "vector_layers": [["id": "roads"], ["id": "water"]],
        ]
        let path = try Self.write(
            PMTilesWriter.archive(Self.tiles, options: options), "fixture-\(leafSize ?? 0).pmtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let archive = try PMTiles(path: path)
        for t in Self.tiles {
            #expect(try archive.data(for: TileID(z: t.z, x: t.x, y: t.y)) == t.data, "\(t.z)/\(t.x)/\(t.y)")
        }
        #expect(try archive.data(for: TileID(z: 5, x: 0, y: 0)) == nil)  // past the last zoom
        #expect(throws: TileError.tileOutOfRange(z: 2, x: 4, y: 0)) { try archive.data(for: TileID(z: 2, x: 4, y: 0)) }
        let info = archive.info
        #expect(info.name == "fixture" && info.attribution == "© fixture" && info.vectorLayers == ["roads", "water"])
        #expect(
            info.content == .vector && info.zoomRange == 0...4 && info.bounds?.west == -180 && info.center?.zoom == 4)
    }

    @Test("a vector tile comes out decoded through the Tileset protocol, as from MBTiles")
    func vectorTile() throws {
        let tile = MVTWriter.tile([
            VectorTile.Layer(
                name: "roads", features: [VectorTile.Feature(type: .point, geometry: [[VectorTile.Point(x: 1, y: 2)]])])
        ])
        let path = try Self.write(PMTilesWriter.archive([(3, 4, 2, gzip(tile))]), "vector.pmtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tileset: any Tileset = try DataFolder.open(path)
        #expect(try tileset.vectorTile(TileID(z: 3, x: 4, y: 2))?.layers.first?.name == "roads")
        #expect(try tileset.vectorTile(TileID(z: 3, x: 4, y: 3)) == nil)
    }

    @Test(
        "corrupt archives are typed errors naming the file",
        arguments: [
            ("magic", "no PMTiles magic"), ("version", "version 2"), ("truncated", "runs past the end"),
            ("root", "runs past the end"),
            ("zstd", "zstd"), ("count", "cannot fit"), ("loop", "nested more than"), ("zooms", "zooms"),
        ])
    func corrupt(kind: String, mentions: String) throws {
        var options = PMTilesWriter.Options(leafSize: kind == "loop" ? 1 : nil)
        options.gzipDirectories = false
        var bytes = PMTilesWriter.archive(Array(Self.tiles.prefix(5)), options: options)
        func put(_ value: UInt64, at: Int) {
            for i in 0..<8 { bytes[at + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(i))) }
        }
        switch kind {
        case "magic": bytes[0] = UInt8(ascii: "X")
        case "version": bytes[7] = 2
        case "truncated": bytes = Array(bytes.prefix(bytes.count - 3))
        case "root": put(1 << 40, at: 16)
        case "zstd": bytes[97] = 4
        case "count": bytes[127] = 0x7f  // the root claims 127 entries
        case "loop":
            // The first leaf's only entry becomes a leaf pointer to itself: a directory cycle.
            let leafAt = Int(bytes[40]) | Int(bytes[41]) << 8
            bytes[leafAt + 2] = 0  // run length 0: a leaf pointer
            bytes[leafAt + 4] = 1  // offset 0 (+1) in the leaf section
        default:
            bytes[100] = 9
            bytes[101] = 3  // min zoom over max zoom
        }
        let path = try Self.write(bytes, "corrupt-\(kind).pmtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: TileError.self) {
            let archive = try PMTiles(path: path)
            for t in Self.tiles.prefix(5) { _ = try archive.data(for: TileID(z: t.z, x: t.x, y: t.y)) }
        }
        #expect(
            error?.description.contains(mentions) == true && error?.description.contains(path) == true,
            "\(String(describing: error))")
    }

    @Test(
        "a root directory that inflates past the directory bound (a 40 KB bomb of 40 MB) is refused when opened, naming the file"
    )
    func directoryBomb() throws {
        var bytes = PMTilesWriter.archive(Array(Self.tiles.prefix(5)))
        let bomb = gzip([UInt8](repeating: 0, count: 40 << 20))
        #expect(bomb.count < 100_000)
        // The bomb replaces the root directory, its length in the header (bytes 16–23) adjusted;
        // the rest of the archive moves along (its other offsets are not needed to open it).
        let rootLength = (0..<8).reduce(0) { $0 | Int(bytes[16 + $1]) << (8 * $1) }
        bytes.replaceSubrange(127..<(127 + rootLength), with: bomb)
        for i in 0..<8 { bytes[16 + i] = UInt8(truncatingIfNeeded: bomb.count >> (8 * i)) }
        let path = try Self.write(bytes, "bomb.pmtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: TileError.self) { _ = try PMTiles(path: path) }
        #expect(
            error?.description.contains(path) == true && error?.description.contains("exceeds 16777216 bytes") == true,
            "\(String(describing: error))")
    }

    @Test("fuzz: flipped and truncated archives give a typed error or tiles, never a crash or a hang")
    func fuzz() async throws {
        var options = PMTilesWriter.Options(leafSize: 5)
        options.gzipDirectories = false
        let valid = PMTilesWriter.archive(Self.tiles, options: options)
        let path = temporaryPath("fuzz.pmtiles")
        defer { try? FileManager.default.removeItem(atPath: path) }
        await propertyCheck(
            count: 400, input: Gen.int(in: 0...(valid.count - 1)), Gen.int(in: 0...255), Gen.int(in: 0...1)
        ) { at, byte, mode in
            var bytes = valid
            if mode == 0 { bytes[at] = UInt8(byte) } else { bytes = Array(bytes.prefix(at)) }
            try? Data(bytes).write(to: URL(fileURLWithPath: path))
            do {
                let archive = try PMTiles(path: path)
                for t in Self.tiles where t.z >= 3 { _ = try archive.data(for: TileID(z: t.z, x: t.x, y: t.y)) }
            } catch let error as TileError { #expect(!error.description.isEmpty) } catch {
                Issue.record("untyped error \(error)")
            }
        }
    }
}
