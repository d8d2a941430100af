import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import MeridianTileFixtures
import Testing

/// The two regions of the default data, imported by `meridian data import` (scripts/build-data.sh),
/// drawn through the whole data folder as the CLI and the server draw them.
@Suite(
    .enabled(
        if: TestData.available("openmaptiles/kotka.mbtiles") && RenderData.available,
        "no default data: run scripts/build-data.sh"))
struct RegionTests {
    static func frame(
        _ at: Coordinate, zoom: Double, folder: String = TestData.directory
    ) throws -> (Viewport, MapRenderer.Frame) {
        let view = try Viewport(
            camera: try CameraPosition(target: at, zoom: zoom), size: ScreenSize(width: 640, height: 480))
        let sources = try MapSources(style: MapRenderer.streets, folder: DataFolder(path: folder))
        return (view, try MapRenderer().render(view, sources: sources))
    }

    /// Bus stops are OpenStreetMap nodes: their coordinates (from the extracts, `osmium cat -f opl`)
    /// are where their names must be anchored. Tiles quantise a z14 point to 1/4096 of a tile
    /// (about 0.5 pt at zoom 18), hence the 1.5 pt tolerance.
    @Test(
        "named features land on their OpenStreetMap coordinates, in both regions",
        arguments: [
            ("Hurukselantie 98 P", Coordinate(latitude: 60.5285339, longitude: 26.9408089)),  // Kotka, node 6270886990
            ("Hki tuomiokirkko", Coordinate(latitude: 60.1698511, longitude: 24.9521309)),  // Helsinki, node 6241421801
        ])
    func namedFeatures(name: String, at osm: Coordinate) throws {
        let (view, frame) = try Self.frame(osm, zoom: 18)
        let label = try #require(frame.labels.first { $0.text == name }, "\(frame.labels.map(\.text).sorted())")
        expectClose(label.anchor, try #require(try view.point(for: osm)), within: 1.5, name)
    }

    @Test("Karhula, Kotka draws its streets, names and buildings from its own imported tileset")
    func kotka() throws {
        let (_, frame) = try Self.frame(Coordinate(latitude: 60.5300, longitude: 26.9500), zoom: 16)
        let names = Set(frame.labels.map(\.text))
        #expect(names.isSuperset(of: ["Hillerinkatu", "Majavankatu", "Mäyränkatu"]), "\(names.sorted())")
        let image = try #require(decodePNG(frame.png))
        let buildings = image.pixels.filter { isBuildingColour($0 & 0xFFFFFF) }.count
        #expect(Double(buildings) / Double(image.pixels.count) > 0.03, "building pixels: \(buildings)")
    }

    @Test("a folder holding only one imported region draws that region, and the missing sources are warnings")
    func regionAlone() throws {
        let folder = temporaryPath("region-alone")
        try FileManager.default.createDirectory(atPath: folder + "/openmaptiles", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(
            atPath: TestData.path("openmaptiles/kotka.mbtiles"), toPath: folder + "/openmaptiles/kotka.mbtiles")
        let sources = try MapSources(style: MapRenderer.streets, folder: DataFolder(path: folder))
        #expect(sources.warnings.count == 2 && sources.warnings.allSatisfy { $0.contains("draws nothing") })
        let (_, frame) = try Self.frame(Coordinate(latitude: 60.5300, longitude: 26.9500), zoom: 16, folder: folder)
        #expect(frame.labels.contains { $0.text == "Hillerinkatu" })
    }
}
