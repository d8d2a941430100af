import Foundation
@testable import MeridianData
import MeridianCamera
import MeridianTiles
import MeridianTestSupport
import MeridianTileFixtures
import Testing

@Suite struct ImporterTests {
    /// A fresh, empty data folder.
    static func folder(_ name: String) throws -> DataFolder {
        let path = temporaryPath("data-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return DataFolder(path: path)
    }

    /// Every file under a folder (hidden ones too), relative, sorted.
    static func listing(_ folder: DataFolder) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    /// An MBTiles of one z14 tile with these layers (a point feature each).
    static func tileset(
        _ name: String, layers: [String], format: String = "pbf", extra: [String: String] = [:]
    ) throws -> String {
        let path = temporaryPath(name)
        try? FileManager.default.removeItem(atPath: path)
        let tile = gzip(
            MVTWriter.tile(
                layers.map {
                    VectorTile.Layer(
                        name: $0,
                        features: [VectorTile.Feature(type: .point, geometry: [[VectorTile.Point(x: 1, y: 1)]])])
                }))
        let json = "{\"vector_layers\":[" + layers.map { "{\"id\":\"\($0)\"}" }.joined(separator: ",") + "]}"
        try writeMBTiles(
            path,
            metadata: [
                "name": name, "format": format, "minzoom": "0", "maxzoom": "14", "bounds": "26.93,60.52,26.97,60.54",
                "json": json, "attribution": "© OpenStreetMap contributors",
            ].merging(extra) { $1 },
            tiles: [(14, 9418, 4712, tile)])
        return path
    }

    @Test(
        "an OpenMapTiles-schema MBTiles is checked and placed in openmaptiles/ under its name; list shows it; remove takes it away"
    )
    func importsAndRemoves() throws {
        let folder = try Self.folder("ok")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let source = try Self.tileset("Region.mbtiles", layers: ["transportation", "building", "water", "poi"])
        let entry = try Importer(folder: folder).importFile(source, name: "region")
        #expect(entry.name == "region" && entry.source == "openmaptiles" && entry.schema == "openmaptiles")
        #expect(Self.listing(folder) == ["openmaptiles", "openmaptiles/region.mbtiles"])
        let listed = Catalog(folder: folder).entries()
        #expect(
            listed.entries.map(\.name) == ["region"] && listed.problems.isEmpty
                && listed.entries[0].info.zoomRange == 0...14)
        // The name is taken until replaced or removed.
        #expect(throws: DataError.self) { try Importer(folder: folder).importFile(source, name: "region") }
        #expect(try Importer(folder: folder).importFile(source, name: "region", replace: true).name == "region")
        try Catalog(folder: folder).remove("region")
        #expect(Self.listing(folder) == ["openmaptiles"])
        #expect(throws: DataError.notFound(name: "region", folder: folder.path)) {
            try Catalog(folder: folder).remove("region")
        }
    }

    @Test(
        "beside a read-only folder: imports go to the writable one, the list shows both (the writable copy hiding the other), the read-only one is never removed from"
    )
    func besideShippedData() throws {
        let mine = try Self.folder("mine")
        let shipped = try Self.folder("shipped")
        defer { for f in [mine, shipped] { try? FileManager.default.removeItem(atPath: f.path) } }
        let source = try Self.tileset("Layered.mbtiles", layers: ["transportation", "building", "water"])
        for name in ["helsinki", "kotka"] { _ = try Importer(folder: shipped).importFile(source, name: name) }
        let before = Self.listing(shipped)
        let data = DataFolder(path: mine.path, layers: [shipped.path])
        #expect(try Importer(folder: data).importFile(source, name: "kotka").folder == mine.path)
        let listed = Catalog(folder: data).entries().entries
        #expect(listed.map(\.name) == ["helsinki", "kotka"] && listed.map(\.folder) == [shipped.path, mine.path])
        #expect(throws: DataError.readOnly(name: "helsinki", folder: shipped.path)) {
            try Catalog(folder: data).remove("helsinki")
        }
        try Catalog(folder: data).remove("kotka")
        #expect(Catalog(folder: data).entries().entries.map(\.folder) == [shipped.path, shipped.path])
        #expect(Self.listing(shipped) == before)
    }

    @Test(
        "what the styles cannot draw is one error naming the file, and the folder is left as it was",
        arguments: [
            ("other-schema", "does not follow the OpenMapTiles schema"), ("raster", "png images"),
            ("corrupt", "corrupt-"),
            ("missing", "no such file"), ("notes.txt", "is not an OpenStreetMap extract"), ("bad name", "must be 1–64"),
        ])
    func refuses(kind: String, mentions: String) throws {
        let folder = try Self.folder(kind.replacingOccurrences(of: " ", with: "-"))
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        _ = try Importer(folder: folder).importFile(
            try Self.tileset("kept-\(kind).mbtiles", layers: ["transportation", "building"]), name: "kept")
        let before = Self.listing(folder)
        var name: String?
        let path: String
        switch kind {
        case "other-schema":
            path = try Self.tileset("roads.mbtiles", layers: ["roads", "buildings", "water"])
            name = "roads"
        case "raster":
            path = try Self.tileset("imagery.mbtiles", layers: [], format: "png")
            name = "imagery"
        case "corrupt":
            path = temporaryPath("corrupt-\(UUID().uuidString.prefix(6)).mbtiles")
            try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 13) }).write(to: URL(fileURLWithPath: path))
            name = "corrupt"
        case "missing": path = temporaryPath("no-such-extract.osm.pbf")
        case "notes.txt":
            path = temporaryPath("notes.txt")
            try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
        default:
            path = try Self.tileset("fine.mbtiles", layers: ["transportation", "building"])
            name = "Bad Name"
        }
        let error = #expect(throws: DataError.self) { try Importer(folder: folder).importFile(path, name: name) }
        #expect(error?.description.contains(mentions) == true, "\(String(describing: error))")
        if kind != "bad name" { #expect(error?.description.contains((path as NSString).lastPathComponent) == true) }
        #expect(Self.listing(folder) == before)
    }

    @Test(
        "schema detection: two OpenMapTiles layers including a core one",
        arguments: [
            (["transportation", "building"], "openmaptiles"), (["place", "poi", "my_layer"], "openmaptiles"),
            (["poi", "housenumber"], "other"), (["roads", "buildings"], "other"), ([], "other"),
        ])
    func schema(layers: [String], expected: String) {
        #expect(Catalog.schema(of: layers) == expected)
    }

    @Test("default names: the file's name up to its first dot, lowercased, other characters as '-'")
    func names() throws {
        #expect(
            Importer.defaultName(for: "Helsinki.osm.pbf") == "helsinki"
                && Importer.defaultName(for: "new york.mbtiles") == "new-york")
        #expect(throws: DataError.self) { try Catalog.check(name: "../etc") }
        #expect(throws: DataError.self) { try Catalog.check(name: "") }
        try Catalog.check(name: "kotka_2")
    }
}

