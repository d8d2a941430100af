import MeridianGeometry
@testable import MeridianRender
import Testing

/// `line-gradient` lines drawn pixel by pixel as MapLibre's `line_gradient` shader draws them:
/// coverage from the distance to the line, colour from the piece's ramp at the progress of the
/// nearest point, laid once per pixel.
struct GradientLineTests {
    static let red = SIMD4<Float>(1, 0, 0, 1), blue = SIMD4<Float>(0, 0, 1, 1)

    /// The line drawn into a transparent `size` × `size` image at `scale` (premultiplied ARGB32).
    static func draw(_ line: GradientLine, size: Int = 128, scale: Double = 1) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: size * size)
        _ = pixels.withUnsafeMutableBufferPointer { buffer in
            line.draw(
                into: PixelRows(pixels: buffer.baseAddress!, width: size, height: size, stride: size, left: 0, top: 0),
                scale: scale)
        }
        return pixels
    }

    static func part(
        _ points: [(Double, Double)], half: Double = 4, ramp: [SIMD4<Float>] = [red, blue]
    )
        -> GradientLine.Part
    {
        let screen = points.map { ScreenPoint(x: $0.0, y: $0.1) }
        var along = [0.0]
        for (a, b) in zip(screen, screen.dropFirst()) {
            along.append(along.last! + ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
        }
        return GradientLine.Part(
            points: screen, progress: along.map { $0 / along.last! }, halfWidth: points.map { _ in half },
            ramp: ramp)
    }

    static func channels(_ p: UInt32) -> (a: Int, r: Int, g: Int, b: Int) {
        (Int(p >> 24), Int(p >> 16 & 0xff), Int(p >> 8 & 0xff), Int(p & 0xff))
    }

    @Test("opaque half a pixel inside the edge, fading over one pixel; the colour of the progress under the pixel")
    func coverageAndColour() {
        let line = GradientLine(parts: [Self.part([(10, 20.25), (110, 20.25)])], cap: .butt)
        let image = Self.draw(line)
        func at(_ x: Int, _ y: Int) -> (a: Int, r: Int, g: Int, b: Int) { Self.channels(image[y * 128 + x]) }
        // Rows 23's and 17's centres are 3.25 and 2.75 from the line: inside the 4 + 0.5 outset
        // by more than a pixel; row 16's is 3.75 away: three quarters.
        #expect(at(60, 23).a == 255 && at(60, 17).a == 255)
        #expect(abs(at(60, 16).a - 191) <= 1, "\(at(60, 16))")
        // Row 24's centre is 4.25 away: a quarter covered; row 25 (5.25) none.
        #expect(abs(at(60, 24).a - 64) <= 1, "\(at(60, 24))")
        #expect(at(60, 25).a == 0)
        // Pixel 59's centre is at progress 0.495: the two-entry ramp read at 0.495 × 2 − 0.5.
        let u = (59.5 - 10) / 100 * 2 - 0.5
        #expect(abs(Double(at(59, 20).r) - 255 * (1 - u)) <= 1 && abs(Double(at(59, 20).b) - 255 * u) <= 1)
        // Before the first entry's centre the ramp is clamped: pure red.
        #expect(at(12, 20).r == 255 && at(12, 20).b == 0)
    }

    @Test("butt ends cut at the end vertex, square ends half a width and half a pixel beyond, round ends round")
    func caps() {
        let points = [(20.0, 20.5), (100.0, 20.5)]
        let butt = Self.draw(GradientLine(parts: [Self.part(points)], cap: .butt))
        let square = Self.draw(GradientLine(parts: [Self.part(points)], cap: .square))
        let round = Self.draw(GradientLine(parts: [Self.part(points)], cap: .round))
        // Pixel 19's centre is 0.5 before the start; pixel 15's 4.5, 16's 3.5.
        #expect(butt[20 * 128 + 19] == 0 && butt[20 * 128 + 20] >> 24 == 255)
        #expect(square[20 * 128 + 15] >> 24 == 255 && square[20 * 128 + 14] == 0)
        // Round: pixel (17, 23)'s centre is √(2.5² + 3²) ≈ 3.9 from the start: margin 0.6.
        #expect(abs(Int(round[23 * 128 + 17] >> 24) - 153) <= 2, "\(round[23 * 128 + 17] >> 24)")
        #expect(square[23 * 128 + 17] >> 24 == 255)
    }

    @Test("a translucent line is laid once where its segments meet: no pixel darker than its colour")
    func translucentJoin() {
        let half = SIMD4<Float>(0, 0, 0.5, 0.5)
        let line = GradientLine(
            parts: [Self.part([(20, 20), (80, 20), (80, 90), (30, 40)], half: 5, ramp: [half])], cap: .round)
        let image = Self.draw(line)
        #expect(image.allSatisfy { $0 >> 24 <= 128 })
        // The corner at (80, 20), where two segments and the round join meet, is covered once.
        #expect(image[20 * 128 + 80] >> 24 == 128)
        #expect(image.filter { $0 >> 24 == 128 }.count > 1000)
    }

    @Test("a piece is kept to its tile's square; a step gradient reads its nearest entry")
    func clipAndStep() {
        var part = Self.part([(0, 30), (120, 30)], ramp: [Self.red, Self.blue, Self.red, Self.blue])
        part.clip = [
            ScreenPoint(x: 0, y: 0), ScreenPoint(x: 64, y: 0), ScreenPoint(x: 64, y: 64), ScreenPoint(x: 0, y: 64),
        ]
        let image = Self.draw(GradientLine(parts: [part], cap: .butt, nearest: true))
        #expect(image[30 * 128 + 63] != 0 && image[30 * 128 + 64] == 0)
        // Progress 0.3 (pixel 35.5 of 120) falls in entry ⌊0.3 × 4⌋ = 1: blue, not a blend.
        #expect(Self.channels(image[30 * 128 + 35]) == (255, 0, 0, 255))
        #expect(Self.channels(image[30 * 128 + 20]) == (255, 255, 0, 0))
    }

    @Test("dashes: drawn in the middle of a dash, nothing in the middle of a gap, as the line atlas says")
    func dashed() {
        var part = Self.part([(0, 30), (120, 30)], half: 2)
        // Periods of 12 points: a dash of 8, a gap of 4 ([2, 1] in widths of 4).
        part.dash = GradientLine.Dashing(atlas: DashAtlas([2, 1], round: false), along: [0, 10], floorWidth: 4)
        let image = Self.draw(GradientLine(parts: [part], cap: .butt))
        for period in 0..<9 {
            let x = Double(period) * 12
            #expect(image[30 * 128 + Int(x + 4)] >> 24 == 255, "dash \(period)")
            #expect(image[30 * 128 + Int(x + 10)] >> 24 == 0, "gap \(period)")
        }
    }

    @Test("work is bounded: a line scribbled 100,000 times across the view stops at maxWork pixel visits")
    func bounded() {
        let points = (0..<100_001).map { i in (i % 2 == 0 ? 6.0 : 506.0, 6 + Double(i % 500)) }
        let line = GradientLine(parts: [Self.part(points, half: 1)], cap: .butt)
        var pixels = [UInt32](repeating: 0, count: 512 * 512)
        let visits = pixels.withUnsafeMutableBufferPointer { buffer in
            line.draw(
                into: PixelRows(pixels: buffer.baseAddress!, width: 512, height: 512, stride: 512, left: 0, top: 0),
                scale: 1)
        }
        #expect(visits <= GradientLine.maxWork + 512 * 4 + 512 * 512, "\(visits)")
        #expect(pixels.contains { $0 != 0 })
    }

    @Test("hostile pieces draw nothing and do not trap: non-finite vertices, mismatched lengths, no ramp")
    func hostile() {
        var nan = Self.part([(10, 10), (50, 50)])
        nan.points[1] = ScreenPoint(x: .nan, y: .infinity)
        var short = Self.part([(10, 10), (50, 50)])
        short.progress = [0]
        var empty = Self.part([(10, 10), (50, 50)])
        empty.ramp = []
        var wide = Self.part([(10, 10), (50, 50)], half: .infinity)
        wide.blur = .nan
        let image = Self.draw(GradientLine(parts: [nan, short, empty, wide], cap: .round), scale: 2)
        #expect(image.allSatisfy { $0 == 0 })
        #expect(
            Self.draw(GradientLine(parts: [Self.part([(10, 10), (50, 50)])], cap: .butt), scale: .nan).allSatisfy {
                $0 == 0
            })
    }
}
