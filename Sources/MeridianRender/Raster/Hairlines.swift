import MeridianGeometry
import RealModule

/// Lines one device pixel wide, as MapLibre draws a fill's outline (`fill-outline-color`): GL
/// lines of width 1, so one pixel per step along the segment's major axis (the pixel whose
/// diamond the segment crosses: in an x-major segment, the row holding the line at the column's
/// centre), each of alpha 1 − smoothstep(0, 1, d), d the distance in device pixels from the
/// pixel's centre to the line (MapLibre's `fill_outline` shader), composited source over.
///
/// Clipped, as MapLibre's stencil clips a tile's drawing, to `clip` (a convex quadrilateral in
/// points, the tile's square on the screen) when given: the edges a tile's buffer made lie
/// outside it. Coordinates are points; non-finite points are skipped, and each segment draws
/// at most ``maxSteps`` pixels (a hostile coordinate cannot make a long loop).
struct Hairlines {
    let parts: Polylines
    /// The colour, its alpha times the layer's opacity (straight, not premultiplied).
    let color: RGBA
    /// Rings are closed (their last point joined to their first).
    let closed: Bool
    /// The tile's square on the screen (four points, in order), or nil for none.
    let clip: [ScreenPoint]?

    /// Most pixels one segment draws: beyond any frame's width (16 384 device pixels).
    static let maxSteps = 16_384

    /// Draws the lines into `rows` at `scale` device pixels per point.
    func draw(into rows: PixelRows, scale: Double) {
        guard color.a > 0 else { return }
        let edges = clip.map { SquareClip.edges($0.map { ScreenPoint(x: $0.x * scale, y: $0.y * scale) }) }
        parts.forEachPart { part in
            guard part.count >= 2 else { return }
            let last = closed ? part.count : part.count - 1
            for i in 0..<last {
                let a = part[i]
                let b = part[(i + 1) % part.count]
                segment(
                    ScreenPoint(x: a.x * scale, y: a.y * scale), ScreenPoint(x: b.x * scale, y: b.y * scale),
                    rows: rows, edges: edges)
            }
        }
    }

    /// One segment, device pixels.
    private func segment(
        _ p: ScreenPoint, _ q: ScreenPoint, rows: PixelRows, edges: [(Double, Double, Double)]?
    ) {
        guard p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite else { return }
        let (dx, dy) = (q.x - p.x, q.y - p.y)
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        let xMajor = abs(dx) >= abs(dy)
        // Along the major axis: the pixel centres c + 0.5 in [start, end) of the segment's span.
        let (from, to) = xMajor ? (min(p.x, q.x), max(p.x, q.x)) : (min(p.y, q.y), max(p.y, q.y))
        let limit = Double(xMajor ? rows.left + rows.width : rows.top + rows.height)
        let base = Double(xMajor ? rows.left : rows.top)
        let first = max((from - 0.5).rounded(.up), base)
        let stop = min((to - 0.5).rounded(.up), limit)
        guard first < stop, stop - first <= Double(Self.maxSteps) else { return }
        let cross = (xMajor ? abs(dx) : abs(dy)) / length  // perpendicular distance per cross-axis step
        let (r, g, b) = (color.r * color.a, color.g * color.a, color.b * color.a)
        var c = first
        while c < stop {
            let centre = c + 0.5
            // The line's cross-axis position at this centre, and the pixel holding it.
            let at = xMajor ? p.y + dy * (centre - p.x) / dx : p.x + dx * (centre - p.y) / dy
            let other = at.rounded(.down)
            let d = abs(at - (other + 0.5)) * cross
            let major = Int(c)
            c += 1
            // The cross axis checked as a Double first: a far point's `other` may not fit an Int.
            let (low, count) = xMajor ? (rows.top, rows.height) : (rows.left, rows.width)
            guard other >= Double(low), other < Double(low + count) else { continue }
            let (x, y) = xMajor ? (major, Int(other)) : (Int(other), major)
            let (i, j) = (x - rows.left, y - rows.top)
            guard i >= 0, i < rows.width, j >= 0, j < rows.height else { continue }
            if let edges, !edges.isEmpty {
                let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
                guard edges.allSatisfy({ $0.0 * px + $0.1 * py + $0.2 >= 0 }) else { continue }
            }
            let t = min(max(d, 0), 1)
            let k = 1 - t * t * (3 - 2 * t)
            guard k > 0 else { continue }
            Self.over(rows.pixels + j * rows.stride + i, r * k, g * k, b * k, color.a * k)
        }
    }

    /// Composites a premultiplied colour (components 0…1) over the premultiplied ARGB32 pixel.
    static func over(_ pixel: UnsafeMutablePointer<UInt32>, _ r: Double, _ g: Double, _ b: Double, _ a: Double) {
        let v = pixel.pointee
        let keep = 1 - a
        func channel(_ shift: UInt32, _ source: Double) -> UInt32 {
            let under = Double(v >> shift & 0xff)
            return UInt32(min(max((source * 255 + under * keep).rounded(), 0), 255)) << shift
        }
        pixel.pointee = channel(24, a) | channel(16, r) | channel(8, g) | channel(0, b)
    }
}
