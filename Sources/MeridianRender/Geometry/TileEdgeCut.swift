import MeridianTiles

/// A polygon's outline without the edges a tile made by clipping it: where a polygon crosses a
/// tile's edge, the tile holds it cut at the edge of its buffer (beyond its own square), and that
/// cut is no edge of the polygon; the neighbouring tile holds the rest, and its own part of the
/// outline.
///
/// Stroked, the cut drew a seam across the polygon a few pixels inside the neighbour, in views that
/// read the tile, and not in views that did not (a building at a z14 tile's edge differed between
/// the static map and the raster tiles over it).
///
/// Tile units, extent `extent`: a ring's edges that lie wholly outside the tile's square
/// (`0…extent` on both axes, a side included) are left out. A ring with no such edge is
/// ``Outline/closed``, to be stroked whole; any other gives the open pieces of consecutive edges
/// kept, in order, the closing edge included.
enum TileEdgeCut {
    /// What is left of a ring's outline.
    enum Outline: Equatable {
        /// No edge lies outside the tile: the whole ring, stroked closed.
        case closed
        /// The pieces kept (each of at least two points), stroked open; empty when the whole
        /// ring lies in the buffer.
        case pieces([[VectorTile.Point]])
    }

    static func outline(_ ring: [VectorTile.Point], extent: Int) -> Outline {
        guard ring.count >= 2 else { return .closed }
        let e = Int64(extent)
        func outside(_ p: VectorTile.Point, _ q: VectorTile.Point) -> Bool {
            let (px, py, qx, qy) = (Int64(p.x), Int64(p.y), Int64(q.x), Int64(q.y))
            return (px < 0 && qx < 0) || (px > e && qx > e) || (py < 0 && qy < 0) || (py > e && qy > e)
        }
        let n = ring.count
        // Edge i joins ring[i] and ring[(i + 1) % n]; a ring written closed (last == first)
        // has a zero-length closing edge, which is kept or dropped with its neighbours alike.
        // Most rings lie inside their tile: found without allocating.
        guard let firstCut = (0..<n).first(where: { outside(ring[$0], ring[($0 + 1) % n]) }) else { return .closed }
        let cut = (0..<n).map { outside(ring[$0], ring[($0 + 1) % n]) }
        var pieces: [[VectorTile.Point]] = []
        var current: [VectorTile.Point] = []
        // Start just after a cut edge, so no piece wraps around the ring's start.
        for step in 1...n {
            let i = (firstCut + step) % n
            if cut[i] {
                if current.count >= 2 { pieces.append(current) }
                current = []
            } else {
                if current.isEmpty { current.append(ring[i]) }
                current.append(ring[(i + 1) % n])
            }
        }
        if current.count >= 2 { pieces.append(current) }
        return .pieces(pieces)
    }
}