/// What an import writes about the data, checked on the default data (imported by `meridian
/// data import` in scripts/build-data.sh) and on a generated tileset.
@Suite struct TileStatsTests {
    @Test("tilestats declare a layer's geometry only where all its features share it")
    func generated() throws {
        let path = temporaryPath("stats-\(UUID().uuidString.prefix(8)).mbtiles")
        let p = { (x: Int32, y: Int32) in VectorTile.Point(x: x, y: y) }
        let square = [[p(1, 1), p(1, 9), p(9, 9), p(9, 1), p(1, 1)]]
        let tile = gzip(
            MVTWriter.tile([
                VectorTile.Layer(name: "building", features: [VectorTile.Feature(type: .polygon, geometry: square)]),
                VectorTile.Layer(
                    name: "transportation",
                    features: [
                        VectorTile.Feature(type: .polygon, geometry: square),
                        VectorTile.Feature(type: .lineString, geometry: [[p(0, 0), p(5, 5)]]),
                    ]),
                VectorTile.Layer(
                    name: "poi",
                    features: [
                        VectorTile.Feature(
                            type: .point,
                            properties: [
                                "name": .string("Kiasma"), "rank": .uint(3), "indoor": .bool(true), "level": .int(-1),
                            ], geometry: [[p(3, 3)]]),
                        VectorTile.Feature(
                            type: .point, properties: ["rank": .uint(12), "level": .string("ground")],
                            geometry: [[p(4, 4)]]),
                    ]),
            ]))
        try writeMBTiles(
            path,
            metadata: [
                "format": "pbf",
                "json": #"{"vector_layers":[{"id":"building"},{"id":"poi","fields":{"name":"the name"}}]}"#,
            ],
            tiles: [(14, 1, 1, tile), (14, 1, 2, tile)])
        let json = TileStats.json(try MetadataWriter.value(path, "json"), try TileStats.count(path))
        let info = TilesetInfo(mbtilesMetadata: ["format": "pbf", "json": json])
        #expect(info.layerGeometry == ["building": "Polygon", "poi": "Point"], "\(json)")
        // Every layer found is in vector_layers, with fields from the tiles beside the declared ones
        // (a declared field kept as declared; a number and a string under one name: a String).
        #expect(info.vectorLayers == ["building", "poi", "transportation"])
        #expect(
            info.layerFields["poi"] == ["name": "the name", "rank": "Number", "indoor": "Boolean", "level": "String"],
            "\(json)")
        #expect(info.layerFields["building"] == nil)
        let poi = try #require(
            ((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["tilestats"] as? [String: Any])
                .flatMap { ($0["layers"] as? [[String: Any]])?.first { $0["layer"] as? String == "poi" } })
        let attributes = try #require(poi["attributes"] as? [[String: Any]])
        let rank = try #require(attributes.first { $0["attribute"] as? String == "rank" })
        #expect(
            poi["attributeCount"] as? Int == 4 && rank["type"] as? String == "number" && rank["min"] as? Double == 3
                && rank["max"] as? Double == 12)
        #expect(attributes.first { $0["attribute"] as? String == "level" }?["type"] as? String == "mixed")
        let stats = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["tilestats"] as? [String: Any])
        #expect(
            stats["layerCount"] as? Int == 3
                && ((stats["layers"] as? [[String: Any]])?.first { $0["layer"] as? String == "transportation" }?[
                    "count"] as? Int) == 4
        )
    }

    @Test("the default Helsinki import: buildings are polygons with numeric heights; attribution, baselayer, no paths")
    func helsinki() throws {
        let path =
            ProcessInfo.processInfo.environment["MERIDIAN_DATA"].map { $0 + "/openmaptiles/helsinki.mbtiles" }
            ?? FileManager.default.currentDirectoryPath + "/.build/meridian-data/openmaptiles/helsinki.mbtiles"
        try #require(
            FileManager.default.fileExists(atPath: path)
                || ProcessInfo.processInfo.environment["MERIDIAN_REQUIRE_DATA"] != "1")
        guard FileManager.default.fileExists(atPath: path) else { return }
        let tileset = try MBTiles(path: path)
        #expect(
            tileset.info.layerGeometry["building"] == "Polygon" && tileset.info.layerGeometry["landuse"] == "Polygon")
        // Fields the tiles hold are declared, typed (GDAL's columns): names are strings, heights numbers.
        #expect(
            tileset.info.layerFields["transportation"]?["class"] == "String"
                && tileset.info.layerFields["building"]?["render_height"] == "Number")
        #expect(
            tileset.info.layerFields["waterway"]?["class"] == "String", "\(tileset.info.layerFields["waterway"] ?? [:])"
        )
        #expect(tileset.metadata["type"] == "baselayer" && tileset.info.attribution == "© OpenStreetMap contributors")
        #expect(
            !tileset.metadata.values.contains { $0.contains("/work/") || $0.contains("/tmp/") || $0.contains("/home/") }
        )
        let tile = try #require(try tileset.vectorTile(TileID(z: 14, x: 9327, y: 4742)))
        let heights = try #require(tile.layer(named: "building")).features.compactMap { $0.properties["render_height"] }
        #expect(heights.count > 50 && heights.allSatisfy { $0.number != nil }, "\(heights.prefix(5))")
    }
}
