import MeridianGeometry
@testable import MeridianRender
import MeridianTestSupport
import Testing

@Suite struct LineLabelsTests {
    func p(_ x: Double, _ y: Double) -> ScreenPoint { ScreenPoint(x: x, y: y) }

    @Test("pieces of a street join end to end whichever way each is drawn; apart ones stay apart")
    func joining() {
        let lines = LineLabels.joined([[p(0, 0), p(10, 0)], [p(20, 0), p(10, 0)], [p(20, 0), p(30, 1)], [p(100, 100), p(110, 100)]])
        #expect(lines.count == 2)
        let long = lines.first { $0.count == 4 }
        #expect(long?.first == p(30, 1) || long?.last == p(30, 1))
        #expect(long.map { Set($0.map(\.x)) } == [0, 10, 20, 30])
    }

    @Test("straight runs break where the line turns more than the bend limit or leaves the chord by 2 points")
    func runs() {
        // An L: two runs. A gentle wobble within 2 pt: one run.
        let l = LineLabels.straightRuns([p(0, 0), p(50, 0), p(100, 0), p(100, 50)])
        #expect(l.count == 2 && l[0] == (p(0, 0), p(100, 0)) && l[1] == (p(100, 0), p(100, 50)))
        let wobble = LineLabels.straightRuns([p(0, 0), p(40, 1), p(80, 0), p(120, 1)])
        #expect(wobble.count == 1)
        #expect(LineLabels.straightRuns([p(0, 0)]).isEmpty)
    }
}

@Suite(.enabled(if: RenderData.available, "no default data: run scripts/build-data.sh"))
struct StreetNamesAtZoom15Tests {
    @Test("at zoom 15 the main streets are named, each once, apart from every other label")
    func names() throws {
        let (_, frame) = try RenderData.frame(Coordinate(latitude: 60.1716, longitude: 24.9443), zoom: 15)
        let texts = frame.labels.map(\.text)
        for street in ["Mannerheimintie", "Aleksanterinkatu", "Pohjoisesplanadi", "Kaivokatu"] {
            #expect(texts.filter { $0 == street }.count == 1, "\(street) in \(texts)")
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
