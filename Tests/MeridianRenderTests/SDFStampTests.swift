import CCairo
@testable import MeridianRender
import Testing

/// Glyph quads set through a map (turned, or laid on the ground) as MapLibre samples them:
/// each device pixel's centre mapped back into the field, never an upright stamp resampled.
@Suite struct SDFStampTests {
    /// A quad whose field is a disc (255 at its centre, falling by 16 a texel), 12 × 12 texels,
    /// its top left 3 device pixels up and left of the reference point.
    static let quad: SDFStamp.Quad = {
        var field = [UInt8](repeating: 0, count: 144)
        for y in 0..<12 {
            for x in 0..<12 {
                let d = ((Double(x) - 5.5) * (Double(x) - 5.5) + (Double(y) - 3.5) * (Double(y) - 3.5)).squareRoot()
                field[y * 12 + x] = UInt8(max(0, 255 - 16 * d))
            }
        }
        return SDFStamp.Quad(x: -3, y: -3, field: field, width: 12, height: 12, pad: 0)
    }()

    static let passes = [SDFStamp.Pass(edge: 0.75, gamma: 0.05, color: RGBA(0, 0, 0))]

    /// The alpha of the stamp's pixel whose top left is (`x`, `y`) device pixels from the
    /// reference point (0 outside the stamp).
    static func alpha(_ stamp: LabelStamp, _ x: Int, _ y: Int) -> Int {
        let (w, h) = (
            Int(cairo_image_surface_get_width(stamp.surface)), Int(cairo_image_surface_get_height(stamp.surface))
        )
        let (i, j) = (x + stamp.originX, y + stamp.originY)
        guard i >= 0, j >= 0, i < w, j < h else { return 0 }
        let stride = Int(cairo_image_surface_get_stride(stamp.surface)) / 4
        let data = cairo_image_surface_get_data(stamp.surface)!
        return data.withMemoryRebound(to: UInt32.self, capacity: stride * h) { Int($0[j * stride + i] >> 24) }
    }

    @Test(
        "the identity map sets the same pixels as the upright stamp; half a turn sets them mirrored through the point")
    func mapped() throws {
        let upright = try #require(SDFStamp.stamp([Self.quad], k: 1.5, passes: Self.passes))
        let same = try #require(
            SDFStamp.mapped(
                [Self.quad], k: 1.5, passes: Self.passes, by: StampMatrix(a: 1, b: 0, c: 0, d: 1), phase: (0, 0)))
        let half = try #require(
            SDFStamp.mapped([Self.quad], k: 1.5, passes: Self.passes, by: .turn(.pi), phase: (0, 0)))
        var inked = 0
        for y in -6...18 {
            for x in -6...18 {
                let a = Self.alpha(upright, x, y)
                if a > 0 { inked += 1 }
                #expect(Self.alpha(same, x, y) == a, "identity at \(x), \(y)")
                #expect(abs(Self.alpha(half, -x - 1, -y - 1) - a) <= 1, "half a turn at \(x), \(y)")
            }
        }
        #expect(inked > 20, "\(inked) pixels inked")
        #expect(
            SDFStamp.mapped(
                [Self.quad], k: 1.5, passes: Self.passes, by: StampMatrix(a: 1, b: 2, c: 1, d: 2), phase: (0, 0)) == nil
        )
    }
}
