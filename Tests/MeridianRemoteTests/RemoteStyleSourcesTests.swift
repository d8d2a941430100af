import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

@testable import MeridianRemote

/// Style sources on an HTTP server (issue 35): a `tiles` list, a TileJSON URL (its templates
/// relative to it), `pmtiles://https://…`, for vector and raster tiles, served by nginx on
/// loopback, drawn as the same tiles are drawn from local files.
@Suite(.serialized, .needsLoopbackNginx)
struct RemoteStyleSourcesTests {
    /// The default data's Helsinki region and Blue Marble imagery as folders of tile files on the
    /// server (`xyz/helsinki/{z}/{x}/{y}.pbf` beside its `tiles.json`, `xyz/satellite/…png`), as
    /// `mb-util` writes them; made once.
    static let tileFolders: Result<Void, Error> = Result {
        let root = try LoopbackNginx.folder.get()
        let script = """
            import os, sqlite3, sys
            for name, into, ext in [("openmaptiles/helsinki", "helsinki", "pbf"), ("satellite", "satellite", "png")]:
                db = sqlite3.connect(sys.argv[1] + "/" + name + ".mbtiles")
                for z, x, row, data in db.execute("select zoom_level, tile_column, tile_row, tile_data from tiles"):
                    folder = "%s/xyz/%s/%d/%d" % (sys.argv[2], into, z, x)
                    os.makedirs(folder, exist_ok=True)
                    open("%s/%d.%s" % (folder, (1 << z) - 1 - row, ext), "wb").write(data)
            open(sys.argv[2] + "/xyz/helsinki/tiles.json", "w").write('{"tilejson": "3.0.0", "tiles": ["{z}/{x}/{y}.pbf"], "maxzoom": 14}')
            """
        try LoopbackNginx.run(
            "/usr/bin/env", ["python3", "-c", script, TestData.directory, root], environment: ["PATH": "/usr/bin:/bin"])
    }

    /// `document` with its source `name` replaced by `source`.
    static func style(_ document: String, _ name: String, _ source: [String: Any]) throws -> Style {
        var root = try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
        var sources = try #require(root["sources"] as? [String: Any])
        sources[name] = source
        root["sources"] = sources
        return try Style(json: try JSONSerialization.data(withJSONObject: root))
    }

    /// `style` drawn at a view from `folder`, without its credit line (the sources' credits differ).
    static func draw(
        _ style: Style, _ folder: DataFolder, _ lat: Double, _ lng: Double, _ zoom: Double
    ) throws
        -> [UInt8]
    {
        var renderer = MapRenderer(style: style)
        renderer.attribution = ""
        let viewport = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: lat, longitude: lng), zoom: zoom),
            size: ScreenSize(width: 512, height: 384))
        return try renderer.render(viewport, sources: try MapSources(style: style, folder: folder)).png
    }

    @Test(
        "vector tiles by a tiles list, by a TileJSON URL with a relative template, and from pmtiles://http://…: the same PNG as the local region"
    )
    func vector() async throws { try await onOwnThread { try Self.vectorRun() } }

    static func vectorRun() throws {
        let site = try LoopbackNginx()
        try Self.tileFolders.get()
        let folder = DataFolder(path: site.root, access: RemoteReader())
        let streets = try Style(json: Data(DefaultStyles.streets.utf8))
        let helsinki = "/openmaptiles/helsinki.pmtiles"
        for (lat, lng, zoom) in [(60.1699, 24.9384, 15.0), (60.17, 24.94, 12.0)] {
            let local = try Self.draw(streets, folder, lat, lng, zoom)
            let withoutRegion = try Self.style(
                DefaultStyles.streets, "openmaptiles", ["type": "vector", "url": "mbtiles://no-such-source"])
            #expect(
                try Self.draw(withoutRegion, folder, lat, lng, zoom) != local, "the region is drawn at zoom \(zoom)")
            for source: [String: Any] in [
                ["type": "vector", "tiles": [site.base + "/xyz/helsinki/{z}/{x}/{y}.pbf"], "maxzoom": 14],
                ["type": "vector", "url": site.base + "/xyz/helsinki/tiles.json"],
                ["type": "vector", "url": "pmtiles://" + site.base + helsinki],
                ["type": "vector", "url": site.base + helsinki],
            ] {
                let remote = try Self.draw(
                    try Self.style(DefaultStyles.streets, "openmaptiles", source), folder, lat, lng, zoom)
                let same = remote == local  // a failure's description of two PNGs would take minutes
                #expect(same, "zoom \(zoom), \(source): the same PNG bytes")
            }
        }
    }

    @Test("raster tiles by a tiles list: the same PNG as the local imagery")
    func raster() async throws { try await onOwnThread { try Self.rasterRun() } }

    static func rasterRun() throws {
        let site = try LoopbackNginx()
        try Self.tileFolders.get()
        let folder = DataFolder(path: site.root, access: RemoteReader())
        let local = try Self.draw(try Style(json: Data(DefaultStyles.satellite.utf8)), folder, 30, 10, 3)
        let remote = try Self.draw(
            try Self.style(
                DefaultStyles.satellite, "satellite",
                [
                    "type": "raster", "tiles": [site.base + "/xyz/satellite/{z}/{x}/{y}.png"], "maxzoom": 4,
                    "tileSize": 256,
                ]),
            folder, 30, 10, 3)
        // Compared by equality alone: a failure's description of two PNGs would take minutes.
        let same = remote == local
        #expect(same, "the remote satellite tiles drawn differently from the local ones")
    }

    @Test(
        "a tiles list whose server is gone is a clear error naming the URL; one that has no tile draws nothing, without an error"
    )
    func failures() async throws { try await onOwnThread { try Self.failuresRun() } }

    static func failuresRun() throws {
        let site = try LoopbackNginx()
        let folder = DataFolder(path: site.root, access: RemoteReader())
        let port = try LoopbackNginx.freePort()  // nothing listens there
        let gone = try Self.style(
            DefaultStyles.streets, "openmaptiles",
            ["type": "vector", "tiles": ["http://127.0.0.1:\(port)/{z}/{x}/{y}.pbf"], "maxzoom": 14])
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 60.17, longitude: 24.94), zoom: 14),
            size: ScreenSize(width: 256, height: 256))
        do {
            _ = try MapRenderer(style: gone).draw(view, sources: try MapSources(style: gone, folder: folder))
            Issue.record("drawn without its tiles")
        } catch {
            guard case let .unavailable(url, reason, retryAfter) = error as? TileError else {
                Issue.record("\(error)")
                return
            }
            // Camera zoom 14 is style zoom 13: a vector source of 512-point tiles is read at z13.
            #expect(url.hasPrefix("http://127.0.0.1:\(port)/13/") && !reason.isEmpty && retryAfter >= 1, "\(error)")
        }
        let empty = try Self.style(
            DefaultStyles.streets, "openmaptiles",
            ["type": "vector", "tiles": [site.base + "/nothing-here/{z}/{x}/{y}.pbf"], "maxzoom": 14])
        let withoutRegion = try Self.style(
            DefaultStyles.streets, "openmaptiles", ["type": "vector", "url": "mbtiles://no-such-source"])
        #expect(
            try Self.draw(empty, folder, 60.17, 24.94, 14) == (try Self.draw(withoutRegion, folder, 60.17, 24.94, 14)),
            "404 everywhere: the map without the source")
    }
}
