import MeridianGeometry
@testable import MeridianRender
import MeridianTestSupport
import Testing

/// A street's pieces (as tiles cut it and ways split it) are joined back into whole lines
/// whatever order and direction they come in; forks stay apart.
@Suite struct LineJoinTests {
    /// A wandering line of `n` points, 10 points a step.
    static func line(_ n: Int, random: inout SplitMix64) -> [ScreenPoint] {
        var p = ScreenPoint(x: 0, y: 0)
        return (0..<n).map { _ in
            defer { p = ScreenPoint(x: p.x + 10, y: p.y + Double(Int.random(in: -5...5, using: &random))) }
            return p
        }
    }

    @Test("200 random cuts of a line, shuffled and some reversed, join back into the one line, every point once")
    func cutsJoinBack() {
        var random = SplitMix64(seed: 32)
        for _ in 0..<200 {
            let whole = Self.line(Int.random(in: 3...60, using: &random), random: &random)
            // Cut at random interior points; neighbouring pieces share their cut point.
            let cuts = Set(
                (0..<Int.random(in: 1...8, using: &random)).map { _ in
                    Int.random(in: 1..<(whole.count - 1), using: &random)
                }
            ).sorted()
            var pieces: [[ScreenPoint]] = []
            var from = 0
            for c in cuts + [whole.count - 1] {
                pieces.append(Array(whole[from...c]))
                from = c
            }
            pieces = pieces.map { Bool.random(using: &random) ? $0.reversed() : $0 }.shuffled(using: &random)
            let joined = LineLabels.joined(pieces)
            #expect(joined.count == 1, "\(pieces.count) pieces gave \(joined.count) lines")
            guard let line = joined.first else { continue }
            #expect(line == whole || line == whole.reversed(), "the points in order, once each")
        }
    }

    @Test("at a fork (three ends meet) every branch stays a line of its own; ends half a point apart still meet")
    func forksStayApart() {
        let o = ScreenPoint(x: 0, y: 0)
        let branches = [
            [o, ScreenPoint(x: 10, y: 0)], [ScreenPoint(x: 0.3, y: 0.4), ScreenPoint(x: 0, y: 10)],
            [ScreenPoint(x: -10, y: 0), ScreenPoint(x: -0.2, y: 0.1)],
        ]
        #expect(LineLabels.joined(branches).count == 3)
        // Two of them alone meet (within half a point) and join.
        #expect(LineLabels.joined(Array(branches.prefix(2))).count == 1)
        // A piece of one point is no line; non-finite points neither trap nor join.
        #expect(LineLabels.joined([[o]]).isEmpty)
        let odd = [[ScreenPoint(x: .nan, y: 0), o], [ScreenPoint(x: .infinity, y: 1), ScreenPoint(x: 5, y: 5)]]
        #expect(LineLabels.joined(odd).count == 2)
    }
}
