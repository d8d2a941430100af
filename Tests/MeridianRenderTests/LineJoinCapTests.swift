import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import Testing

/// `line-cap`, `line-join` and `line-miter-limit` as the specification draws them, on a generated
/// tile: a straight line and a right angle, 20 points wide, black on white.
///
/// The world tile 0/0/0 is 1024 points wide at camera zoom 2; the 512-point view centred on the
/// world puts tile unit x at screen x / 4 − 256. The straight line runs from (128, 256) to (384,
/// 256); the angle from (128, 128) to (384, 128) and down to (384, 384).
@Suite struct LineJoinCapTests {
    static let folder: String = {
        func p(_ x: Int32, _ y: Int32) -> VectorTile.Point { VectorTile.Point(x: x, y: y) }
        let straight = VectorTile.Feature(
            id: 1, type: .lineString, properties: ["kind": .string("straight")],
            geometry: [[p(1536, 2048), p(2560, 2048)]])
        let angle = VectorTile.Feature(
            id: 2, type: .lineString, properties: ["kind": .string("angle")],
            geometry: [[p(1536, 1536), p(2560, 1536), p(2560, 2560)]])
        return oneTileFolder(
            "lines", layers: [VectorTile.Layer(name: "lines", extent: 4096, features: [straight, angle])])
    }()

