import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import MeridianTiles
import Testing

/// `raster-hue-rotate`, `-saturation`, `-contrast`, `-brightness-min`/`-max` and `resampling`:
/// MapLibre's shader arithmetic on single colours (within 1e-9), through an `image` source (within
/// 2 levels of 255), and on the default data's satellite imagery.
struct RasterColorsTests {
    /// The adjustments of a raster layer whose paint has each value (JSON) in `paint`.
    static func colors(_ paint: [StylePropertyName: String]) throws -> RasterColors {
        let body = paint.map { "\"\($0.key.rawValue)\": \($0.value)" }.joined(separator: ", ")
        let style = try Style(
            json: Data(
                #"{"version": 8, "sources": {"s": {"type": "raster", "url": "mbtiles://satellite.mbtiles"}}, "layers": [{"id": "r", "type": "raster", "source": "s", "paint": {\#(body)}}]}"#
                    .utf8))
        return RasterColors(try #require(style.layers.first, "\(style.warnings)"), zoom: 10)
    }

    static func close(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Bool {
        abs(a.0 - b.0) < 1e-9 && abs(a.1 - b.1) < 1e-9 && abs(a.2 - b.2) < 1e-9
    }

    @Test("each adjustment as MapLibre's shader computes it; defaults leave colours as they are")
    func arithmetic() throws {
        let none = try Self.colors([:])
        #expect(none.isIdentity && Self.close(none.adjust(0.2, 0.5, 0.9), (0.2, 0.5, 0.9)))
        // A turn of 120° moves red to green and blue to red; 360° changes nothing.
        let turned = try Self.colors([.rasterHueRotate: "120"])
        #expect(Self.close(turned.adjust(1, 0, 0), (0, 1, 0)) && Self.close(turned.adjust(0, 0, 1), (1, 0, 0)))
        #expect(Self.close(try Self.colors([.rasterHueRotate: "360"]).adjust(0.2, 0.5, 0.9), (0.2, 0.5, 0.9)))
        // Saturation −1 is the mean; contrast −1 is middle grey; +0.5 doubles the distance from it.
        #expect(Self.close(try Self.colors([.rasterSaturation: "-1"]).adjust(0.2, 0.5, 0.8), (0.5, 0.5, 0.5)))
        #expect(Self.close(try Self.colors([.rasterContrast: "-1"]).adjust(0.2, 0.5, 0.9), (0.5, 0.5, 0.5)))
        #expect(Self.close(try Self.colors([.rasterContrast: "0.5"]).adjust(0.4, 0.5, 0.6), (0.3, 0.5, 0.7)))
        // Saturation 0.5: factor 1 − 1 / 0.501, away from the mean, clamped to [0, 1].
        let f = 1 - 1 / 0.501
        let saturated = try Self.colors([.rasterSaturation: "0.5"]).adjust(0.4, 0.5, 0.6)
        #expect(Self.close(saturated, (0.4 + (0.5 - 0.4) * f, 0.5, 0.6 + (0.5 - 0.6) * f)))
        // Brightness maps [0, 1] onto [min, max].
        let dim = try Self.colors([.rasterBrightnessMin: "0.2", .rasterBrightnessMax: "0.6"])
        #expect(Self.close(dim.adjust(0, 0.5, 1), (0.2, 0.4, 0.6)))
        // Out of range when evaluated (the style refuses out-of-range literals itself):
        // clamped into the specification's ranges, contrast 1 to 0.999 (finite).
        let wild = try Self.colors([
            .rasterContrast: #"["step", ["zoom"], 7, 30, 0]"#, .rasterBrightnessMax: #"["step", ["zoom"], 3, 30, 0]"#,
            .rasterSaturation: #"["step", ["zoom"], -9, 30, 0]"#,
        ])
        #expect(wild.contrast == 0.999 && wild.brightnessMax == 1 && wild.saturation == -1, "\(wild)")
        let (r, g, b) = wild.adjust(0.1, 0.9, 0.5)
        #expect([r, g, b].allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 })
    }

    /// The image source's red and blue halves drawn with `paint` added to the raster layer.
    static func halves(_ paint: String) throws -> (UInt32, UInt32) {
        let dir = try ImageSourceTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/style.json"
        let json = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: #""raster-opacity": 1.0,"#, with: #""raster-opacity": 1.0, \#(paint),"#)
        #expect(json.contains(paint))
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        let (image, view) = try ImageSourceTests.draw(dir)
        return (
            try ImageSourceTests.pixel(image, view, lat: 5, lng: -10),
            try ImageSourceTests.pixel(image, view, lat: 5, lng: 10)
        )
    }

    static func near(_ c: UInt32, _ r: Int, _ g: Int, _ b: Int) -> Bool {
        abs(Int(c >> 16 & 0xFF) - r) <= 2 && abs(Int(c >> 8 & 0xFF) - g) <= 2 && abs(Int(c & 0xFF) - b) <= 2
    }

    @Test("drawn: the hue turned 120° makes the red half green and the blue half red; brightness and saturation")
    func drawn() throws {
        let (left, right) = try Self.halves(#""raster-hue-rotate": 120"#)
        #expect(
            Self.near(left, 0, 255, 0) && Self.near(right, 255, 0, 0),
            "\(String(left, radix: 16)) \(String(right, radix: 16))")
        let (grey, _) = try Self.halves(#""raster-saturation": -1"#)
        #expect(Self.near(grey, 85, 85, 85), "\(String(grey, radix: 16))")
        let (dim, _) = try Self.halves(#""raster-brightness-max": 0.5"#)
        #expect(Self.near(dim, 128, 0, 0), "\(String(dim, radix: 16))")
    }

    @Test(
        "the satellite imagery with saturation −1 is grey everywhere, and differs from the plain imagery",
        .enabled(if: TestData.available("satellite.mbtiles"), "no default data: run scripts/build-data.sh"))
    func satellite() throws {
        func image(_ paint: String) throws -> DecodedImage {
            let style = try Style(
                json: Data(
                    #"{"version": 8, "sources": {"s": {"type": "raster", "url": "mbtiles://satellite.mbtiles"}}, "layers": [{"id": "r", "type": "raster", "source": "s", "paint": {\#(paint)}}]}"#
                        .utf8))
            #expect(style.warnings.isEmpty, "\(style.warnings)")
            let sources = try MapSources(style: style, folder: DataFolder(path: TestData.directory))
            let view = try Viewport(
                camera: try CameraPosition(target: Coordinate(latitude: 20, longitude: 0), zoom: 3),
                size: ScreenSize(width: 512, height: 384))
            var renderer = MapRenderer(style: style)
            renderer.attribution = ""
            return try #require(decodePNG(try renderer.render(view, sources: sources).png))
        }
        let plain = try image("")
        let grey = try image(#""raster-saturation": -1, "resampling": "nearest""#)
        let coloured = plain.pixels.filter { abs(Int($0 >> 16 & 0xFF) - Int($0 & 0xFF)) > 20 }.count
        #expect(coloured > plain.pixels.count / 4, "the imagery has colour: \(coloured)")
        let spread = grey.pixels.map { p in
            let (r, g, b) = (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF))
            return max(r, g, b) - min(r, g, b)
        }
        #expect(spread.max() ?? 99 <= 2, "every pixel grey within 2 levels: \(spread.max() ?? -1)")
    }
}
