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
    @Test(
        "a dash array dashes the gradient (gaps along the line, the gradient's colours in the dashes); an offset is a warning"
    )
    func dashedAndWarned() throws {
        let dashed = Self.style(lineMetrics: true).replacingOccurrences(
            of: ##""line-color": "#00ff00","##, with: ##""line-color": "#00ff00", "line-dasharray": [2, 1],"##)
        #expect(dashed.contains("line-dasharray"))
        let image = try renderStyle(dashed, folder: NSTemporaryDirectory(), zoom: 3)
        // Along the line's middle row (y 256) between 20° W and 20° E: red-to-blue dashes and
        // white gaps, never the line colour.
        let row = (200..<312).map { image.pixels[256 * 512 + $0] & 0xFF_FFFF }
        #expect(row.contains(0xFF_FFFF), "gaps")
        #expect(row.contains { $0 >> 16 > 0x80 && $0 & 0xFF < 0x80 && $0 >> 8 & 0xFF < 0x20 }, "reddish dashes")
        #expect(!image.pixels.contains { $0 & 0xFF_FFFF == 0x00FF00 }, "no line-color")
        let offset = Self.style(lineMetrics: true).replacingOccurrences(
            of: ##""line-color": "#00ff00","##, with: ##""line-color": "#00ff00", "line-offset": 4,"##)
        let style = try Style(json: Data(offset.utf8))
        #expect(style.warnings.map(\.property) == ["paint.line-offset"], "\(style.warnings)")
        #expect(style.layers.map(\.id) == ["bg", "l"])
    }

    @Test("a step gradient's ramp is a power of two covering 1,024 entries a tile, within 256…8,192")
    func rampWidths() {
        #expect(LineGradient.rampWidth(longest: 0) == 256)
        #expect(LineGradient.rampWidth(longest: 0.2) == 256)
        #expect(LineGradient.rampWidth(longest: 0.3) == 512)
        #expect(LineGradient.rampWidth(longest: 3) == 4096)
        #expect(LineGradient.rampWidth(longest: 1e9) == LineGradient.maxRampWidth)
        #expect(LineGradient.rampWidth(longest: .nan) == 256)
    }

    @Test("ramp entries are rounded to 8 bits, then premultiplied, as MapLibre's ramp texture holds them")
    func rampEntries() throws {
        let json = ##"""
            {"version": 8, "sources": {"g": {"type": "geojson", "lineMetrics": true, "data": {"type": "LineString",
             "coordinates": [[0, 0], [1, 0]]}}}, "layers": [{"id": "l", "type": "line", "source": "g", "paint":
             {"line-gradient": ["interpolate", ["linear"], ["line-progress"], 0, "rgba(255, 128, 0, 0.5)", 1,
             "rgba(0, 0, 255, 1)"]}}]}
            """##
        let style = try Style(json: Data(json.utf8))
        let gradient = try #require(style.layers.first?[.lineGradient])
        let ramp = LineGradient.ramp(gradient, zoom: 0, from: 0, to: 1, entries: 256)
        #expect(ramp.count == 256)
        // Entry 0: alpha 128; red 255 → 128, green 128 → round(128 × 128 / 255) = 64.
        #expect(ramp[0] == SIMD4<Float>(128 / 255, 64 / 255, 0, 128 / 255), "\(ramp[0])")
        #expect(ramp[255] == SIMD4<Float>(0, 0, 1, 1))
        // A piece's row spans its own stretch: the second half's first entry is the line's middle.
        let half = LineGradient.ramp(gradient, zoom: 0, from: 0.5, to: 1, entries: 256)
        let middle = LineGradient.ramp(gradient, zoom: 0, from: 0, to: 1, entries: 3)[1]
        #expect(half[0] == middle)
    }
}
