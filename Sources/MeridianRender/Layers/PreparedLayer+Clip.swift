import MeridianTiles

extension PreparedLayer {
    /// A polygon's rings cut to its tile's square widened by `margin` tile units on every side
    /// (Sutherland–Hodgman, ``GeoJSONTiler/clipRing(_:lo:hi:)``); rings left with fewer than three
    /// points dropped, so a polygon lying in the tile's buffer alone is none.
    ///
    /// MapLibre's stencil keeps a tile's fills inside its square, the neighbour drawing what lies
    /// beyond; a fill drawn through the whole buffer shows what the neighbour does not have (a
    /// ring around the square in the buffer alone: the render test `fill-outside-tile`). Cut at
    /// the square itself, the antialiased cut edges of two neighbours would leave a faint seam;
    /// the margin (a few points at the layer's zooms) puts each cut edge under the neighbour's own
    /// copy of the polygon. Rings inside the widened square (nearly all) are returned as they are.
    /// - Parameters: extent: the tile's extent (units a side); margin: tile units, ≥ 0.
    static func clipped(_ rings: [[VectorTile.Point]], extent: Int, margin: Double) -> [[VectorTile.Point]] {
        let (lo, hi) = (-margin, Double(extent) + margin)
        func inside(_ q: VectorTile.Point) -> Bool {
            Double(q.x) >= lo && Double(q.x) <= hi && Double(q.y) >= lo && Double(q.y) <= hi
        }
        guard !rings.allSatisfy({ $0.allSatisfy(inside) }) else { return rings }
        return rings.compactMap { ring in
            if ring.allSatisfy(inside) { return ring }
            let cut = GeoJSONTiler.clipRing(ring.map { (Double($0.x), Double($0.y)) }, lo: lo, hi: hi)
            return cut.count < 3 ? nil : cut.map { GeoJSONTiler.point($0.0, $0.1) }
        }
    }
}
