import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import Testing

/// Which zoom of a source a view reads, as MapLibre chooses: the camera's zoom less
/// log₂(tileSize / 256), floored for vector sources, rounded for raster ones.
struct SourceZoomTests {
    @Test("vector tiles of 512 points: style zoom 13.9 reads z13, 14 reads z14; never below 0; within the range")
    func vector() {
        let rule = SourceZoom.vector
        // Camera zoom 14.9 is style zoom 13.9: MapLibre reads z13 of an OpenMapTiles source.
        #expect(rule.wanted(14.9) == 13 && rule.wanted(15) == 14 && rule.wanted(0) == 0 && rule.wanted(0.5) == 0)
        #expect(rule.zoom(18, range: 0...14) == 14, "over-zoomed past the last zoom")
        #expect(rule.zoom(5.5, range: 5...14) == nil, "nothing below the first zoom (4 is wanted)")
        #expect(rule.wanted(.nan) == 0 && rule.wanted(.infinity) == 0 && rule.wanted(-5) == 0)
        // 256-point tiles (Meridian's own tilesets) are read at the camera's zoom, floored.
        #expect(SourceZoom(points: 256, rounds: false).wanted(14.9) == 14)
    }

    @Test("raster tiles: the nearest zoom (MapLibre's roundZoom); 256 pixels at the camera's zoom, 512 one less")
    func raster() {
        #expect(SourceZoom(points: 256, rounds: true).wanted(14.5) == 15)
        #expect(SourceZoom(points: 256, rounds: true).wanted(14.49) == 14)
        #expect(SourceZoom(points: 512, rounds: true).wanted(14.4) == 13)
    }

    @Test("the style's tileSize, else the tileset's declared size, else 512; GeoJSON 512; contours 256")
    func sizes() throws {
        let style = try Style(
            json: Data(
                #"""
                { "version": 8, "sources": {
                    "v": { "type": "vector", "url": "mbtiles://v" },
                    "v256": { "type": "vector", "url": "mbtiles://v", "tileSize": 256 },
                    "r": { "type": "raster", "url": "mbtiles://r" },
                    "bad": { "type": "raster", "url": "mbtiles://r", "tileSize": 1e9 },
                    "word": { "type": "vector", "url": "mbtiles://v", "tileSize": "large" } },
                  "layers": [] }
                """#.utf8))
        let path = temporaryPath("source-zoom.mbtiles")
        try writeMBTiles(path, metadata: ["format": "png", "tilesize": "256"], tiles: [])
        let declared = try MBTiles(path: path)
        let plainPath = temporaryPath("source-zoom-plain.mbtiles")
        try writeMBTiles(plainPath, metadata: ["format": "pbf"], tiles: [])
        let plain = try MBTiles(path: plainPath)
        #expect(SourceZoom(style.sources["v"]!, tileset: plain).points == 512)
        #expect(SourceZoom(style.sources["v256"]!, tileset: plain).points == 256)
        #expect(SourceZoom(style.sources["r"]!, tileset: declared) == SourceZoom(points: 256, rounds: true))
        #expect(SourceZoom(style.sources["r"]!, tileset: plain) == SourceZoom(points: 512, rounds: true))
        // Bad sizes are named and left out: the default is taken.
        #expect(style.sources["bad"]?.tileSize == nil && style.sources["word"]?.tileSize == nil)
        for name in ["bad", "word"] {
            #expect(style.warnings.contains { $0.property == "sources.\(name).tileSize" }, "\(style.warnings)")
        }
        let contours = ContourTileset(name: "elevation", elevation: [declared])
        #expect(SourceZoom(style.sources["v"]!, tileset: contours).points == 256)
    }

    @Test("a view reads the fixture's z2 tiles from camera zoom 3 with the default 512, from 2 with 256")
    func frameReads() throws {
        _ = GoldenFixture.folder
        let tileset = try MBTiles(path: GoldenFixture.folder + "/fixture.mbtiles")
        let source = TileSource(name: "grid", tilesets: [tileset])
        func read(_ zoom: Double, _ rule: SourceZoom) throws -> Set<Int> {
            let view = try Viewport(
                camera: try CameraPosition(target: Coordinate(latitude: 10, longitude: 20), zoom: zoom),
                size: ScreenSize(width: 256, height: 256))
            return Set(try FrameTiles.tiles(of: source, for: view, cache: nil) { _ in rule }.view.map(\.id.z))
        }
        #expect(try read(2.5, .vector).isEmpty, "style zoom 1.5 wants z1, below the tileset's first zoom")
        #expect(try read(3.5, .vector) == [2])
        #expect(try read(2.5, SourceZoom(points: 256, rounds: false)) == [2])
    }
}
