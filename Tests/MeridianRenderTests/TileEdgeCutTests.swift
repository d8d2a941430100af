@testable import MeridianRender
import MeridianTiles
import Testing

/// The edges a tile's clip made are left out of a polygon's outline; every other edge is kept,
/// once, in order.
@Suite struct TileEdgeCutTests {
    typealias P = VectorTile.Point
    static let extent = 4096

    @Test("a ring inside the tile (its sides included) is stroked whole")
    func inside() {
        let ring = [P(x: 0, y: 0), P(x: 4096, y: 0), P(x: 4096, y: 4096), P(x: 0, y: 4096)]
        #expect(TileEdgeCut.outline(ring, extent: Self.extent) == .closed)
    }

    @Test(
        "a building cut at the buffer's edge east of the tile loses that edge only; one wholly in the buffer has no outline"
    )
    func cutEdge() {
        // The tile's clip made the edge x = 4200 (in the buffer, beyond 4096).
        let ring = [P(x: 4000, y: 100), P(x: 4200, y: 100), P(x: 4200, y: 300), P(x: 4000, y: 300)]
        #expect(TileEdgeCut.outline(ring, extent: Self.extent) == .pieces([[ring[2], ring[3], ring[0], ring[1]]]))
        // Written closed (last point repeats the first): the same edges.
        #expect(
            TileEdgeCut.outline(ring + [ring[0]], extent: Self.extent)
                == .pieces([[ring[2], ring[3], ring[0], ring[0], ring[1]]]))
        let buffer = [P(x: 4150, y: 100), P(x: 4200, y: 100), P(x: 4200, y: 300), P(x: 4150, y: 300)]
        #expect(TileEdgeCut.outline(buffer, extent: Self.extent) == .pieces([]))
    }

    @Test("seeded random rings: the pieces hold every edge not wholly outside the tile, once, and no other")
    func randomRings() {
        var seed: UInt64 = 0x5EED_36
        func next(_ range: ClosedRange<Int32>) -> Int32 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound
                + Int32(truncatingIfNeeded: (seed >> 33) % UInt64(range.upperBound - range.lowerBound + 1))
        }
        for round in 0..<500 {
            let ring = (0..<Int(next(3...12))).map { _ in P(x: next(-300...4400), y: next(-300...4400)) }
            let n = ring.count
            let e = Int32(Self.extent)
            func outside(_ p: P, _ q: P) -> Bool {
                (p.x < 0 && q.x < 0) || (p.x > e && q.x > e) || (p.y < 0 && q.y < 0) || (p.y > e && q.y > e)
            }
            var expected = (0..<n).filter { !outside(ring[$0], ring[($0 + 1) % n]) }.map {
                [ring[$0], ring[($0 + 1) % n]]
            }
            switch TileEdgeCut.outline(ring, extent: Self.extent) {
            case .closed:
                #expect(expected.count == n, "round \(round) (seed 0x5EED_36): closed with an edge outside")
            case let .pieces(pieces):
                var kept: [[P]] = []
                for piece in pieces { for i in 0..<(piece.count - 1) { kept.append([piece[i], piece[i + 1]]) } }
                #expect(expected.count < n, "round \(round): pieces without an edge outside")
                for edge in kept {
                    guard let at = expected.firstIndex(of: edge) else {
                        Issue.record("round \(round): edge \(edge) is not one to keep")
                        continue
                    }
                    expected.remove(at: at)
                }
                #expect(expected.isEmpty, "round \(round): edges left out: \(expected)")
            }
        }
    }
}
