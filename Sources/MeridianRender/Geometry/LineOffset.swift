import MeridianGeometry

/// Lines moved sideways, as `line-offset` moves a line and `line-gap-width` sets a casing's two
/// strokes apart: each vertex moved `distance` points to the right of the direction of travel
/// (left when negative; on screen, y down), the moved segments meeting in miters.
///
/// A bend sharper than a miter twice the distance (MapLibre's miter limit, 2) is cut: the vertex
/// becomes two, one on each segment's moved line, as a bevel. Repeated points are left out first;
/// a part of fewer than two distinct points adds nothing.
enum LineOffset {
    /// The longest miter, in distances, before a bend is bevelled.
    static let miterLimit = 2.0

    /// Appends `part` moved by `distance` points (finite) to `out`.
    static func append(_ part: UnsafeBufferPointer<ScreenPoint>, by distance: Double, into out: inout Polylines) {
        guard distance.isFinite else { return }
        var points: [ScreenPoint] = []
        points.reserveCapacity(part.count)
        for p in part where p.x.isFinite && p.y.isFinite && points.last != p { points.append(p) }
        guard points.count >= 2 else { return }
        guard distance != 0 else { return out.append(points) }
        // The unit normal to the right of each segment.
        let normals = zip(points, points.dropFirst()).map { a, b -> (x: Double, y: Double) in
            let (dx, dy) = (b.x - a.x, b.y - a.y)
            let l = (dx * dx + dy * dy).squareRoot()
            return (-dy / l, dx / l)
        }
        var moved: [ScreenPoint] = []
        moved.reserveCapacity(points.count + 4)
        for (i, p) in points.enumerated() {
            let n1 = normals[max(0, i - 1)]
            let n2 = normals[min(normals.count - 1, i)]
            let cosTurn = n1.x * n2.x + n1.y * n2.y
            // The miter's length over the distance is 1 / cos(half the turn).
            let cosHalf = ((1 + cosTurn) / 2).squareRoot()
            if cosHalf * miterLimit < 1 {
                moved.append(ScreenPoint(x: p.x + n1.x * distance, y: p.y + n1.y * distance))
                moved.append(ScreenPoint(x: p.x + n2.x * distance, y: p.y + n2.y * distance))
            } else {
                let scale = distance / (1 + cosTurn)
                moved.append(ScreenPoint(x: p.x + (n1.x + n2.x) * scale, y: p.y + (n1.y + n2.y) * scale))
            }
        }
        out.append(moved)
    }
}
