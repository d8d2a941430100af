import MeridianGeometry
import MeridianCamera

/// A tile's square on the screen (``square(_:frame:)``, as half-planes: ``edges(_:)``) and lines
/// and rings cut to it, as MapLibre's stencil keeps a tile's drawing inside its own square: where
/// a feature runs on into the tile's buffer, the neighbour tile draws that stretch, so drawing it
/// here too would lay it twice (visible where translucent features are composited one by one:
/// `StrokeStyle.separateParts`, translucent fills; fill outlines, ``Hairlines``, are clipped to
/// the same square pixel by pixel).
///
/// The cut ends lie on the square's edges; a line cut there is stroked with butt ends, which
/// meet the neighbour's butt ends exactly (both square to the line at the same point).
enum SquareClip {
    /// A tile's square on the screen (its world copy's), points, corners in order; nil when a
    /// corner is behind the eye (no clip then).
    static func square(_ id: TileID, frame: FrameContext) -> [ScreenPoint]? {
        let n = Double(1 << id.z)
        let own = WorldCopies.wrapped(id)
        let (x0, y0) = (Double(own.x) / n + frame.shift(id), Double(own.y) / n)
        var corners: [ScreenPoint] = []
        for (dx, dy) in [(0.0, 0.0), (1, 0), (1, 1), (0, 1)] {
            guard let p = frame.viewport.point(forWorld: MercatorPoint(x: x0 + dx / n, y: y0 + dy / n)) else {
                return nil
            }
            corners.append(p)
        }
        return corners
    }

    /// The quadrilateral's edges as half-planes (a, b, c: a·x + b·y + c ≥ 0 inside), whichever
    /// way it is wound; none when it has no area.
    static func edges(_ q: [ScreenPoint]) -> [(Double, Double, Double)] {
        guard q.count == 4 else { return [] }
        var area = 0.0
        for i in 0..<4 { area += q[i].x * q[(i + 1) % 4].y - q[(i + 1) % 4].x * q[i].y }
        guard area != 0, area.isFinite else { return [] }
        let sign = area > 0 ? 1.0 : -1.0
        return (0..<4).map { i in
            let (p, r) = (q[i], q[(i + 1) % 4])
            let (a, b) = (-(r.y - p.y) * sign, (r.x - p.x) * sign)
            return (a, b, -(a * p.x + b * p.y))
        }
    }

    /// The pieces of `line` inside the convex quadrilateral `edges` (half-planes
    /// a·x + b·y + c ≥ 0, ``edges(_:)``), appended to `out`. Non-finite points break the
    /// line. No edges: the line whole.
    static func append(
        _ line: UnsafeBufferPointer<ScreenPoint>, inside edges: [(Double, Double, Double)], into out: inout Polylines
    ) {
        guard line.count >= 2 else { return }
        guard !edges.isEmpty else { return out.append(line) }
        var piece: [ScreenPoint] = []
        func finish() {
            if piece.count >= 2 { out.append(piece) }
            piece.removeAll(keepingCapacity: true)
        }
        for i in 0..<line.count - 1 {
            let (p, q) = (line[i], line[i + 1])
            guard p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite,
                let (t0, t1) = span(p, q, edges)
            else {
                finish()
                continue
            }
            let start = ScreenPoint(x: p.x + (q.x - p.x) * t0, y: p.y + (q.y - p.y) * t0)
            let end = ScreenPoint(x: p.x + (q.x - p.x) * t1, y: p.y + (q.y - p.y) * t1)
            // A piece entering the square starts a new line.
            if t0 > 0 || piece.isEmpty {
                finish()
                piece.append(start)
            }
            piece.append(end)
            if t1 < 1 { finish() }
        }
        finish()
    }

    /// The parameters [t0, t1] ⊂ [0, 1] of the segment p → q inside every half-plane, or nil
    /// when none of it is (Cyrus–Beck). A segment along an edge (within 10⁻⁹ of a point) belongs
    /// to one of the two squares that share it: the one the edge's inward normal points down or
    /// right into (its top or left edge), as a pixel on a shared edge belongs to one tile.
    static func span(_ p: ScreenPoint, _ q: ScreenPoint, _ edges: [(Double, Double, Double)]) -> (Double, Double)? {
        var (t0, t1) = (0.0, 1.0)
        for (a, b, c) in edges {
            let fp = a * p.x + b * p.y + c
            let fq = a * q.x + b * q.y + c
            let tolerance = 1e-9 * (a * a + b * b).squareRoot()
            if abs(fp) <= tolerance && abs(fq) <= tolerance {
                if b > 0 || (b == 0 && a > 0) { continue }
                return nil
            }
            if fp < 0 && fq < 0 { return nil }
            if fp < 0 { t0 = max(t0, fp / (fp - fq)) }
            if fq < 0 { t1 = min(t1, fp / (fp - fq)) }
        }
        return t0 < t1 ? (t0, t1) : nil
    }
}

extension SquareClip {
    /// The part of ring `ring` (closing edge implied) inside the convex quadrilateral `edges`,
    /// appended to `out` as one ring (Sutherland–Hodgman: where the ring leaves and comes back,
    /// the square's edge joins the pieces, which is right for a fill); nothing when none of it is
    /// inside or it has fewer than three points. No edges: the ring whole.
    static func appendRing(
        _ ring: UnsafeBufferPointer<ScreenPoint>, inside edges: [(Double, Double, Double)], into out: inout Polylines
    ) {
        guard ring.count >= 3 else { return }
        guard !edges.isEmpty else { return out.append(ring) }
        var points = Array(ring)
        var next: [ScreenPoint] = []
        for (a, b, c) in edges {
            guard !points.isEmpty else { return }
            next.removeAll(keepingCapacity: true)
            var p = points[points.count - 1]
            var fp = a * p.x + b * p.y + c
            for q in points {
                let fq = a * q.x + b * q.y + c
                if (fp >= 0) != (fq >= 0), fp.isFinite, fq.isFinite {
                    let t = fp / (fp - fq)
                    next.append(ScreenPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t))
                }
                if fq >= 0 { next.append(q) }
                (p, fp) = (q, fq)
            }
            swap(&points, &next)
        }
        if points.count >= 3 { out.append(points) }
    }
}
