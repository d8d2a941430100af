import CCairo
@testable import MeridianRender
import MeridianCamera
import MeridianGeometry
import MeridianMap
import MeridianTestSupport
import Testing

/// Label stamps: the whole text and its halo, however long or turned, and the same stamp for
/// the same key.
@Suite struct LabelStampTests {
    func key(_ text: String, size: Double = 10, scale: Double = 1, centered: Bool = false) -> LabelStamp.Key {
        LabelStamp.Key(
            text: text, size: size, font: .regular, color: RGBA(0.2, 0.2, 0.2), halo: RGBA(1, 1, 1, 0.8), scale: scale,
            centered: centered)
    }

    /// The stamp's pixel size.
    func size(_ stamp: LabelStamp) -> (Int, Int) {
        (Int(cairo_image_surface_get_width(stamp.surface)), Int(cairo_image_surface_get_height(stamp.surface)))
    }

    @Test("a stamp holds the whole text and halo: a long credit line as wide as its measure, ink in its last columns")
    func wholeText() throws {
        let text = "© OpenStreetMap contributors · GSHHG · Natural Earth · GeoNames · NASA Blue Marble"
        let canvas = try Canvas(size: .init(width: 10, height: 10), scale: 1)
        let width = canvas.measure(text, size: 10).width
        let stamp = try #require(LabelStamp.make(key(text), width: 0, height: 0))
        let (w, h) = size(stamp)
        // The advance less the last glyph's side bearings, plus the 3-point halo each side.
        #expect(
            Double(w) >= width && Double(w) <= width + 12 && h >= 12 && h <= 24, "\(w)×\(h) for an advance of \(width)")
        // Ink (the halo) within 6 px of the right end: nothing was cut.
        let stride = Int(cairo_image_surface_get_stride(stamp.surface)) / 4
        let pixels = UnsafeBufferPointer(
            start: cairo_image_surface_get_data(stamp.surface)!.withMemoryRebound(to: UInt32.self, capacity: stride * h)
            { $0 }, count: stride * h)
        let inked = (0..<h).contains { y in (w - 6..<w).contains { x in pixels[y * stride + x] >> 24 > 0 } }
        #expect(inked)
        #expect(
            stamp.originX >= 3 && stamp.originY >= 10, "the pen starts inside the stamp, below its top by the ascent")
    }

    @Test("a centred stamp's reference point is its middle; scale 2 doubles its box")
    func centred() throws {
        let width = TextShaper.shape("Aleksanterinkatu").advance * 10  // its measure at 10 points, as the canvas gives it
        let flat = try #require(LabelStamp.make(key("Aleksanterinkatu", centered: true), width: width, height: 12))
        let double = try #require(
            LabelStamp.make(key("Aleksanterinkatu", scale: 2, centered: true), width: width, height: 12))
        let (fw, fh) = size(flat)
        let (dw, dh) = size(double)
        // Twice the box inside the stamp's one-pixel margin each side (rounding: a pixel each end).
        #expect(
            abs((dw - 2) - 2 * (fw - 2)) <= 3 && abs((dh - 2) - 2 * (fh - 2)) <= 3,
            "\(dw)×\(dh) at scale 2 against \(fw)×\(fh)")
        #expect(
            abs(flat.originX - fw / 2) <= 3 && abs(flat.originY - fh / 2) <= 3,
            "\(flat.originX), \(flat.originY) of \(fw)×\(fh)")
    }

    @Test("the cache gives back the stamp made for a key, and keeps within its bytes")
    func cache() throws {
        let cache = LabelStampCache(capacity: 20_000)
        let stamp = try #require(LabelStamp.make(key("Kaivokatu"), width: 0, height: 0))
        cache.insert(stamp, for: key("Kaivokatu"), cost: stamp.cost)
        #expect(cache.value(for: key("Kaivokatu")) === stamp && cache.value(for: key("Kaivokatu", size: 11)) == nil)
        for i in 0..<50 {
            let s = try #require(LabelStamp.make(key("Street \(i)"), width: 0, height: 0))
            cache.insert(s, for: key("Street \(i)"), cost: s.cost)
        }
        #expect(cache.totalCost <= 20_000 && cache.count < 51)
    }
}

/// Frames rasterised in bands on several threads: the same bytes every time for a band count,
/// and the pixels of a frame drawn directly up to Cairo's stepping of edges that cross a band's
/// first row (seen only under tilt: a dozen pixels, a few levels).
@Suite(.enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
struct BandTests {
    @Test(
        "one band, two and three: flat, tilted with buildings, and at scale 2 with overlays",
        arguments: [(15.0, 0.0, 0.0, 1.0), (16.5, 30, 55, 1), (17, 200, 0, 2)])
    func bands(zoom: Double, bearing: Double, tilt: Double, scale: Double) throws {
        let sources = MapSources(tilesets: try RenderData.sources())
        let view = try Viewport(
            camera: try CameraPosition(target: RenderData.cathedral, zoom: zoom, bearing: bearing, tilt: tilt),
            size: ScreenSize(width: 301, height: 203))
        var circle = Circle(center: RenderData.cathedral, radius: 60)
        circle.strokeWidth = 3
        func png(bands: Int) throws -> [UInt8] {
            var renderer = MapRenderer()
            renderer.bands = bands
            return try renderer.render(
                view, sources: sources, overlays: [.circle(circle)], scale: scale, cache: RenderCache()
            ).png
        }
        let direct = try png(bands: 1)
        let two = try png(bands: 2)
        #expect(direct.count > 10_000)
        #expect(try png(bands: 2) == two, "the same bytes again with two bands")
        let reference = try #require(decodePNG(direct)).pixels
        for bands in [2, 3] {
            let pixels = try #require(decodePNG(bands == 2 ? two : try png(bands: bands))).pixels
            var differing = 0
            var most = 0
            for (a, b) in zip(reference, pixels) where a != b {
                differing += 1
                most = max(most, [16, 8, 0].map { abs(Int(a >> $0 & 0xFF) - Int(b >> $0 & 0xFF)) }.max()!)
            }
            // At most 0.1 % of the pixels, by at most 16 levels; flat views are identical.
            #expect(
                differing * 1000 <= reference.count && most <= 16,
                "\(bands) bands: \(differing) pixels differ, by up to \(most)")
            if tilt == 0 { #expect(differing == 0, "\(bands) bands, flat: \(differing) pixels differ") }
        }
    }
}
