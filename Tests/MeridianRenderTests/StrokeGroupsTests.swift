import MeridianGeometry
@testable import MeridianRender
import Testing

/// A line layer's features grouped into strokes: by width within a run of one colour, never
/// across a change of colour.
@Suite struct StrokeGroupsTests {
    static func part(_ x: Double) -> Polylines { Polylines([[ScreenPoint(x: x, y: 0), ScreenPoint(x: x, y: 1)]]) }

    @Test("one colour: a stroke per width, in the order each width first came, holding its features in order")
    func byWidth() {
        var drawn: [(RGBA, Double, [Double])] = []
        var groups = StrokeGroups<Double> { color, width, parts in
            var xs: [Double] = []
            parts.forEachPart { xs.append($0[0].x) }
            drawn.append((color, width, xs))
        }
        let red = RGBA(1, 0, 0)
        for (x, width) in [(1.0, 2.0), (2, 1.5), (3, 2.0), (4, 1.5), (5, 3.0)] { groups.add(red, width, Self.part(x)) }
        groups.flush()
        #expect(drawn.map(\.1) == [2.0, 1.5, 3.0])
        #expect(drawn.map(\.2) == [[1, 3], [2, 4], [5]])
        #expect(drawn.allSatisfy { $0.0 == red })
    }

    @Test("a new colour draws what came before it first, so features of different colours keep their order")
    func colourKeepsOrder() {
        var drawn: [(RGBA, Double)] = []
        var groups = StrokeGroups<Double> { color, width, _ in drawn.append((color, width)) }
        let (red, blue) = (RGBA(1, 0, 0), RGBA(0, 0, 1))
        groups.add(red, 1, Self.part(1))
        groups.add(blue, 1, Self.part(2))
        groups.add(red, 1, Self.part(3))
        groups.add(red, 2, Self.part(4))
        groups.flush()
        #expect(drawn.map(\.0) == [red, blue, red, red] && drawn.map(\.1) == [1, 1, 1, 2])
        drawn.removeAll()
        groups.flush()
        #expect(drawn.isEmpty, "a second flush draws nothing")
    }
}
