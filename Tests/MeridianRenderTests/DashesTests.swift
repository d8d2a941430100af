import MeridianGeometry
@testable import MeridianRender
import MeridianTestSupport
import Testing

/// Dashed lines cut into their dashes, as Cairo dashes a stroke.
@Suite struct DashesTests {
    static func dashes(_ points: [ScreenPoint], _ pattern: [Double]) -> [[ScreenPoint]] {
        var out = Polylines()
        points.withUnsafeBufferPointer { Dashes.append($0, pattern: pattern, into: &out) }
        var parts: [[ScreenPoint]] = []
        out.forEachPart { parts.append(Array($0)) }
        return parts
    }

    static func p(_ x: Double, _ y: Double) -> ScreenPoint { ScreenPoint(x: x, y: y) }

    @Test("a straight line: on 3, off 2, from its start; an odd pattern is read twice over")
    func straight() {
        #expect(
            Self.dashes([Self.p(0, 0), Self.p(10, 0)], [3, 2]) == [
                [Self.p(0, 0), Self.p(3, 0)], [Self.p(5, 0), Self.p(8, 0)],
            ])
        #expect(
            Self.dashes([Self.p(0, 0), Self.p(10, 0)], [2]) == [
                [Self.p(0, 0), Self.p(2, 0)], [Self.p(4, 0), Self.p(6, 0)], [Self.p(8, 0), Self.p(10, 0)],
            ])
    }

    @Test("a dash across a corner keeps the corner (its join is drawn as before); lengths are measured along the line")
    func corner() {
        let parts = Self.dashes([Self.p(0, 0), Self.p(2, 0), Self.p(2, 10)], [3, 2])
        #expect(parts.first == [Self.p(0, 0), Self.p(2, 0), Self.p(2, 1)])
        // On 0–3, off 3–5, on 5–8, off 8–10, on 10–12 (the line is 12 long).
        #expect(
            parts.count == 3 && parts[1] == [Self.p(2, 3), Self.p(2, 6)] && parts[2] == [Self.p(2, 8), Self.p(2, 10)])
    }

    @Test("bad patterns draw nothing; tiny dashes along a long line stop at the bound")
    func bounds() {
        let line = [Self.p(0, 0), Self.p(1e6, 0)]
        #expect(
            Self.dashes(line, []).isEmpty && Self.dashes(line, [0, 1]).isEmpty && Self.dashes(line, [.nan]).isEmpty)
        #expect(Self.dashes(line, [1e-3, 1e-3]).count <= Dashes.maxDashesPerPart / 2 + 1)
    }

    @Test(
        "dashing within a rect, then clipping, keeps exactly what dashing everything, then clipping, keeps (500 seeded random lines)"
    )
    func withinMatchesClip() {
        var random = SplitMix64(seed: 31)
        let rect = (left: 0.0, top: 0.0, right: 300.0, bottom: 200.0)
        let margin = 6.0
        let widened = (-margin, -margin, 300 + margin, 200 + margin)
        var cut = 0
        for round in 0..<500 {
            let points = (0..<Int.random(in: 2...12, using: &random)).map { _ in
                Self.p(Double.random(in: -400...700, using: &random), Double.random(in: -300...500, using: &random))
            }
            let pattern = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                Double.random(in: 0.5...30, using: &random)
            }
            var all = Polylines()
            var within = Polylines()
            points.withUnsafeBufferPointer {
                Dashes.append($0, pattern: pattern, into: &all)
                Dashes.append($0, pattern: pattern, within: widened, into: &within)
            }
            var kept: [[ScreenPoint]] = []
            var keptWithin: [[ScreenPoint]] = []
            var clipped = Polylines()
            all.forEachPart { ScreenClip.append($0, to: rect, margin: margin, into: &clipped) }
            clipped.forEachPart { kept.append(Array($0)) }
            var clippedWithin = Polylines()
            within.forEachPart { ScreenClip.append($0, to: rect, margin: margin, into: &clippedWithin) }
            clippedWithin.forEachPart { keptWithin.append(Array($0)) }
            #expect(kept == keptWithin, "round \(round): \(kept.count) pieces against \(keptWithin.count)")
            var made = (all: 0, within: 0)
            all.forEachPart { made.all += $0.count }
            within.forEachPart { made.within += $0.count }
            cut += made.all - made.within
        }
        #expect(cut > 1000, "the rect leaves out many points of dashes: \(cut)")
    }
}
