import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianTiles
import Testing

/// Labels in every script on an imported region (issue 22): scripts/data/multiscript_opl.py
/// writes an OpenStreetMap extract in OPL, `osmium cat` makes it an .osm.pbf, `meridian data
/// import` builds its tiles with tilemaker, and the renderer draws it at zoom 17.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tilemaker") && FileManager.default.isExecutableFile(atPath: "/usr/bin/hb-shape")
                && FontChain.regular.count >= 8, "needs tilemaker, osmium, hb-shape and the Noto fonts (scripts/setup.sh)"), .serialized)
struct MultiScriptLabelTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Runs a program to its end; its status and standard error.
    static func run(_ program: String, _ arguments: [String], output: String? = nil) throws -> (Int32, String) {
        let process = Process(), err = Pipe()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let output {
            FileManager.default.createFile(atPath: output, contents: nil)
            process.standardOutput = FileHandle(forWritingAtPath: output)
        } else { process.standardOutput = FileHandle.nullDevice }
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    /// The generated region imported into a fresh data folder.
    static func importedRegion() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meridian-multiscript-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let meridian = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("meridian").path
        let opl = folder + "/multiscript.opl", pbf = folder + "/multiscript.osm.pbf"
        try #require(try run("/usr/bin/python3", [checkout + "/scripts/data/multiscript_opl.py"], output: opl).0 == 0)
        try #require(try run("/usr/bin/osmium", ["cat", "-F", "opl", opl, "-o", pbf, "--overwrite"]).0 == 0)
        let imported = try run(meridian, ["data", "import", pbf, "--name", "multiscript", "--data", folder + "/data"])
        try #require(imported.0 == 0, "\(imported.1.suffix(1500))")
        return folder
    }

    @Test("every script's names are placed at zoom 17, none with a replacement box, each shaped as hb-shape shapes it; mixed names keep each direction")
    func imported() throws {
        let folder = try Self.importedRegion()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sources = try MapSources(style: MapRenderer.streets, folder: DataFolder(path: folder + "/data"))
        let view = try Viewport(camera: try CameraPosition(target: Coordinate(latitude: 23.0, longitude: 12.0), zoom: 17), size: ScreenSize(width: 800, height: 600))
        let labels = try MapRenderer(attribution: "").render(view, sources: sources).labels
        let texts = Set(labels.map(\.text))
        let expected = ["مكتبة القاهرة", "בית קפה תל אביב", "दिल्ली पुस्तकालय", "โรงเรียนกรุงเทพ", "東京図書館", "Café Tel Aviv תל אביב",
                        "شارع التحرير", "רחוב הרצל", "राजपथ", "ถนนสุขุมวิท"]
        for name in expected { #expect(texts.contains(name), "\(name) not among \(texts.sorted())") }
        for text in texts where !text.contains("OpenStreetMap") {
            let shaped = TextShaper.shape(text)
            #expect(shaped.missing == 0, "\(text)")
            guard shaped.runs.count == 1, let run = shaped.runs.first else { continue }
            let oracle = try TextShaperTests.oracle(text, font: run.face)
            #expect(run.glyphs.map(\.id) == oracle.map(\.id), "\(text)")
            // A right-to-left name: its first letter (cluster 0) is drawn last, at the right.
            if run.rightToLeft { #expect(oracle.last?.cluster == 0, "\(text)") }
        }
        let mixed = TextShaper.shape("Café Tel Aviv תל אביב")
        #expect(mixed.runs.map(\.rightToLeft) == [false, true] && mixed.runs[1].face.file.contains("Hebrew"))
    }
}
