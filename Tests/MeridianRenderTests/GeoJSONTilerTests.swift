import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// GeoJSON sources cut into tiles: clipping to the buffered tile, simplification, winding, and
/// the bounds on hostile data.
struct GeoJSONTilerTests {
    static func read(_ json: String) throws -> [GeoJSONFeature] {
        try GeoJSONFeatures.read(try JSONDecoder().decode(StyleValue.self, from: Data(json.utf8)), source: "t").features
    }

    @Test(
        "a line across tiles is cut 4 points past each tile's own edge (not the whole buffer); points keep the buffer")
    func lineClipped() throws {
        // From 10° W to 10° E through (0°, 0°), where the zoom 1 tiles meet.
        let f = try Self.read(#"{"type": "LineString", "coordinates": [[-10, -1], [10, 1]]}"#)
        let tiler = GeoJSONTiler(buffer: 128, tolerance: 0.375)
        let west = try #require(tiler.tile(TileID(z: 1, x: 0, y: 1), features: f).layers[0].features.first)
        // Tile 1/0/1 (180° W to 0°, south): the piece ends 64 units (4 of 512 points) past its east
        // edge, on the line (which climbs 1° of latitude per 10° of longitude: about 6 units).
        let end = west.geometry[0].last!
        #expect(abs(Int(end.x) - 8256) <= 1 && abs(Int(end.y) + 6) <= 2, "\(west.geometry)")
        #expect(tiler.tile(TileID(z: 1, x: 1, y: 0), features: f).layers[0].features.count == 1)
        // A point 10° east of the tile's edge is in its buffer (a quarter of a tile, 45°): kept.
        let point = try Self.read(#"{"type": "Point", "coordinates": [10, -1]}"#)
        #expect(tiler.tile(TileID(z: 1, x: 0, y: 1), features: point).layers[0].features.count == 1)
        let unbuffered = GeoJSONTiler(buffer: 0, tolerance: 0)
        #expect(unbuffered.tile(TileID(z: 1, x: 0, y: 1), features: point).layers[0].features.isEmpty)
    }

    @Test(
        "polygons are clipped as rings, wound as MVT says (exterior positive, hole negative), empty tiles get nothing")
    func polygonRings() throws {
        // An exterior written clockwise on the map (wrong for RFC 7946) and a hole: rewound anyway.
        let f = try Self.read(
            #"{"type": "Polygon", "coordinates": [[[-20, -20], [-20, 20], [20, 20], [20, -20], [-20, -20]], [[-5, -5], [5, -5], [5, 5], [-5, 5], [-5, -5]]]}"#
        )
        let tiler = GeoJSONTiler(buffer: 0, tolerance: 0.375)
        let tile = tiler.tile(TileID(z: 0, x: 0, y: 0), features: f).layers[0]
        let rings = try #require(tile.features.first?.geometry)
        #expect(rings.count == 2)
        #expect(GeoJSONTiler.area(rings[0]) > 0 && GeoJSONTiler.area(rings[1]) < 0)
        // Zoom 2 tile 0/0 (the far north-west) holds none of it.
        #expect(tiler.tile(TileID(z: 2, x: 0, y: 0), features: f).layers[0].features.isEmpty)
        // Zoom 3's tile 3/3/3 (its corner at 0°, 0°, inside the hole's corner): the clipped exterior
        // fills the tile, and the hole's quarter is there.
        let corner = try #require(tiler.tile(TileID(z: 3, x: 3, y: 3), features: f).layers[0].features.first)
        #expect(corner.geometry.count == 2, "\(corner.geometry)")
        for ring in corner.geometry {
            for p in ring { #expect((0...8192).contains(Int(p.x)) && (0...8192).contains(Int(p.y))) }
        }
    }

    @Test("Douglas–Peucker keeps every point farther than the tolerance from the kept line, and drops the rest")
    func simplify() {
        // A zigzag of amplitude 0.5 units on a long line: gone at tolerance 1, kept at 0.25.
        let zigzag = (0...100).map { (Double($0) * 10, $0 % 2 == 0 ? 0.0 : 0.5) }
        #expect(GeoJSONTiler.simplify(zigzag, tolerance: 1).count == 2)
        #expect(GeoJSONTiler.simplify(zigzag, tolerance: 0.25).count == 101)
        // A corner is always kept.
        let corner = [(0.0, 0.0), (50, 0.1), (100, 0), (100, 100)]
        #expect(GeoJSONTiler.simplify(corner, tolerance: 1).map(\.0) == [0, 100, 100])
    }

    @Test(
        "properties keep their types, nested values become JSON text, ids are whole numbers; bad geometries are skipped"
    )
    func properties() throws {
        let json = #"""
            {"type": "FeatureCollection", "features": [
             {"type": "Feature", "id": 7, "properties": {"n": 2.5, "i": 3, "s": "x\"y", "b": true, "o": {"a": [1, "b"]}, "z": null},
              "geometry": {"type": "Point", "coordinates": [24.9, 60.2]}},
             {"type": "Feature", "id": -1, "properties": {}, "geometry": {"type": "Point", "coordinates": ["east", 0]}},
             {"type": "Feature", "id": "text", "properties": {}, "geometry": {"type": "LineString", "coordinates": [[0, 0]]}},
             {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [0, 0]]]}},
             {"type": "Feature", "properties": {}, "geometry": {"type": "GeometryCollection", "geometries": [
               {"type": "Point", "coordinates": [1, 1]}, {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}]}},
             {"type": "Feature", "properties": {"k": 1}, "geometry": {"type": "GeometryCollection", "geometries": [
               {"type": "Polygon", "coordinates": [[[0, 0], [2, 0], [2, 2], [0, 0]]]},
               {"type": "GeometryCollection", "geometries": [
                 {"type": "MultiPolygon", "coordinates": [[[[1, 1], [3, 1], [3, 3], [1, 1]]], [[[5, 5], [6, 5], [6, 6], [5, 5]]]]}]}]}},
             {"type": "Feature", "properties": {}, "geometry": null}]}
            """#
        let value = try JSONDecoder().decode(StyleValue.self, from: Data(json.utf8))
        let read = try GeoJSONFeatures.read(value, source: "t")
        // The point; each geometry of a collection its own feature, as geojson-vt splits it (the
        // point and the line; the polygon and the nested multipolygon of two rings, each with the
        // feature's properties); three bad geometries skipped.
        #expect(read.features.count == 5)
        #expect(read.skipped == 3)
        #expect(read.features.suffix(2).map(\.parts.count) == [1, 2])
        #expect(read.features.suffix(2).allSatisfy { $0.type == .polygon && $0.properties["k"] == .int(1) })
        let p = read.features[0]
        #expect(p.id == 7)
        #expect(p.properties["n"] == .double(2.5) && p.properties["i"] == .int(3) && p.properties["b"] == .bool(true))
        #expect(p.properties["s"] == .string("x\"y"))
        #expect(p.properties["o"] == .string(#"{"a":[1,"b"]}"#))
        #expect(p.properties["z"] == nil)
        #expect(read.features.map(\.type) == [.point, .point, .lineString, .polygon, .polygon])
    }

    @Test("not GeoJSON, and more than the bounds, are errors naming the source")
    func hostile() throws {
        for json in [#"[1, 2]"#, #"{"type": "FeatureCollection", "features": 3}"#, #"{"features": []}"#] {
            let value = try JSONDecoder().decode(StyleValue.self, from: Data(json.utf8))
            #expect(throws: TileError.self) { try GeoJSONFeatures.read(value, source: "bad") }
            do { _ = try GeoJSONFeatures.read(value, source: "bad") } catch {
                #expect("\(error)".hasPrefix("GeoJSON source bad:"), "\(error)")
            }
        }
        // Too many points to cluster over too many zooms is refused (each zoom keeps its items).
        #expect(GeoJSONTileset.clusterable(points: 105_000, zooms: 19))
        #expect(!GeoJSONTileset.clusterable(points: 120_000, zooms: 19))
        // A tile outside the world at its zoom is refused, not cut.
        let options = try #require(try Style.testGeoJSONOptions(#"{"type": "Point", "coordinates": [0, 0]}"#))
        let tileset = try GeoJSONTileset(name: "p", options: options, base: nil, folders: [])
        #expect(throws: TileError.self) { try tileset.vectorTile(TileID(z: 2, x: 4, y: 0)) }
        #expect(try tileset.vectorTile(TileID(z: 2, x: 2, y: 1))?.layers[0].features.count == 1)
    }
}

/// Fuzzed GeoJSON: seeded byte mutations of a valid document either fail as JSON, fail as
/// GeoJSON with `TileError.badGeoJSON`, or read and cut into tiles; none traps.
struct GeoJSONFuzzTests {
    @Test("500 seeded mutations of a GeoJSON document read or fail with a typed error, and what reads cuts into tiles")
    func mutations() throws {
        let original = Array(
            #"{"type": "FeatureCollection", "features": [{"type": "Feature", "id": 3, "properties": {"a": [1, {"b": null}], "n": -2.5}, "geometry": {"type": "MultiPolygon", "coordinates": [[[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]], [[2, 2], [3, 2], [3, 3], [2, 2]]]]}}, {"type": "Feature", "properties": null, "geometry": {"type": "LineString", "coordinates": [[-170, 80], [170, -80], [0, 89.9]]}}]}"#
                .utf8)
        var random = SplitMix64(seed: 33)
        let alphabet = Array(#"{}[]:,"-.0123456789eEtrufalsn "#.utf8)
        var (read, refused) = (0, 0)
        for _ in 0..<500 {
            var bytes = original
            for _ in 0..<(1 + random.below(4)) {
                let i = random.below(bytes.count)
                switch random.below(3) {
                case 0: bytes[i] = alphabet[random.below(alphabet.count)]
                case 1: bytes.remove(at: i)
                default: bytes.insert(alphabet[random.below(alphabet.count)], at: i)
                }
            }
            guard let value = try? JSONDecoder().decode(StyleValue.self, from: Data(bytes)) else { continue }
            do {
                let features = try GeoJSONFeatures.read(value, source: "fuzz").features
                let tiler = GeoJSONTiler(buffer: 128, tolerance: 0.375)
                for id in [TileID(z: 0, x: 0, y: 0), TileID(z: 3, x: 4, y: 3), TileID(z: 8, x: 130, y: 120)] {
                    for f in tiler.tile(id, features: features).layers[0].features {
                        #expect(!f.geometry.isEmpty)
                    }
                }
                read += 1
            } catch {
                #expect("\(error)".hasPrefix("GeoJSON source fuzz:"))
                refused += 1
            }
        }
        #expect(read > 50, "\(read) read, \(refused) refused")
    }
}

extension Style {
    /// The options of a style whose one source is GeoJSON with `data` (inline JSON text).
    static func testGeoJSONOptions(_ data: String, members: String = "") throws -> GeoJSONOptions? {
        let json =
            #"{"version": 8, "sources": {"g": {"type": "geojson", "data": "# + data + members
            + #"}}, "layers": []}"#
        return try Style(json: Data(json.utf8)).sources["g"]?.geojson
    }
}
