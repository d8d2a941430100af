import Foundation
import MeridianTiles
@testable import MeridianRender
import Testing

/// Ring thinning (``RingThinning``): no vertex left out lies farther than the step from the ring
/// kept, rings smaller than the step go, small or coarse rings stay whole, hostile extremes
/// do not overflow.
struct RingThinningTests {
    /// A seeded jagged ring of `count` vertices: a circle of `radius` tile units, each vertex
    /// moved in or out by up to `noise` units.
    static func ring(count: Int, radius: Double, noise: Double = 1.5, seed: UInt64) -> [VectorTile.Point] {
        var state = seed
        return (0..<count).map { i in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let r = radius + (Double(state >> 40) / Double(1 << 24) * 2 - 1) * noise
            let a = Double(i) / Double(count) * 2 * .pi
            return VectorTile.Point(x: Int32((2048 + r * cos(a)).rounded()), y: Int32((2048 + r * sin(a)).rounded()))
        }
    }

    /// The distance from `p` to the segment `a`–`b`.
    static func distance(_ p: VectorTile.Point, _ a: VectorTile.Point, _ b: VectorTile.Point) -> Double {
        let (px, py, ax, ay, bx, by) = (Double(p.x), Double(p.y), Double(a.x), Double(a.y), Double(b.x), Double(b.y))
        let dx = bx - ax
        let dy = by - ay
        let l2 = dx * dx + dy * dy
        let t = l2 == 0 ? 0 : max(0, min(1, ((px - ax) * dx + (py - ay) * dy) / l2))
        return hypot(px - (ax + t * dx), py - (ay + t * dy))
    }

    @Test(
        "every vertex left out lies within the step of the kept ring (Douglas–Peucker's bound), and fewer are kept",
        arguments: [1, 2, 3, 4, 5])
    func withinStep(seed: Int) {
        let ring = Self.ring(count: 2000, radius: 1500, seed: UInt64(seed))
        let step = 4.0
        let kept = RingThinning.thinned(ring, step: step)
        #expect(kept.count >= 3 && kept.count < ring.count / 2, "\(kept.count) of \(ring.count)")
        #expect(kept.first == ring.first)
        // Walk the original ring: each vertex lies near a segment of the kept ring between the
        // kept vertices around it (the radial pass adds at most another step).
        var worst = 0.0
        var k = 0
        for p in ring {
            if k + 1 < kept.count && p == kept[k + 1] { k += 1 }
            let a = kept[k]
            let b = kept[(k + 1) % kept.count]
            worst = max(worst, Self.distance(p, a, b))
        }
        #expect(worst <= 2 * step + 1e-9, "worst \(worst) tile units")
    }

    @Test(
        "a ring within a step-sized box is left out; small rings and steps under one unit keep every vertex; extremes do not overflow"
    )
    func edges() {
        let tiny = [VectorTile.Point(x: 10, y: 10), VectorTile.Point(x: 12, y: 10), VectorTile.Point(x: 11, y: 12)]
        #expect(RingThinning.thinned(tiny, step: 4).isEmpty)
        let triangle = [VectorTile.Point(x: 0, y: 0), VectorTile.Point(x: 100, y: 0), VectorTile.Point(x: 0, y: 100)]
        #expect(RingThinning.thinned(triangle, step: 4) == triangle)
        let jagged = Self.ring(count: 500, radius: 300, seed: 9)
        #expect(RingThinning.thinned(jagged, step: 0.5) == jagged)
        let extremes = [
            VectorTile.Point(x: .min, y: .min), VectorTile.Point(x: .max, y: .min), VectorTile.Point(x: .max, y: .max),
            VectorTile.Point(x: .min, y: .max),
        ]
        #expect(RingThinning.thinned(extremes, step: 4) == extremes)
    }
}
