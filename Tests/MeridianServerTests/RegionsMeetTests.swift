import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import Testing

/// Two imported regions that share a tile (issue 35): `/data/{source}` serves that tile with one
/// layer a name holding both regions' features, and the field's readers (GDAL, MapLibre GL JS),
/// which keep one layer of a name, see both regions.
@Suite(
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ogr2ogr"), "needs GDAL (gdal-bin)"))
struct RegionsMeetTests {
    /// The shared tile, and one only the west region has.
    static let shared = TileID(z: 14, x: 9326, y: 4742)
    static let westOnly = TileID(z: 14, x: 9325, y: 4742)

    /// A tile with a `transportation` line per name (across the tile at its own height), and a
    /// `poi` point when `poi` is given.
    static func tile(_ names: [String], poi: String? = nil) -> [UInt8] {
        let p = { (x: Int32, y: Int32) in VectorTile.Point(x: x, y: y) }
        var layers = [
            VectorTile.Layer(
                name: "transportation",
                features: names.enumerated().map { i, name in
                    VectorTile.Feature(
                        type: .lineString, properties: ["name": .string(name), "class": .string("primary")],
                        geometry: [[p(100, Int32(500 + 700 * i)), p(4000, Int32(600 + 700 * i))]])
                })
        ]
        if let poi {
            layers.append(
                VectorTile.Layer(
                    name: "poi",
                    features: [
                        VectorTile.Feature(
                            type: .point, properties: ["name": .string(poi)], geometry: [[p(2048, 2048)]])
                    ]
                ))
        }
        return MVTWriter.tile(layers)
    }

    /// A data folder with the regions `west` and `east` of `openmaptiles/`.
    static func folder() throws -> String {
        let root = temporaryPath("regions-meet-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(atPath: root + "/openmaptiles", withIntermediateDirectories: true)
        let layers =
            #"{"vector_layers":[{"id":"transportation","fields":{"name":"String","class":"String"}},{"id":"poi","fields":{"name":"String"}}]}"#
        func metadata(_ name: String, _ west: Double, _ east: Double) -> [String: String] {
            [
                "name": name, "format": "pbf", "minzoom": "14", "maxzoom": "14",
                "bounds": "\(west),60.15,\(east),60.18",
                "json": layers,
            ]
        }
        try writeMBTiles(
            root + "/openmaptiles/west.mbtiles", metadata: metadata("west", 24.90, 24.94),
            tiles: [
                (14, shared.x, shared.y, tile(["west-1", "west-2"])), (14, westOnly.x, westOnly.y, tile(["west-3"])),
            ])
        try writeMBTiles(
            root + "/openmaptiles/east.mbtiles", metadata: metadata("east", 24.91, 24.97),
            tiles: [(14, shared.x, shared.y, tile(["east-1"], poi: "east-poi"))])
        return root
    }

    @Test("GDAL reads both regions' roads from the shared tile, and the one region's from its own")
    func gdal() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (shared, own) = try await withLiveServer(folder: root) { base in
            func names(_ id: TileID, _ layer: String) async throws -> [String] {
                let url = "MVT:/vsicurl/\(base)/data/openmaptiles/\(id.z)/\(id.x)/\(id.y).pbf"
                let run = try await runProcess("/usr/bin/ogr2ogr", ["-f", "GeoJSON", "/vsistdout/", url, layer])
                let json = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any]
                return ((json?["features"] as? [[String: Any]]) ?? []).compactMap {
                    ($0["properties"] as? [String: Any])?["name"] as? String
                }.sorted()
            }
            return (
                try await names(Self.shared, "transportation") + (try await names(Self.shared, "poi")),
                try await names(Self.westOnly, "transportation")
            )
        }
        // Roads of both regions in one layer, then the east region's point of interest.
        #expect(shared == ["east-1", "west-1", "west-2", "east-poi"], "\(shared)")
        #expect(own == ["west-3"])
    }

    @Test(
        "MapLibre GL JS draws both regions' roads in the shared tile",
        .enabled(
            if: TestData.available("tools/maplibre/maplibre-gl.js") && Browser.available,
            "needs MapLibre GL JS and chromium"))
    func maplibre() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let centre = WebMercator.unproject(
            MercatorPoint(x: (Double(Self.shared.x) + 0.5) / 16384, y: (Double(Self.shared.y) + 0.5) / 16384))
        let style = #"""
            {"version": 8, "sources": {"r": {"type": "vector", "tiles": ["{base}/data/openmaptiles/{z}/{x}/{y}.pbf"], "minzoom": 14, "maxzoom": 14}},
             "layers": [{"id": "roads", "type": "line", "source": "r", "source-layer": "transportation", "paint": {"line-color": "#D02020", "line-width": 3}}]}
            """#
        let view: [String: Any] = [
            "name": "meet", "center": [centre.longitude, centre.latitude], "zoom": 14.2, "bearing": 0, "pitch": 0,
            "style": try JSONSerialization.jsonObject(with: Data(style.utf8)),
            "query":
                "[...new Set(map.querySourceFeatures('r', {sourceLayer: 'transportation'}).map(f => f.properties.name))].sort()",
        ]
        let views = String(decoding: try JSONSerialization.data(withJSONObject: [view]), as: UTF8.self)
        let prefix = Browser.root.appendingPathComponent(".build/regions-meet").path
        let data = try await HeavyClients.shared.run {
            try await withLiveServer(folder: root) { base in
                try await Browser.run(
                    "clients_cdp.py", ["maplibre", base, TestData.path("tools/maplibre"), prefix, views])
            }
        }
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]]).first
        let idle = report?["idle"] as? Bool
        let messages = report?["messages"] as? [Any]
        #expect(idle == true, "never idle")
        #expect(messages?.isEmpty == true, "\(messages ?? [])")
        let names = report?["query"] as? [String]
        #expect(names == ["east-1", "west-1", "west-2", "west-3"], "\(String(describing: names))")
    }
}
