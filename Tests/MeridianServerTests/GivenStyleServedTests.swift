import Foundation
import MeridianRemote
@testable import MeridianServer
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// `serve --style FILE`: `/style.json` is the given style (not the shipped one) with its vector
/// sources, glyphs and local sprite on the server's URLs, what a browser cannot reach left out
/// and named; `/sprite` is the style's own sprite.
@Suite(.enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "no default data: run scripts/build-data.sh"))
struct GivenStyleServedTests {
    /// A folder with the style file, its sprite (one 8 × 8 image over the data build's sheet)
    /// and a GeoJSON file (an empty collection) the browser cannot reach itself.
    static func folder(style: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("given-style-\(UUID())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestData.path("sprite/meridian.png"), toPath: dir + "/given.png")
        try Data(#"{"given-icon": {"x": 0, "y": 0, "width": 8, "height": 8, "pixelRatio": 1}}"#.utf8)
            .write(to: URL(fileURLWithPath: dir + "/given.json"))
        try Data(#"{"type": "FeatureCollection", "features": []}"#.utf8)
            .write(to: URL(fileURLWithPath: dir + "/points.geojson"))
        try Data(style.utf8).write(to: URL(fileURLWithPath: dir + "/style.json"))
        return dir
    }

    static let given = ##"""
        {"version": 8, "name": "given", "center": [24.9466, 60.1699], "zoom": 14, "sprite": "given",
         "metadata": {"owner": "a map person"},
         "sources": {
          "openmaptiles": {"type": "vector", "url": "mbtiles://openmaptiles"},
          "remote": {"type": "raster", "tiles": ["https://tiles.example.org/{z}/{x}/{y}.png"], "tileSize": 256},
          "points": {"type": "geojson", "data": "points.geojson"},
          "sat": {"type": "raster", "url": "mbtiles://satellite"}},
         "layers": [
          {"id": "bg", "type": "background", "paint": {"background-color": "#102030"}},
          {"id": "aerial", "type": "raster", "source": "remote", "paint": {"raster-opacity": 0.5}},
          {"id": "roads", "type": "line", "source": "openmaptiles", "source-layer": "transportation",
           "paint": {"line-color": "#ffcc00", "line-width": 2}},
          {"id": "points", "type": "circle", "source": "points"},
          {"id": "sat", "type": "raster", "source": "sat"},
          {"id": "names", "type": "symbol", "source": "openmaptiles", "source-layer": "transportation_name",
           "layout": {"text-field": "{name}", "symbol-placement": "line"}}]}
        """##

    @Test(
        "/style.json is the given style: its own members and layers, vector sources as served tiles, a remote source as written, a GeoJSON file inline, a local raster tileset left out and named; /sprite is the style's sprite"
    )
    func givenStyleServed() async throws {
        let dir = try Self.folder(style: Self.given)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let style = try Style(file: dir + "/style.json")
        // As `meridian serve` does: its `tiles` list on HTTP is read from there (lazily: not fetched here).
        try await withLiveServer(style: style, remote: RemoteReader()) { base in
            let served = try await get(base + "/style.json")
            #expect(served.status == 200)
            // Kept for the next client: the same bytes, from the response cache.
            let again = try await get(base + "/style.json")
            #expect(again.body == served.body)
            let doc = try #require(try JSONSerialization.jsonObject(with: served.body) as? [String: Any])
            #expect(doc["name"] as? String == "given")
            #expect((doc["metadata"] as? [String: Any])?["owner"] as? String == "a map person")
            let layers = (doc["layers"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            #expect(layers == ["bg", "aerial", "roads", "points", "names"], "\(layers)")
            let sources = try #require(doc["sources"] as? [String: Any])
            #expect(Set(sources.keys) == ["openmaptiles", "remote", "points"])
            // The GeoJSON file's features inline, as the server read them.
            let points = try #require((sources["points"] as? [String: Any])?["data"] as? [String: Any])
            #expect(points["type"] as? String == "FeatureCollection" && (points["features"] as? [Any])?.isEmpty == true)
            let vector = try #require(sources["openmaptiles"] as? [String: Any])
            #expect(vector["tiles"] as? [String] == [base + "/data/openmaptiles/{z}/{x}/{y}.pbf"])
            let remote = try #require(sources["remote"] as? [String: Any])
            #expect(remote["tiles"] as? [String] == ["https://tiles.example.org/{z}/{x}/{y}.png"])
            #expect(doc["sprite"] as? String == base + "/sprite")
            #expect(doc["glyphs"] as? String == base + "/fonts/{fontstack}/{range}.pbf")
            // The roads' paint as written, not the shipped style's.
            let roads = try #require((doc["layers"] as? [[String: Any]])?.first { $0["id"] as? String == "roads" })
            #expect((roads["paint"] as? [String: Any])?["line-color"] as? String == "#ffcc00")
            // The sprite is the style's (its one image) with the dot.
            let sprite = try await get(base + "/sprite.json")
            let names = try #require(try JSONSerialization.jsonObject(with: sprite.body) as? [String: Any])
            #expect(Set(names.keys) == ["given-icon", "dot"], "\(names.keys.sorted())")
            // What was left out is named where the operator looks.
            let health = try await get(base + "/health")
            let body = try #require(try JSONSerialization.jsonObject(with: health.body) as? [String: Any])
            let warnings = try #require(body["warnings"] as? [String])
            #expect(warnings.contains { $0.hasPrefix("/style.json: source sat:") }, "\(warnings)")
            #expect(warnings.contains { $0.hasPrefix("/style.json: layer sat:") }, "\(warnings)")
        }
    }

    @Test("the array form of sprite: the first local sprite is served, one on HTTP stays, a second local one is named")
    func spriteArray() {
        var omitted: [String] = []
        let value: [Any] = [
            ["id": "default", "url": "given"], ["id": "remote", "url": "https://example.org/sprite"],
            ["id": "more", "url": "file:///srv/more"],
        ]
        let out = ServedStyle.sprite(value, base: "http://h", omitted: &omitted) as? [[String: String]]
        #expect(
            out == [
                ["id": "default", "url": "http://h/sprite"], ["id": "remote", "url": "https://example.org/sprite"],
            ])
        #expect(omitted == ["sprite more: only one local sprite is served; left out"])
    }

    @Test(
        "MapLibre GL JS draws a given style's /style.json with an empty console, labels placed, and its own colours where Meridian draws them",
        .enabled(
            if: TestData.available("tools/maplibre/maplibre-gl.js") && Browser.available,
            "needs the data's MapLibre GL JS and Debian's chromium + python3-websocket"))
    func maplibreDrawsGivenStyle() async throws {
        // The streets style with its greens in magenta: what MapLibre draws in that colour came
        // from the given document, not the shipped one.
        let magenta = [220, 120, 200]
        let json = DefaultStyles.streets.replacingOccurrences(of: "#C8E6B0", with: "#DC78C8")
        let dir = try Self.folder(style: json)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let style = try Style(file: dir + "/style.json")
        let view = MapLibreTests.View("given", lat: 60.1699, lng: 24.9466, zoom: 15, colour: magenta)
        let prefix = Browser.root.appendingPathComponent(".build/maplibre-given").path
        let views = String(decoding: try JSONEncoder().encode([view]), as: UTF8.self)
        let (data, best) = try await HeavyClients.shared.run {
            try await withLiveServer(style: style) { base in
                let data = try await Browser.run(
                    "clients_cdp.py", ["maplibre", base, TestData.path("tools/maplibre"), prefix, views])
                return (data, try await overlay("\(prefix)-given.png", on: view, base: base))
            }
        }
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]]).first
        #expect(report?["idle"] as? Bool == true, "never idle")
        #expect((report?["messages"] as? [Any])?.isEmpty == true, "\(report?["messages"] ?? "")")
        #expect((report?["labels"] as? Int ?? 0) > 5, "\(report?["labels"] ?? 0) labels")
        // The magenta parks overlay unshifted (±2 px) and mostly agree.
        #expect(abs(best.dx) <= 2 && abs(best.dy) <= 2 && best.iou >= 0.6, "\(best)")
    }
}
