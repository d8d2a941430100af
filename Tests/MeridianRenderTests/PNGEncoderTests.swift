import CCairo
import MeridianGeometry
@testable import MeridianRender
import MeridianTestSupport
import Testing

@Suite struct PNGEncoderTests {
    /// Pixels with opaque and translucent areas, or only opaque ones (drawn by Cairo); `large`
    /// makes them a frame's size (1024 × 768: ISA-L's stream spans many blocks).
    static func canvas(translucent: Bool, large: Bool = false) throws -> FramePixels {
        let k = large ? 16.0 : 1
        let canvas = try Canvas(size: ScreenSize(width: large ? 1024 : 61, height: large ? 768 : 37), scale: 1)
        if !translucent { canvas.fillAll(RGBA(0.2, 0.4, 0.6)) }
        canvas.rectangle(x: 5 * k, y: 5 * k, width: 30 * k, height: 20 * k, RGBA(0.9, 0.1, 0.3, translucent ? 0.5 : 1))
        canvas.disc(ScreenPoint(x: 40 * k, y: 18 * k), radius: 12 * k, RGBA(0.1, 0.8, 0.2, translucent ? 0.25 : 1))
        // Noise, so the compressed parts are not trivial (a seeded walk of thin strokes).
        var x = 17.0
        var y = 23.0
        canvas.stroke(
            [
                (0..<400).map { i in
                    x = (x * 7 + Double(i * 13 % 97)).truncatingRemainder(dividingBy: 61 * k)
                    y = (y * 5 + Double(i * 29 % 89)).truncatingRemainder(dividingBy: 37 * k)
                    return ScreenPoint(x: x, y: y)
                }
            ], RGBA(0, 0, 0, translucent ? 0.6 : 1), width: 0.7)
        return try #require(try canvas.rasterised(with: .cairo, bands: 1))
    }

    @Test(
        "our PNG decodes (with Cairo's libpng reader) to the pixels drawn, opaque as RGB and translucent as RGBA, small and large",
        arguments: [false, true], [false, true])
    func roundTrip(translucent: Bool, large: Bool) throws {
        let canvas = try Self.canvas(translucent: translucent, large: large)
        let ours = try canvas.png()
        let cairos = try canvas.cairoPNG()
        #expect(ours[25] == (translucent ? 6 : 2), "colour type in IHDR")
        let a = try #require(decodePNG(ours))
        let b = try #require(decodePNG(cairos))
        #expect(a.width == (large ? 1024 : 61) && a.height == (large ? 768 : 37) && a.pixels.count == b.pixels.count)
        // Cairo premultiplies again on reading: allow one step of rounding per channel.
        var worst = 0
        for (p, q) in zip(a.pixels, b.pixels) {
            for shift in stride(from: 0, through: 24, by: 8) {
                worst = max(worst, abs(Int(p >> UInt32(shift) & 0xff) - Int(q >> UInt32(shift) & 0xff)))
            }
        }
        #expect(worst <= 1)
    }
}
