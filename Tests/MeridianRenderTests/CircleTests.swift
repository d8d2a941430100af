import CCairo
import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import Testing

/// Circle layers' strokes, blur, translation, order and pitch rules, drawn from GeoJSON points
/// on a white background at zoom 4 (512 × 512, centre 0°, 0°); tilted views at zoom 17, where
/// the camera may tilt 60°.
struct CircleTests {
    static func draw(
        _ paint: String, layout: String = "{}", points: String = "[[0, 0]]", zoom: Double = 4, tilt: Double = 0,
        properties: String = "{}"
    ) throws -> DecodedImage {
        let features = try JSONDecoder().decode([[Double]].self, from: Data(points.utf8)).enumerated().map { i, p in
            #"{"type": "Feature", "properties": {"i": \#(i), "p": \#(properties)}, "geometry": {"type": "Point", "coordinates": [\#(p[0]), \#(p[1])]}}"#
        }
        let json = #"""
            {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [\#(features.joined(separator: ","))]}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                        {"id": "c", "type": "circle", "source": "p", "paint": \#(paint), "layout": \#(layout)}]}
            """#
        return try renderStyle(json, folder: temporaryDirectory(), zoom: zoom, tilt: tilt)
    }

    static func temporaryDirectory() -> String { FileManager.default.temporaryDirectory.path }

    static func rgb(_ image: DecodedImage, _ x: Int, _ y: Int) -> UInt32 {
        image.pixels[y * image.width + x] & 0xFF_FFFF
    }

    @Test("a stroke rings the disc outside its radius, in its own colour and opacity")
    func stroke() throws {
        let image = try Self.draw(
            ##"{"circle-radius": 20, "circle-color": "#ff0000", "circle-stroke-width": 6, "circle-stroke-color": "#0000ff"}"##
        )
        #expect(Self.rgb(image, 256, 256) == 0xFF0000)
        #expect(Self.rgb(image, 256 + 17, 256) == 0xFF0000)
        #expect(Self.rgb(image, 256 + 23, 256) == 0x0000FF)  // 20…26 points out
        #expect(Self.rgb(image, 256 + 29, 256) == 0xFFFFFF)
        // Half-transparent stroke: blue over white.
        let faint = try Self.draw(
            ##"{"circle-radius": 20, "circle-stroke-width": 6, "circle-stroke-color": "#0000ff", "circle-stroke-opacity": 0.5}"##
        )
        let p = Self.rgb(faint, 256 + 23, 256)
        #expect(abs(Int(p >> 16 & 0xFF) - 128) <= 4 && p & 0xFF == 0xFF, "\(String(p, radix: 16))")
    }

    @Test("blur fades the disc from (1 − blur) of the radius to its edge")
    func blur() throws {
        let image = try Self.draw(##"{"circle-radius": 40, "circle-color": "#000000", "circle-blur": 1}"##)
        // Dark at the centre, lighter halfway, nearly white near the edge.
        let (centre, half, edge) = (
            Self.rgb(image, 256, 256) & 0xFF, Self.rgb(image, 276, 256) & 0xFF, Self.rgb(image, 292, 256) & 0xFF
        )
        #expect(centre < 40 && half > centre + 40 && edge > half + 40, "\(centre) \(half) \(edge)")
        // Past 1 the fade reaches the centre, which it dims: MapLibre's smoothstep(0, −1.5, d − 1)
        // at the pixel's centre, half a pixel each way from the circle's (±3 of 255).
        let wide = try Self.draw(##"{"circle-radius": 40, "circle-color": "#000000", "circle-blur": 1.5}"##)
        let t = (1 - 0.5.squareRoot() / 40) / 1.5
        let white = 255 * (1 - t * t * (3 - 2 * t))
        let dimmed = Double(Self.rgb(wide, 256, 256) & 0xFF)
        #expect(abs(dimmed - white) <= 3 && white > 60, "\(dimmed) against \(white)")
    }

    @Test("translate moves circles on the ground; a higher sort key draws on top")
    func translateAndOrder() throws {
        let moved = try Self.draw(
            ##"{"circle-radius": 10, "circle-color": "#ff0000", "circle-translate": [30, 0]}"##)
        #expect(Self.rgb(moved, 256, 256) == 0xFFFFFF && Self.rgb(moved, 286, 256) == 0xFF0000)
        // Two overlapping circles: the first feature has the higher key, so it lies on top.
        let ordered = try Self.draw(
            ##"{"circle-radius": 20, "circle-color": ["case", ["==", ["get", "i"], 0], "#ff0000", "#0000ff"]}"##,
            layout: ##"{"circle-sort-key": ["-", 0, ["get", "i"]]}"##, points: "[[0, 0], [0.5, 0]]")
        #expect(Self.rgb(ordered, 262, 256) == 0xFF0000)
    }

    @Test(
        "the edge is antialiased inside the radius, as MapLibre's shader fades it over the last device pixel: full colour a pixel within, nothing past the radius"
    )
    func edgeInside() throws {
        // A radius of 10 points centred at 256, 256 (between pixels): along the row, pixel x
        // spans x − 256 to x − 255 points from the centre.
        let image = try Self.draw(##"{"circle-radius": 10, "circle-color": "#000000"}"##)
        func grey(_ x: Int) -> Int { Int(Self.rgb(image, x, 256) & 0xFF) }
        // 8 to 9 points out: full colour. 9 to 10: the last pixel within the radius, half covered
        // (the edge half a pixel in; centred on the radius it would be covered whole). 10 to 11:
        // past the radius, untouched.
        #expect(grey(264) <= 8, "\(grey(264))")
        #expect((80...180).contains(grey(265)), "\(grey(265))")
        #expect(grey(266) == 255, "\(grey(266))")
    }

    @Test("a line's and a polygon's every vertex carries a circle, as MapLibre's circle buckets take them")
    func vertices() throws {
        let json = #"""
            {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "FeatureCollection", "features": [
               {"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": [[-5, 0], [0, 3], [5, 0]]}},
               {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[-5, -5], [5, -5], [5, -10], [-5, -5]]]}}]}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                        {"id": "c", "type": "circle", "source": "p", "paint": {"circle-radius": 4, "circle-color": "#ff0000"}}]}
            """#
        let image = try renderStyle(json, folder: Self.temporaryDirectory(), zoom: 4)
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: 4),
            size: ScreenSize(width: 512, height: 512))
        for (lng, lat) in [(-5.0, 0.0), (0, 3), (5, 0), (-5, -5), (5, -5), (5, -10)] {
            let p = try #require(try view.point(for: Coordinate(latitude: lat, longitude: lng)))
            #expect(Self.rgb(image, Int(p.x), Int(p.y)) == 0xFF0000, "no circle at \(lng), \(lat)")
        }
        // Between the vertices: the ground, not a circle (a line is not drawn by a circle layer).
        // (A vertex in line with its neighbours is simplified away, as geojson-vt drops it.)
        let between = try #require(try view.point(for: Coordinate(latitude: 1.5, longitude: 2.5)))
        #expect(Self.rgb(image, Int(between.x), Int(between.y)) == 0xFFFFFF)
    }

    @Test("under tilt, pitch-scale map shrinks far circles and viewport keeps them; alignment map lays them flat")
    func pitch() throws {
        // A point up the tilted view (north of the target), farther than the target.
        let far = "[[0, 0.002]]"
        let scaled = try Self.draw(
            ##"{"circle-radius": 20, "circle-color": "#ff0000"}"##, points: far, zoom: 17, tilt: 60)
        let kept = try Self.draw(
            ##"{"circle-radius": 20, "circle-color": "#ff0000", "circle-pitch-scale": "viewport"}"##, points: far,
            zoom: 17, tilt: 60)
        func width(_ image: DecodedImage) -> Int { image.pixels.filter { $0 & 0xFF_FFFF == 0xFF0000 }.count }
        let view = try Viewport(
            camera: try CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: 17, tilt: 60),
            size: ScreenSize(width: 512, height: 512))
        let depth = view.depthRatio(forWorld: WebMercator.project(Coordinate(latitude: 0.002, longitude: 0)))
        // The radius shrinks by the depth (areas by its square), within a pixel's rounding.
        let shrink = (Double(width(scaled)) / Double(width(kept))).squareRoot()
        #expect(depth > 1.2 && abs(shrink - 1 / depth) < 0.04, "depth \(depth), radius × \(shrink)")
        // Laid on the ground the circle is foreshortened: wider than tall.
        let flat = try Self.draw(
            ##"{"circle-radius": 20, "circle-color": "#ff0000", "circle-pitch-alignment": "map"}"##, zoom: 17, tilt: 60)
        let red = flat.pixels.indices.filter { flat.pixels[$0] & 0xFF_FFFF == 0xFF0000 }
        let xs = red.map { $0 % flat.width }
        let ys = red.map { $0 / flat.width }
        let (w, h) = (xs.max()! - xs.min()!, ys.max()! - ys.min()!)
        #expect(abs(w - 40) <= 3 && Double(h) < 0.7 * Double(w), "\(w) × \(h)")
    }
}

/// Circles facing the screen computed as MapLibre's circle shader computes them.
@Suite struct CircleStampTests {
    static func pixel(_ stamp: LabelStamp, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let data = cairo_image_surface_get_data(stamp.surface)!
        let stride = Int(cairo_image_surface_get_stride(stamp.surface)) / 4
        let p = data.withMemoryRebound(to: UInt32.self, capacity: 1) {
            $0[(y + stamp.originY) * stride + x + stamp.originX]
        }
        return (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF), Int(p >> 24))
    }

    @Test("disc and ring share one colour per pixel: where they meet nothing shows through")
    func ringMeetsDisc() throws {
        let key = try #require(
            CircleStamp.key(
                radius: 10, stroke: 2, blur: 0, fill: RGBA(1, 0, 0), ring: RGBA(1, 1, 1), x: 0, y: 0))
        let stamp = try #require(CircleStamp.make(key))
        // Centre pixel (its centre 0.5 px away): the disc, opaque red.
        #expect(Self.pixel(stamp, 0, 0) == (255, 0, 0, 255))
        // The pixel centred 10.5 px out is in the ring: white.
        #expect(Self.pixel(stamp, 10, 0) == (255, 255, 255, 255))
        // The pixel centred 9.5 px out mixes red into white, fully opaque (± 0 alpha).
        let edge = Self.pixel(stamp, 9, 0)
        #expect(edge.a == 255 && edge.r == 255 && edge.g > 0 && edge.g < 255, "\(edge)")
        // Past the outer radius (the pixel centred 12.75 px away): nothing.
        #expect(Self.pixel(stamp, 11, 5).a == 0)
        // Within the last device pixel of the outer edge: faded (11.5 px of 12).
        let fading = Self.pixel(stamp, 11, 0)
        #expect(fading.a > 0 && fading.a < 255, "\(fading)")
    }

    @Test("a circle's centre between pixels moves its stamp's coverage with it (1/32 pixel phase)")
    func phase() throws {
        func stamp(_ x: Double, _ y: Double) throws -> LabelStamp {
            let key = try #require(
                CircleStamp.key(radius: 3, stroke: 0, blur: 0, fill: RGBA(0, 0, 1), ring: nil, x: x, y: y))
            return try #require(CircleStamp.make(key))
        }
        let (a, b) = (try stamp(0, 0), try stamp(0.5, 0.5))
        // The pixel 2 px right of the whole pixel: its centre 2.55 px from a's centre (inside the
        // fading last pixel), 2 px from b's (wholly inside).
        let (fading, whole) = (Self.pixel(a, 2, 0), Self.pixel(b, 2, 0))
        #expect(fading.a > 0 && fading.a < 255 && whole.a == 255, "\(fading) \(whole)")
        #expect(CircleStamp.key(radius: .nan, stroke: 0, blur: 0, fill: RGBA(0, 0, 1), ring: nil, x: 0, y: 0) == nil)
        #expect(CircleStamp.key(radius: 2000, stroke: 0, blur: 0, fill: RGBA(0, 0, 1), ring: nil, x: 0, y: 0) == nil)
    }
}
