import Foundation
import MeridianCamera
import MeridianData
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import Testing

@Suite(.enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
struct OfflineRegionTests {
    static let bounds = CoordinateBounds(
        southWest: Coordinate(latitude: 60.160, longitude: 24.925),
        northEast: Coordinate(latitude: 60.180, longitude: 24.965))

    @Test(
        "an extracted region, MBTiles and PMTiles, draws a view inside it exactly as the whole data folder does, with nothing else"
    )
    func drawsAlone() throws {
        let style = try Style(json: Data(MapType.normal.document.utf8))
        let full = try MapSources(style: style, folder: DataFolder(path: TestData.directory))
        // Views whose label margin (512 pt) stays inside the bounds, flat and tilted.
        let views = [
            try Viewport(
                camera: try CameraPosition(target: Coordinate(latitude: 60.170, longitude: 24.945), zoom: 16),
                size: ScreenSize(width: 256, height: 256)),
            try Viewport(
                camera: try CameraPosition(
                    target: Coordinate(latitude: 60.170, longitude: 24.945), zoom: 17, bearing: 30, tilt: 50),
                size: ScreenSize(width: 256, height: 192)),
        ]
        for format in ["mbtiles", "pmtiles"] {
            let path = temporaryPath("region.\(format)")
            defer { try? FileManager.default.removeItem(atPath: path) }
            let summary = try RegionExtractor.extract(
                sources: full.sources, bounds: Self.bounds, zooms: 13...17, to: path)
            // openmaptiles is copied at 13–14 (drawn past 14 from 14), world at its last zoom, 9.
            let copied = Set(summary.counts.map { "\($0.source)@\($0.zoom)" })
            #expect(
                copied.isSuperset(of: ["openmaptiles@13", "openmaptiles@14", "world@9"])
                    && !copied.contains("openmaptiles@15"))
            #expect(
                summary.tiles
                    == Set(summary.counts.map(\.zoom)).reduce(0) { n, z in
                        n + (try! TileCover.tiles(in: Self.bounds, zoom: z)).count
                    })
            let region = try MapSources(style: style, folder: DataFolder(path: path))
            #expect(region.warnings.isEmpty && Set(region.sources.keys) == Set(full.sources.keys))
            for view in views {
                let expected = try MapRenderer().render(view, sources: full).png
                let offline = try MapRenderer().render(view, sources: region).png
                #expect(offline == expected, "\(format): the region draws \(view.camera) differently")
            }
        }
    }

    @Test(
        "--data naming a plain tileset, not a region, is a typed error; bounds with no data and bad outputs are refused"
    )
    func refusals() throws {
        let style = try Style(json: Data(MapType.normal.document.utf8))
        #expect(throws: TileError.notAPack(path: RenderData.world)) {
            try MapSources(style: style, folder: DataFolder(path: RenderData.world))
        }
        let full = try MapSources(style: style, folder: DataFolder(path: TestData.directory))
        let path = temporaryPath("region.zip")
        #expect(throws: DataError.self) {
            try RegionExtractor.extract(sources: full.sources, bounds: Self.bounds, zooms: 13...14, to: path)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        // The whole world at zoom 14 is far past the tile limit.
        let world = CoordinateBounds(
            southWest: Coordinate(latitude: -80, longitude: -179), northEast: Coordinate(latitude: 80, longitude: 179))
        #expect(throws: DataError.self) {
            try RegionExtractor.extract(
                sources: full.sources, bounds: world, zooms: 14...14, to: temporaryPath("w.mbtiles"))
        }
    }
}
