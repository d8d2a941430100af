import MeridianCamera

extension TileID {
    /// The ancestor of this tile at `zoom` (≤ this tile's zoom), or nil for a higher zoom.
    public func ancestor(atZoom zoom: Int) -> TileID? {
        guard zoom >= 0, zoom <= z else { return nil }
        let shift = z - zoom
        return TileID(z: zoom, x: x >> shift, y: y >> shift)
    }

    /// Over-zooming: where this tile's square lies inside an ancestor's, as fractions of the
    /// ancestor (`origin` of its top-left corner, `scale` its side): a tile 2 zooms deeper than
    /// its ancestor has scale 1/4. Nil for an `ancestor` that does not contain this tile.
    public func placement(in ancestor: TileID) -> (originX: Double, originY: Double, scale: Double)? {
        guard self.ancestor(atZoom: ancestor.z) == ancestor else { return nil }
        let n = 1 << (z - ancestor.z)
        let scale = 1 / Double(n)
        return (Double(x - ancestor.x * n) * scale, Double(y - ancestor.y * n) * scale, scale)
    }
}
