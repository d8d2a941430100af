/// How an animation's progress runs over its time: maps elapsed fraction t ∈ [0, 1] to
/// progress ∈ [0, 1] (values outside [0, 1] are clamped first). The named curves are the
/// Core Animation ones the SDK's users know.
public enum TimingCurve: Hashable, Sendable {
    /// Progress equal to elapsed time.
    case linear
    /// Cubic Bézier (0.42, 0, 1, 1).
    case easeIn
    /// Cubic Bézier (0, 0, 0.58, 1).
    case easeOut
    /// Cubic Bézier (0.42, 0, 0.58, 1): the default for camera animations.
    case easeInOut
    /// Core Animation's "default" curve, cubic Bézier (0.25, 0.1, 0.25, 1).
    case systemDefault
    /// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2);
    /// x1 and x2 are clamped to [0, 1] so the curve is a function of time.
    case cubicBezier(Double, Double, Double, Double)

    /// The control points of this curve.
    public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double) {
        switch self {
        case .linear: return (0, 0, 1, 1)
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInOut: return (0.42, 0, 0.58, 1)
        case .systemDefault: return (0.25, 0.1, 0.25, 1)
        case let .cubicBezier(x1, y1, x2, y2): return (min(max(x1, 0), 1), y1, min(max(x2, 0), 1), y2)
        }
    }

    /// Progress at elapsed fraction `t`: exactly 0 at t ≤ 0 and exactly 1 at t ≥ 1. NaN gives 1
    /// (an animation with a broken clock ends rather than hangs).
    public func progress(at t: Double) -> Double {
        guard t > 0 else { return t.isNaN ? 1 : 0 }
        guard t < 1 else { return 1 }
        if case .linear = self { return t }
        let (x1, y1, x2, y2) = controlPoints
        let u = Self.solve(x: t, x1, x2)
        return Self.bezier(u, y1, y2)
    }

    /// One coordinate of the Bézier with end points 0 and 1 at parameter u.
    static func bezier(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * u * p1 + 3 * v * u * u * p2 + u * u * u
    }

    /// The parameter u with x(u) = x: Newton's method, then bisection if it strays
    /// (x(u) is monotonic for control x in [0, 1]).
    static func solve(x: Double, _ x1: Double, _ x2: Double) -> Double {
        var u = x
        for _ in 0..<8 {
            let error = bezier(u, x1, x2) - x
            if abs(error) < 1e-12 { return u }
            let v = 1 - u
            let slope = 3 * v * v * x1 + 6 * v * u * (x2 - x1) + 3 * u * u * (1 - x2)
            guard abs(slope) > 1e-9 else { break }
            u -= error / slope
        }
        var lo = 0.0
        var hi = 1.0
        u = x
        for _ in 0..<60 {
            if bezier(u, x1, x2) < x { lo = u } else { hi = u }
            u = (lo + hi) / 2
        }
        return u
    }
}
