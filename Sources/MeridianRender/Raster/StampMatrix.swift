/// A 2 × 2 linear map of a stamp about its reference point, device pixels per stamp pixel: a
/// stamp pixel (`u`, `v`) from the reference lands at (`a`·u + `c`·v, `b`·u + `d`·v) from where
/// the reference lands (Cairo's `xx`, `yx`, `xy`, `yy`).
struct StampMatrix: Hashable, Sendable {
    var a: Double, b: Double, c: Double, d: Double

    /// A turn by `angle` radians, clockwise on the screen (y down).
    static func turn(_ angle: Double) -> StampMatrix {
        let (cos, sin) = (Double.cos(angle), Double.sin(angle))
        return StampMatrix(a: cos, b: sin, c: -sin, d: cos)
    }

    /// Whether the map has an inverse (a degenerate or non-finite one draws nothing).
    var isInvertible: Bool {
        let det = a * d - b * c
        return det.isFinite && abs(det) > 1e-9
    }

    /// This map after `inner` (`inner` first).
    func after(_ inner: StampMatrix) -> StampMatrix {
        StampMatrix(
            a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b, c: a * inner.c + c * inner.d,
            d: b * inner.c + d * inner.d)
    }

    /// `(x, y)` mapped.
    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (a * x + c * y, b * x + d * y) }
}
