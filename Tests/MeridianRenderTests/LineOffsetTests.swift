import MeridianGeometry
@testable import MeridianRender
import Testing

/// Lines moved sideways (`line-offset`) and casings' two strokes (`line-gap-width`).
@Suite struct LineOffsetTests {
    static func moved(_ points: [ScreenPoint], by d: Double) -> [[ScreenPoint]] {
        var out = Polylines()
        points.withUnsafeBufferPointer { LineOffset.append($0, by: d, into: &out) }
        var parts: [[ScreenPoint]] = []
        out.forEachPart { parts.append(Array($0)) }
        return parts
    }

    static func p(_ x: Double, _ y: Double) -> ScreenPoint { ScreenPoint(x: x, y: y) }

    static func near(_ a: [ScreenPoint], _ b: [ScreenPoint]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0.x - $1.x) < 1e-9 && abs($0.y - $1.y) < 1e-9 }
    }

    @Test("a line heading east moves south (right of travel, y down); west-bound moves north; negative moves left")
    func straight() {
        #expect(Self.near(Self.moved([Self.p(0, 0), Self.p(10, 0)], by: 3)[0], [Self.p(0, 3), Self.p(10, 3)]))
        #expect(Self.near(Self.moved([Self.p(10, 0), Self.p(0, 0)], by: 3)[0], [Self.p(10, -3), Self.p(0, -3)]))
        #expect(Self.near(Self.moved([Self.p(0, 0), Self.p(10, 0)], by: -2)[0], [Self.p(0, -2), Self.p(10, -2)]))
    }

    @Test("a right angle meets in a miter √2 distances from the corner; a U-turn is bevelled into two points")
    func bends() {
        // East then south: the right side is inside the turn.
        let inside = Self.moved([Self.p(0, 0), Self.p(10, 0), Self.p(10, 10)], by: 2)[0]
        #expect(Self.near(inside, [Self.p(0, 2), Self.p(8, 2), Self.p(8, 10)]))
        let outside = Self.moved([Self.p(0, 0), Self.p(10, 0), Self.p(10, 10)], by: -2)[0]
        #expect(Self.near(outside, [Self.p(0, -2), Self.p(12, -2), Self.p(12, 10)]))
        let uTurn = Self.moved([Self.p(0, 0), Self.p(10, 0), Self.p(0, 0.001)], by: 2)[0]
        #expect(uTurn.count == 4, "\(uTurn)")
    }

    @Test("repeated points are left out; a part of one distinct point, a non-finite distance, add nothing")
    func degenerate() {
        #expect(
            Self.moved([Self.p(0, 0), Self.p(0, 0), Self.p(5, 0), Self.p(5, 0)], by: 1) == [
                [Self.p(0, 1), Self.p(5, 1)]
            ])
        #expect(Self.moved([Self.p(1, 1), Self.p(1, 1)], by: 1).isEmpty)
        #expect(Self.moved([Self.p(0, 0), Self.p(5, 0)], by: .nan).isEmpty)
        #expect(
            Self.moved([Self.p(0, 0), Self.p(.infinity, 0), Self.p(5, 0)], by: 1) == [[Self.p(0, 1), Self.p(5, 1)]])
    }

    @Test("drawn: a casing is two strokes with the gap between them; an offset line lies to the right of travel")
    func drawn() throws {
        let casing = try LineJoinCapTests.pixels(
            kind: "straight", layout: "", paint: #", "line-gap-width": 10"#, width: 4)
        // Strokes 4 wide centred 7 either side of y = 256: 247–251 and 261–265.
        #expect(casing(256, 256) < 8 && casing(256, 249) > 200 && casing(256, 263) > 200)
        #expect(casing(256, 244) < 8 && casing(256, 267) < 8)
        let offset = try LineJoinCapTests.pixels(kind: "straight", layout: "", paint: #", "line-offset": 15"#, width: 4)
        #expect(offset(256, 256) < 8 && offset(256, 271) > 200, "east-bound: moved south")
        let both = try LineJoinCapTests.pixels(
            kind: "straight", layout: "", paint: #", "line-offset": -20, "line-gap-width": 10"#, width: 4)
        #expect(both(256, 229) > 200 && both(256, 243) > 200 && both(256, 236) < 8 && both(256, 256) < 8)
    }

    @Test(
        "translate moves a layer along the map's axes (turning with the bearing), or the screen's with the viewport anchor"
    )
    func translated() throws {
        let south = try LineJoinCapTests.pixels(
            kind: "straight", layout: "", paint: #", "line-translate": [0, 20]"#, width: 4)
        #expect(south(256, 276) > 200 && south(256, 256) < 8)
        // At bearing 90 east is up: the line runs down the screen at x = 256, and the map's south is to the right.
        let turned = try LineJoinCapTests.pixels(
            kind: "straight", layout: "", paint: #", "line-translate": [0, 20]"#, width: 4, bearing: 90)
        #expect(turned(276, 256) > 200 && turned(256, 256) < 8)
        let screen = try LineJoinCapTests.pixels(
            kind: "straight", layout: "", paint: #", "line-translate": [0, 20], "line-translate-anchor": "viewport""#,
            width: 4, bearing: 90)
        #expect(screen(256, 395) > 200 && screen(256, 140) < 8 && screen(276, 256) < 8)
    }
}
