import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// Labels in every script (issue 22): the shaper's glyphs and positions against Debian's
/// `hb-shape` (libharfbuzz-bin), an independent run of HarfBuzz on the same font and text.
@Suite(
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/hb-shape") && FontChain.regular.count >= 8,
        "needs hb-shape and the Noto fonts (scripts/setup.sh installs libharfbuzz-bin, fonts-noto-core, fonts-noto-cjk)"
    ))
struct TextShaperTests {
    /// hb-shape's glyphs for `text` in one font: (glyph id, cluster, x offset, y offset, advance), in font units.
    static func oracle(
        _ text: String, font: FontFace
    ) throws -> [(id: UInt32, cluster: Int, dx: Int, dy: Int, advance: Int)] {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        process.arguments = ["--no-glyph-names", "--face-index=\(font.index)", font.file, text]
        process.standardOutput = pipe
        try process.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let body = out.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst().dropLast()
        return try body.split(separator: "|").map { item in
            // gid=cluster[@dx,dy]+advance
            let parts = item.split(whereSeparator: { "=@,+".contains($0) }).map(String.init)
            let numbers = parts.compactMap(Int.init)
            try #require(numbers.count == 3 || numbers.count == 5, "\(item)")
            return numbers.count == 3
                ? (UInt32(numbers[0]), numbers[1], 0, 0, numbers[2])
                : (UInt32(numbers[0]), numbers[1], numbers[2], numbers[3], numbers[4])
        }
    }

    /// The chain's face whose file name contains `name`.
    static func face(_ name: String) throws -> FontFace {
        try #require(FontChain.regular.first { $0.file.contains(name) })
    }

    @Test(
        "each script's name is shaped as hb-shape shapes it, in the chain's face for that script: glyph ids equal, positions within 0.01 font units",
        arguments: [
            ("Kaivokatu", "DejaVuSans."), ("Helsingfors centralstation", "DejaVuSans."), ("Москва", "DejaVuSans."),
            ("القاهرة", "NotoSansArabic"), ("شارع التحرير", "NotoSansArabic"), ("תל אביב", "NotoSansHebrew"),
            ("दिल्ली", "NotoSansDevanagari"), ("नई दिल्ली", "NotoSansDevanagari"), ("กรุงเทพมหานคร", "NotoSansThai"),
            ("東京都", "NotoSansCJK"), ("渋谷区", "NotoSansCJK"),
        ])
    func matchesHarfBuzz(text: String, font: String) throws {
        let shaped = TextShaper.shapeNow(text, faces: FontChain.regular)
        let face = try Self.face(font)
        #expect(shaped.runs.count == 1 && shaped.missing == 0, "\(text): \(shaped.runs.map(\.face!.file))")
        let run = try #require(shaped.runs.first)
        #expect(run.face === face, "\(text) in \(run.face!.file)")
        let expected = try Self.oracle(text, font: face)
        #expect(run.glyphs.map(\.id) == expected.map(\.id), "\(text)")
        var pen = 0
        for (glyph, want) in zip(run.glyphs, expected) {
            #expect(
                abs(glyph.x * face.unitsPerEm - Double(pen + want.dx)) < 0.01
                    && abs(glyph.y * face.unitsPerEm + Double(want.dy)) < 0.01, "\(text)")
            pen += want.advance
        }
        #expect(abs(shaped.advance * face.unitsPerEm - Double(pen)) < 0.01)
    }

    @Test(
        "right-to-left names read right to left: the first letter's glyph is the rightmost; Latin beside Arabic keeps each its order"
    )
    func direction() throws {
        let arabic = TextShaper.shapeNow("القاهرة", faces: FontChain.regular)
        let oracle = try Self.oracle("القاهرة", font: try Self.face("NotoSansArabic"))
        #expect(arabic.runs.first?.rightToLeft == true && oracle.last?.cluster == 0 && oracle.first?.cluster == 6)
        #expect(zip(arabic.runs[0].glyphs, arabic.runs[0].glyphs.dropFirst()).allSatisfy { $0.x <= $1.x })
        // Mixed, Latin first: the paragraph is left to right; "Cairo " then the Arabic word, itself
        // right to left, in Noto Sans Arabic; its glyphs as hb-shape gives them alone.
        let mixed = TextShaper.shapeNow("Cairo القاهرة", faces: FontChain.regular)
        #expect(
            mixed.runs.map(\.rightToLeft) == [false, true]
                && mixed.runs.map { ($0.face!.file as NSString).lastPathComponent } == [
                    "DejaVuSans.ttf", "NotoSansArabic-Regular.ttf",
                ])
        #expect(mixed.runs[1].glyphs.map(\.id) == oracle.map(\.id))
        #expect(mixed.runs[0].glyphs.last!.x < mixed.runs[1].glyphs.first!.x)
        // Arabic first: right to left, so the Latin word is drawn on the left.
        let rtl = TextShaper.shapeNow("القاهرة Cairo", faces: FontChain.regular)
        #expect(rtl.runs.map(\.rightToLeft) == [false, true] && rtl.runs[0].face!.file.contains("DejaVuSans"))
    }

    @Test("a character no font covers is counted and drawn as the first face's replacement box, not dropped")
    func replacementBox() {
        let shaped = TextShaper.shapeNow("A\u{13000}B", faces: FontChain.regular)  // an Egyptian hieroglyph
        #expect(shaped.missing == 1)
        #expect(shaped.runs.flatMap(\.glyphs).count == 3 && shaped.runs.flatMap(\.glyphs).contains { $0.id == 0 })
        #expect(TextShaper.shapeNow("", faces: FontChain.regular).runs.isEmpty)
    }
}

