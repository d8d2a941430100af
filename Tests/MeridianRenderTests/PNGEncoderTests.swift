import CCairo
import MeridianGeometry
@testable import MeridianRender
import MeridianTestSupport
import Testing

@Suite struct PNGEncoderTests {
    /// A canvas with opaque and translucent areas, or only opaque ones.
    static func canvas(translucent: Bool) throws -> Canvas {
        let canvas = try Canvas(size: ScreenSize(width: 61, height: 37), scale: 1)
        if !translucent { canvas.fillAll(RGBA(0.2, 0.4, 0.6)) }
        canvas.rectangle(x: 5, y: 5, width: 30, height: 20, RGBA(0.9, 0.1, 0.3, translucent ? 0.5 : 1))
        canvas.disc(ScreenPoint(x: 40, y: 18), radius: 12, RGBA(0.1, 0.8, 0.2, translucent ? 0.25 : 1))
        return canvas
    }

    @Test("our PNG decodes (with Cairo's libpng reader) to the pixels drawn, opaque as RGB and translucent as RGBA", arguments: [false, true])
    func roundTrip(translucent: Bool) throws {
        let canvas = try Self.canvas(translucent: translucent)
        let ours = try canvas.png(), cairos = try canvas.cairoPNG()
        #expect(ours[25] == (translucent ? 6 : 2), "colour type in IHDR")
        let a = try #require(decodePNG(ours)), b = try #require(decodePNG(cairos))
        #expect(a.width == 61 && a.height == 37 && a.pixels.count == b.pixels.count)
        // Cairo premultiplies again on reading: allow one step of rounding per channel.
        for (p, q) in zip(a.pixels, b.pixels) {
            for shift in stride(from: 0, through: 24, by: 8) {
                #expect(abs(Int(p >> UInt32(shift) & 0xff) - Int(q >> UInt32(shift) & 0xff)) <= 1)
            }
        }
    }
}
