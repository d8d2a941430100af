import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import Testing

/// The style's `light` and `fill-extrusion-vertical-gradient`: MapLibre's fill-extrusion shading
/// worked by hand for single faces (within 1e-9), the root `light` read and refused as the
/// specification says, and Helsinki's buildings lit evenly when the light has no intensity.
struct ExtrusionLightTests {
    static let colour = RGBA(0.8, 0.6, 0.4, 1)
    static let luminance = 0.2126 * 0.8 + 0.7152 * 0.6 + 0.0722 * 0.4

    /// Whether `a` is the colour plus the ambient 0.03, times `k`, within 1e-9.
    static func lit(_ a: RGBA, by k: Double) -> Bool {
        let (r, g, b): (Double, Double, Double) = (0.83 * k, 0.63 * k, 0.43 * k)
        return abs(a.r - r) < 1e-9 && abs(a.g - g) < 1e-9 && abs(a.b - b) < 1e-9
    }

    /// A wall's colour for an edge heading `degrees` clockwise from north (so its outside, to the
    /// edge's left on a clockwise ring, faces 90° less).
    static func wall(_ light: ExtrusionLight, heading degrees: Double, height: Double = 20) -> RGBA {
        let t = degrees * .pi / 180
        let b = MercatorPoint(x: 0.5 + 1e-6 * sin(t), y: 0.5 - 1e-6 * cos(t))
        return light.wall(colour, from: MercatorPoint(x: 0.5, y: 0.5), to: b, base: 0, height: height)
    }

    @Test("default light: roofs, the wall facing it, the wall facing away, and the gradient's floor")
    func defaults() {
        let light = ExtrusionLight(Style.Light(), bearing: 0)
        // The light: 1.15 at azimuth 210°, 30° from the zenith; its height 1.15 cos 30° ≈ 0.996.
        let brightest = max(1 - Self.luminance + 0.5, 1)
        let up = 0.5 + (brightest - 0.5) * min(1.15 * cos(.pi / 6), 1)
        #expect(Self.lit(light.roof(Self.colour), by: up))
        // The wall facing the light (outside toward 210°: heading 300°) meets it at 1.15 sin 30°;
        // the one facing away (toward 30°) at 0. Both under the gradient's floor 0.84 (20 m).
        let facing: Double = (0.5 + (brightest - 0.5) * 0.575) * 0.84
        #expect(Self.lit(Self.wall(light, heading: 300), by: facing))
        #expect(Self.lit(Self.wall(light, heading: 120), by: 0.5 * 0.84))
        // A 600 m wall: its top is out of the gradient (factor 1), its foot at the floor: the mean.
        let tall = Self.wall(light, heading: 120, height: 600)
        #expect(Self.lit(tall, by: 0.5 * 0.92))
        // Without the gradient, walls are lighter by 1 / 0.84.
        var flat = light
        flat.verticalGradient = false
        #expect(Self.lit(Self.wall(flat, heading: 120), by: 0.5))
    }

    @Test("anchored to the viewport the light turns with the bearing; anchored to the map it does not")
    func anchors() throws {
        let turned = ExtrusionLight(Style.Light(), bearing: 90)
        // At bearing 90 the screen's bottom-left is the map's north-west: the wall facing 300° is lit.
        let facing: Double = (0.5 + (max(1 - Self.luminance + 0.5, 1) - 0.5) * 0.575) * 0.84
        #expect(Self.lit(Self.wall(turned, heading: 30), by: facing))
        let style = try Style(
            json: Data(#"{"version": 8, "sources": {}, "layers": [], "light": {"anchor": "map"}}"#.utf8))
        #expect(style.warnings.isEmpty && style.light.anchor == .map)
        let fixed = ExtrusionLight(style.light, bearing: 90)
        let unturned = ExtrusionLight(style.light, bearing: 0)
        #expect(Self.wall(fixed, heading: 300) == Self.wall(unturned, heading: 300))
        #expect(Self.wall(fixed, heading: 300).r > Self.wall(fixed, heading: 30).r)
    }

    @Test("the root light is read whole; each bad member is a warning naming it and keeps its default")
    func parsing() throws {
        let style = try Style(
            json: Data(
                #"{"version": 8, "sources": {}, "layers": [], "light": {"anchor": "sky", "position": [1, 90, 200], "color": "red", "intensity": 2, "glow": 1}}"#
                    .utf8))
        let named = style.warnings.compactMap(\.property).sorted()
        #expect(named == ["light.anchor", "light.glow", "light.intensity", "light.position"], "\(style.warnings)")
        #expect(style.light.anchor == .viewport && style.light.polar == 30 && style.light.intensity == 0.5)
        #expect(style.light.color == StyleColor(r: 1, g: 0, b: 0))
        let notObject = try Style(json: Data(#"{"version": 8, "sources": {}, "layers": [], "light": 3}"#.utf8))
        #expect(notObject.warnings.map(\.property) == ["light"])
    }

    @Test(
        "Helsinki tilted: with no intensity and no gradient every face is the roof's colour; by default walls are darker",
        .enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
    func realBuildings() throws {
        func image(_ light: String, _ paint: String) throws -> DecodedImage {
            try renderStyle(
                ##"""
                {"version": 8, "sources": {"openmaptiles": {"type": "vector", "url": "mbtiles://openmaptiles"}},
                 \##(light)
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                  {"id": "b", "type": "fill-extrusion", "source": "openmaptiles", "source-layer": "building",
                   "paint": {"fill-extrusion-color": "#cc9966", "fill-extrusion-height": 30 \##(paint)}}]}
                """##, folder: TestData.directory, at: Coordinate(latitude: 60.1699, longitude: 24.9384), zoom: 17,
                tilt: 60, size: ScreenSize(width: 400, height: 300))
        }
        func share(_ image: DecodedImage, _ test: (Int, Int, Int) -> Bool) -> Double {
            Double(image.pixels.filter { test(Int($0 >> 16 & 0xFF), Int($0 >> 8 & 0xFF), Int($0 & 0xFF)) }.count)
                / Double(image.pixels.count)
        }
        // The roof colour: (0.8 + 0.03, 0.6 + 0.03, 0.4 + 0.03) × 1 → (212, 161, 110).
        func roofColoured(_ r: Int, _ g: Int, _ b: Int) -> Bool {
            abs(r - 212) <= 3 && abs(g - 161) <= 3 && abs(b - 110) <= 3
        }
        // Darker than the roof by a fifth or more, in the same hue.
        func darkWall(_ r: Int, _ g: Int, _ b: Int) -> Bool { r < 170 && r > g && g > b }
        let even = try image(#""light": {"intensity": 0},"#, #", "fill-extrusion-vertical-gradient": false"#)
        let lit = try image("", "")
        #expect(share(even, roofColoured) > 0.3, "buildings fill much of the view: \(share(even, roofColoured))")
        #expect(share(even, darkWall) < 0.01, "no dark walls: \(share(even, darkWall))")
        #expect(share(lit, darkWall) > 0.05, "lit walls: \(share(lit, darkWall))")
    }
}
