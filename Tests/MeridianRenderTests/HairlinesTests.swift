import MeridianGeometry
@testable import MeridianRender
import Testing

/// Fill outlines as MapLibre draws them: one device pixel per step along the line, alpha
/// 1 − smoothstep(0, 1, d) of the pixel centre's distance d to the line, clipped to the tile.
struct HairlinesTests {
    /// The lines drawn into a transparent 16 × 16 image at scale 1 (premultiplied ARGB32).
    static func draw(_ lines: Hairlines, size: Int = 16) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: size * size)
        pixels.withUnsafeMutableBufferPointer { buffer in
            lines.draw(
                into: PixelRows(pixels: buffer.baseAddress!, width: size, height: size, stride: size, left: 0, top: 0),
                scale: 1)
        }
        return pixels
    }

    static func line(_ points: [(Double, Double)], clip: [ScreenPoint]? = nil) -> Hairlines {
        Hairlines(
            parts: Polylines([points.map { ScreenPoint(x: $0.0, y: $0.1) }]), color: RGBA(0, 0, 1), closed: false,
            clip: clip)
    }

    static func alpha(_ pixels: [UInt32], _ x: Int, _ y: Int) -> Int { Int(pixels[y * 16 + x] >> 24) }

    @Test("through pixel centres: one opaque row; on the boundary between rows: one row at half alpha")
    func rows() {
        let centred = Self.draw(Self.line([(2, 5.5), (12, 5.5)]))
        for x in 2..<12 {
            #expect(
                Self.alpha(centred, x, 5) == 255 && Self.alpha(centred, x, 4) == 0 && Self.alpha(centred, x, 6) == 0)
            #expect(centred[5 * 16 + x] == 0xFF00_00FF, "premultiplied blue at \(x)")
        }
        // Columns whose centre the segment's span holds: 2.5 … 11.5, no more.
        #expect(Self.alpha(centred, 1, 5) == 0 && Self.alpha(centred, 12, 5) == 0)
        // d = 0.5: 1 − smoothstep(0.5) = 0.5, one row (the one holding y = 6).
        let between = Self.draw(Self.line([(2, 6), (12, 6)]))
        for x in 2..<12 { #expect(abs(Self.alpha(between, x, 6) - 128) <= 1 && Self.alpha(between, x, 5) == 0) }
    }

    @Test("a diagonal: one pixel per column, alpha from the perpendicular distance (0.354 px: 0.713)")
    func diagonal() {
        // y = x + 0.5: at column centre x + 0.5 the line is at x + 1, in row x + 1, half a pixel from its
        // centre vertically, 0.5 · cos 45° = 0.354 across; 1 − smoothstep(0.354) = 0.713, 182 of 255.
        let pixels = Self.draw(Self.line([(1, 1.5), (13, 13.5)]))
        for x in 1..<13 {
            #expect(abs(Self.alpha(pixels, x, x + 1) - 182) <= 1, "column \(x)")
            #expect(Self.alpha(pixels, x, x) == 0 && Self.alpha(pixels, x, x + 2) == 0)
        }
    }

    @Test("clipped to the tile's square on the screen, whichever way it is wound; over what is there")
    func clipped() {
        let left = [
            ScreenPoint(x: 0, y: 0), ScreenPoint(x: 8, y: 0), ScreenPoint(x: 8, y: 16), ScreenPoint(x: 0, y: 16),
        ]
        for square in [left, left.reversed()] {
            let pixels = Self.draw(Self.line([(0, 5.5), (16, 5.5)], clip: square))
            #expect((0..<8).allSatisfy { Self.alpha(pixels, $0, 5) == 255 })
            #expect((8..<16).allSatisfy { Self.alpha(pixels, $0, 5) == 0 })
        }
        // Half-transparent red over opaque white: (255, 128, 128), source over.
        var pixels = [UInt32](repeating: 0xFFFF_FFFF, count: 256)
        pixels.withUnsafeMutableBufferPointer { buffer in
            Hairlines(
                parts: Polylines([[ScreenPoint(x: 0, y: 3.5), ScreenPoint(x: 16, y: 3.5)]]), color: RGBA(1, 0, 0, 0.5),
                closed: false, clip: nil
            ).draw(
                into: PixelRows(pixels: buffer.baseAddress!, width: 16, height: 16, stride: 16, left: 0, top: 0),
                scale: 1)
        }
        let c = pixels[3 * 16 + 7]
        #expect(c >> 24 == 255 && c >> 16 & 0xff == 255 && abs(Int(c >> 8 & 0xff) - 128) <= 1)
    }

    @Test("NaN, infinite and 1e300 coordinates draw nothing out of place and never trap")
    func hostile() {
        let cases: [[(Double, Double)]] = [
            [(Double.nan, 3), (5, 5)], [(1e300, 3), (-1e300, 4)], [(3, 1e300), (4, -1e300)],
            [(Double.infinity, 0), (0, 0)], [(0, 3), (1e300, 1e300)],
        ]
        for points in cases {
            let pixels = Self.draw(Self.line(points))
            #expect(pixels.count == 256)
        }
        // A long segment across the image: drawn within it only (16 pixels).
        let long = Self.draw(Self.line([(-1e9, 7.5), (1e9, 7.5)]))
        #expect(long.filter { $0 != 0 }.count == 16)
    }
}
