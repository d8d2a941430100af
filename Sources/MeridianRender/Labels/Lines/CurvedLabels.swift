import MeridianCamera
import MeridianGeometry
import RealModule

/// Names set glyph by glyph along a bending line, where straight text would leave it
/// (``LineLabels``): each shaped glyph's advance centred on the line at its distance along it,
/// turned to the line's direction there, the whole name reading left to right (upright).
///
/// A place is refused when two neighbouring glyphs turn more than the layer's `text-max-angle` from
/// each other (``maximumAngle`` by default, MapLibre's 45°), when a glyph would lean past upright,
/// or when the name does not fit on the line.
enum CurvedLabels {
    /// Most radians between the directions of neighbouring glyphs, without `text-max-angle`.
    static let maximumAngle = 45.0 * .pi / 180

    /// The screen polyline of a line (world points at the camera's zoom) `reach` world points
    /// each way along it from `anchor`, and the anchor's distance along that polyline; nil when
    /// the line ends within reach or a point of it is not on screen (behind the camera).
    static func path(
        _ line: [ScreenPoint], at anchor: LineLabels.Anchor, reach: Double, viewport: Viewport, scale: Double
    )
        -> (points: [ScreenPoint], anchorAt: Double)?
    {
        guard reach > 0, let ahead = LineLabels.walk(line, from: anchor, reach: reach, step: 1),
            let behind = LineLabels.walk(line, from: anchor, reach: reach, step: -1)
        else { return nil }
        var screen: [ScreenPoint] = []
        for world in behind.reversed() + [anchor.point] + ahead {
            guard let p = viewport.point(forWorld: MercatorPoint(x: world.x / scale, y: world.y / scale)) else {
                return nil
            }
            if let last = screen.last, (p - last).length < 1e-6 { continue }
            screen.append(p)
        }
        guard let a = viewport.point(forWorld: MercatorPoint(x: anchor.point.x / scale, y: anchor.point.y / scale))
        else { return nil }
        // The anchor's distance along the screen path: up to its own point.
        var at = 0.0
        for (p, q) in zip(screen, screen.dropFirst()) {
            if (p - a).length < 1e-6 { break }
            at += (q - p).length
        }
        return (screen, at)
    }

    /// Where each glyph of `text` at `size` points goes when the name is centred at distance `at`
    /// along `path` (screen points); nil when it does not fit, bends too sharply between
    /// neighbours, or would lean past upright.
    ///
    /// The path is walked in whichever direction reads left to right.
    static func layout(
        _ text: String, size: Double, font: LabelFont = .regular, letterSpacing: Double = 0,
        maxAngle: Double = maximumAngle,
        along path: [ScreenPoint], at: Double
    ) -> [PlacedGlyph]? {
        let lengths = zip(path, path.dropFirst()).map { ($1 - $0).length }
        let total = lengths.reduce(0, +)
        let shaped = TextShaper.shape(text, font: font, letterSpacing: letterSpacing)
        let width = shaped.advance * size
        guard path.count >= 2, width > 0, at - width / 2 >= 0, at + width / 2 <= total else { return nil }
        /// The point at distance `s` along the path, and the segment's direction there.
        func point(_ s: Double, on points: [ScreenPoint], _ lengths: [Double]) -> ScreenPoint {
            var left = max(0, s)
            for (i, l) in lengths.enumerated() {
                if left <= l || i == lengths.count - 1 {
                    let t = l > 0 ? min(1, left / l) : 0
                    return ScreenPoint(
                        x: points[i].x + (points[i + 1].x - points[i].x) * t,
                        y: points[i].y + (points[i + 1].y - points[i].y) * t)
                }
                left -= l
            }
            return points[points.count - 1]
        }
        // Read left to right: walk the path backwards when the name's ends point leftwards.
        var (points, segments, center) = (path, lengths, at)
        if point(at + width / 2, on: points, segments).x < point(at - width / 2, on: points, segments).x {
            (points, segments, center) = (path.reversed(), lengths.reversed(), total - at)
        }
        var out: [PlacedGlyph] = []
        var previous: Double?
        for (_, g) in shaped.glyphs {
            let s = center - width / 2 + (g.pen + g.advance / 2) * size
            let reach = max(1, g.advance * size / 2)
            let (a, b) = (point(s - reach, on: points, segments), point(s + reach, on: points, segments))
            let angle = Double.atan2(y: b.y - a.y, x: b.x - a.x)
            guard abs(angle) <= .pi / 2 + 1e-9 else { return nil }
            if g.advance > 0 {
                if let previous, abs(angle - previous) > maxAngle { return nil }
                previous = angle
            }
            out.append(PlacedGlyph(center: point(s, on: points, segments), angle: angle))
        }
        return out
    }

    /// The axis-aligned box around glyph `k` of a curved label (its advance by the text's
    /// height, turned), left, top, right, bottom.
    static func box(_ glyph: PlacedGlyph, advance: Double, height: Double) -> LabelArea.Box {
        let (hw, hh) = (advance / 2, height / 2)
        let t = glyph.matrix ?? .turn(glyph.angle)
        let (ex, ey) = (hw * abs(t.a) + hh * abs(t.c), hw * abs(t.b) + hh * abs(t.d))
        return LabelArea.Box(glyph.center.x - ex, glyph.center.y - ey, glyph.center.x + ex, glyph.center.y + ey)
    }
}
