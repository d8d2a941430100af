import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianTiles
import RealModule
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

    @Test("every script's names are placed at zoom 17, shaped as hb-shape shapes them, mixed names keeping each direction; a box only for the one character no font has, reported once")
    func imported() throws {
        let folder = try Self.importedRegion()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sources = try MapSources(style: MapRenderer.streets, folder: DataFolder(path: folder + "/data"))
        let view = try Viewport(camera: try CameraPosition(target: Coordinate(latitude: 23.0, longitude: 12.0), zoom: 17), size: ScreenSize(width: 800, height: 600))
        let image = try MapRenderer(attribution: "").draw(view, sources: sources)
        let texts = Set(image.labels.map(\.text))
        // The one name with a character no font has is drawn (a box) and reported, alone.
        #expect(texts.contains("Hieroglyph Hall \u{13000}") && image.uncoveredTexts == ["Hieroglyph Hall \u{13000}"])
        let expected = ["مكتبة القاهرة", "בית קפה תל אביב", "दिल्ली पुस्तकालय", "โรงเรียนกรุงเทพ", "東京図書館", "Café Tel Aviv תל אביב",
                        "شارع التحرير", "רחוב הרצל", "राजपथ", "ถนนสุขุมวิท"]
        for name in expected { #expect(texts.contains(name), "\(name) not among \(texts.sorted())") }
        for text in texts where !text.contains("OpenStreetMap") && !text.contains("Hieroglyph") {
            let shaped = TextShaper.shape(text)
            #expect(shaped.missing == 0, "\(text)")
            guard shaped.runs.count == 1, let run = shaped.runs.first else { continue }
            let oracle = try TextShaperTests.oracle(text, font: run.face)
            #expect(run.glyphs.map(\.id) == oracle.map(\.id), "\(text)")
            // A right-to-left name: its first letter (cluster 0) is drawn last, at the right.
            if run.rightToLeft { #expect(oracle.last?.cluster == 0, "\(text)") }
        }
        // `meridian render` says so in one line.
        let meridian = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("meridian").path
        let render = try Self.run(meridian, ["render", "--data", folder + "/data", "--lat", "23", "--lng", "12", "--zoom", "17", "-o", folder + "/town.png"])
        #expect(render.0 == 0 && render.1.contains("warning: 1 label(s) hold characters no font covers, drawn as boxes: Hieroglyph Hall"), "\(render.1)")
        let mixed = TextShaper.shape("Café Tel Aviv תל אביב")
        #expect(mixed.runs.map(\.rightToLeft) == [false, true] && mixed.runs[1].face.file.contains("Hebrew"))
    }

    /// The points of the way named `name` in the generated OPL, in order.
    static func way(_ name: String, opl: String) throws -> [Coordinate] {
        var nodes: [String: Coordinate] = [:]
        var found: [Coordinate] = []
        let escaped = name.replacingOccurrences(of: " ", with: "%20%")
        for line in opl.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if line.hasPrefix("n"), let x = fields.first(where: { $0.hasPrefix("x") }), let y = fields.first(where: { $0.hasPrefix("y") }),
               let lng = Double(x.dropFirst()), let lat = Double(y.dropFirst()) {
                nodes[String(fields[0])] = Coordinate(latitude: lat, longitude: lng)
            } else if line.hasPrefix("w"), line.contains("name=\(escaped)"), let refs = fields.first(where: { $0.hasPrefix("N") }) {
                found = try refs.dropFirst().split(separator: ",").map { try #require(nodes[String($0)]) }
            }
        }
        return found
    }

    @Test("a street bent as a quarter circle is named along the bend at z17, flat and tilted: every glyph within 2 pt of the line, upright, no sharper turn between neighbours than the maximum, glyphs not pressed into each other")
    func curved() throws {
        let folder = try Self.importedRegion()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let opl = try String(contentsOfFile: folder + "/multiscript.opl", encoding: .utf8)
        let road = try Self.way("Quarter Circle Road", opl: opl)
        try #require(road.count > 20)
        let sources = try MapSources(style: MapRenderer.streets, folder: DataFolder(path: folder + "/data"))
        let size = try #require(MapRenderer.streets.layers.first { $0.id == "road-names" }).number("text-size", [:], zoom: 17, default: 0)
        let advances = TextShaper.shape("Quarter Circle Road").glyphs.map { $0.glyph.advance * size }
        for (bearing, tilt) in [(0.0, 0.0), (40.0, 50.0)] {
            let middle = road[road.count / 2]
            let view = try Viewport(camera: try CameraPosition(target: middle, zoom: 17, bearing: bearing, tilt: tilt), size: ScreenSize(width: 600, height: 400))
            let labels = try MapRenderer(attribution: "").render(view, sources: sources).labels
            let label = try #require(labels.first { $0.text == "Quarter Circle Road" }, "bearing \(bearing), tilt \(tilt): \(labels.map(\.text))")
            #expect(label.glyphs.count == advances.count)
            // The line on screen, densely: each glyph's centre within 2 pt of it.
            let line = try road.compactMap { try view.point(for: $0) }
            func distance(_ p: ScreenPoint) -> Double {
                zip(line, line.dropFirst()).map { a, b in
                    let d = b - a, l2 = d.dx * d.dx + d.dy * d.dy
                    let t = l2 > 0 ? max(0, min(1, ((p.x - a.x) * d.dx + (p.y - a.y) * d.dy) / l2)) : 0
                    return (p - ScreenPoint(x: a.x + d.dx * t, y: a.y + d.dy * t)).length
                }.min() ?? .infinity
            }
            for g in label.glyphs { #expect(distance(g.center) <= 2 && abs(g.angle) <= .pi / 2, "\(g) at bearing \(bearing)") }
            let angles = label.glyphs.map(\.angle)
            #expect(zip(angles, angles.dropFirst()).allSatisfy { abs($1 - $0) <= CurvedLabels.maximumAngle })
            // It bends: the glyphs turn by several degrees from the first to the last.
            #expect(abs(angles.last! - angles.first!) > 10 * .pi / 180, "\(angles)")
            // Neighbours stand their advances apart along the first one's direction (less half a point).
            for k in 0..<(label.glyphs.count - 1) {
                let (a, b) = (label.glyphs[k], label.glyphs[k + 1])
                let along = (b.center.x - a.center.x) * Double.cos(a.angle) + (b.center.y - a.center.y) * Double.sin(a.angle)
                #expect(along >= (advances[k] + advances[k + 1]) / 2 - 0.5, "glyphs \(k) and \(k + 1): \(along)")
            }
        }
    }
}
