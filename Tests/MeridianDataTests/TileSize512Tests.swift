import Foundation
import MeridianCamera
import MeridianData
import MeridianGeometry
import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// Elevation models imported in 512-pixel tiles (`--tile-size 512`) draw where and as the same
/// model in 256-pixel tiles does: the renderer takes them at the zoom one less (as MapLibre does),
/// so the same heights land on the same pixels.
@Suite struct TileSize512Tests {
    /// Colour relief from 200 m (black) to 1100 m (white): the heights themselves, with none of
    /// hillshade's zoom-dependent slope scaling in between.
    static let style = #"""
        {"version": 8, "sources": {"dem": {"type": "raster-dem", "url": "mbtiles://elevation/jacksboro"}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#FF0000"}},
          {"id": "heights", "type": "color-relief", "source": "dem", "paint": {"color-relief-color":
            ["interpolate", ["linear"], ["elevation"], 200, "#000000", 1100, "#FFFFFF"]}}]}
        """#

    static func render(_ folder: String, _ viewport: Viewport) throws -> (width: Int, height: Int, pixels: [UInt32]) {
        let style = try Style(json: Data(Self.style.utf8))
        var renderer = MapRenderer(style: style)
        renderer.attribution = ""
        let sources = try MapSources(style: style, folder: DataFolder(path: folder))
        return try #require(decodePNG(try renderer.render(viewport, sources: sources).png))
    }

    @Test(
        "the Jacksboro model in 512-pixel tiles draws as in 256-pixel tiles, flat and tilted: mean under 1 level, 99 % within 4",
        .enabled(if: TestData.available("sources/jacksboro.tif"), "needs the default data"))
    func sameHeights() throws {
        let folder = try ImporterTests.folder("dem512")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        var importer = Importer(folder: folder)
        importer.raster = RasterImportOptions(tileSize: 512)
        let entry = try importer.importFile(TestData.path("sources/jacksboro.tif"), name: "jacksboro")
        let reference = try DataFolder.open(TestData.path("elevation/jacksboro.mbtiles")).info
        #expect(entry.info.tileSize == 512)
        #expect(
            entry.info.zoomRange?.upperBound == (reference.zoomRange?.upperBound).map { $0 - 1 },
            "the same detail a zoom higher in 256-pixel tiles: \(String(describing: entry.info.zoomRange))")
        for (zoom, bearing, tilt) in [(11.0, 0.0, 0.0), (12.3, 30, 50)] {
            let viewport = try Viewport(
                camera: try CameraPosition(
                    target: Coordinate(latitude: 36.59, longitude: -84.25), zoom: zoom, bearing: bearing, tilt: tilt),
                size: ScreenSize(width: 600, height: 400))
            let ours = try Self.render(folder.path, viewport)
            let theirs = try Self.render(TestData.directory, viewport)
            var differences: [Int] = []
            for (a, b) in zip(ours.pixels, theirs.pixels) where a >> 16 & 0xFF != 0xFF || a & 0xFFFF != 0 {
                differences.append(abs(Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF)))
            }
            let sorted = differences.sorted()
            let mean = Double(sorted.reduce(0, +)) / Double(max(1, sorted.count))
            #expect(sorted.count > 100_000, "the model fills the view at zoom \(zoom) (\(sorted.count) pixels)")
            #expect(
                mean < 1 && (sorted.isEmpty ? 99 : sorted[sorted.count * 99 / 100]) <= 4,
                "zoom \(zoom): mean \(mean), 99th percentile \(sorted.isEmpty ? -1 : sorted[sorted.count * 99 / 100])")
        }
    }
}
