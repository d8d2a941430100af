import Foundation
import MeridianCamera
import MeridianData
import MeridianGeometry
import MeridianRender
import MeridianTestSupport
import MeridianTiles
import MeridianTileFixtures
import Testing

/// Tilesets made elsewhere, brought in by `meridian data import` as a user would: one made by
/// tilemaker with the OpenMapTiles configuration and profile exactly as its Debian package
/// ships them (names only in `name:latin`, its own zoom and layer choices), and the same
/// region packed as PMTiles by the reference `pmtiles` tool.
@Suite(
    .enabled(
        if: TestData.available("Kotka.osm.pbf") && TestData.available("openmaptiles/kotka.mbtiles")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/tilemaker"),
        "needs the default data and tilemaker"), .serialized)
struct ImportedTilesetTests {
    static let karhula = Coordinate(latitude: 60.5300, longitude: 26.9500)

    static func run(_ tool: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        if let environment { process.environment = environment }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(
            process.terminationStatus == 0 || tool == "osmium",
            "\(tool) \(arguments) exited \(process.terminationStatus)")
    }

    /// A data folder with one imported region; the frame at Karhula, zoom 16.
    static func frame(importing file: String, into folder: String) throws -> MapRenderer.Frame {
        let entry = try Importer(folder: DataFolder(path: folder)).importFile(file, name: "karhula")
        #expect(entry.schema == "openmaptiles" && entry.path.hasPrefix(folder + "/openmaptiles/karhula."))
        let view = try Viewport(
            camera: try CameraPosition(target: karhula, zoom: 16), size: ScreenSize(width: 640, height: 480))
        return try MapRenderer().render(
            view, sources: try MapSources(style: MapRenderer.streets, folder: DataFolder(path: folder)))
    }

    @Test(
        "tilemaker's own OpenMapTiles output (stock configuration and profile) imports and draws with the shipped style"
    )
    func stockTilemaker() throws {
        let work = temporaryPath("stock-tilemaker")
        try FileManager.default.createDirectory(atPath: work + "/data", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        // tilemaker needs every way's nodes: drop the ways that leave the extract (osmium alone).
        try Self.run(
            "sh",
            [
                "-c",
                "osmium check-refs -i '\(TestData.path("Kotka.osm.pbf"))' 2>/dev/null | awk '{print $3}' | sort -u > '\(work)/broken.txt'",
            ])
        try Self.run(
            "osmium",
            [
                "removeid", "-O", TestData.path("Kotka.osm.pbf"), "-i", work + "/broken.txt", "-o",
                work + "/clean.osm.pbf",
            ])
        try Self.run(
            "tilemaker",
            [
                "--input", work + "/clean.osm.pbf", "--output", work + "/stock.mbtiles", "--threads", "1",
                "--config", "/usr/share/doc/tilemaker/examples/config-openmaptiles.json",
                "--process", "/usr/share/doc/tilemaker/examples/process-openmaptiles.lua",
            ],
            environment: ["PATH": "/usr/bin:/bin"])
        let frame = try Self.frame(importing: work + "/stock.mbtiles", into: work + "/data")
        let names = Set(frame.labels.map(\.text))
        #expect(names.isSuperset(of: ["Hillerinkatu", "Majavankatu"]), "\(names.sorted())")  // from name:latin
        let image = try #require(decodePNG(frame.png))
        #expect(image.pixels.filter { isBuildingColour($0 & 0xFFFFFF) }.count > image.pixels.count / 40)
    }

    @Test("the same region as PMTiles (the reference tool's packing) imports and draws the same image as the MBTiles")
    func pmtiles() throws {
        let work = temporaryPath("pmtiles-import")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        try Self.run(
            "python3",
            [
                "-c",
                "import sys\nfrom pmtiles.convert import mbtiles_to_pmtiles\nmbtiles_to_pmtiles(sys.argv[1], sys.argv[2], 30)\n",
                TestData.path("openmaptiles/kotka.mbtiles"), work + "/Kotka.pmtiles",
            ],
            environment: ["PYTHONPATH": TestData.path("tools/pmtiles"), "PATH": "/usr/bin:/bin"])
        let fromPMTiles = try Self.frame(importing: work + "/Kotka.pmtiles", into: work + "/a")
        let fromMBTiles = try Self.frame(importing: TestData.path("openmaptiles/kotka.mbtiles"), into: work + "/b")
        #expect(fromPMTiles.png == fromMBTiles.png && fromPMTiles.labels.count == fromMBTiles.labels.count)
        #expect(FileManager.default.fileExists(atPath: work + "/a/openmaptiles/karhula.pmtiles"))
    }
}
