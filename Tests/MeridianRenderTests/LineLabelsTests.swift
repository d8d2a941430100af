import Foundation
import MeridianGeometry
@testable import MeridianRender
import MeridianTestSupport
import Testing

@Suite struct LineLabelsTests {
    func p(_ x: Double, _ y: Double) -> ScreenPoint { ScreenPoint(x: x, y: y) }

    typealias P = (x: Double, y: Double)

    /// Street-name rules at an overscaled z14 tile seen at style zoom 15: 4 units a point.
    static func rules(spacing: Double = 250, length: Double = 100, maxAngle: Double? = nil) -> LineAnchors {
        LineAnchors(
            extent: 4096, unitsPerPoint: 4, overscaling: 2, spacing: spacing, length: length, textMaxSize: 12,
            maxAngle: maxAngle)
    }

    /// Where each anchor is along `line`, in tile units from its start.
    static func distances(_ anchors: [LineAnchors.Anchor], _ line: [P]) -> [Double] {
        func d(_ a: P, _ b: P) -> Double { ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
        return anchors.map { a in
            (0..<a.index).reduce(0) { $0 + d(line[$1], line[$1 + 1]) } + a.t * d(line[a.index], line[a.index + 1])
        }
    }

    @Test(
        "MapLibre's anchors: a line of its own first at (length/2 + 48)·box scale·overscaling mod spacing, then every spacing; one entering from the edge at half a spacing"
    )
    func anchorSpacing() {
        // Box scale 4 · 12 / 24 = 2; length 100 points: (50 + 48) · 2 · 2 = 392 units; spacing 1000 units.
        let line: [P] = [(100, 2000), (3900, 2000)]
        let own = Self.distances(Self.rules().anchors(line), line)
        #expect(own.map { ($0 * 1e6).rounded() / 1e6 } == [392, 1392, 2392, 3392], "\(own)")
        // Continued (starts on the tile's edge): (500 · 2) mod 1000 = 0, then 1000, 2000, 3000; the first
        // leaves no room for half the label (100 units) behind it.
        let edge: [P] = [(0, 2000), (3900, 2000)]
        #expect(
            Self.distances(Self.rules().anchors(edge), edge).map { ($0 * 1e6).rounded() / 1e6 } == [1000, 2000, 3000])
        // Nothing beyond the tile: a line running on past x = 4096 keeps only the anchors inside.
        let long: [P] = [(100, 2000), (8000, 2000)]
        #expect(Self.distances(Self.rules().anchors(long), long).allSatisfy { 100 + $0 < 4096 })
        // A label as long as the spacing (1000 units) keeps a quarter spacing between neighbours: 1250 units.
        let wide = Self.distances(Self.rules(length: 500).anchors(long), long)
        #expect(zip(wide, wide.dropFirst()).allSatisfy { abs($1 - $0 - 1250) < 1e-6 }, "\(wide)")
        #expect(Self.rules().anchors([(5, 5)]).isEmpty && Self.rules(spacing: .nan).anchors(line).isEmpty)
    }

    @Test("a short line of its own gets one anchor at its middle; a short line from the edge gets none")
    func middle() {
        let short: [P] = [(1000, 1000), (1300, 1000)]
        #expect(Self.distances(Self.rules().anchors(short), short) == [150])
        #expect(Self.rules().anchors([(0, 1000), (300, 1000)]).isEmpty)
    }

    @Test("text-max-angle: a label over a sharp corner is refused, over a gentle bend kept; an icon ignores bends")
    func maxAngle() {
        // A right angle at (2000, 2000), the anchor 392 units before it with the label 200 units long.
        let corner: [P] = [(1608, 2000), (2000, 2000), (2000, 3500)]
        let sharp = Self.rules(length: 100, maxAngle: 45 * .pi / 180).anchors(corner)
        #expect(!Self.distances(sharp, corner).contains { abs($0 - 392) < 1 })
        let icon = Self.rules(length: 100).anchors(corner)
        #expect(Self.distances(icon, corner).contains { abs($0 - 392) < 1 })
        let gentle: [P] = [(1608, 2000), (2000, 2000), (3500, 2200)]
        #expect(
            Self.distances(Self.rules(length: 100, maxAngle: 45 * .pi / 180).anchors(gentle), gentle).contains {
                abs($0 - 392) < 1
            })
    }

    @Test(
        "a tile's lines of one name join end to end (appended, prepended, or bridging two), in the first line's place; other names and gaps stay apart"
    )
    func merging() {
        func line(_ text: String, _ points: [P], _ feature: Int) -> LineMerge.Line {
            LineMerge.Line(text: text, points: points, feature: feature)
        }
        let merged = LineMerge.merged([
            line("A", [(0, 0), (10, 0)], 0), line("B", [(10, 0), (20, 0)], 1), line("A", [(20, 0), (30, 0)], 2),
            line("A", [(10, 0), (20, 0)], 3), line("A", [(-10, 0), (0, 0)], 4), line("A", [(50, 0), (60, 0)], 5),
        ])
        #expect(merged.map(\.feature) == [0, 1, 5], "A's pieces joined in feature 0's place; B and the far A apart")
        #expect(merged[0].text == "A" && merged[0].points.map(\.x) == [-10, 0, 10, 20, 30])
        #expect(merged[1].points.map(\.x) == [10, 20] && merged[2].points.map(\.x) == [50, 60])
    }

    @Test("lines are cut to the tile's square, pieces begun where a line leaves and comes back, ends on the sides")
    func clipping() {
        let pieces = LineAnchors.clipped([(-100, 100), (200, 100), (200, 5000), (300, 5000), (300, 200)], extent: 4096)
        #expect(pieces.count == 2)
        #expect(pieces[0].map(\.x) == [0, 200, 200] && pieces[0].map(\.y) == [100, 100, 4096])
        #expect(pieces[1].first! == (300, 4096) && pieces[1].last! == (300, 200))
        #expect(LineAnchors.clipped([(-5, -5), (-1, -9)], extent: 4096).isEmpty)
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
    @Test(
        "at zoom 15 the main streets are named (at least a dozen streets), apart from every other label"
    )
    func names() throws {
        let (_, frame) = try RenderData.frame(Coordinate(latitude: 60.1716, longitude: 24.9443), zoom: 15)
        let texts = frame.labels.map(\.text)
        #expect(Set(texts.filter { $0.hasSuffix("katu") || $0.hasSuffix("tie") }).count >= 12, "\(texts)")
        for street in ["Mannerheimintie", "Pohjoisesplanadi", "Eteläesplanadi", "Unioninkatu"] {
            #expect(texts.contains(street), "\(street) in \(texts)")
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
