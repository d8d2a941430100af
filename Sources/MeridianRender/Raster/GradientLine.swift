import MeridianGeometry

/// A `line-gradient` layer's lines, drawn pixel by pixel as MapLibre's `line_gradient` shader
/// draws them: every pixel within a line's reach takes its distance from the line and the
/// line's progress at the nearest point of it, its coverage from that distance (opaque to half a
/// device pixel inside the edge, fading over one device pixel, wider with `line-blur`), and its
/// colour from the piece's ramp at that progress (``Part/ramp``, read as a texture is: linearly
/// between its two nearest entries, or the nearest one for a `step` gradient), premultiplied,
/// times coverage and opacity, composited source over once. So a translucent gradient is laid
/// once where the line's segments meet, and a pixel takes the colour its place along the line
/// has, not a run's.
///
/// Joins are round (the nearest point of the line; MapLibre's round joins, and within a pixel of
/// its miter and bevel joins for the turns a gradient's lines make); ends are butt (cut square at
/// the end vertex, no fade), square (cut half a width plus half a pixel beyond it) or round.
/// Each piece is kept to its tile's square (``Part/clip``, pixel centres inside), as MapLibre's
/// stencil keeps it, so a piece and its neighbour's overlap are drawn once.
///
/// Positions and widths are points; the target draws at its device scale. Work is bounded: a
/// piece's pixels are visited within the band drawn, and past ``maxWork`` pixel visits in one
/// band the rest of the pieces are left out. Non-finite vertices end nothing: their segments
/// are skipped.
struct GradientLine {
    struct Part {
        /// Vertices, points on the screen.
        var points: [ScreenPoint]
        /// Where each vertex falls in ``ramp``, 0…1 (MapLibre's `a_uv_x`: the vertex's share of
        /// the piece's stretch of the line).
        var progress: [Double]
        /// Half the line's width at each vertex, points (0: the vertex draws nothing).
        var halfWidth: [Double]
        /// `line-blur`, points (0: the one-pixel fade only).
        var blur = 0.0
        /// `line-opacity`, 0…1.
        var opacity = 1.0
        /// The piece's colours, premultiplied, components 0…1: `line-gradient` at progress evenly
        /// spaced over the piece's stretch of the line (MapLibre's ramp texture row), at least one.
        var ramp: [SIMD4<Float>]
        /// Where the piece's progress 0 and 1 fall in ``ramp`` (0…1): (0, 1) for the piece's own
        /// row; a row shared by many pieces (the whole line's) takes each piece's stretch.
        var span = (start: 0.0, end: 1.0)
        /// The tile's square on the screen, points, corners in order (``SquareClip/square(_:frame:)``);
        /// nil: no clip.
        var clip: [ScreenPoint]? = nil
        /// The dashes (`line-dasharray`), nil: solid.
        var dash: Dashing? = nil
    }

    /// A piece's dashes, as MapLibre's `line_gradient_sdf` and `line_sdf` shaders lay them.
    struct Dashing {
        let atlas: DashAtlas
        /// Where each vertex falls in the pattern, periods from its start (MapLibre's
        /// `a_linesofar × u_tileratio / (dasharray.w × floorwidth)`).
        let along: [Double]
        /// `line-width` at the whole zoom below, points (MapLibre's `line-floorwidth`), grown with
        /// the map since that zoom (× 2^(zoom − ⌊zoom⌋)): the dash edges' softness, which the
        /// suite's images show sharper between whole zooms than the shader's unscaled floor width.
        let floorWidth: Double
    }

    var parts: [Part]
    var cap: StrokeStyle.Cap
    /// Whether ramps are read at their nearest entry (a `step` gradient), else linearly.
    var nearest = false

    /// Most pixel visits one band of the frame takes (about 50 ms).
    static let maxWork = 50_000_000

