import RealModule

/// Ramps: the interpolation factor (linear, exponential, cubic Bézier) and the mix of numbers,
/// arrays, paddings and colours (in premultiplied RGB, as MapLibre, or in HCL or Lab).
extension ExprEvaluator {
    func interpolate(
        _ kind: ExprNode.Interpolation, _ space: ExprNode.ColorSpace, x: Double, _ stops: [ExprNode.Stop]
    ) throws(Failure) -> StyleValue {
        guard let first = stops.first, let last = stops.last else { return .null }
        if stops.count == 1 || x <= first.input { return try evaluate(first.output) }
        if x >= last.input { return try evaluate(last.output) }
        // Here first.input < x < last.input, so a stop above x exists; NaN was refused by `input`.
        guard let upper = stops.firstIndex(where: { $0.input > x }), upper > 0 else {
            throw Failure("Cannot interpolate at \(ExprValues.text(x)).")
        }
        let (lo, hi) = (stops[upper - 1], stops[upper])
        let t = Self.factor(kind, x: x, lower: lo.input, upper: hi.input)
        // An exponential base below 0 or past 1e300 makes the factor NaN: an error, not a NaN colour.
        guard !t.isNaN else {
            throw Failure("Cannot interpolate at \(ExprValues.text(x)): the factor is not a number.")
        }
        return try Self.mix(try evaluate(lo.output), try evaluate(hi.output), t, space)
    }

    static func factor(_ kind: ExprNode.Interpolation, x: Double, lower: Double, upper: Double) -> Double {
        let span = upper - lower
        let progress = x - lower
        guard span != 0 else { return 0 }
        switch kind {
        case .linear: return progress / span
        case let .exponential(base):
            return base == 1 ? progress / span : (Double.pow(base, progress) - 1) / (Double.pow(base, span) - 1)
        case let .cubicBezier(x1, y1, x2, y2):
            return UnitBezier(x1, y1, x2, y2).solve(progress / span)
        }
    }

    static func mix(
        _ a: StyleValue, _ b: StyleValue, _ t: Double, _ space: ExprNode.ColorSpace
    ) throws(Failure) -> StyleValue {
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(x + (y - x) * t)
        case let (.array(p), .array(q)) where p.count == q.count:
            var out: [StyleValue] = []
            for (x, y) in zip(p, q) { out.append(try mix(x, y, t, space)) }
            return .array(out)
        case let (.color(x), .color(y)): return .color(ColorMix.mix(x, y, t, space))
        default: throw Failure("Cannot interpolate between \(ExprValues.typeName(a)) and \(ExprValues.typeName(b)).")
        }
    }
}

/// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2): y for x.
struct UnitBezier {
    let (cx, bx, ax, cy, by, ay): (Double, Double, Double, Double, Double, Double)

    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        let cx = 3 * x1
        let bx = 3 * (x2 - x1) - cx
        let cy = 3 * y1
        let by = 3 * (y2 - y1) - cy
        (self.cx, self.bx, ax, self.cy, self.by, ay) = (cx, bx, 1 - cx - bx, cy, by, 1 - cy - by)
    }

    func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// y at x: Newton's method, then bisection where it does not converge.
    func solve(_ target: Double) -> Double {
        var t = target
        for _ in 0..<8 {
            let error = x(t) - target
            if abs(error) < 1e-7 { return y(t) }
            let d = dx(t)
            if abs(d) < 1e-6 { break }
            t -= error / d
        }
        var (lo, hi) = (0.0, 1.0)
        t = Swift.min(Swift.max(target, 0), 1)
        for _ in 0..<60 {
            let v = x(t)
            if abs(v - target) < 1e-7 { break }
            if target > v { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return y(t)
    }
}
