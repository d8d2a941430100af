import Foundation
import MeridianGeometry

/// `fill-extrusion-rounded-corner-distance`: each corner of a footprint's ring cut back by the
/// distance along both its edges (at most half of each edge, so two corners of a short edge meet
/// at its middle, as MapLibre clamps it) and replaced by a curve tangent to both edges there (a
/// quadratic Bézier through ``steps`` segments, the corner its control point). Corners where the
/// ring runs straight on are kept.
enum RoundedCorners {
    /// Segments per rounded corner.
    static let steps = 6

    /// `ring` (normalised world points; a repeated first point at the end is dropped) with its
    /// corners rounded over `metres`; the ring itself for 0 or less, a ring of fewer than three
    /// points, or a distance that is not finite.
    static func rounded(_ ring: [MercatorPoint], metres: Double) -> [MercatorPoint] {
        var points = ring
        if points.count > 1, points.first == points.last { points.removeLast() }
        guard metres > 0, metres.isFinite, points.count >= 3 else { return ring }
        // Metres to normalised world units where the ring is (a world of 256 points at zoom 0).
        let latitude = WebMercator.unproject(points[0]).latitude
        let distance = metres / (WebMercator.metersPerPoint(latitude: latitude, zoom: 0) * 256)
        var out: [MercatorPoint] = []
        out.reserveCapacity(points.count * (steps + 1))
        for i in points.indices {
            let p = points[i]
            let a = points[(i + points.count - 1) % points.count]
            let b = points[(i + 1) % points.count]
            let (ax, ay, bx, by) = (a.x - p.x, a.y - p.y, b.x - p.x, b.y - p.y)
            let (la, lb) = ((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
            let d = min(distance, la / 2, lb / 2)
            let straight = abs(ax * by - ay * bx) <= 1e-12 * la * lb
            guard d > 0, !straight else {
                out.append(p)
                continue
            }
            let p1 = MercatorPoint(x: p.x + ax / la * d, y: p.y + ay / la * d)
            let p2 = MercatorPoint(x: p.x + bx / lb * d, y: p.y + by / lb * d)
            for s in 0...steps {
                let t = Double(s) / Double(steps)
                let (u, v, w) = ((1 - t) * (1 - t), 2 * t * (1 - t), t * t)
                out.append(MercatorPoint(x: u * p1.x + v * p.x + w * p2.x, y: u * p1.y + v * p.y + w * p2.y))
            }
        }
        return out
    }
}
