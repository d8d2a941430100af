import Synchronization
import Foundation
import MeridianCamera
import MeridianTiles
import Testing

/// TileJSON files as style sources name them: every rule of the reader, and folders of tile files.
@Suite struct TileJSONFileTests {
    /// A fresh folder for one test.
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "meridian-tilejson-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ text: String, in folder: String, name: String = "tiles.json") -> String {
        let path = folder + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    @Test("a full document: templates, zooms, bounds, centre, credits, scheme and layer ids as declared")
    func reads() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let doc = try TileJSONFile(
            path: Self.write(
                ##"{"tilejson": "3.0.0", "tiles": ["t/{z}/{x}/{y}.pbf"], "minzoom": 2, "maxzoom": 14, "scheme": "tms", "bounds": [24.5, 60.0, 25.5, 60.4], "center": [24.94, 60.17, 12], "attribution": "© OSM", "name": "Helsinki", "vector_layers": [{"id": "water"}, {"id": "place"}]}"##,
                in: dir))
        #expect(doc.tiles == ["t/{z}/{x}/{y}.pbf"] && doc.isTMS)
        #expect(doc.info.zoomRange == 2...14 && doc.info.attribution == "© OSM" && doc.info.name == "Helsinki")
        #expect(doc.info.bounds.map { [$0.west, $0.south, $0.east, $0.north] } == [24.5, 60.0, 25.5, 60.4])
        #expect(doc.info.center.map { [$0.longitude, $0.latitude, $0.zoom] } == [24.94, 60.17, 12])
        #expect(doc.info.vectorLayers == ["water", "place"])
    }

    @Test(
        "each broken rule is an error naming the file and the key",
        arguments: [
            ("[1, 2]", "JSON object"), ("{}", "tiles"), (#"{"tiles": []}"#, "tiles"), (#"{"tiles": [""]}"#, "tiles"),
            (#"{"tiles": [3]}"#, "tiles"), (#"{"tiles": ["a"], "minzoom": 31}"#, "minzoom"),
            (#"{"tiles": ["a"], "minzoom": 1.5}"#, "minzoom"), (#"{"tiles": ["a"], "minzoom": true}"#, "minzoom"),
            (#"{"tiles": ["a"], "maxzoom": -1}"#, "maxzoom"),
            (#"{"tiles": ["a"], "minzoom": 9, "maxzoom": 3}"#, "minzoom 9"),
            (#"{"tiles": ["a"], "bounds": [0, 0, 1]}"#, "bounds"),
            (#"{"tiles": ["a"], "bounds": [0, 50, 1, 40]}"#, "bounds"),
            (#"{"tiles": ["a"], "bounds": [0, 0, 200, 1]}"#, "bounds"),
            (#"{"tiles": ["a"], "scheme": "wms"}"#, "scheme"),
            (#"{"tiles": ["a"], "center": [0, 95]}"#, "center"),
            (#"{"tiles": ["a"], "attribution": 7}"#, "attribution"),
            ("not json", "JSON object"),
        ])
    func refuses(text: String, key: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = Self.write(text, in: dir)
        #expect {
            _ = try TileJSONFile(path: path)
        } throws: { error in
            guard case let .badTileJSON(named, reason) = error as? TileError else { return false }
            return named == path && reason.contains(key)
        }
    }

    @Test("more templates than the cap, and a file over 1 MiB, are refused before use; a missing file names itself")
    func bounded() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let many = (0...TileJSONFile.maxTemplates).map { "\"t\($0)/{z}/{x}/{y}.pbf\"" }.joined(separator: ",")
        let huge = #"{"tiles": ["a"], "name": ""# + String(repeating: "x", count: TileJSONFile.maxBytes) + "\"}"
        for (text, phrase) in [("{\"tiles\": [\(many)]}", "1 to 16"), (huge, "1 MiB")] {
            let path = Self.write(text, in: dir)
            #expect(throws: TileError.self) { try TileJSONFile(path: path) }
            do { _ = try TileJSONFile(path: path) } catch { #expect(error.description.contains(phrase), "\(error)") }
        }
        do { _ = try TileJSONFile(path: dir + "/absent.json") } catch {
            #expect(error == .badTileJSON(path: dir + "/absent.json", reason: "cannot be read"))
        }
    }

    @Test(
        "a folder of tiles: the template filled (rows flipped for tms), absent files nil, ids outside the world an error"
    )
    func folderOfTiles() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (scheme, row) in [("xyz", 1), ("tms", 6)] {
            let sub = dir + "/\(scheme)"
            try FileManager.default.createDirectory(atPath: sub + "/3/2", withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: sub + "/3/2/\(row).pbf", contents: Data([1, 2, 3]))
            let doc = try TileJSONFile(
                path: Self.write(#"{"tiles": ["\#(scheme)/{z}/{x}/{y}.pbf"], "scheme": "\#(scheme)"}"#, in: dir))
            let (tilesets, missing) = try doc.tilesets(in: DataFolder(path: dir))
            #expect(missing.isEmpty && tilesets.count == 1 && tilesets[0].info.content == .vector)
            #expect(try tilesets[0].data(for: TileID(z: 3, x: 2, y: 1)) == [1, 2, 3], "\(scheme)")
            #expect(try tilesets[0].data(for: TileID(z: 3, x: 2, y: 2)) == nil)
            #expect(throws: TileError.tileOutOfRange(z: 3, x: 8, y: 0)) {
                try tilesets[0].data(for: TileID(z: 3, x: 8, y: 0))
            }
        }
    }

    @Test("a tile file over the cap is refused by its size, before it is read")
    func tileTooLarge() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/1/0", withIntermediateDirectories: true)
        let big = dir + "/1/0/0.png"
        FileManager.default.createFile(atPath: big, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: big))
        try handle.truncate(atOffset: TileError.maxTileBytes + 1)  // sparse: no disk used
        try handle.close()
        let doc = try TileJSONFile(path: Self.write(#"{"tiles": ["{z}/{x}/{y}.png"]}"#, in: dir))
        let set = try #require(try doc.tilesets(in: DataFolder(path: dir)).tilesets.first)
        #expect(set.info.content == .png)
        #expect(
            throws: TileError.tileTooLarge(
                path: dir + "/{z}/{x}/{y}.png", tile: "1/0/0", bytes: TileError.maxTileBytes + 1)
        ) {
            try set.data(for: TileID(z: 1, x: 0, y: 0))
        }
    }

    @Test(
        "templates by kind: data-folder names resolve there, remote ones are named as not read where nothing reads them, a template without placeholders is one tile for every id"
    )
    func templates() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let remote = try TileJSONFile(
            path: Self.write(#"{"tiles": ["https://tiles.example/{z}/{x}/{y}.pbf", "mbtiles://absent"]}"#, in: dir))
        // A folder that reads nothing on HTTP servers names the template as not read.
        let (sets, missing) = try remote.tilesets(in: DataFolder(path: dir))
        #expect(sets.isEmpty && missing.count == 2)
        #expect(missing.contains { $0.contains("https://tiles.example") && $0.contains("not read") })
        #expect(missing.contains { $0.contains("mbtiles://absent") })
        // One that does hands the templates to its reader, once, with the document.
        let reader = RecordingAccess()
        #expect(throws: TileError.self) { try remote.tilesets(in: DataFolder(path: dir, access: reader)) }
        #expect(reader.asked.withLock { $0 } == [["https://tiles.example/{z}/{x}/{y}.pbf"]])
        // As MapLibre fetches it: the same file for every tile ({x} and {y} missing here).
        try FileManager.default.createDirectory(atPath: dir + "/tiles", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: dir + "/tiles/3.pbf", contents: Data([7]))
        let flat = try TileJSONFile(path: Self.write(#"{"tiles": ["tiles/{z}.pbf"]}"#, in: dir))
        let one = try #require(try flat.tilesets(in: DataFolder(path: dir)).tilesets.first)
        #expect(
            try one.data(for: TileID(z: 3, x: 1, y: 2)) == [7] && (try one.data(for: TileID(z: 3, x: 5, y: 0))) == [7])
        #expect(try one.data(for: TileID(z: 2, x: 1, y: 1)) == nil)
    }

    @Test(
        "a source url names a TileJSON file by file:// or a .json path (relative to the style's folder); other urls do not"
    )
    func references() {
        #expect(TileJSONFile.path(ofReference: "file:///srv/a.json", base: "/styles") == "/srv/a.json")
        #expect(TileJSONFile.path(ofReference: "data/a.json", base: "/styles") == "/styles/data/a.json")
        #expect(TileJSONFile.path(ofReference: "/abs/A.JSON", base: "/styles") == "/abs/A.JSON")
        #expect(TileJSONFile.path(ofReference: "mbtiles://openmaptiles", base: "/styles") == nil)
        #expect(TileJSONFile.path(ofReference: "https://x.example/tiles.json", base: nil) == nil)
        #expect(TileJSONFile.path(ofReference: "openmaptiles", base: nil) == nil)
    }
}

/// A reader of data on HTTP servers that records the templates it is asked for and reads
/// nothing (each request is `unavailable`).
final class RecordingAccess: RemoteAccess {
    let asked = Mutex<[[String]]>([])

    func archive(_ url: String) throws(TileError) -> any Tileset {
        throw .unavailable(url: url, reason: "recorded", retryAfter: 1)
    }

    func templates(_ templates: [String], described: TileJSONFile) throws(TileError) -> any Tileset {
        asked.withLock { $0.append(templates) }
        throw .unavailable(url: templates[0], reason: "recorded", retryAfter: 1)
    }

    func document(_ url: String, maxBytes: Int) throws(TileError) -> [UInt8] {
        throw .unavailable(url: url, reason: "recorded", retryAfter: 1)
    }

    var versions: String { "recorded" }
}