    /// The frame's pixels for a line layer with `layout` (JSON members) and `paint` extras.
    static func pixels(
        kind: String, layout: String, paint: String = "", width: Double = 20, bearing: Double = 0
    ) throws -> (Int, Int) -> Int {
        let image = try renderStyle(
            ##"""
            {"version": 8, "sources": {"lines": {"type": "vector", "url": "mbtiles://lines"}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
              {"id": "l", "type": "line", "source": "lines", "source-layer": "lines",
               "filter": ["==", ["get", "kind"], "\##(kind)"], "layout": {\##(layout)},
               "paint": {"line-color": "#000000", "line-width": \##(width) \##(paint)}}]}
            """##, folder: Self.folder, bearing: bearing)
        // Darkness 0 (white) to 255 (black), from the green channel.
        return { x, y in 255 - Int(image.pixels[y * image.width + x] >> 8 & 0xFF) }
    }

    @Test("caps: butt ends at the line's end, square reaches half a width past it with corners, round as a half disc")
    func caps() throws {
        let butt = try Self.pixels(kind: "straight", layout: #""line-cap": "butt""#)
        let square = try Self.pixels(kind: "straight", layout: #""line-cap": "square""#)
        let round = try Self.pixels(kind: "straight", layout: #""line-cap": "round""#)
        let plain = try Self.pixels(kind: "straight", layout: "")
        #expect(butt(300, 256) > 240 && square(300, 256) > 240 && round(300, 256) > 240)
        #expect(butt(390, 256) < 8 && plain(390, 256) < 8, "butt is the default")
        #expect(square(390, 256) > 240 && square(391, 263) > 240)
        #expect(round(390, 256) > 240 && round(391, 264) < 8, "a round cap leaves the corner out")
    }

    @Test("joins: miter fills the corner, bevel cuts it, round rounds it; past the miter limit a miter is bevelled")
    func joins() throws {
        let miter = try Self.pixels(kind: "angle", layout: #""line-join": "miter""#)
        let plain = try Self.pixels(kind: "angle", layout: "")
        let bevel = try Self.pixels(kind: "angle", layout: #""line-join": "bevel""#)
        let round = try Self.pixels(kind: "angle", layout: #""line-join": "round""#)
        let limited = try Self.pixels(
            kind: "angle", layout: #""line-join": "miter", "line-miter-limit": 1.2"#)
        // The corner's outer point is (394, 118); a right angle's miter is √2 widths long.
        #expect(miter(392, 120) > 240 && plain(392, 120) > 240, "miter is the default, within the limit of 2")
        #expect(bevel(392, 120) < 8 && bevel(390, 122) < 8)
        #expect(round(392, 120) < 8 && round(390, 122) > 240)
        #expect(limited(392, 120) < 8 && limited(388, 124) > 200)
    }

    @Test("round-capped dashes as MapLibre's round atlas lays them: each dash's ends round, half a width beyond it")
    func roundDashes() throws {
        // Cut into dashes (a casing or an offset line): each dash a width shorter, its caps
        // reaching to where it ends.
        let (pattern, phase) = LinePainter.capped([40, 20], cap: .round, width: 10)
        #expect(pattern == [30, 30] && phase == 55)
        #expect(LinePainter.capped([40, 20], cap: .butt, width: 10) == ([40, 20], 0))
        #expect(
            LinePainter.capped([5, 20], cap: .square, width: 10).pattern == [0.01, 30], "shorter than the width: a dot")
        // Drawn: dashes of 2 widths on and 2 off along the 256-point line from x = 128, width 20.
        let dashed = try Self.pixels(
            kind: "straight", layout: #""line-cap": "round""#, paint: #", "line-dasharray": [2, 2]"#)
        let butt = try Self.pixels(kind: "straight", layout: "", paint: #", "line-dasharray": [2, 2]"#)
        // Dashes 128–168 and 208–248, the round ends reaching 10 points beyond: on to 178 and from
        // 198; the gap's middle (188) empty.
        #expect(dashed(148, 256) > 240 && dashed(228, 256) > 240 && dashed(188, 256) < 8)
        #expect(dashed(173, 256) > 200 && butt(173, 256) < 8, "the round end beyond the dash")
        #expect(butt(148, 256) > 240 && butt(188, 256) < 8)
    }

    @Test("dashes scale with the map between whole zooms, as MapLibre lays them out at the zoom below")
    func dashesBetweenZooms() throws {
        // Camera zoom 2.5 (style zoom 1.5): the line runs from x = 75 to 437; dashes of 2 widths on and
        // 1 off in a 10-point line are 2 × 10 × 2^0.5 = 28.3 points on, 14.1 off (not 20 and 10).
        let image = try renderStyle(
            #"""
            {"version": 8, "sources": {"lines": {"type": "vector", "url": "mbtiles://lines"}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
              {"id": "l", "type": "line", "source": "lines", "source-layer": "lines",
               "filter": ["==", ["get", "kind"], "straight"],
               "paint": {"line-color": "#000000", "line-width": 10, "line-dasharray": [2, 1]}}]}
            """#, folder: Self.folder, zoom: 2.5)
        let dark = { (x: Int) in 255 - Int(image.pixels[256 * image.width + x] >> 8 & 0xFF) }
        // On 75–103, off 103–117, on 117–146: at 99 the first dash, at 110 its gap, at 130 the second.
        #expect(dark(99) > 240 && dark(110) < 8 && dark(130) > 240, "\(dark(99)) \(dark(110)) \(dark(130))")
    }

    @Test("line-blur fades a line's edges: opaque in the middle, a quarter dark a point inside the edge")
    func blur() throws {
        let sharp = try Self.pixels(kind: "straight", layout: "")
        let blurred = try Self.pixels(kind: "straight", layout: "", paint: #", "line-blur": 10"#)
        // 20 points wide (edges at y = 246 and 266): four strokes 20, 15, 10 and 5 wide.
        #expect(sharp(300, 264) > 240 && blurred(300, 256) > 240)
        #expect((40...90).contains(blurred(300, 264)), "\(blurred(300, 264))")
        #expect((100...160).contains(blurred(300, 262)), "\(blurred(300, 262))")
        let layers = LinePainter.blurred(width: 20, blur: 10, RGBA(0, 0, 0, 0.5))
        #expect(
            layers.map(\.width) == [20, 15, 10, 5] && abs(layers.last!.color.a - 0.2) < 1e-9,
            "the last layer brings 0.375 to 0.5")
        #expect(LinePainter.blurred(width: 20, blur: 0.2, RGBA(0, 0, 0)).count == 1)
    }
}
