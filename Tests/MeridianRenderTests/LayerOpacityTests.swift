import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianRender
import MeridianStyle
import MeridianTestSupport
import Testing

/// `fill-layer-opacity` and `line-layer-opacity`: a layer drawn whole and then laid on the map at
/// its opacity, so its own overlaps do not show (where `fill-opacity` and `line-opacity` fade each
/// feature alone), with both rasterizers; on generated GeoJSON (zoom 4, 512 × 512 at 0°, 0°) and on
/// Helsinki's buildings. Colours within 3 levels of 255.
struct LayerOpacityTests {
    /// Two red features over white that overlap at the view's centre (squares, or for `line` a
    /// crossing; a `fill-extrusion` layer 10 m tall, its colour given in `paint`), `paint` added
    /// to the layer.
    static func draw(
        _ kind: String, _ paint: String, rasterizer: MapRenderer.Rasterizer
    ) throws -> DecodedImage {
        let geometries = kind == "line" ? SortKeyTests.crossing : SortKeyTests.squares
        let features = geometries.map { #"{"type": "Feature", "properties": {}, "geometry": \#($0)}"# }
        let base =
            switch kind {
            case "fill": #""fill-color": "red""#
            case "line": #""line-color": "red", "line-width": 12"#
            default: #""fill-extrusion-height": 10"#
            }
        let json = ##"""
            {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [\##(features.joined(separator: ","))]}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                        {"id": "x", "type": "\##(kind)", "source": "g", "paint": {\##(base), \##(paint)}}]}
            """##
        return try renderStyle(
            json, folder: FileManager.default.temporaryDirectory.path, zoom: 4, rasterizer: rasterizer)
    }

    /// The green level at (x, y): 255 where nothing red is drawn, 0 where opaque red is.
    static func green(_ image: DecodedImage, _ x: Int, _ y: Int) -> Int {
        Int(image.pixels[y * image.width + x] >> 8 & 0xFF)
    }

    /// The centre (both features) and a point of feature 0 alone.
    static func levels(_ image: DecodedImage, alone: (Int, Int)) -> (both: Int, one: Int) {
        (green(image, 256, 256), green(image, alone.0, alone.1))
    }

    @Test(
        "fills: layer opacity 0.5 makes the overlap as light as one square; translucent squares overlap darker",
        arguments: MapRenderer.Rasterizer.allCases)
    func fills(rasterizer: MapRenderer.Rasterizer) throws {
        // (236, 276): inside feature 0's square (−2…2°), outside feature 1's (−1…3°).
        let alone = (256 - 20, 256 + 20)
        let layer = Self.levels(
            try Self.draw("fill", #""fill-layer-opacity": 0.5"#, rasterizer: rasterizer), alone: alone)
        #expect(abs(layer.both - 128) <= 3 && abs(layer.one - 128) <= 3, "\(layer)")
        // Both: each square at 0.5, the layer halved again: 0.25 (191); where the translucent
        // squares overlap, the later laid over the earlier inside the layer, as MapLibre blends
        // them: 0.75, halved: 159.
        let both = Self.levels(
            try Self.draw("fill", #""fill-opacity": 0.5, "fill-layer-opacity": 0.5"#, rasterizer: rasterizer),
            alone: alone)
        #expect(abs(both.both - 159) <= 3 && abs(both.one - 191) <= 3, "\(both)")
        // Without antialiasing the same: each translucent square laid over the other (0.75: 64;
        // one: 0.5, 128), as MapLibre draws every fill.
        let aliased = Self.levels(
            try Self.draw("fill", #""fill-opacity": 0.5, "fill-antialias": false"#, rasterizer: rasterizer),
            alone: alone)
        #expect(abs(aliased.both - 64) <= 3 && abs(aliased.one - 128) <= 3, "\(aliased)")
        // 0 draws nothing; a value that is not in 0…1 is clamped (the catalogue refuses literals).
        let none = Self.levels(try Self.draw("fill", #""fill-layer-opacity": 0"#, rasterizer: rasterizer), alone: alone)
        #expect(none.both == 255 && none.one == 255)
    }

    @Test(
        "lines: a crossing of one half-opaque layer is as light as its arms; of translucent lines, darker",
        arguments: MapRenderer.Rasterizer.allCases
    )
    func lines(rasterizer: MapRenderer.Rasterizer) throws {
        // (286, 256): on the east–west line only.
        let layer = Self.levels(
            try Self.draw("line", #""line-layer-opacity": 0.5"#, rasterizer: rasterizer), alone: (286, 256))
        #expect(abs(layer.both - 128) <= 3 && abs(layer.one - 128) <= 3, "\(layer)")
        let both = Self.levels(
            try Self.draw("line", #""line-opacity": 0.5, "line-layer-opacity": 0.5"#, rasterizer: rasterizer),
            alone: (286, 256))
        // Each arm at 0.5 halved by the layer: 0.25 (191). Where the translucent lines cross, the
        // later is laid over the earlier inside the layer, as MapLibre blends them: 0.75, halved: 159.
        #expect(abs(both.both - 159) <= 3 && abs(both.one - 191) <= 3, "\(both)")
    }

    @Test(
        "Helsinki's buildings at layer opacity 0.4 are one flat tint: no pixel darker than a single building's",
        .enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
    func realBuildings() throws {
        func image(_ paint: String) throws -> DecodedImage {
            try renderStyle(
                ##"""
                {"version": 8, "sources": {"openmaptiles": {"type": "vector", "url": "mbtiles://openmaptiles"}},
                 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                  {"id": "b", "type": "fill", "source": "openmaptiles", "source-layer": "building",
                   "paint": {"fill-color": "#000000", "fill-outline-color": "#000000", \##(paint)}}]}
                """##, folder: TestData.directory, at: Coordinate(latitude: 60.1699, longitude: 24.9384), zoom: 16,
                size: ScreenSize(width: 512, height: 384))
        }
        func darkest(_ image: DecodedImage) -> Int { image.pixels.map { Int($0 >> 8 & 0xFF) }.min() ?? 255 }
        func tinted(_ image: DecodedImage) -> Int { image.pixels.filter { $0 >> 8 & 0xFF < 200 }.count }
        let layer = try image(#""fill-layer-opacity": 0.4"#)
        let each = try image(#""fill-opacity": 0.4"#)
        // One building at 0.4: 255 × 0.6 = 153. Per feature, the outlines (and touching buildings'
        // shared edges) stack darker; as a layer nothing does.
        #expect(abs(darkest(layer) - 153) <= 3, "darkest \(darkest(layer))")
        #expect(darkest(each) < 140, "per-feature opacity stacks: darkest \(darkest(each))")
        // The same buildings are covered either way (within 2 % of their pixels).
        let (a, b) = (tinted(layer), tinted(each))
        #expect(a > 5000 && abs(a - b) * 50 < a, "tinted pixels \(a), \(b)")
    }
}

extension LayerOpacityTests {
    @Test("fill-extrusion-opacity fades the layer whole: where two translucent roofs overlap, as light as one")
    func extrusions() throws {
        let image = try Self.draw(
            "fill-extrusion", ##""fill-extrusion-color": "#ff0000", "fill-extrusion-opacity": 0.5"##,
            rasterizer: .blend2d)
        // (236, 276) is inside feature 0's square alone; the centre inside both.
        let (both, one) = Self.levels(image, alone: (256 - 20, 256 + 20))
        // Half-opaque red over white: 128 green whether one roof or two overlap there.
        #expect(abs(both - one) <= 3 && abs(one - 128) <= 10, "both \(both), one \(one)")
    }

    @Test("a translucent fill-extrusion-color darkens the prisms, as MapLibre reads it: premultiplied and opaque")
    func extrusionColorAlpha() throws {
        let image = try Self.draw(
            "fill-extrusion", #""fill-extrusion-color": "rgba(255, 0, 0, 0.5)""#, rasterizer: .blend2d)
        let p = image.pixels[256 * image.width + 256]
        // Red, opaque: no white shows through (green and blue near 0, where half-opaque red over
        // white would leave them at 128); the roof's light raises the halved red to about 188.
        #expect(p >> 8 & 0xFF < 20 && p & 0xFF < 20 && (100...210).contains(p >> 16 & 0xFF), "\(String(p, radix: 16))")
    }
}