/// `text-transform` on the golden fixture's place names.
@Suite struct TextTransformTests {
    static func labels(_ transform: String?, spacing: Double? = nil) throws -> [String] {
        try placed(transform, spacing: spacing).map(\.text).sorted()
    }

    /// The fixture's place names labelled with `text` (as a literal text-field) and these layout members added.
    static func placed(
        _ transform: String?, spacing: Double? = nil, extra: String = "", text: String = "Straße am Meer"
    ) throws -> [PlacedLabel] {
        let layout =
            (transform.map { #", "text-transform": "\#($0)""# } ?? "")
            + (spacing.map { #", "text-letter-spacing": \#($0)"# } ?? "") + extra
        let document = #"""
            { "version": 8, "sources": { "grid": { "type": "vector", "url": "mbtiles://fixture.mbtiles", "tileSize": 256 } }, "layers": [
              { "id": "names", "type": "symbol", "source": "grid", "source-layer": "places",
                "layout": { "text-field": "\#(text)", "text-size": 12\#(layout) } } ] }
            """#
        let style = try Style(json: Data(document.utf8))
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 10, longitude: 20), zoom: 2.5),
            size: ScreenSize(width: 512, height: 384))
        let sources = try MapSources(style: style, folder: DataFolder(path: GoldenFixture.folder))
        return try MapRenderer(style: style, attribution: "").render(view, sources: sources).labels
    }

    @Test("uppercase and lowercase change every name as Unicode cases it; none and an unknown value leave it")
    func transform() throws {
        let plain = try Self.labels(nil)
        try #require(!plain.isEmpty && plain.contains { $0 != $0.uppercased() })
        #expect(try Self.labels("uppercase") == plain.map { $0.uppercased() }.sorted())
        #expect(try Self.labels("lowercase") == plain.map { $0.lowercased() }.sorted())
        #expect(try Self.labels("none") == plain && (try Self.labels("sideways")) == plain)
    }

    @Test(
        "text-letter-spacing widens a name by its spacing between each two glyphs: in the shaper, and in the placed label's box"
    )
    func letterSpacing() throws {
        let plain = TextShaper.shape("Kaivokatu")
        let spaced = TextShaper.shape("Kaivokatu", letterSpacing: 0.1)
        let (a, b) = (plain.runs.flatMap(\.glyphs), spaced.runs.flatMap(\.glyphs))
        #expect(a.count == 9 && b.count == 9 && abs(spaced.advance - plain.advance - 0.8) < 1e-9)
        for k in 0..<9 { #expect(abs(b[k].x - a[k].x - 0.1 * Double(k)) < 1e-9) }
        // Right to left moves as one piece; a mixed name spaces its Latin glyphs, then the Arabic word once.
        let arabic = TextShaper.shape("القاهرة")
        let arabicSpaced = TextShaper.shape("القاهرة", letterSpacing: 0.1)
        #expect(arabic.runs[0].glyphs == arabicSpaced.runs[0].glyphs && arabic.advance == arabicSpaced.advance)
        let mixed = TextShaper.shape("Cairo القاهرة")
        let mixedSpaced = TextShaper.shape("Cairo القاهرة", letterSpacing: 0.1)
        #expect(abs(mixedSpaced.advance - mixed.advance - 0.6) < 1e-9)
        #expect(abs(mixedSpaced.runs[1].glyphs[0].x - mixed.runs[1].glyphs[0].x - 0.6) < 1e-9)
        // Negative spacing past −2 ems is taken as given (MapLibre bounds it nowhere; the
        // render suite's text-letter-spacing tests use −4), within ±64 ems.
        let layer = try #require(
            try Style(
                json: Data(
                    #"{"version": 8, "sources": {"x": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}}, "layers": [{"id": "t", "type": "symbol", "source": "x", "layout": {"text-letter-spacing": ["get", "s"]}}]}"#
                        .utf8)
            ).layers.first)
        let style = LabelStyle(layer, zoom: 14)
        for (given, used) in [(-4.0, -4.0), (7, 7), (-1000, -64), (1000, 64)] {
            let look = style.look(["s": .number(given)], size: 16, font: .regular)
            #expect(look.letterSpacing == used, "\(given)")
        }
        // Glyphs that run backwards (−4 ems) are centred on the point by their own span, as
        // MapLibre justifies a line of no length: the ink's middle on the point (±3 px).
        let backwards = try renderStyle(
            #"""
            {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
              {"id": "t", "type": "symbol", "source": "p", "layout": {"text-field": "TT", "text-size": 16, "text-letter-spacing": -4}}]}
            """#, folder: NSTemporaryDirectory())
        let inked = (0..<backwards.width).filter { x in
            (0..<backwards.height).contains { y in backwards.pixels[y * backwards.width + x] & 0xFF < 128 }
        }
        let (first, last) = (try #require(inked.first), try #require(inked.last))
        #expect(last - first > 40 && abs(Double(first + last) / 2 - 256) <= 3, "ink \(first)…\(last)")
        // Drawn: each label's box is 0.25 em × 12 pt × 13 gaps wider ("Straße am Meer": 14 glyphs).
        let one = #", "text-max-width": 100"#  // one line either way
        let (narrow, wide) = (try Self.placed(nil, extra: one), try Self.placed(nil, spacing: 0.25, extra: one))
        try #require(!narrow.isEmpty && narrow.count == wide.count)
        for (n, w) in zip(narrow, wide) {
            #expect(
                abs((w.box.right - w.box.left) - (n.box.right - n.box.left) - 0.25 * 12 * 13) < 1e-6,
                "\(n.box) \(w.box)")
        }
    }
}

/// `text-halo-width` as MapLibre reads it: the halo reaches that many points beyond the glyphs'
/// outlines, and a layer without one has none (the specification's default, 0; Meridian drew a
/// 1.5-point halo whatever the style said, which MapLibre did not).
@Suite struct HaloWidthTests {
    /// Pure-red pixels of the fixture's place names drawn black with a red halo of `width`.
    static func redPixels(width: Double?) throws -> Int {
        let halo = width.map { #", "text-halo-width": \#($0)"# } ?? ""
        let document = #"""
            { "version": 8, "sources": { "grid": { "type": "vector", "url": "mbtiles://fixture.mbtiles", "tileSize": 256 } }, "layers": [
              { "id": "names", "type": "symbol", "source": "grid", "source-layer": "places",
                "layout": { "text-field": ["get", "name"], "text-size": 14 },
                "paint": { "text-color": "#000000", "text-halo-color": "#FF0000"\#(halo) } } ] }
            """#
        let style = try Style(json: Data(document.utf8))
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 10, longitude: 20), zoom: 2.5),
            size: ScreenSize(width: 512, height: 384))
        let sources = try MapSources(style: style, folder: DataFolder(path: GoldenFixture.folder))
        let frame = try MapRenderer(style: style, attribution: "").render(view, sources: sources)
        let image = try #require(decodePNG(frame.png))
        try #require(!frame.labels.isEmpty)
        // Red-dominant pixels (the halo and its antialiased edge; the text is black, the ground white).
        return image.pixels.filter { p in
            let (r, g, b) = (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF))
            return r > 160 && g < 100 && b < 100
        }.count
    }

    @Test("no text-halo-width: no halo; a wider halo covers more pixels")
    func widths() throws {
        let none = try Self.redPixels(width: nil)
        let zero = try Self.redPixels(width: 0)
        let thin = try Self.redPixels(width: 1)
        let thick = try Self.redPixels(width: 3)
        #expect(none == 0 && zero == 0, "\(none), \(zero)")
        #expect(thin > 50 && thick > thin * 2, "\(thin), \(thick)")
    }
}
