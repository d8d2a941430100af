import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTiles
import RealModule
import Testing

/// Labels in every script on an imported region (issue 22): scripts/data/multiscript_opl.py
/// writes an OpenStreetMap extract in OPL, `osmium cat` makes it an .osm.pbf, `meridian data
/// import` builds its tiles with tilemaker, and the renderer draws it at zoom 17.
@Suite(
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tilemaker")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/hb-shape")
            && FontChain.regular.count >= 8, "needs tilemaker, osmium, hb-shape and the Noto fonts (scripts/setup.sh)"),
    .serialized)
struct MultiScriptLabelTests {
    /// The imported town's folder (shared by the tests of one process).
    static func importedRegion() throws -> String {
        try #require(MultiScriptTown.folder, "the generated town did not import")
    }

    @Test(
        "every script's names are placed at zoom 17, shaped as hb-shape shapes them, mixed names keeping each direction; a box only for the one character no font has, reported once"
    )
    func imported() throws {
        let folder = try Self.importedRegion()
        let sources = try MapSources(style: MapRenderer.streets, folder: DataFolder(path: folder + "/data"))
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 23.0, longitude: 12.0), zoom: 17),
            size: ScreenSize(width: 800, height: 600))
        let image = try MapRenderer(attribution: "").draw(view, sources: sources)
        let texts = Set(image.labels.map(\.text))
        // The one name with a character no font has is drawn (a box) and reported, alone.
        #expect(texts.contains("Hieroglyph Hall \u{13000}") && image.uncoveredTexts == ["Hieroglyph Hall \u{13000}"])
        let expected = [
            "مكتبة القاهرة", "בית קפה תל אביב", "दिल्ली पुस्तकालय", "โรงเรียนกรุงเทพ", "東京図書館", "Café Tel Aviv תל אביב",
            "شارع التحرير", "רחוב הרצל", "राजपथ", "ถนนสุขุมวิท",
        ]
        for name in expected { #expect(texts.contains(name), "\(name) not among \(texts.sorted())") }
        for text in texts where !text.contains("OpenStreetMap") && !text.contains("Hieroglyph") {
            let shaped = TextShaper.shape(text)
            #expect(shaped.missing == 0, "\(text)")
            guard shaped.runs.count == 1, let run = shaped.runs.first else { continue }
            let oracle = try TextShaperTests.oracle(text, font: run.face!)
            #expect(run.glyphs.map(\.id) == oracle.map(\.id), "\(text)")
            // A right-to-left name: its first letter (cluster 0) is drawn last, at the right.
            if run.rightToLeft { #expect(oracle.last?.cluster == 0, "\(text)") }
        }
        // `meridian render` says so in one line.
        let meridian = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("meridian").path
        let render = try MultiScriptTown.run(
            meridian,
            [
                "render", "--data", folder + "/data", "--lat", "23", "--lng", "12", "--zoom", "17", "-o",
                folder + "/town.png",
            ])
        #expect(
            render.0 == 0
                && render.1.contains(
                    "warning: 1 label(s) hold characters no font covers, drawn as boxes: Hieroglyph Hall"),
            "\(render.1)")
        let mixed = TextShaper.shape("Café Tel Aviv תל אביב")
        #expect(mixed.runs.map(\.rightToLeft) == [false, true] && mixed.runs[1].face!.file.contains("Hebrew"))
    }

    /// The points of the way named `name` in the generated OPL, in order.
    static func way(_ name: String, opl: String) throws -> [Coordinate] {
        var nodes: [String: Coordinate] = [:]
        var found: [Coordinate] = []
        let escaped = name.replacingOccurrences(of: " ", with: "%20%")
        for line in opl.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if line.hasPrefix("n"), let x = fields.first(where: { $0.hasPrefix("x") }),
                let y = fields.first(where: { $0.hasPrefix("y") }),
                let lng = Double(x.dropFirst()), let lat = Double(y.dropFirst())
            {
                nodes[String(fields[0])] = Coordinate(latitude: lat, longitude: lng)
            } else if line.hasPrefix("w"), line.contains("name=\(escaped)"),
                let refs = fields.first(where: { $0.hasPrefix("N") })
            {
                found = try refs.dropFirst().split(separator: ",").map { try #require(nodes[String($0)]) }
            }
        }
        return found
    }

    @Test(
        "a street bent as a quarter circle is named along the bend at z17, flat and tilted (on the ground): every glyph within 2 pt of the line, upright, no sharper turn between neighbours than the maximum, glyphs not pressed into each other"
    )
    func curved() throws {
        let folder = try Self.importedRegion()
        let opl = try String(contentsOfFile: folder + "/multiscript.opl", encoding: .utf8)
        let road = try Self.way("Quarter Circle Road", opl: opl)
        try #require(road.count > 20)
        let sources = try MapSources(style: MapRenderer.streets, folder: DataFolder(path: folder + "/data"))
        let size = try #require(MapRenderer.streets.layers.first { $0.id == "road-names" }).number(
            .textSize, [:], zoom: 17)
        let advances = TextShaper.shape("Quarter Circle Road").glyphs.map { $0.glyph.advance * size }
        for (bearing, tilt) in [(0.0, 0.0), (40.0, 50.0)] {
            let middle = road[road.count / 2]
            let view = try Viewport(
                camera: try CameraPosition(target: middle, zoom: 17, bearing: bearing, tilt: tilt),
                size: ScreenSize(width: 600, height: 400))
            let labels = try MapRenderer(attribution: "").render(view, sources: sources).labels
            let label = try #require(
                labels.first { $0.text == "Quarter Circle Road" },
                "bearing \(bearing), tilt \(tilt): \(labels.map(\.text))")
            #expect(label.glyphs.count == advances.count)
            // The line on screen, densely: each glyph's centre within 2 pt of it.
            let line = try road.compactMap { try view.point(for: $0) }
            func distance(_ p: ScreenPoint) -> Double {
                zip(line, line.dropFirst()).map { a, b in
                    let d = b - a
                    let l2 = d.dx * d.dx + d.dy * d.dy
                    let t = l2 > 0 ? max(0, min(1, ((p.x - a.x) * d.dx + (p.y - a.y) * d.dy) / l2)) : 0
                    return (p - ScreenPoint(x: a.x + d.dx * t, y: a.y + d.dy * t)).length
                }.min() ?? .infinity
            }
            for g in label.glyphs {
                #expect(distance(g.center) <= 2 && abs(g.angle) <= .pi / 2, "\(g) at bearing \(bearing)")
            }
            let angles = label.glyphs.map(\.angle)
            #expect(zip(angles, angles.dropFirst()).allSatisfy { abs($1 - $0) <= CurvedLabels.maximumAngle })
            // It bends: the glyphs turn by several degrees from the first to the last.
            #expect(abs(angles.last! - angles.first!) > 10 * .pi / 180, "\(angles)")
            // Neighbours stand their advances apart along the first one's direction (less half a
            // point): on the screen flat; on the ground under tilt, where the names lie (in world
            // points at the zoom, the text's own size there).
            for k in 0..<(label.glyphs.count - 1) {
                let (a, b) = (label.glyphs[k], label.glyphs[k + 1])
                let along: Double
                if tilt == 0 {
                    along =
                        (b.center.x - a.center.x) * Double.cos(a.angle) + (b.center.y - a.center.y)
                        * Double.sin(a.angle)
                } else {
                    let (p, q) = (
                        try #require(view.worldPoint(for: a.center)), try #require(view.worldPoint(for: b.center))
                    )
                    along = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot() * view.worldSize
                }
                #expect(along >= (advances[k] + advances[k + 1]) / 2 - 0.5, "glyphs \(k) and \(k + 1): \(along)")
            }
        }
    }

    /// The town's street names in a style of one line-label layer with these layout members.
    static func streetNames(
        _ layout: String, at target: Coordinate, bearing: Double = 0, tilt: Double = 0
    ) throws -> [PlacedLabel] {
        let style = try Style(
            json: Data(
                #"""
                { "version": 8, "sources": { "openmaptiles": { "type": "vector", "url": "mbtiles://openmaptiles" } }, "layers": [
                  { "id": "names", "type": "symbol", "source": "openmaptiles", "source-layer": "transportation_name",
                    "layout": { "symbol-placement": "line", "text-field": ["get", "name"], "text-size": 11\#(layout) } } ] }
                """#.utf8))
        let sources = try MapSources(style: style, folder: DataFolder(path: try Self.importedRegion() + "/data"))
        let view = try Viewport(
            camera: try CameraPosition(target: target, zoom: 17, bearing: bearing, tilt: tilt),
            size: ScreenSize(width: 800, height: 600))
        return try MapRenderer(style: style, attribution: "").render(view, sources: sources).labels
    }

    @Test("symbol-spacing sets how far apart one street's names are; text-max-angle refuses the bend beyond it")
    func spacingAndAngle() throws {
        let town = Coordinate(latitude: 23.0, longitude: 12.0)
        let name = "شارع التحرير"
        func placed(_ spacing: Double) throws -> [ScreenPoint] {
            try Self.streetNames(#", "symbol-spacing": \#(spacing)"#, at: town).filter { $0.text == name }.map(\.anchor)
        }
        let (close, far) = (try placed(120), try placed(400))
        #expect(close.count > far.count && far.count >= 1, "\(close.count) at 120 pt, \(far.count) at 400 pt")
        for (spacing, anchors) in [(120.0, close), (400.0, far)] {
            for (i, a) in anchors.enumerated() { for b in anchors[(i + 1)...] { #expect((a - b).length >= spacing) } }
        }
        // The quarter circle turns about 2° from glyph to glyph at z17: a 1° limit leaves it unnamed.
        let curve = Coordinate(latitude: 22.98742, longitude: 11.99707)
        #expect(try Self.streetNames("", at: curve).contains { $0.text == "Quarter Circle Road" && !$0.glyphs.isEmpty })
        #expect(
            try !Self.streetNames(#", "text-max-angle": 1"#, at: curve).contains { $0.text == "Quarter Circle Road" })
    }
}
