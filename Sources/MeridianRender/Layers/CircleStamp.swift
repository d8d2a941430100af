import CCairo
import Foundation
import MeridianGeometry

/// A circle facing the screen, its pixels computed as MapLibre's circle shader computes them:
/// at each device pixel's centre, its distance from the centre over the outer radius (disc and
/// ring) fades the whole over the last `max(1 device pixel, circle-blur)` of it, and mixes the
/// disc's colour into the ring's over the device pixel inside the ring; one colour per pixel,
/// so no background shows between disc and ring.
enum CircleStamp {
    /// What fixes a circle's pixels.
    struct Key: Hashable {
        /// Radius and ring width, device pixels in 1/64ths (each within [0, ``maxRadius``]).
        let radius: Int, stroke: Int
        /// `circle-blur`, in 1/1024ths of the outer radius, within [0, 64] (past 1 the fade
        /// reaches the centre, which it dims, as in MapLibre's shader).
        let blur: Int
        /// The disc's and ring's colours, their opacities in their alpha (clear for none).
        let fill: RGBA, ring: RGBA
        /// Where the centre lies past the whole device pixel the stamp is placed at, in 32nds.
        let phaseX: Int, phaseY: Int
    }

    /// Largest outer radius drawn as a stamp, device pixels.
    static let maxRadius = 1024.0

    /// The key for a circle whose centre is `x`, `y` device pixels past its whole pixel
    /// (each in [0, 1)); nil for one that draws nothing or is not finite or too large.
    static func key(
        radius: Double, stroke: Double, blur: Double, fill: RGBA?, ring: RGBA?, x: Double, y: Double
    ) -> Key? {
        guard radius.isFinite, stroke.isFinite, blur.isFinite, radius >= 0, stroke >= 0,
            radius + stroke > 0, radius + stroke <= maxRadius
        else { return nil }
        return Key(
            radius: Int((radius * 64).rounded()), stroke: Int((stroke * 64).rounded()),
            blur: Int((min(max(blur, 0), 64) * 1024).rounded()), fill: fill ?? .clear, ring: ring ?? .clear,
            phaseX: Int((x * 32).rounded()), phaseY: Int((y * 32).rounded()))
    }

    /// The circle's stamp, its reference point the whole pixel its centre lies past; nil when
    /// Cairo fails.
    static func make(_ key: Key) -> LabelStamp? {
        let (r, s) = (Double(key.radius) / 64, Double(key.stroke) / 64)
        let outer = r + s
        let (cx, cy) = (Double(key.phaseX) / 32, Double(key.phaseY) / 32)
        // Pixels whose centres fall in the square MapLibre draws the circle on.
        let (x0, x1) = (Int((cx - outer - 0.5).rounded(.up)), Int((cx + outer - 0.5).rounded(.up)))
        let (y0, y1) = (Int((cy - outer - 0.5).rounded(.up)), Int((cy + outer - 0.5).rounded(.up)))
        guard x1 > x0, y1 > y0,
            let out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(x1 - x0), Int32(y1 - y0))
        else { return nil }
        guard cairo_surface_status(out) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(out) else {
            cairo_surface_destroy(out)
            return nil
        }
        let stride = Int(cairo_image_surface_get_stride(out)) / 4
        let blur = max(1 / outer, Double(key.blur) / 1024)
        let inner = r / outer
        let strokes = s >= 0.01
        func premultiplied(_ c: RGBA) -> [Double] { [c.r * c.a, c.g * c.a, c.b * c.a, c.a] }
        let (fill, ring) = (premultiplied(key.fill), premultiplied(key.ring))
        data.withMemoryRebound(to: UInt32.self, capacity: stride * (y1 - y0)) { words in
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let (dx, dy) = ((Double(x) + 0.5 - cx) / outer, (Double(y) + 0.5 - cy) / outer)
                    let length = (dx * dx + dy * dy).squareRoot()
                    let opacity = smoothstep(0, -blur, length - 1)
                    guard opacity > 0 else { continue }
                    let mix = strokes ? smoothstep(-blur, 0, length - inner) : 0
                    var px: UInt32 = 0
                    for (i, shift) in [UInt32(16), 8, 0, 24].enumerated() {
                        let v = opacity * (fill[i] * (1 - mix) + ring[i] * mix)
                        px |= UInt32((min(max(v, 0), 1) * 255).rounded()) << shift
                    }
                    words[(y - y0) * stride + (x - x0)] = px
                }
            }
        }
        cairo_surface_mark_dirty(out)
        return LabelStamp(surface: out, originX: -x0, originY: -y0)
    }

    /// GLSL's `smoothstep`, its edges in either order.
    static func smoothstep(_ e0: Double, _ e1: Double, _ x: Double) -> Double {
        let t = min(max((x - e0) / (e1 - e0), 0), 1)
        return t * t * (3 - 2 * t)
    }
}

extension Canvas {
    /// Composites a circle facing the screen, centred on `centre` (points): radius and ring
    /// width in points, `blur` of the outer radius (``CircleStamp``). Circles of one look and
    /// phase are made once per frame.
    func circle(at centre: ScreenPoint, radius: Double, stroke: Double, blur: Double, fill: RGBA?, ring: RGBA?) {
        let (X, Y) = (centre.x * scale, centre.y * scale)
        guard X.isFinite, Y.isFinite, abs(X) < 1e6, abs(Y) < 1e6 else { return }
        let (ix, iy) = ((X).rounded(.down), (Y).rounded(.down))
        guard
            let key = CircleStamp.key(
                radius: radius * scale, stroke: stroke * scale, blur: blur, fill: fill, ring: ring, x: X - ix, y: Y - iy
            )
        else { return }
        let stamp: LabelStamp
        if let kept = circles[key] {
            stamp = kept
        } else {
            guard let made = CircleStamp.make(key) else { return }
            if circles.count < Self.maxCircleStamps { circles[key] = made }
            stamp = made
        }
        record(.stamp(stamp, x: Int(ix) - stamp.originX, y: Int(iy) - stamp.originY))
    }
}
