import MeridianTiles

/// Thins a fill layer's polygon ring once per tile and whole zoom (``PreparedLayer``), in tile
/// units, so the frame projects and rasterises fewer vertices without a visible change:
///
/// 1. a ring that fits in a `step` × `step` box is left out (it would cover at most that
///    fraction of a pixel: at the default step, a sixteenth of a pixel at the whole zoom);
/// 2. vertices nearer than `step` to the last one kept are left out (radial distance);
/// 3. Douglas–Peucker with tolerance `step`: no vertex left out lies farther than `step` from
///    the ring that is kept.
///
/// With ``GroundGeometry/ringStep`` 0.5 (a quarter pixel at the whole zoom) the world view keeps
/// fewer than half its ring vertices, with no visible change (BENCHMARKS.md has the figures).
/// Rings of under 8 vertices skip steps 2 and 3; a ring
/// left with under 3 vertices keeps them all; a step under one tile unit changes nothing.
enum RingThinning {
    static func thinned(_ ring: [VectorTile.Point], step: Double) -> [VectorTile.Point] {
        guard step >= 1, let first = ring.first else { return ring }
        var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
        for p in ring {
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        if Double(maxX) - Double(minX) < step && Double(maxY) - Double(minY) < step { return [] }  // Double: hostile extremes do not overflow
        guard ring.count >= 8 else { return ring }
        let radial = radial(ring, step: step)
        guard radial.count >= 8 else { return radial.count >= 3 ? radial : ring }
        let kept = douglasPeucker(radial, tolerance: step)
        return kept.count >= 3 ? kept : radial
    }

    /// The ring without the vertices nearer than `step` to the last one kept.
    static func radial(_ ring: [VectorTile.Point], step: Double) -> [VectorTile.Point] {
        let limit = step * step
        var kept: [VectorTile.Point] = [ring[0]]
        kept.reserveCapacity(ring.count)
        for p in ring.dropFirst() {
            let last = kept[kept.count - 1]
            let dx = Double(p.x) - Double(last.x)
            let dy = Double(p.y) - Double(last.y)
            if dx * dx + dy * dy >= limit { kept.append(p) }
        }
        return kept
    }

    /// The ring's vertices that Douglas–Peucker keeps at `tolerance`, the ring read as the path
    /// from its first vertex around and back to it (the first vertex is always kept).
    ///
    /// An explicit stack: no recursion however long the ring.
    static func douglasPeucker(_ ring: [VectorTile.Point], tolerance: Double) -> [VectorTile.Point] {
        let n = ring.count
        let limit = tolerance * tolerance
        var keep = [Bool](repeating: false, count: n + 1)
        keep[0] = true
        keep[n] = true
        func point(_ i: Int) -> (Double, Double) {
            let p = ring[i == n ? 0 : i]
            return (Double(p.x), Double(p.y))
        }
        var stack = [(0, n)]
        while let (a, b) = stack.popLast() {
            guard b - a > 1 else { continue }
            let (ax, ay) = point(a)
            let (bx, by) = point(b)
            let dx = bx - ax
            let dy = by - ay
            let length2 = dx * dx + dy * dy
            var worst = -1.0
            var at = a
            for i in a + 1..<b {
                let (px, py) = point(i)
                let d2: Double
                if length2 == 0 {
                    d2 = (px - ax) * (px - ax) + (py - ay) * (py - ay)
                } else {
                    let cross = (px - ax) * dy - (py - ay) * dx
                    d2 = cross * cross / length2
                }
                if d2 > worst {
                    worst = d2
                    at = i
                }
            }
            if worst > limit {
                keep[at] = true
                stack.append((a, at))
                stack.append((at, b))
            }
        }
        var kept: [VectorTile.Point] = []
        kept.reserveCapacity(n)
        for i in 0..<n where keep[i] { kept.append(ring[i]) }
        return kept
    }
}
