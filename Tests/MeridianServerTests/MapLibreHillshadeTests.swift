import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// MapLibre GL JS draws its own hillshade from Meridian's served elevation tiles (issue 34), and
/// Meridian's hillshade of the same style matches it pixel for pixel within a stated tolerance.
@Suite struct MapLibreHillshadeTests {
    /// The style MapLibre reads (the source by Meridian's TileJSON) and the one Meridian draws
    /// (the same tileset by reference).
    /// MapLibre GL JS 5.3 has only the standard method, and refuses `hillshade-method`: both draw the default.
    static func style(source: String, tileSize: Bool) -> String {
        #"""
        {"version": 8, "sources": {"dem": {"type": "raster-dem", "url": "\#(source)"\#(tileSize ? #", "tileSize": 256"# : "")}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#808080"}},
          {"id": "hs", "type": "hillshade", "source": "dem",
           "paint": {"hillshade-illumination-anchor": "map"}}]}
        """#
    }

    struct View: Encodable {
        let name: String, center: [Double], zoom: Double, bearing: Double, pitch: Double
        /// Nil: the served `/style.json`.
        let style: [String: AnyJSON]?
    }

    /// Any JSON value, to pass a style object through `Encodable`.
    struct AnyJSON: Encodable {
        let value: Any
        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch value {
            case let v as String: try c.encode(v)
            case let v as Bool: try c.encode(v)
            case let v as Int: try c.encode(v)
            case let v as Double: try c.encode(v)
            case let v as [Any]: try c.encode(v.map(AnyJSON.init))
            case let v as [String: Any]: try c.encode(v.mapValues(AnyJSON.init))
            default: try c.encodeNil()
            }
        }
    }

    @Test(
        "MapLibre GL JS's hillshade of Meridian's elevation tiles and Meridian's own: mean difference under 3 levels, 99 % within 16",
        .enabled(
            if: TestData.available("elevation/jacksboro.mbtiles") && TestData.available("tools/maplibre/maplibre-gl.js")
                && Browser.available, "needs the default data, its MapLibre GL JS, chromium and python3-websocket"))
    func sameAsMapLibre() async throws {
        let (lat, lng, zoom) = (36.59, -84.25, 11.0)
        let given = try #require(
            try JSONSerialization.jsonObject(
                with: Data(Self.style(source: "{base}/data/elevation/tiles.json", tileSize: true).utf8))
                as? [String: Any])
        // MapLibre's zoom is Meridian's minus one (512-pixel tiles).
        let view = View(
            name: "hillshade", center: [lng, lat], zoom: zoom - 1, bearing: 0, pitch: 0,
            style: given.mapValues(AnyJSON.init))
        let prefix = Browser.root.appendingPathComponent(".build/maplibre-hillshade").path
        let views = String(decoding: try JSONEncoder().encode([view]), as: UTF8.self)
        let data = try await HeavyClients.shared.run {
            try await withLiveServer { base in
                try await Browser.run(
                    "clients_cdp.py", ["maplibre", base, TestData.path("tools/maplibre"), prefix, views])
            }
        }
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]]).first
        #expect(report?["idle"] as? Bool == true, "never idle")
        #expect((report?["messages"] as? [Any])?.isEmpty == true, "\(report?["messages"] ?? "")")
        let theirs = try #require(
            decodePNG([UInt8](try Data(contentsOf: URL(fileURLWithPath: prefix + "-hillshade.png")))))

        let style = try Style(json: Data(Self.style(source: "mbtiles://elevation/jacksboro", tileSize: false).utf8))
        let sources = try MapSources(style: style, folder: DataFolder(path: TestData.directory))
        let viewport = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: lat, longitude: lng), zoom: zoom),
            size: ScreenSize(width: 800, height: 600))
        var renderer = MapRenderer(style: style)
        renderer.attribution = ""
        let ours = try #require(decodePNG(try renderer.render(viewport, sources: sources).png))
        try #require(ours.width == theirs.width && ours.height == theirs.height, "\(theirs.width)×\(theirs.height)")
        // Within the model's bounds (beyond them its edge tiles hold the nearest heights, which
        // MapLibre shades and Meridian does not draw), two pixels in from the edge.
        let info = try DataFolder.open(TestData.directory + "/elevation/jacksboro.mbtiles").info
        let b = try #require(info.bounds)
        let nw = try #require(
            viewport.point(forWorld: WebMercator.project(Coordinate(latitude: b.north, longitude: b.west))))
        let se = try #require(
            viewport.point(forWorld: WebMercator.project(Coordinate(latitude: b.south, longitude: b.east))))
        var differences: [Int] = []
        var shaded = 0
        for (i, (a, b)) in zip(ours.pixels, theirs.pixels).enumerated() {
            let (x, y) = (Double(i % ours.width) + 0.5, Double(i / ours.width) + 0.5)
            guard x > nw.x + 2, x < se.x - 2, y > nw.y + 2, y < se.y - 2 else { continue }
            let (ga, gb) = (Int(a >> 8 & 0xFF), Int(b >> 8 & 0xFF))
            differences.append(abs(ga - gb))
            if abs(gb - 128) > 8 { shaded += 1 }
        }
        let sorted = differences.sorted()
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        #expect(shaded > 50_000, "MapLibre shaded \(shaded) pixels")
        #expect(
            mean < 3 && sorted[sorted.count * 99 / 100] <= 16,
            "mean \(mean), 99th percentile \(sorted[sorted.count * 99 / 100]), largest \(sorted.last ?? -1)")
    }

    @Test(
        "/style.json shades the relief of the folder's elevation model, and MapLibre GL JS draws it",
        .enabled(
            if: TestData.available("elevation/jacksboro.mbtiles") && TestData.available("tools/maplibre/maplibre-gl.js")
                && Browser.available, "needs the default data, its MapLibre GL JS, chromium and python3-websocket"))
    func servedStyle() async throws {
        let view = View(name: "served", center: [-84.25, 36.59], zoom: 10, bearing: 0, pitch: 0, style: nil)
        let prefix = Browser.root.appendingPathComponent(".build/maplibre-served-relief").path
        let views = String(decoding: try JSONEncoder().encode([view]), as: UTF8.self)
        let (document, data) = try await HeavyClients.shared.run {
            try await withLiveServer { base in
                let body = try await get(base + "/style.json").body
                let report = try await Browser.run(
                    "clients_cdp.py", ["maplibre", base, TestData.path("tools/maplibre"), prefix, views])
                return (body, report)
            }
        }
        let style = try #require(try JSONSerialization.jsonObject(with: document) as? [String: Any])
        let source = try #require((style["sources"] as? [String: Any])?["elevation"] as? [String: Any])
        #expect(source["type"] as? String == "raster-dem")
        #expect((source["url"] as? String)?.hasSuffix("/data/elevation/tiles.json") == true)
        #expect(source["encoding"] as? String == "terrarium", "the import's default encoding")
        let ids = try #require(style["layers"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        let shade = try #require(ids.firstIndex(of: "hillshade"), "\(ids)")
        #expect(shade < (ids.firstIndex(of: "water") ?? -1), "under the water: \(ids)")

        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]]).first
        let idle = report?["idle"] as? Bool
        let messages = report?["messages"] as? [Any]
        #expect(idle == true, "never idle")
        #expect(messages?.isEmpty == true, "\(messages ?? [])")
        let image = try #require(
            decodePNG([UInt8](try Data(contentsOf: URL(fileURLWithPath: prefix + "-served.png")))))
        // The land here is one flat colour without relief: shading spreads its green channel.
        let greens = image.pixels.map { Double($0 >> 8 & 0xFF) }
        let centre = greens.enumerated().filter { i, _ in
            let (x, y) = (i % image.width, i / image.width)
            return abs(x - image.width / 2) < image.width / 6 && abs(y - image.height / 2) < image.height / 6
        }.map(\.1)
        let mean = centre.reduce(0, +) / Double(centre.count)
        let deviation = (centre.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(centre.count)).squareRoot()
        #expect(deviation > 8, "the relief shows in MapLibre's drawing (standard deviation \(deviation) levels)")
    }
}
