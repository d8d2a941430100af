import RealModule

/// Containment of a coordinate in a closed path (polygon) on the sphere.
extension Geodesy {
    /// How the edges between consecutive path points run.
    public enum EdgeKind: Sendable {
        /// Great-circle arcs (shortest paths on the sphere).
        case geodesic
        /// Rhumb lines: straight in Web Mercator.
        case rhumb
    }

    /// Whether `point` lies inside the closed `polygon` (last point joins the first).
    ///
    /// Counts crossings of the meridian arc from `point` up to the north pole (even-odd rule),
    /// so a polygon may cross the antimeridian. Points exactly on an edge may fall either side.
    /// Fewer than three points, or non-finite input, give `false`.
    public static func contains<C: Collection>(
        _ point: Coordinate, in polygon: C, edges: EdgeKind = .geodesic
    ) -> Bool where C.Element == Coordinate {
        guard polygon.count >= 3, point.isFinite else { return false }
        var inside = false
        var previous = polygon[polygon.index(polygon.endIndex, offsetBy: -1)]
        for current in polygon {
            guard current.isFinite else { return false }
            if crossesNorthRay(from: point, previous, current, edges) { inside.toggle() }
            previous = current
        }
        return inside
    }

    /// Whether the edge a→b crosses the meridian of `p` north of `p`.
    static func crossesNorthRay(from p: Coordinate, _ a: Coordinate, _ b: Coordinate, _ edges: EdgeKind) -> Bool {
        // Longitudes relative to p, in [-180, 180); the edge spans the short way.
        let la = Angle.shortestDelta(from: p.longitude, to: a.longitude)
        let lb = la + Angle.shortestDelta(from: a.longitude, to: b.longitude)
        // Half-open rule: the edge counts if p's meridian (0) lies in [min, max).
        guard (la <= 0 && lb > 0) || (lb <= 0 && la > 0) else { return false }
        let latitude: Double
        switch edges {
        case .rhumb:
            let ya = WebMercator.y(latitude: a.latitude)
            let yb = WebMercator.y(latitude: b.latitude)
            latitude = WebMercator.latitude(y: ya + (yb - ya) * (0 - la) / (lb - la))
        case .geodesic:
            // Latitude of the great circle through a and b at relative longitude 0.
            let ta = Double.tan(Angle.radians(a.latitude))
            let tb = Double.tan(Angle.radians(b.latitude))
            let ra = Angle.radians(la)
            let rb = Angle.radians(lb)
            let t = (ta * Double.sin(rb) - tb * Double.sin(ra)) / Double.sin(rb - ra)
            latitude = Angle.degrees(Double.atan(t))
        }
        return latitude > p.latitude
    }
}
