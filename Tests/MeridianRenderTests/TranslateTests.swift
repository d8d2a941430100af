import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// `fill-translate` on the real data: Helsinki's buildings moved 10 points south are the same
/// picture 10 rows lower (as OSM Bright's `building-top` lifts its roofs).
@Suite(.enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
struct TranslateTests {
    static func image(_ paint: String, bearing: Double = 0) throws -> DecodedImage {
        try renderStyle(
            ##"""
            {"version": 8, "sources": {"openmaptiles": {"type": "vector", "url": "mbtiles://openmaptiles"}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
              {"id": "b", "type": "fill", "source": "openmaptiles", "source-layer": "building",
               "paint": {"fill-color": "#303030" \##(paint)}}]}
            """##, folder: TestData.directory, at: Coordinate(latitude: 60.1699, longitude: 24.9384), zoom: 16.5,
            bearing: bearing, size: ScreenSize(width: 512, height: 384))
    }

    /// The share of pixels of `b` that differ (by more than 8 levels in green) from `a` moved by (dx, dy).
    static func mismatch(
        _ a: DecodedImage, _ b: DecodedImage, dx: Int, dy: Int
    ) -> Double {
        var differ = 0
        var count = 0
        for y in 20..<(a.height - 20) {
            for x in 20..<(a.width - 20) {
                let p = Int(a.pixels[y * a.width + x] >> 8 & 0xFF)
                let q = Int(b.pixels[(y + dy) * b.width + x + dx] >> 8 & 0xFF)
                count += 1
                if abs(p - q) > 8 { differ += 1 }
            }
        }
        return Double(differ) / Double(count)
    }

    @Test("moved 10 points south (map anchor, north up): the same buildings 10 rows lower; unmoved, they differ there")
    func fillTranslate() throws {
        let plain = try Self.image("")
        let moved = try Self.image(#", "fill-translate": [0, 10]"#)
        #expect(Self.mismatch(plain, moved, dx: 0, dy: 10) < 0.002)
        #expect(Self.mismatch(plain, moved, dx: 0, dy: 0) > 0.02, "the translation moved something")
        // Turned 90° (east up) with the viewport anchor: still 10 rows lower on the screen.
        let turned = try Self.image("", bearing: 90)
        let screen = try Self.image(#", "fill-translate": [0, 10], "fill-translate-anchor": "viewport""#, bearing: 90)
        #expect(Self.mismatch(turned, screen, dx: 0, dy: 10) < 0.002)
        // With the map anchor at bearing 90, the map's south is the screen's right.
        let map = try Self.image(#", "fill-translate": [0, 10]"#, bearing: 90)
        #expect(Self.mismatch(turned, map, dx: 10, dy: 0) < 0.002)
    }

    @Test("fill-extrusion-translate moves the flat footprints (north up) as fill-translate moves fills")
    func extrusionTranslate() throws {
        func image(_ paint: String) throws -> DecodedImage {
            try renderStyle(
                ##"""
                {"version": 8, "sources": {"openmaptiles": {"type": "vector", "url": "mbtiles://openmaptiles"}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                  {"id": "b", "type": "fill-extrusion", "source": "openmaptiles", "source-layer": "building",
                   "paint": {"fill-extrusion-color": "#303030", "fill-extrusion-height": 10 \##(paint)}}]}
                """##, folder: TestData.directory, at: Coordinate(latitude: 60.1699, longitude: 24.9384), zoom: 16.5,
                size: ScreenSize(width: 512, height: 384))
        }
        let plain = try image("")
        let moved = try image(#", "fill-extrusion-translate": [0, 10]"#)
        #expect(Self.mismatch(plain, moved, dx: 0, dy: 10) < 0.002)
        #expect(Self.mismatch(plain, moved, dx: 0, dy: 0) > 0.02, "the translation moved something")
    }
}

/// `fill-extrusion-base` on the real data: a prism starts at its base, so raised buildings show
/// less wall and the ground under them.
@Suite(.enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
struct ExtrusionBaseTests {
    @Test(
        "fill-extrusion-base raises the prisms' feet: less of each building stands; at its height only the roof is left"
    )
    func base() throws {
        func image(_ base: Int, colour: String = "#303030") throws -> DecodedImage {
            try renderStyle(
                ##"""
                {"version": 8, "sources": {"openmaptiles": {"type": "vector", "url": "mbtiles://openmaptiles"}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                  {"id": "b", "type": "fill-extrusion", "source": "openmaptiles", "source-layer": "building",
                   "paint": {"fill-extrusion-color": "\##(colour)", "fill-extrusion-height": 40, "fill-extrusion-base": \##(base)}}]}
                """##, folder: TestData.directory, at: Coordinate(latitude: 60.1699, longitude: 24.9384), zoom: 16.5,
                tilt: 50, size: ScreenSize(width: 512, height: 384))
        }
        let built = { (i: DecodedImage) in i.pixels.filter { $0 >> 8 & 0xFF < 0xF0 }.count }
        let (ground, raised, roofOnly) = (try image(0), try image(30), try image(40))
        #expect(built(raised) < built(ground) * 9 / 10, "\(built(raised)) of \(built(ground))")
        #expect(built(roofOnly) < built(raised) && built(roofOnly) > built(ground) / 10)
    }
}

/// `fill-antialias: false` on the real data: the same buildings with hard edges, every pixel
/// either the fill or the ground, where the antialiased fill has blended edge pixels.
@Suite(.enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
struct FillAntialiasTests {
    @Test("without antialiasing, no pixel is between the fill and the ground; with it, edges blend")
    func hardEdges() throws {
        func blended(_ paint: String) throws -> (blended: Int, filled: Int) {
            let image = try TranslateTests.image(paint)
            let greens = image.pixels.map { Int($0 >> 8 & 0xFF) }
            return (greens.filter { $0 > 0x30 + 8 && $0 < 0xFF - 8 }.count, greens.filter { $0 <= 0x30 + 8 }.count)
        }
        let smooth = try blended("")
        let hard = try blended(#", "fill-antialias": false"#)
        #expect(smooth.blended > 500 && hard.blended == 0, "\(smooth) → \(hard)")
        #expect(abs(hard.filled - smooth.filled) < smooth.filled / 20, "the same buildings: \(smooth) → \(hard)")
    }

    @Test("fill-outline-color is drawn only with antialiasing, as the specification has it")
    func outlineNeedsAntialias() throws {
        func reds(_ paint: String) throws -> Int {
            try TranslateTests.image(paint).pixels.filter { $0 >> 16 & 0xFF > 150 && $0 >> 8 & 0xFF < 100 }.count
        }
        #expect(try reds(##", "fill-outline-color": "#ff0000""##) > 500)
        #expect(try reds(##", "fill-outline-color": "#ff0000", "fill-antialias": false"##) == 0)
    }
}
