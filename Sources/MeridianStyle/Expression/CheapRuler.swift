import RealModule

/// Distances in metres near a latitude, as the cheap ruler measures them (WGS84's curvature at
/// that latitude: Mapbox's cheap-ruler, which MapLibre's `distance` uses), and the nearest-point
/// searches `distance` needs.
struct CheapRuler {
    /// Metres per degree of longitude and of latitude.
    let kx: Double, ky: Double

    init(latitude: Double) {
        let (re, fe) = (6378.137, 1 / 298.257223563)
        let e2 = fe * (2 - fe)
        let m = Double.pi / 180 * re * 1000
        let coslat = Double.cos(latitude * Double.pi / 180)
        let w2 = 1 / (1 - e2 * (1 - coslat * coslat))
        let w = w2.squareRoot()
        (kx, ky) = (m * w * coslat, m * w * w2 * (1 - e2))
    }

    typealias Position = Distance.Position

    /// Degrees of longitude folded into −180...180.
    func wrap(_ deg: Double) -> Double {
        guard deg.isFinite else { return deg }
        var d = deg.truncatingRemainder(dividingBy: 360)
        if d < -180 { d += 360 } else if d > 180 { d -= 360 }
        return d
    }

    func distance(_ a: Position, _ b: Position) -> Double {
        let dx = wrap(a.lon - b.lon) * kx
        let dy = (a.lat - b.lat) * ky
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The distance from a point to the nearest point of a line (a one-point line: to that point).
    func pointToLine(_ p: Position, _ line: [Position]) -> Double {
        if line.count == 1 { return distance(p, line[0]) }
        var best = Double.infinity
        for (a, b) in zip(line, line.dropFirst()) { best = min(best, pointToSegment(p, a, b)) }
        return best
    }

    /// The distance from a point to the nearest point of the segment from `a` to `b`.
    func pointToSegment(_ p: Position, _ a: Position, _ b: Position) -> Double {
        var (x, y) = (a.lon, a.lat)
        let dx = wrap(b.lon - x) * kx
        let dy = (b.lat - y) * ky
        if dx != 0 || dy != 0 {
            let t = (wrap(p.lon - x) * kx * dx + (p.lat - y) * ky * dy) / (dx * dx + dy * dy)
            if t > 1 {
                (x, y) = (b.lon, b.lat)
            } else if t > 0 {
                (x, y) = (x + dx / kx * t, y + dy / ky * t)
            }
        }
        return distance(p, (x, y))
    }

    func segmentToSegment(_ p1: Position, _ p2: Position, _ q1: Position, _ q2: Position) -> Double {
        min(
            pointToSegment(p1, q1, q2), pointToSegment(p2, q1, q2), pointToSegment(q1, p1, p2),
            pointToSegment(q2, p1, p2))
    }

    static func crosses(_ a: Position, _ b: Position, _ c: Position, _ d: Position) -> Bool {
        Within.crosses((a.lon, a.lat), (b.lon, b.lat), (c.lon, c.lat), (d.lon, d.lat))
    }

    func lineToLine(_ l1: [Position], _ l2: [Position]) -> Double {
        if l1.count == 1 { return pointToLine(l1[0], l2) }
        if l2.count == 1 { return pointToLine(l2[0], l1) }
        var best = Double.infinity
        for (p1, p2) in zip(l1, l1.dropFirst()) {
            for (q1, q2) in zip(l2, l2.dropFirst()) {
                if Self.crosses(p1, p2, q1, q2) { return 0 }
                best = min(best, segmentToSegment(p1, p2, q1, q2))
            }
        }
        return best
    }

    /// Whether a point is in a polygon, its edges included.
    static func within(_ p: Position, _ polygon: [[Position]]) -> Bool {
        var inside = false
        for ring in polygon {
            for (a, b) in zip(ring, ring.dropFirst()) {
                let (x1, y1, x2, y2) = (p.lon - a.lon, p.lat - a.lat, p.lon - b.lon, p.lat - b.lat)
                if x1 * y2 - x2 * y1 == 0, x1 * x2 <= 0, y1 * y2 <= 0 { return true }
                if (a.lat > p.lat) != (b.lat > p.lat),
                    p.lon < (b.lon - a.lon) * (p.lat - a.lat) / (b.lat - a.lat) + a.lon
                {
                    inside.toggle()
                }
            }
        }
        return inside
    }

    func pointToPolygon(_ p: Position, _ polygon: [[Position]]) -> Double {
        if Self.within(p, polygon) { return 0 }
        var best = Double.infinity
        for ring in polygon where !ring.isEmpty {
            if let front = ring.first, let back = ring.last, front != back {
                best = min(best, pointToLine(p, [back, front]))
            }
            best = min(best, pointToLine(p, ring))
        }
        return best
    }

    /// Every closing edge of a polygon's rings (the last point to the first included).
    static func edges(_ polygon: [[Position]]) -> [(Position, Position)] {
        polygon.flatMap { ring in ring.indices.map { (ring[($0 + ring.count - 1) % ring.count], ring[$0]) } }
    }

    func lineToPolygon(_ line: [Position], _ polygon: [[Position]]) -> Double {
        if line.contains(where: { Self.within($0, polygon) }) { return 0 }
        if line.count == 1 { return pointToPolygon(line[0], polygon) }
        var best = Double.infinity
        for (p1, p2) in zip(line, line.dropFirst()) {
            for (q1, q2) in Self.edges(polygon) {
                if Self.crosses(p1, p2, q1, q2) { return 0 }
                best = min(best, segmentToSegment(p1, p2, q1, q2))
            }
        }
        return best
    }

    func polygonToPolygon(_ a: [[Position]], _ b: [[Position]]) -> Double {
        if a.joined().contains(where: { Self.within($0, b) }) || b.joined().contains(where: { Self.within($0, a) }) {
            return 0
        }
        var best = Double.infinity
        for (p1, p2) in Self.edges(a) {
            for (q1, q2) in Self.edges(b) {
                if Self.crosses(p1, p2, q1, q2) { return 0 }
                best = min(best, segmentToSegment(p1, p2, q1, q2))
            }
        }
        return best
    }
}
