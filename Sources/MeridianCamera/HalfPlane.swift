import MeridianGeometry

/// One linear constraint of the fit: `a·s + n·τ ≤ c`, meaning "every corner of the bounds,
/// scaled by s and moved by τ, stays on the inner side of one edge of the view's ground quad".
struct HalfPlane {
    let a: Double, nx: Double, ny: Double, c: Double

    /// The half-planes of a convex quadrilateral's edges, inner side ≤, with the fitted shape's
    /// support folded into `a` (how far its worst point reaches towards that edge, per unit of
    /// world scale).
    static func enclosing(_ quad: [(x: Double, y: Double)], shape: FitShape) -> [HalfPlane] {
        let mx = quad.map(\.x).reduce(0, +) / Double(quad.count)
        let my = quad.map(\.y).reduce(0, +) / Double(quad.count)
        var planes: [HalfPlane] = []
        for (i, p) in quad.enumerated() {
            let q = quad[(i + 1) % quad.count]
            var nx = q.y - p.y
            var ny = p.x - q.x
            let len = (nx * nx + ny * ny).squareRoot()
            guard len > 0 else { continue }
            nx /= len
            ny /= len
            var c = nx * p.x + ny * p.y
            if nx * mx + ny * my > c {
                nx = -nx
                ny = -ny
                c = -c
            }
            planes.append(HalfPlane(a: shape.support(nx, ny), nx: nx, ny: ny, c: c))
        }
        return planes
    }

    func holds(_ v: (s: Double, x: Double, y: Double), slack: Double) -> Bool {
        a * v.s + nx * v.x + ny * v.y <= c + slack * Swift.max(1, abs(c))
    }

    /// The point where three constraints are tight (Cramer's rule), or nil if they are parallel.
    static func vertex(_ p: HalfPlane, _ q: HalfPlane, _ r: HalfPlane) -> (s: Double, x: Double, y: Double)? {
        func det(_ m: [[Double]]) -> Double {
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        }
        let rows = [p, q, r]
        let m = rows.map { [$0.a, $0.nx, $0.ny] }
        let c = rows.map(\.c)
        let d = det(m)
        guard abs(d) > 1e-12 else { return nil }
        func replaced(_ col: Int) -> [[Double]] { (0..<3).map { i in (0..<3).map { j in j == col ? c[i] : m[i][j] } } }
        return (det(replaced(0)) / d, det(replaced(1)) / d, det(replaced(2)) / d)
    }

    /// A central point of the set of τ with `n·τ ≤ c − a·s` for every plane (the targets that
    /// fit at scale s), found by clipping the seed polygon's bounding box; nil when it is empty.
    static func centroid(
        of planes: [HalfPlane], scale s: Double, seed: [(x: Double, y: Double)]
    ) -> (x: Double, y: Double)? {
        let xs = seed.map(\.x)
        let ys = seed.map(\.y)
        let pad = (xs.max()! - xs.min()!) + (ys.max()! - ys.min()!) + 1
        var poly = [
            (xs.min()! - pad, ys.min()! - pad), (xs.max()! + pad, ys.min()! - pad),
            (xs.max()! + pad, ys.max()! + pad), (xs.min()! - pad, ys.max()! + pad),
        ]
        for h in planes {
            let limit = h.c - h.a * s
            func inside(_ p: (Double, Double)) -> Bool { h.nx * p.0 + h.ny * p.1 <= limit }
            var out: [(Double, Double)] = []
            for (i, p) in poly.enumerated() {
                let q = poly[(i + 1) % poly.count]
                if inside(p) { out.append(p) }
                if inside(p) != inside(q) {
                    let fp = h.nx * p.0 + h.ny * p.1 - limit
                    let fq = h.nx * q.0 + h.ny * q.1 - limit
                    let t = fp / (fp - fq)
                    out.append((p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t))
                }
            }
            poly = out
            if poly.isEmpty { return nil }
        }
        // The average of the vertices: always inside a convex polygon, and robust for the
        // slivers a fit at its greatest zoom leaves (an area centroid is not). For the
        // rectangle of a flat fit it is the centre.
        let n = Double(poly.count)
        return (poly.map(\.0).reduce(0, +) / n, poly.map(\.1).reduce(0, +) / n)
    }
}

/// What a fit keeps in view: points of the normalised world as offsets from an origin (the
/// middle of their extent); only their convex hull matters.
struct FitShape {
    let origin: MercatorPoint
    let offsets: [(x: Double, y: Double)]

    /// The farthest reach of the points along (nx, ny).
    func support(_ nx: Double, _ ny: Double) -> Double {
        offsets.reduce(-Double.infinity) { Swift.max($0, nx * $1.x + ny * $1.y) }
    }

    /// A latitude/longitude box: its four corners (a rectangle in Web Mercator).
    init(south: Double, north: Double, west: Double, span: Double) {
        let yTop = WebMercator.y(latitude: north)
        let yBottom = WebMercator.y(latitude: south)
        let h = (x: span / 720, y: (yBottom - yTop) / 2)
        origin = MercatorPoint(x: WebMercator.x(longitude: west) + h.x, y: (yTop + yBottom) / 2)
        offsets = [(-h.x, -h.y), (h.x, -h.y), (h.x, h.y), (-h.x, h.y)]
    }

    /// Points, each longitude taken east of the west edge of their smallest enclosing bounds
    /// (so points across the antimeridian stay together); nil for none.
    init?(points: [Coordinate]) {
        let bounds = CoordinateBounds(path: points)
        guard let west = bounds.west, let south = bounds.south, let north = bounds.north,
            let span = bounds.longitudeSpan
        else { return nil }
        let x0 = WebMercator.x(longitude: west)
        let middle = MercatorPoint(
            x: x0 + span / 720, y: (WebMercator.y(latitude: north) + WebMercator.y(latitude: south)) / 2)
        origin = middle
        offsets = points.map { p in
            (
                x: x0 + Angle.wrap360(p.longitude - west) / 360 - middle.x,
                y: WebMercator.y(latitude: p.latitude) - middle.y
            )
        }
    }
}
