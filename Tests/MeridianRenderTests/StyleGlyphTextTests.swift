import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// Text drawn from a style's own glyphs (`glyphs`, signed-distance-field ranges), as MapLibre
/// draws it: metrics, box and ink from the ranges, the system's faces where they fall short.
/// The ranges are made by Meridian's glyph server from DejaVu Sans (`GlyphRanges`), into a
/// temporary folder the style's template names.
struct StyleGlyphTextTests {
    static let stack = "DejaVu Sans Book"

    /// A folder holding the stack's range 0–255 (and nothing else).
    static func glyphFolder() throws -> String {
        let dir = temporaryPath("style-glyphs")
        try FileManager.default.createDirectory(atPath: dir + "/" + stack, withIntermediateDirectories: true)
        let pbf = try GlyphRanges.pbf(fontstack: stack, range: "0-255")
        try Data(pbf).write(to: URL(fileURLWithPath: dir + "/" + stack + "/0-255.pbf"))
        return dir
    }

    /// A frame of one point labelled `text` at 0°, 0° (the view's centre), zoom 2, 512 × 512.
    static func frame(
        _ text: String, paint: String = "{}", glyphs: String? = nil
    ) throws -> (DecodedImage, MapRenderer.Frame, MapSources) {
        let template = try glyphs ?? (glyphFolder() + "/{fontstack}/{range}.pbf")
        let json = #"""
            {"version": 8, "glyphs": "\#(template)",
             "sources": {"p": {"type": "geojson", "data": {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [0, 0]}}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                        {"id": "t", "type": "symbol", "source": "p", "paint": \#(paint),
                         "layout": {"text-field": "\#(text)", "text-size": 24, "text-font": ["\#(stack)"]}}]}
            """#
        let style = try Style(json: Data(json.utf8))
        var renderer = MapRenderer(style: style)
        renderer.attribution = ""
        let sources = try MapSources(
            style: style, folder: DataFolder(path: FileManager.default.temporaryDirectory.path))
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: 2),
            size: ScreenSize(width: 512, height: 512))
        let frame = try renderer.render(view, sources: sources)
        return (try #require(decodePNG(frame.png)), frame, sources)
    }

    /// The box of the pixels darker than mid grey: left, top, right, bottom (exclusive).
    static func ink(_ image: DecodedImage) -> (Int, Int, Int, Int)? {
        var (l, t, r, b) = (Int.max, Int.max, Int.min, Int.min)
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixels[y * image.width + x] & 0xFF < 128 {
                (l, t, r, b) = (min(l, x), min(t, y), max(r, x + 1), max(b, y + 1))
            }
        }
        return l <= r ? (l, t, r, b) : nil
    }

    @Test("the label's box is MapLibre's: the glyphs' advances wide, text-line-height ems high, centred on the point")
    func box() throws {
        let (_, frame, _) = try Self.frame("Hamina")
        let glyphs = try GlyphRange.decode(GlyphRanges.pbf(fontstack: Self.stack, range: "0-255"))
        let advance = try "Hamina".unicodeScalars.reduce(0) { $0 + (try #require(glyphs[$1.value])).advance }
        let label = try #require(frame.labels.first { $0.text == "Hamina" })
        // 24 px text: one glyph pixel a point; text-padding's 2 points all round.
        #expect(abs((label.box.right - label.box.left) - Double(advance) - 4) < 1e-9)
        #expect(abs((label.box.bottom - label.box.top) - 1.2 * 24 - 4) < 1e-9)
        #expect(abs((label.box.left + label.box.right) / 2 - 256) < 1e-9)
        #expect(abs((label.box.top + label.box.bottom) / 2 - 256) < 1e-9)
    }

    @Test(
        "an H is inked where its field puts it: its outline's box from the pen, 17 glyph pixels above the line's middle"
    )
    func ink() throws {
        let (image, frame, _) = try Self.frame("H")
        let h = try #require(try GlyphRange.decode(GlyphRanges.pbf(fontstack: Self.stack, range: "0-255"))[72])
        let label = try #require(frame.labels.first)
        let (l, t, r, b) = try #require(Self.ink(image))
        // MapLibre's reference line: the line's middle less 17 glyph pixels; the outline's top
        // `top` above it, its left `left` from the pen. Each edge within a pixel and a half (the
        // field's edge is antialiased over about a pixel).
        let reference = (label.box.top + label.box.bottom) / 2 - 17
        let pen = label.box.left + 2  // inside text-padding
        let expected = (
            pen + Double(h.left), reference - Double(h.top),
            pen + Double(h.left + h.width), reference - Double(h.top) + Double(h.height)
        )
        #expect(abs(Double(l) - expected.0) <= 1.5 && abs(Double(r) - expected.2) <= 1.5, "\((l, r)) vs \(expected)")
        #expect(abs(Double(t) - expected.1) <= 1.5 && abs(Double(b) - expected.3) <= 1.5, "\((t, b)) vs \(expected)")
    }

    @Test("text-halo-width rings the glyphs in the halo colour, no wider than the field's border allows")
    func halo() throws {
        let (plain, _, _) = try Self.frame("H")
        let (haloed, _, _) = try Self.frame("H", paint: ##"{"text-halo-color": "#ff0000", "text-halo-width": 2}"##)
        func reddish(_ p: UInt32) -> Bool { p >> 16 & 0xFF > 200 && p >> 8 & 0xFF < 120 && p & 0xFF < 120 }
        let red = haloed.pixels.filter(reddish).count
        #expect(red > 100, "\(red) red pixels")
        #expect(!plain.pixels.contains(where: reddish))
        // The halo reaches about 2 px out of the outline: its red box is the ink's widened by 1…3.
        let (l, _, r, _) = try #require(Self.ink(plain))
        let redColumns = (0..<512).filter { x in (0..<512).contains { reddish(haloed.pixels[$0 * 512 + x]) } }
        #expect(redColumns.first! >= l - 3 && redColumns.first! <= l - 1, "\(redColumns.first!) vs ink \(l)")
        #expect(redColumns.last! + 1 <= r + 3 && redColumns.last! + 1 >= r + 1, "\(redColumns.last! + 1) vs ink \(r)")
    }

    @Test(
        "a character the style's glyphs lack draws the text from the system's faces; an unreadable range is a warning naming it"
    )
    func fallback() throws {
        // "Ж" is in range 1024–1279, which the folder does not hold.
        let (image, frame, sources) = try Self.frame("HЖ")
        #expect(frame.labels.contains { $0.text == "HЖ" } && Self.ink(image) != nil)
        #expect(
            sources.warnings.contains { $0.contains("1024-1279.pbf") && $0.contains("system's faces") },
            "\(sources.warnings)")
        let (_, _, missing) = try Self.frame("H", glyphs: "/nonexistent/{fontstack}/{range}.pbf")
        #expect(
            missing.warnings.contains { $0.contains("/nonexistent/DejaVu Sans Book/0-255.pbf") }, "\(missing.warnings)")
    }
}
