import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// Color-relief layers (issue 34), from the specification and MapLibre's reading of it.
@Suite struct ColorReliefTests {
    static func style(_ color: String, source: String = "mbtiles://x") throws -> Style {
        try Style(
            json: Data(
                #"{"version": 8, "sources": {"d": {"type": "raster-dem", "url": "\#(source)"}}, "layers": [{"id": "c", "type": "color-relief", "source": "d", "paint": {"color-relief-color": \#(color)}}]}"#
                    .utf8))
    }

    @Test("the ramp: colours at the stops, linear between them whatever the curve, held beyond the ends")
    func ramp() throws {
        let style = try Self.style(
            ##"["interpolate", ["exponential", 3], ["elevation"], 0, "#000000", 1000, "#ffffff", 2000, "rgba(255, 0, 0, 0.5)"]"##
        )
        #expect(style.warnings.isEmpty, "\(style.warnings)")
        let layer = try #require(style.layers.first)
        let ramp = try #require(ColorReliefPainter.Ramp(layer, zoom: 10))
        #expect(ramp.stops == [0, 1000, 2000])
        #expect(ramp.color(-50) == SIMD4(0, 0, 0, 255))
        #expect(ramp.color(500) == SIMD4(127.5, 127.5, 127.5, 255))
        // Premultiplied: half-transparent red is (128, 0, 0, 128).
        #expect(ramp.color(5000) == SIMD4(128, 0, 0, 128))
        #expect(ramp.color(1500) == SIMD4(191.5, 127.5, 127.5, 191.5))
    }

    @Test("anything but an interpolation on the elevation draws nothing, with a warning naming the property")
    func notARamp() throws {
        for color in [##""#0a0""##, ##"["step", ["elevation"], "#000", 100, "#fff"]"##] {
            let style = try Self.style(color)
            let layer = try #require(style.layers.first)
            #expect(ColorReliefPainter.Ramp(layer, zoom: 10) == nil)
            #expect(
                style.warnings.map(\.description).contains {
                    $0.contains(#"layer "c", paint.color-relief-color: must be an "interpolate" on ["elevation"]"#)
                }, "\(style.warnings)")
        }
    }

    @Test(
        "on the Salish Sea model: the sea floor takes the deep colour, Vancouver Island's mountains the high one",
        .enabled(if: TestData.available("elevation/topobathy.mbtiles"), "no default data: run scripts/build-data.sh"))
    func topobathy() throws {
        let style = try Self.style(
            ##"["interpolate", ["linear"], ["elevation"], -1000, "#0000ff", 0, "#ffffff", 1500, "#ff0000"]"##,
            source: "mbtiles://elevation/topobathy")
        let sources = try MapSources(style: style, folder: DataFolder(path: TestData.directory))
        var renderer = MapRenderer(style: style)
        renderer.attribution = ""
        func pixel(_ lat: Double, _ lng: Double) throws -> UInt32 {
            let view = try Viewport(
                camera: try CameraPosition(target: Coordinate(latitude: lat, longitude: lng), zoom: 7),
                size: ScreenSize(width: 64, height: 64))
            return try #require(decodePNG(try renderer.render(view, sources: sources).png)).pixels[32 * 64 + 32]
        }
        let strait = try pixel(49.3, -123.7)  // −308 m
        let mountains = try pixel(49.7, -125.5)  // 1201 m
        #expect(strait & 0xFF > 220 && strait >> 16 & 0xFF < 200, "\(String(strait, radix: 16))")
        #expect(mountains >> 16 & 0xFF > 240 && mountains & 0xFF < 110, "\(String(mountains, radix: 16))")
    }
}