    /// Draws the pieces into `rows` at `scale` device pixels per point; returns the pixel visits
    /// taken (at most about ``maxWork``).
    @discardableResult
    func draw(into rows: PixelRows, scale: Double) -> Int {
        guard scale > 0, scale.isFinite else { return 0 }
        var budget = Self.maxWork
        var buffers = RowBuffers(width: rows.width)
        for part in parts where budget > 0 {
            draw(part, into: rows, scale: scale, budget: &budget, buffers: &buffers)
        }
        return Self.maxWork - budget
    }

    /// Composites premultiplied `c` (components 0…1) over the premultiplied ARGB32 pixel, each
    /// channel rounded to the nearest byte.
    @inline(__always)
    static func over(_ pixel: UnsafeMutablePointer<UInt32>, _ c: SIMD4<Float>) {
        let v = pixel.pointee
        let keep = 1 - min(max(c.w, 0), 1)
        func channel(_ shift: UInt32, _ source: Float) -> UInt32 {
            let mixed = source * 255 + Float(v >> shift & 0xff) * keep
            return UInt32(min(max(mixed, 0), 255) + 0.5) << shift
        }
        pixel.pointee = channel(24, c.w) | channel(16, c.x) | channel(8, c.y) | channel(0, c.z)
    }

    /// The colour of `ramp` at `u` (0…1), as a texture of its entries is read.
    func color(_ ramp: [SIMD4<Float>], at u: Float) -> SIMD4<Float> {
        let w = ramp.count
        guard w > 1, u.isFinite else { return ramp[0] }
        if nearest { return ramp[min(max(Int((u * Float(w)).rounded(.down)), 0), w - 1)] }
        let x = min(max(u * Float(w) - 0.5, 0), Float(w - 1))
        let i = Int(x.rounded(.down))
        let f = x - Float(i)
        return ramp[i] * (1 - f) + ramp[min(i + 1, w - 1)] * f
    }

    /// One row's best coverage per pixel: the margin, the segment and parameter it comes from,
    /// the side of the line, and the row it was set for (so a row never clears the buffers).
    struct RowBuffers {
        var margin: [Float], segment: [Int32], t: [Float], side: [Float], row: [Int32]
        /// Rows begun so far (every piece's rows counted): a row's mark in ``row``.
        var rowsDrawn: Int32 = 0
        init(width: Int) {
            (margin, t, side) = ([Float](repeating: 0, count: width), [Float](repeating: 0, count: width), [])
            side = t
            (segment, row) = ([Int32](repeating: 0, count: width), [Int32](repeating: 0, count: width))
        }
    }

