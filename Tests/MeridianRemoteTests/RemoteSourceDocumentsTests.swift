import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

@testable import MeridianRemote

/// Sources whose document is a URL on an HTTP server, as MapLibre fetches them (a GeoJSON
/// source's `data`, an image source's `url`): read through the data folder's reader and drawn as
/// the same document read locally; without a reader, or from a server that is not there, named as
/// not read.
@Suite(.serialized, .needsLoopbackNginx)
struct RemoteSourceDocumentsTests {
    static let polygon = #"""
        {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {},
         "geometry": {"type": "Polygon", "coordinates": [[[-10, -10], [10, -10], [10, 10], [-10, 10], [-10, -10]]]}}]}
        """#

    static func style(_ data: String) throws -> Style {
        try Style(
            json: Data(
                #"""
                {"version": 8, "sources": {"g": {"type": "geojson", "data": \#(data)}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                            {"id": "f", "type": "fill", "source": "g", "paint": {"fill-color": "#ff0000"}}]}
                """#.utf8))
    }

    /// `style` drawn from `folder` at zoom 3 over 0°, 0° (512 × 384, no credit line).
    static func draw(_ style: Style, _ folder: DataFolder) throws -> [UInt8] {
        try RemoteStyleSourcesTests.draw(style, folder, 0, 0, 3)
    }

    @Test(
        "data on HTTP is fetched through the folder's reader and drawn as the same data inline; without one it is named"
    )
    func fetched() async throws { try await onOwnThread { try Self.fetchedRun() } }

    static func fetchedRun() throws {
        let site = try LoopbackNginx()
        let file = NSTemporaryDirectory() + "meridian-remote-\(UUID().uuidString.prefix(8)).geojson"
        try Data(Self.polygon.utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        try site.copy(file, to: "square.geojson")
        let remote = try Self.style("\"\(site.base)/square.geojson\"")
        let folder = DataFolder(path: site.root, access: RemoteReader())
        let inline = try Self.draw(try Self.style(Self.polygon), folder)
        #expect(try Self.draw(remote, folder) == inline)
        let png = try #require(decodePNG(try Self.draw(remote, folder)))
        #expect(png.pixels[192 * png.width + 256] & 0xFF_FFFF == 0xFF0000, "the square is drawn")
        // A folder without a reader names the source as not read; so does a server that is gone.
        let local = try MapSources(style: remote, folder: DataFolder(path: site.root))
        #expect(local.missing.contains { $0.contains("source g") && $0.contains("not fetched") }, "\(local.missing)")
        let port = try LoopbackNginx.freePort()
        let gone = try MapSources(
            style: try Self.style("\"http://127.0.0.1:\(port)/square.geojson\""), folder: folder)
        #expect(
            gone.missing.contains { $0.contains("source g") && $0.contains("cannot be fetched") }, "\(gone.missing)")
    }

    @Test(
        "an image source's PNG on HTTP is fetched through the folder's reader and drawn as the same file read locally")
    func image() async throws { try await onOwnThread { try Self.imageRun() } }

    static func imageRun() throws {
        let site = try LoopbackNginx()
        // A 64 × 64 PNG of one colour: a background drawn by the renderer.
        let solid = try Style(
            json: Data(
                ##"{"version": 8, "sources": {}, "layers": [{"id": "b", "type": "background", "paint": {"background-color": "#3366cc"}}]}"##
                    .utf8))
        let viewport = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: 3),
            size: ScreenSize(width: 64, height: 64))
        var plain = MapRenderer(style: solid)
        plain.attribution = ""
        let png = try plain.render(viewport, sources: try MapSources(style: solid, folder: DataFolder(path: site.root)))
            .png
        let file = NSTemporaryDirectory() + "meridian-remote-\(UUID().uuidString.prefix(8)).png"
        try Data(png).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        try site.copy(file, to: "square.png")
        func style(_ url: String) throws -> Style {
            try Style(
                json: Data(
                    ##"""
                    {"version": 8, "sources": {"i": {"type": "image", "url": "\##(url)",
                       "coordinates": [[-10, 10], [10, 10], [10, -10], [-10, -10]]}},
                     "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                                {"id": "r", "type": "raster", "source": "i"}]}
                    """##.utf8))
        }
        let folder = DataFolder(path: site.root, access: RemoteReader())
        let remote = try Self.draw(try style(site.base + "/square.png"), folder)
        #expect(remote == (try Self.draw(try style(file), folder)))
        let drawn = try #require(decodePNG(remote))
        #expect(drawn.pixels[192 * drawn.width + 256] & 0xFF_FFFF == 0x3366CC, "the image is drawn")
        let local = try MapSources(style: try style(site.base + "/square.png"), folder: DataFolder(path: site.root))
        #expect(local.missing.contains { $0.contains("source i") && $0.contains("no image") }, "\(local.missing)")
    }
}
