import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import MeridianTileFixtures
import Testing

/// The default data's vector tilesets packed as PMTiles by the reference tool (the `pmtiles`
/// wheel that scripts/build-data.sh unzips), read by Meridian's reader.
@Suite(
    .enabled(
        if: RenderData.available && TestData.available("tools/pmtiles/pmtiles/convert.py"),
        "no default data: run scripts/build-data.sh"))
struct PMTilesRealDataTests {
    /// The default data converted once (`DefaultPMTiles`); empty when that failed (the tests
    /// then fail on the missing files).
    static let folder: String = (try? DefaultPMTiles.folder.get()) ?? ""

    @Test("every Helsinki tile (z10–14) and every world tile of z0–4 reads the same bytes from PMTiles as from MBTiles")
    func sameTiles() throws {
        for (name, zooms, box) in [
            ("openmaptiles/helsinki", 10...14, (24.935, 60.164, 24.954, 60.180)),
            ("world", 0...4, (-180.0, -85.0, 179.999, 85.0)),
        ] {
            let mbtiles = try MBTiles(path: TestData.path("\(name).mbtiles"))
            let pmtiles = try PMTiles(path: Self.folder + "/\(name).pmtiles")
            #expect(pmtiles.info.zoomRange == mbtiles.info.zoomRange && pmtiles.info.content == .vector)
            var found = 0
            for z in zooms {
                let sw = WebMercator.project(Coordinate(latitude: box.1, longitude: box.0))
                let ne = WebMercator.project(Coordinate(latitude: box.3, longitude: box.2))
                let n = Double(1 << z)
                for x in Int(sw.x * n)...Int(ne.x * n) {
                    for y in Int(ne.y * n)...min(Int(sw.y * n), (1 << z) - 1) {
                        let id = TileID(z: z, x: x, y: y)
                        let a = try mbtiles.data(for: id)
                        let b = try pmtiles.data(for: id)
                        // The tool stores the same tile bytes (gzip streams may be re-packed, so compare inflated).
                        #expect(
                            try a.map { try Inflate.decompress($0) } == b.map { try Inflate.decompress($0) },
                            "\(name) \(id)")
                        found += a == nil ? 0 : 1
                    }
                }
            }
            #expect(found >= 8, "\(name): \(found) tiles compared")
        }
    }

    @Test(
        "the streets style draws the same image from a folder of PMTiles as from the MBTiles",
        arguments: [
            (60.1716, 24.9443, 16.0, 30.0, 45.0), (60.17, 24.95, 12.5, 0.0, 0.0), (55.0, 15.0, 4.0, 0.0, 0.0),
            (60.53, 26.95, 16.0, 0.0, 0.0),
        ])
    func sameImage(lat: Double, lng: Double, zoom: Double, bearing: Double, tilt: Double) throws {
        let style = try Style(json: Data(DefaultStyles.streets.utf8))
        let view = try Viewport(
            camera: try CameraPosition(
                target: Coordinate(latitude: lat, longitude: lng), zoom: zoom, bearing: bearing, tilt: tilt),
            size: ScreenSize(width: 512, height: 384))
        let fromMBTiles = try MapSources(style: style, folder: DataFolder(path: TestData.directory))
        let fromPMTiles = try MapSources(style: style, folder: DataFolder(path: Self.folder))
        #expect(
            fromPMTiles.warnings.isEmpty
                && fromPMTiles.sources.values.allSatisfy { $0.tilesets.allSatisfy { $0 is PMTiles } })
        let a = try MapRenderer(style: style).render(view, sources: fromMBTiles).png
        let b = try MapRenderer(style: style).render(view, sources: fromPMTiles).png
        #expect(a == b)
    }

    @Test("raster tiles too: the satellite imagery from PMTiles draws the same image as from MBTiles")
    func sameRasterImage() throws {
        let style = try Style(json: Data(MapType.satellite.document.utf8))
        let view = try Viewport(
            camera: try CameraPosition(
                target: Coordinate(latitude: 45, longitude: 10), zoom: 3.5, bearing: 20, tilt: 30),
            size: ScreenSize(width: 512, height: 384))
        let fromPMTiles = try MapSources(style: style, folder: DataFolder(path: Self.folder))
        #expect(fromPMTiles.sources["satellite"]?.tilesets.first?.info.content == .png)
        // No credit line: the default folder's imported imagery (not packed here) adds its credit.
        var renderer = MapRenderer(style: style)
        renderer.attribution = ""
        let a = try renderer.render(
            view, sources: try MapSources(style: style, folder: DataFolder(path: TestData.directory))
        ).png
        #expect(a == (try renderer.render(view, sources: fromPMTiles).png))
    }
}
