import MeridianGeometry
@testable import MeridianRender
import Testing

/// Lines cut to a tile's square: what lies inside kept, cut exactly on the edges, pieces that
/// leave and come back kept apart.
struct SquareClipTests {
    static let square = [(0.0, 0.0), (10, 0), (10, 10), (0, 10)].map { ScreenPoint(x: $0.0, y: $0.1) }

    static func clip(_ points: [(Double, Double)], _ quad: [ScreenPoint] = square) -> [[ScreenPoint]] {
        var out = Polylines()
        points.map { ScreenPoint(x: $0.0, y: $0.1) }.withUnsafeBufferPointer {
            SquareClip.append($0, inside: SquareClip.edges(quad), into: &out)
        }
        var parts: [[ScreenPoint]] = []
        out.forEachPart { parts.append(Array($0)) }
        return parts
    }

    @Test("a line across the square is cut on its edges; one inside is kept whole")
    func across() {
        let parts = Self.clip([(-5, 5), (5, 5), (15, 8)])
        #expect(parts.count == 1)
        let p = parts[0]
        #expect(p.count == 3)
        #expect(abs(p[0].x) < 1e-12 && abs(p[0].y - 5) < 1e-12)
        #expect(abs(p[1].x - 5) < 1e-12)
        // (5, 5) → (15, 8) leaves at x = 10: y = 5 + 3 × 0.5.
        #expect(abs(p[2].x - 10) < 1e-12 && abs(p[2].y - 6.5) < 1e-12)
        #expect(Self.clip([(1, 1), (9, 9), (2, 8)]).map(\.count) == [3])
    }

    @Test("a line that leaves and comes back is two pieces; one wholly outside is none")
    func leaves() {
        let parts = Self.clip([(2, 2), (20, 2), (20, 8), (2, 8)])
        #expect(parts.count == 2)
        #expect(parts.allSatisfy { $0.count == 2 })
        #expect(Self.clip([(-5, -5), (-1, 20)]).isEmpty)
    }

    @Test("either winding, a turned square; two neighbours' pieces meet at one point and do not overlap")
    func neighbours() {
        let turned = [(5.0, 0.0), (10, 5), (5, 10), (0, 5)].map { ScreenPoint(x: $0.0, y: $0.1) }
        let parts = Self.clip([(-3, 5), (13, 5)], Array(turned.reversed()))
        #expect(parts.count == 1 && abs(parts[0][0].x) < 1e-12 && abs(parts[0][1].x - 10) < 1e-12)
        let right = [(10.0, 0.0), (20, 0), (20, 10), (10, 10)].map { ScreenPoint(x: $0.0, y: $0.1) }
        let line = [(4.0, 3.0), (16, 7)]
        let (a, b) = (Self.clip(line), Self.clip(line, right))
        #expect(a.count == 1 && b.count == 1)
        #expect(abs(a[0].last!.x - b[0].first!.x) < 1e-12 && abs(a[0].last!.y - b[0].first!.y) < 1e-12)
        // A line along the edge two squares share is one square's, whichever way each is wound.
        let below = [(0.0, 10.0), (10, 10), (10, 20), (0, 20)].map { ScreenPoint(x: $0.0, y: $0.1) }
        let along = [(2.0, 10.0), (8, 10)]
        #expect(Self.clip(along).count + Self.clip(along, below).count == 1)
        #expect(Self.clip(along, Self.square.reversed()).count + Self.clip(along, below.reversed()).count == 1)
    }

    @Test("non-finite points break the line; no square keeps it whole")
    func hostile() {
        let parts = Self.clip([(1, 1), (.nan, 4), (3, 3), (4, 4), (.infinity, 1)])
        #expect(parts.count == 1 && parts[0].count == 2)
        var out = Polylines()
        [ScreenPoint(x: -50, y: 0), ScreenPoint(x: 50, y: 0)].withUnsafeBufferPointer {
            SquareClip.append($0, inside: [], into: &out)
        }
        #expect(out.points.count == 2)
    }

    /// The area of a ring (``RoundedCornersTests/area(_:)``'s shoelace).
    static func area(_ ring: [ScreenPoint]) -> Double {
        RoundedCornersTests.area(ring.map { MercatorPoint(x: $0.x, y: $0.y) })
    }

    static func clipRing(_ points: [(Double, Double)], _ quad: [ScreenPoint] = square) -> [[ScreenPoint]] {
        var out = Polylines()
        points.map { ScreenPoint(x: $0.0, y: $0.1) }.withUnsafeBufferPointer {
            SquareClip.appendRing($0, inside: SquareClip.edges(quad), into: &out)
        }
        var parts: [[ScreenPoint]] = []
        out.forEachPart { parts.append(Array($0)) }
        return parts
    }

    @Test(
        "a fill's ring is cut to the square: the part inside kept (its area exactly), none outside, the square within a larger ring"
    )
    func rings() {
        // Half of a 10 × 10 square over the square's right edge: 5 × 10 inside.
        let half = Self.clipRing([(5, 0), (15, 0), (15, 10), (5, 10)])
        #expect(half.count == 1 && abs(Self.area(half[0]) - 50) < 1e-9)
        // A triangle over the corner (its long side on x + y = 4): inside, (0,0)-(4,0)-(0,4), area 8.
        let corner = Self.clipRing([(-4, -4), (8, -4), (-4, 8)])
        #expect(corner.count == 1 && abs(Self.area(corner[0]) - 8) < 1e-9)
        #expect(Self.clipRing([(20, 20), (30, 20), (30, 30)]).isEmpty)
        let around = Self.clipRing([(-5, -5), (15, -5), (15, 15), (-5, 15)])
        #expect(around.count == 1 && abs(Self.area(around[0]) - 100) < 1e-9)
        // Two neighbours share what a ring over their edge covers, without overlap.
        let right = [(10.0, 0.0), (20, 0), (20, 10), (10, 10)].map { ScreenPoint(x: $0.0, y: $0.1) }
        let ring = [(3.0, 2.0), (17, 2), (17, 8), (3, 8)]
        let (a, b) = (Self.clipRing(ring), Self.clipRing(ring, right))
        #expect(abs(Self.area(a[0]) + Self.area(b[0]) - 14 * 6) < 1e-9)
    }
}
