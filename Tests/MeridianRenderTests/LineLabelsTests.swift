import MeridianGeometry
@testable import MeridianRender
import MeridianTestSupport
import Testing

@Suite struct LineLabelsTests {
    func p(_ x: Double, _ y: Double) -> ScreenPoint { ScreenPoint(x: x, y: y) }

    @Test("pieces of a street join end to end whichever way each is drawn; apart ones stay apart")
    func joining() {
        let lines = LineLabels.joined([
            [p(0, 0), p(10, 0)], [p(20, 0), p(10, 0)], [p(20, 0), p(30, 1)], [p(100, 100), p(110, 100)],
        ])
        #expect(lines.count == 2)
        let long = lines.first { $0.count == 4 }
        #expect(long?.first == p(30, 1) || long?.last == p(30, 1))
        #expect(long.map { Set($0.map(\.x)) } == [0, 10, 20, 30])
        // A fork: three ends meet at (10, 0), so nothing joins there, in any order.
        let fork = [[p(0, 0), p(10, 0)], [p(10, 0), p(20, 0)], [p(10, 0), p(10, 10)]]
        for order in [fork, fork.reversed(), [fork[1], fork[0], fork[2]]] {
            #expect(LineLabels.joined(order).count == 3)
        }
    }

    @Test(
        "anchors lie where a line crosses the ground-fixed grid (x lines along flat segments, y lines along steep ones), once at a vertex, whichever part of the line is given"
    )
    func anchors() {
        let line = [p(10, 5), p(64, 5), p(100, 40), p(110, 100)]
        let all = LineLabels.anchors(line)
        // x = 32, 64 (the vertex, once), 96 along the flatter segments; y = 64, 96 along the steep one.
        let xs: [Double] = all.prefix(3).map { ($0.point.x * 1e6).rounded() / 1e6 }
        let ys: [Double] = all.suffix(2).map { ($0.point.y * 1e6).rounded() / 1e6 }
        #expect(xs == [32, 64, 96] && ys == [64, 96])
        #expect(all.map(\.level) == [0, 1, 0, 1, 0])
        // A piece of the same line offers the same anchors where it overlaps.
        let piece = LineLabels.anchors([p(40, 5), p(64, 5), p(100, 40)]).map(\.point)
        let overlapping: [ScreenPoint] = all.map(\.point).filter { (p: ScreenPoint) -> Bool in p.x >= 40 && p.y <= 40 }
        #expect(Set(overlapping) == Set(piece))
        #expect(LineLabels.anchors([p(0, 0)]).isEmpty)
        // Level 3 every 256 points: on a long straight line, never within the repeat distance.
        let level3 = LineLabels.anchors([p(3, 0), p(2000, 700)]).filter { $0.level == 3 }.map(\.point)
        let gaps: [Double] = zip(level3, level3.dropFirst()).map { ($1 - $0).length }
        #expect(level3.count == 7 && gaps.allSatisfy { $0 > LineLabels.repeatDistance })
    }

    @Test(
        "a stretch holds where the line runs straight for the reach each way, and not where it bends, wobbles past the tolerance or ends"
    )
    func stretches() throws {
        let straight = [p(0, 0), p(50, 1), p(100, 0), p(200, 0)]
        let anchor = LineLabels.Anchor(index: 1, point: p(75, 0.5))
        let chord = try #require(LineLabels.stretch(straight, at: anchor, reach: 40, tolerance: 2))
        #expect(abs(chord.0.x - 35) < 0.1 && abs(chord.1.x - 115) < 0.1, "\(chord)")
        #expect(
            LineLabels.stretch(straight, at: anchor, reach: 80, tolerance: 2) == nil, "the line ends 75 points behind")
        #expect(
            LineLabels.stretch(
                [p(0, 0), p(100, 0), p(100, 100)], at: .init(index: 0, point: p(80, 0)), reach: 40, tolerance: 2)
                == nil, "an L bends")
        #expect(
            LineLabels.stretch(
                [p(0, 0), p(40, 5), p(80, 0), p(120, 5)], at: .init(index: 1, point: p(60, 2.5)), reach: 50,
                tolerance: 2) == nil, "5 points off the chord")
    }
}

@Suite(.enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
struct StreetNamesAtZoom15Tests {
    @Test("at zoom 15 the main streets are named, a name again only 250 points on, apart from every other label")
    func names() throws {
        let (_, frame) = try RenderData.frame(Coordinate(latitude: 60.1716, longitude: 24.9443), zoom: 15)
        let texts = frame.labels.map(\.text)
        for street in ["Mannerheimintie", "Aleksanterinkatu", "Pohjoisesplanadi", "Kaivokatu"] {
            let labels = frame.labels.filter { $0.text == street }
            #expect(!labels.isEmpty, "\(street) in \(texts)")
            for (i, a) in labels.enumerated() {
                for b in labels[(i + 1)...] {
                    #expect(
                        (a.anchor - b.anchor).length >= LineLabels.repeatDistance, "\(street) twice within 250 points")
                }
            }
        }
        expectNoOverlap(frame.labels)
    }
}

@Suite(.enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
struct CapitalLabelsTests {
    @Test("capitals carry their Natural Earth names intact (Latin-1 tables read as such): København, not K�benhavn")
    func names() throws {
        let (_, frame) = try RenderData.frame(Coordinate(latitude: 55.68, longitude: 12.57), zoom: 6)
        let texts = frame.labels.map(\.text)
        #expect(texts.contains("København"), "\(texts)")
        #expect(!texts.contains { $0.contains("\u{FFFD}") })
    }
}

@Suite struct ScreenClipTests {
    func p(_ x: Double, _ y: Double) -> ScreenPoint { ScreenPoint(x: x, y: y) }

    @Test(
        "lines keep the whole segments that may touch the widened view, broken where a segment lies wholly beyond one side"
    )
    func clip() {
        let rect = (left: 0.0, top: 0.0, right: 100.0, bottom: 100.0)
        // In, out beyond the right side, back in: two pieces, each with its crossing segment whole.
        let pieces = ScreenClip.lines(
            [[p(50, 50), p(150, 50), p(300, 50), p(300, 60), p(150, 60), p(50, 60)]], to: rect, margin: 10)
        #expect(pieces == [[p(50, 50), p(150, 50)], [p(150, 60), p(50, 60)]])
        // A segment crossing the view with both ends far outside is kept.
        #expect(ScreenClip.lines([[p(-500, 50), p(500, 50)]], to: rect, margin: 10) == [[p(-500, 50), p(500, 50)]])
        // Wholly outside (but within the margin: kept), and beyond it: dropped.
        #expect(ScreenClip.lines([[p(105, 0), p(105, 100)]], to: rect, margin: 10).count == 1)
        #expect(ScreenClip.lines([[p(120, 0), p(120, 100)], [p(0, -30), p(100, -30)]], to: rect, margin: 10).isEmpty)
    }
}