    /// Draws one piece row by row: each row visits only the spans of the segments that reach it
    /// (segments sorted by their first row, an active list kept), so the work follows the pixels
    /// the line covers, not its box.
    private func draw(
        _ part: Part, into rows: PixelRows, scale s: Double, budget: inout Int, buffers b: inout RowBuffers
    ) {
        let n = part.points.count
        guard n >= 2, part.progress.count == n, part.halfWidth.count == n, !part.ramp.isEmpty, part.opacity > 0,
            part.dash.map({ $0.along.count == n }) ?? true
        else { return }
        let points = part.points.map { ScreenPoint(x: $0.x * s, y: $0.y * s) }
        let half = part.halfWidth.map { $0.isFinite ? max($0, 0) * s : 0 }
        let (top, bottom) = (rows.top, rows.top + rows.height)
        var segments: [(Segment, first: Int, last: Int, index: Int)] = []
        for i in 0..<(n - 1) {
            let segment = Segment(
                a: points[i], b: points[i + 1], ha: half[i], hb: half[i + 1],
                startCap: i == 0 ? cap : nil, endCap: i == n - 2 ? cap : nil)
            guard segment.isFinite, segment.reach.isFinite, max(segment.ha, segment.hb) > 0 else { continue }
            let (y0, y1) = segment.rows
            let r = segment.reach + 1
            guard y1 >= top, y0 < bottom, max(segment.a.x, segment.b.x) + r >= Double(rows.left),
                min(segment.a.x, segment.b.x) - r <= Double(rows.left + rows.width)
            else { continue }
            segments.append((segment, max(y0, top), min(y1, bottom - 1), i))
        }
        guard !segments.isEmpty else { return }
        segments.sort { $0.first < $1.first }
        let edges = part.clip.map { SquareClip.edges($0.map { ScreenPoint(x: $0.x * s, y: $0.y * s) }) } ?? []
        let fade = Float((part.blur.isFinite ? max(part.blur, 0) : 0) * s + 1)
        let opacity = Float(min(part.opacity, 1))
        var active: [Int] = []
        var next = 0
        let (left, right) = (rows.left, rows.left + rows.width)
        for y in segments[0].first...(segments.map(\.last).max() ?? top) where budget > 0 {
            while next < segments.count, segments[next].first <= y {
                active.append(next)
                next += 1
            }
            active.removeAll { segments[$0].last < y }
            guard !active.isEmpty else { continue }
            let yc = Double(y) + 0.5
            b.rowsDrawn &+= 1
            let stamp = b.rowsDrawn
            var (rowLo, rowHi) = (Int.max, Int.min)
            for k in active {
                let segment = segments[k].0
                guard let (lo, hi) = segment.span(row: yc) else { continue }
                let x0 = max(left, Int(max(lo - 0.5, -1e9).rounded(.up)))
                let x1 = min(right - 1, Int(min(hi - 0.5, 1e9).rounded(.down)))
                guard x0 <= x1 else { continue }
                budget -= x1 - x0 + 1
                (rowLo, rowHi) = (min(rowLo, x0), max(rowHi, x1))
                for x in x0...x1 {
                    guard let near = segment.nearest(ScreenPoint(x: Double(x) + 0.5, y: yc)) else { continue }
                    let j = x - left
                    guard b.row[j] != stamp || Float(near.margin) > b.margin[j] else { continue }
                    (b.row[j], b.margin[j], b.segment[j]) = (stamp, Float(near.margin), Int32(segments[k].index))
                    (b.t[j], b.side[j]) = (Float(near.t), Float(near.side))
                }
            }
            guard rowLo <= rowHi else { continue }
            let target = rows.pixels + (y - rows.top) * rows.stride
            for x in rowLo...rowHi {
                let j = x - left
                guard b.row[j] == stamp, b.margin[j] > 0 else { continue }
                let px = Double(x) + 0.5
                guard edges.allSatisfy({ $0.0 * px + $0.1 * yc + $0.2 >= 0 }) else { continue }
                let k = Int(b.segment[j])
                let t = Double(b.t[j])
                var alpha = min(b.margin[j] / fade, 1) * opacity
                if let dash = part.dash {
                    let outset = half[k] + (half[k + 1] - half[k]) * t + 0.5
                    alpha *= Float(
                        dash.atlas.alpha(
                            along: dash.along[k] + (dash.along[k + 1] - dash.along[k]) * t,
                            across: Double(b.side[j]) / outset, floorWidth: dash.floorWidth))
                }
                let progress = part.progress[k] + (part.progress[k + 1] - part.progress[k]) * t
                let u = part.span.start + (part.span.end - part.span.start) * progress
                let c = (part.ramp.count == 1 ? part.ramp[0] : color(part.ramp, at: Float(u))) * alpha
                guard c.w > 0 else { continue }
                Self.over(target + j, c)
            }
        }
    }
}

extension GradientLine {
    /// One segment of a piece in device pixels, with its half widths and the caps of the ends
    /// that end the piece (nil: a join, round).
    struct Segment {
        let a: ScreenPoint, b: ScreenPoint, ha: Double, hb: Double
        let startCap: StrokeStyle.Cap?, endCap: StrokeStyle.Cap?

