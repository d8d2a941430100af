import MeridianGeometry

/// The ground under every screen point of a view at once: the projective map from screen points
/// to normalised world points (``Viewport/worldPoint(for:)`` as three linear forms), for loops over
/// pixels that unproject each one (a raster drawn on the tilted ground).
///
/// For a screen point (`X`, `Y`) in points, with `w = w(X, Y)`, the world point is
/// (`x(X, Y) / w`, `y(X, Y) / w`) where `w > 0`; `w ≤ 0` is on or above the horizon. The camera
/// has no roll, so the horizon is level and `w` depends on `Y` alone (``Form/x`` of ``w`` is 0):
/// along a screen row the world point moves by a constant step, which is what lets a drawer
/// sample a row with additions only.
public struct GroundMap: Hashable, Sendable {
    /// A linear form `x·X + y·Y + c` of a screen point (`X`, `Y`) in points.
    public struct Form: Hashable, Sendable {
        public let x: Double, y: Double, c: Double

        /// The form's value at (`X`, `Y`).
        @inlinable
        public func callAsFunction(_ X: Double, _ Y: Double) -> Double { x * X + y * Y + c }
    }

    /// The numerators of the world point's x and y, and their common denominator.
    public let x: Form, y: Form, w: Form
}

extension Viewport {
    /// This view's ``GroundMap``. Derivation: with `a = X − cx`, `b = Y − cy` and the eye `D` from
    /// the target, the ground offset under (`X`, `Y`) is the rotated (`a·cos t`, `b`)·`D / den`,
    /// `den = D·cos t + b·sin t`; scaling every term by `den · worldSize` keeps them linear.
    public var groundMap: GroundMap {
        let d = eyeDistance
        let s = worldSize
        // w = s·(D·cos t + (Y − cy)·sin t)
        let w = GroundMap.Form(x: 0, y: s * sinTilt, c: s * (d * cosTilt - center.y * sinTilt))
        // Ground offset numerators (times den): gx = D·(a·cos t·cos b − b·sin b),
        // gy = D·(a·cos t·sin b + b·cos b); the world point is target + g / (den · s).
        let (ax, bx) = (d * cosTilt * cosBearing, -d * sinBearing)
        let (ay, by) = (d * cosTilt * sinBearing, d * cosBearing)
        let x = GroundMap.Form(
            x: ax + targetWorld.x * w.x, y: bx + targetWorld.x * w.y,
            c: -ax * center.x - bx * center.y + targetWorld.x * w.c)
        let y = GroundMap.Form(
            x: ay + targetWorld.y * w.x, y: by + targetWorld.y * w.y,
            c: -ay * center.x - by * center.y + targetWorld.y * w.c)
        return GroundMap(x: x, y: y, w: w)
    }
}
