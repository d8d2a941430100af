import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import Testing

/// `line-gradient` over a GeoJSON source with `lineMetrics`: the pieces' measures (within 1e-9),
/// a line from 20° W to 20° E at zoom 3 (512 × 512 at 0°, 0°) crossing tiles, red to blue
/// (colours within 12 levels of 255: the ramp's steps and the antialiasing), and the style's
/// refusal on a source without measures.
struct LineGradientTests {
    @Test("a clipped line's pieces know where they start and end along the whole line")
    func measures() {
        // A line of length 100 along x from −50 to 50, two vertices inside; the square 0…40.
        let pieces = GeoJSONTiler.clipMeasured([(-50, 10), (20, 10), (50, 10)], lo: 0, hi: 40)
        #expect(pieces.count == 1)
        #expect(abs(pieces[0].start - 0.5) < 1e-9 && abs(pieces[0].end - 0.9) < 1e-9, "\(pieces)")
        // Leaving and coming back: two pieces, in order.
        let twice = GeoJSONTiler.clipMeasured([(10, 10), (10, 60), (20, 60), (20, 10)], lo: 0, hi: 40)
        #expect(twice.count == 2)
        #expect(abs(twice[0].start) < 1e-9 && abs(twice[0].end - 30.0 / 110) < 1e-9)
        #expect(abs(twice[1].start - 80.0 / 110) < 1e-9 && abs(twice[1].end - 1) < 1e-9)
    }

    static func style(lineMetrics: Bool) -> String {
        ##"""
        {"version": 8, "sources": {"g": {"type": "geojson", "lineMetrics": \##(lineMetrics),
           "data": {"type": "LineString", "coordinates": [[-20, 0], [20, 0]]}}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                    {"id": "l", "type": "line", "source": "g", "paint": {"line-width": 10, "line-color": "#00ff00",
                     "line-gradient": ["interpolate", ["linear"], ["line-progress"], 0, "#ff0000", 1, "#0000ff"]}}]}
        """##
    }

    static func near(_ p: UInt32, _ r: Int, _ g: Int, _ b: Int) -> Bool {
        abs(Int(p >> 16 & 0xFF) - r) <= 12 && abs(Int(p >> 8 & 0xFF) - g) <= 12 && abs(Int(p & 0xFF) - b) <= 12
    }

    @Test("red at the start, blue at the end, halfway between at each tenth, across the tiles' edges")
    func drawn() throws {
        let image = try renderStyle(Self.style(lineMetrics: true), folder: NSTemporaryDirectory(), zoom: 3)
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: 3),
            size: ScreenSize(width: 512, height: 512))
        for k in 1...9 {
            let t = Double(k) / 10
            let lng = -20 + 40 * t
            let s = try #require(try view.point(for: Coordinate(latitude: 0, longitude: lng)))
            let p = image.pixels[Int(s.y) * 512 + Int(s.x)]
            let (r, b) = (Int((255 * (1 - t)).rounded()), Int((255 * t).rounded()))
            #expect(Self.near(p, r, 0, b), "at \(t): \(String(p & 0xFF_FFFF, radix: 16))")
        }
        #expect(!image.pixels.contains { $0 & 0xFF_FFFF == 0x00FF00 }, "no line-color")
    }

    @Test("without lineMetrics the style leaves the layer out, naming the property")
    func refused() throws {
        let style = try Style(json: Data(Self.style(lineMetrics: false).utf8))
        #expect(style.layers.map(\.id) == ["bg"])
        #expect(
            style.warnings.contains { $0.layer == "l" && $0.property == "paint.line-gradient" }, "\(style.warnings)")
    }
}

extension LineGradientTests {
    @Test("a dash array disables the gradient (the line is dashed in its colour); an offset beside it is a warning")
    func disabledAndWarned() throws {
        let dashed = Self.style(lineMetrics: true).replacingOccurrences(
            of: ##""line-color": "#00ff00","##, with: ##""line-color": "#00ff00", "line-dasharray": [2, 1],"##)
        #expect(dashed.contains("line-dasharray"))
        let image = try renderStyle(dashed, folder: NSTemporaryDirectory(), zoom: 3)
        #expect(image.pixels.contains { $0 & 0xFF_FFFF == 0x00FF00 }, "dashed in line-color")
        #expect(!image.pixels.contains { $0 & 0xFF_FFFF == 0xFF0000 }, "no gradient")
        let offset = Self.style(lineMetrics: true).replacingOccurrences(
            of: ##""line-color": "#00ff00","##, with: ##""line-color": "#00ff00", "line-offset": 4,"##)
        let style = try Style(json: Data(offset.utf8))
        #expect(style.warnings.map(\.property) == ["paint.line-offset"], "\(style.warnings)")
        #expect(style.layers.map(\.id) == ["bg", "l"])
    }
}