        var isFinite: Bool { a.x.isFinite && a.y.isFinite && b.x.isFinite && b.y.isFinite }
        /// Coverage reaches half a pixel past the half width.
        var reach: Double { max(ha, hb) + 0.5 }
        var length: Double { ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }

        /// The pixel rows whose centres may be within reach.
        var rows: (Int, Int) {
            let r = reach
            return (
                Int(max(min(a.y, b.y) - r - 0.5, -1e9).rounded(.down)),
                Int(min(max(a.y, b.y) + r - 0.5, 1e9).rounded(.up))
            )
        }

        /// The x interval of a row at `y` within reach of the segment (the discs at its ends and
        /// the band along it, square caps' extension included), nil when none of it is.
        func span(row y: Double) -> (Double, Double)? {
            let r = reach
            var (lo, hi) = (Double.infinity, -Double.infinity)
            if abs(y - a.y) <= r {
                let w = (r * r - (y - a.y) * (y - a.y)).squareRoot()
                (lo, hi) = (a.x - w, a.x + w)
            }
            if abs(y - b.y) <= r {
                let w = (r * r - (y - b.y) * (y - b.y)).squareRoot()
                (lo, hi) = (min(lo, b.x - w), max(hi, b.x + w))
            }
            let len = length
            if len > 0 {
                let (dx, dy) = ((b.x - a.x) / len, (b.y - a.y) / len)
                let before = startCap == .square ? ha + 0.5 : 0
                let after = endCap == .square ? hb + 0.5 : 0
                // Across: dx·(y − ay) − dy·(x − ax) within ±r; along: dx·(x − ax) + dy·(y − ay)
                // within [−before, len + after]; each linear in x.
                var (x0, x1) = (-Double.infinity, Double.infinity)
                func within(_ k: Double, _ m: Double, _ low: Double, _ high: Double) {
                    // low ≤ k + m·x ≤ high
                    if m == 0 {
                        if k < low || k > high { (x0, x1) = (1, 0) }
                    } else {
                        let (p, q) = ((low - k) / m, (high - k) / m)
                        (x0, x1) = (max(x0, min(p, q)), min(x1, max(p, q)))
                    }
                }
                within(dx * (y - a.y) + dy * a.x, -dy, -r, r)
                within(dy * (y - a.y) - dx * a.x, dx, -before, len + after)
                if x0 <= x1 { (lo, hi) = (min(lo, x0), max(hi, x1)) }
            }
            return lo <= hi ? (lo, hi) : nil
        }

        /// The coverage margin at device point `p` (the outset, half width plus half a pixel, less
        /// the distance from the line; above 0 within it), the parameter along the segment of the
        /// nearest point, and the signed distance across (positive on the segment's left); nil
        /// beyond a butt or square end of the piece.
        func nearest(_ p: ScreenPoint) -> (margin: Double, t: Double, side: Double)? {
            let (dx, dy) = (b.x - a.x, b.y - a.y)
            let l2 = dx * dx + dy * dy
            let raw = l2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2 : 0
            var t = min(max(raw, 0), 1)
            var distance: Double
            if (raw < 0 && startCap != nil && startCap != .round) || (raw > 1 && endCap != nil && endCap != .round) {
                let cap = raw < 0 ? startCap : endCap
                let (h, beyond) = raw < 0 ? (ha, -raw) : (hb, raw - 1)
                guard cap == .square, beyond * l2.squareRoot() <= h + 0.5 else { return nil }
                t = raw < 0 ? 0 : 1
                distance = abs((p.x - a.x) * dy - (p.y - a.y) * dx) / l2.squareRoot()
            } else {
                let (nx, ny) = (a.x + dx * t - p.x, a.y + dy * t - p.y)
                distance = (nx * nx + ny * ny).squareRoot()
            }
            let h = ha + (hb - ha) * t
            guard h > 0 else { return nil }
            let cross = (p.x - a.x) * dy - (p.y - a.y) * dx
            return (h + 0.5 - distance, t, cross < 0 ? -distance : distance)
        }
    }
}
