import Foundation
import MeridianCamera
import MeridianGeometry
@testable import MeridianRender
import MeridianStyle
import RealModule
import Testing

/// The heatmap's field as MapLibre draws it: kernels summed at the centres of texels 4 device
/// pixels apart, in half precision, read bilinearly per pixel, coloured through a ramp filtered
/// between its entries.
struct HeatmapFieldTests {
    /// A ramp of grey alpha: entry `i` is white at alpha `i / 255` (premultiplied).
    static let greys = (0..<256).map { i in
        let a = Double(i) / 255
        return RGBA(a, a, a, a)
    }

    /// The field drawn into a transparent `size` × `size` image at `scale` (premultiplied ARGB32).
    static func draw(_ field: HeatmapField, size: Int, scale: Double = 1) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: size * size)
        pixels.withUnsafeMutableBufferPointer { buffer in
            field.draw(
                into: PixelRows(pixels: buffer.baseAddress!, width: size, height: size, stride: size, left: 0, top: 0),
                scale: scale)
        }
        return pixels
    }

    static func kernel(_ x: Double, _ y: Double, radius: Double = 8, peak: Double = 0.5) -> HeatmapField.Kernel {
        let reach = radius * (-2 * Double.log(HeatmapPainter.zero / peak)).squareRoot() / 3
        return HeatmapField.Kernel(x: x, y: y, reach: reach, radius: radius, peak: peak)
    }

    @Test(
        "a kernel on a texel centre: that texel holds its peak in half precision, one a texel away exp(−4.5 (4/r)²) of it"
    )
    func texels() {
        // Texel (4, 4)'s centre is at 18 device pixels: scale 1, points = pixels.
        let field = HeatmapField(kernels: [Self.kernel(18, 18)], ramp: Self.greys, opacity: 1, width: 40, height: 40)
        let texture = field.texture(columns: 10, rows: 0...9, cell: 4, scale: 1)
        #expect(texture[4 * 10 + 4] == Float(Float16(0.5)))
        let near = 0.5 * Double.exp(-4.5 * 16 / 64)
        #expect(abs(Double(texture[4 * 10 + 5]) - near) < 1e-3 * near)
        // The square's corners reach √2 farther than its sides: texels beyond the reach on an axis
        // hold nothing (reach ≈ 10.5 points: centres 14 and more away are out).
        #expect(texture[4 * 10 + 8] == 0 && texture[0] == 0)
    }

    @Test("each pixel reads the texture bilinearly at its centre and the ramp between entries")
    func pixels() {
        let field = HeatmapField(kernels: [Self.kernel(18, 18)], ramp: Self.greys, opacity: 1, width: 40, height: 40)
        let image = Self.draw(field, size: 40)
        let texture = field.texture(columns: 10, rows: 0...9, cell: 4, scale: 1)
        // Pixel (19, 18): centre 19.5 → texel coordinate 4.375 across, 4.125 down.
        let (fx, fy) = (Float(0.375), Float(0.125))
        func t(_ x: Int, _ y: Int) -> Float { texture[y * 10 + x] }
        let top = t(4, 4) * (1 - fx) + t(5, 4) * fx
        let bottom = t(4, 5) * (1 - fx) + t(5, 5) * fx
        let density = Double(top * (1 - fy) + bottom * fy)
        // The grey ramp is linear in its entry, so the alpha is the entry position / 255.
        let expected = (density * 256 - 0.5) / 255 * 255
        let alpha = Double(image[18 * 40 + 19] >> 24)
        #expect(abs(alpha - expected) <= 1, "alpha \(alpha), expected \(expected)")
        // Far from the kernel nothing is drawn.
        #expect(image[39 * 40 + 0] == 0)
    }

    @Test("opacity scales the colour; at 2× every length doubles, so the same place has the same colour")
    func opacityAndScale() {
        let field = HeatmapField(kernels: [Self.kernel(18, 18)], ramp: Self.greys, opacity: 0.5, width: 40, height: 40)
        let full = HeatmapField(kernels: [Self.kernel(18, 18)], ramp: Self.greys, opacity: 1, width: 40, height: 40)
        let half = Double(Self.draw(field, size: 40)[18 * 40 + 18] >> 24)
        let whole = Double(Self.draw(full, size: 40)[18 * 40 + 18] >> 24)
        #expect(abs(half - whole / 2) <= 1)
        // Scale 2: texels are 2 points apart, so the centre is read from a finer grid (and its
        // pixel's centre is a quarter point nearer the kernel): within 6 of 255.
        let retina = Self.draw(full, size: 80, scale: 2)
        #expect(abs(Double(retina[36 * 80 + 36] >> 24) - whole) <= 6)
    }

    @Test("many wide kernels: the texel grows so the work stays within its bound")
    func boundedWork() {
        let few = HeatmapField(kernels: [Self.kernel(0, 0)], ramp: Self.greys, opacity: 1, width: 100, height: 100)
        #expect(few.cell(scale: 1) == 4)
        // 100 000 kernels of radius 300 (reach ≈ 392 points) over the frame.
        let wide = Self.kernel(0, 0, radius: 300)
        let many = HeatmapField(
            kernels: Array(repeating: wide, count: 100_000), ramp: Self.greys, opacity: 1, width: 100, height: 100)
        let cell = many.cell(scale: 1)
        // Each kernel's box covers the whole 100-point frame: (100 / cell + 1)² texels.
        let side = 100 / cell + 1
        #expect(cell > 4 && 100_000 * side * side <= HeatmapField.maxWork * 1.1, "cell \(cell)")
    }

    @Test("under tilt a kernel lies on the ground: a texel's value is the kernel at its ground offset, exactly")
    func onTheGround() throws {
        let view = try Viewport(
            camera: try CameraPosition(
                target: Coordinate(latitude: 60, longitude: 25), zoom: 14, bearing: 30, tilt: 50),
            size: ScreenSize(width: 160, height: 120))
        // A kernel at the view's centre.
        let centre = view.targetWorld
        let s = try #require(view.point(forWorld: centre))
        let matrix = try #require(LabelPlacer.groundMatrix(at: centre, turnsWithMap: true, viewport: view))
        let k = Self.kernel(s.x, s.y, radius: 20)
        let kernel = HeatmapField.Kernel(
            x: k.x, y: k.y, reach: k.reach, radius: k.radius, peak: k.peak, spread: matrix, world: centre)
        let field = HeatmapField(
            kernels: [kernel], ramp: Self.greys, opacity: 1, width: 160, height: 120,
            ground: (view.groundMap, view.worldSize))
        let texture = field.texture(columns: 40, rows: 0...29, cell: 4, scale: 1)
        var checked = 0
        for (x, y) in [(20, 15), (19, 14), (21, 14), (19, 16), (22, 13), (17, 15)] {
            let point = ScreenPoint(x: (Double(x) + 0.5) * 4, y: (Double(y) + 0.5) * 4)
            let world = try #require(view.worldPoint(for: point))
            let (gx, gy) = ((world.x - centre.x) * view.worldSize, (world.y - centre.y) * view.worldSize)
            guard abs(gx) <= k.reach, abs(gy) <= k.reach else { continue }
            let expected = k.peak * Double.exp(-4.5 * (gx * gx + gy * gy) / 400)
            // Half precision: 11 significant bits.
            #expect(abs(Double(texture[y * 40 + x]) - expected) <= expected / 1000 + 1e-6, "texel \(x), \(y)")
            checked += 1
        }
        #expect(checked >= 5)
        // Foreshortened: a texel 3 rows up is farther on the ground than one 3 columns across.
        #expect(texture[12 * 40 + 20] < texture[15 * 40 + 23])
    }

    @Test("kernels off the frame cost no work: the texel stays 4 device pixels")
    func offFrame() {
        let far = (0..<200_000).map { i in Self.kernel(-10_000 - Double(i), 50, radius: 300) }
        let field = HeatmapField(kernels: far, ramp: Self.greys, opacity: 1, width: 100, height: 100)
        #expect(field.cell(scale: 1) == 4)
    }

    @Test("non-finite kernels and densities past half precision's range draw nothing or the ramp's end, no trap")
    func hostile() {
        let bad = [
            HeatmapField.Kernel(x: .nan, y: 1, reach: 10, radius: 8, peak: 0.5),
            HeatmapField.Kernel(x: 1, y: 1, reach: .infinity, radius: 8, peak: 0.5),
            HeatmapField.Kernel(x: 1, y: 1, reach: 10, radius: 0, peak: 0.5),
            HeatmapField.Kernel(x: 1e300, y: -1e300, reach: 10, radius: 8, peak: 0.5),
        ]
        let none = Self.draw(HeatmapField(kernels: bad, ramp: Self.greys, opacity: 1, width: 16, height: 16), size: 16)
        #expect(none.allSatisfy { $0 == 0 })
        // 10⁶ × 0.4 overflows half precision (65 504) to infinity: the ramp's last entry.
        let huge = HeatmapField(
            kernels: [Self.kernel(8, 8, peak: 4e5)], ramp: Self.greys, opacity: 1, width: 16, height: 16)
        #expect(Self.draw(huge, size: 16)[8 * 16 + 8] >> 24 == 255)
    }

    @Test(
        "a heatmap is drawn over the opaque backgrounds and fills after it, as MapLibre's opaque pass leaves it on top")
    func overOpaque() throws {
        let style = try Style(
            json: Data(
                ##"""
                {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
                 "layers": [{"id": "h", "type": "heatmap", "source": "g"},
                            {"id": "bg", "type": "background", "paint": {"background-color": "#fff"}},
                            {"id": "solid", "type": "fill", "source": "g", "paint": {"fill-color": "red"}},
                            {"id": "faint", "type": "fill", "source": "g", "paint": {"fill-opacity": 0.5}},
                            {"id": "h2", "type": "heatmap", "source": "g"},
                            {"id": "by-feature", "type": "fill", "source": "g", "paint": {"fill-color": ["get", "c"]}},
                            {"id": "patterned", "type": "background", "paint": {"background-pattern": "x"}}]}
                """##.utf8))
        let order = heatmapsOverOpaque(Array(style.layers.enumerated()), zoom: 0).map(\.element.id)
        #expect(order == ["bg", "solid", "h", "faint", "h2", "by-feature", "patterned"], "\(order)")
    }
}
