import RealModule

/// Colours mixed as MapLibre mixes them: channel by channel in RGB, or through CIE Lab (D50 white, as
/// d3-color and MapLibre) or its polar form HCL, whose hue takes the shorter way round.
enum ColorMix {
    static func mix(_ a: StyleColor, _ b: StyleColor, _ t: Double, _ space: ExprNode.ColorSpace) -> StyleColor {
        let alpha = a.a + (b.a - a.a) * t
        switch space {
        case .rgb:
            // Each channel on its own, not premultiplied (MapLibre's expression tests say so).
            return StyleColor(
                r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t, a: alpha)
        case .lab:
            let (x, y) = (lab(a), lab(b))
            return rgb(l: x.l + (y.l - x.l) * t, a: x.a + (y.a - x.a) * t, b: x.b + (y.b - x.b) * t, alpha: alpha)
        case .hcl:
            let (x, y) = (hcl(a), hcl(b))
            var (h0, h1) = (x.h, y.h)
            if h0.isNaN { h0 = h1 }
            if h1.isNaN { h1 = h0 }
            var d = h1 - h0
            if d > 180 || d < -180 { d -= 360 * (d / 360).rounded() }
            let h = h0.isNaN ? Double.nan : h0 + t * d
            let c = x.c + (y.c - x.c) * t
            let l = x.l + (y.l - x.l) * t
            let radians = (h.isNaN ? 0 : h) * .pi / 180
            return rgb(l: l, a: Double.cos(radians) * c, b: Double.sin(radians) * c, alpha: alpha)
        }
    }

    static let (xn, yn, zn) = (0.96422, 1.0, 0.82521)
    static let t0 = 4.0 / 29, t1 = 6.0 / 29, t2 = 3 * (6.0 / 29) * (6.0 / 29), t3 = (6.0 / 29) * (6.0 / 29) * (6.0 / 29)

    static func lab(_ c: StyleColor) -> (l: Double, a: Double, b: Double) {
        func linear(_ x: Double) -> Double { x <= 0.04045 ? x / 12.92 : Double.pow((x + 0.055) / 1.055, 2.4) }
        func f(_ t: Double) -> Double { t > t3 ? Double.pow(t, 1.0 / 3) : t / t2 + t0 }
        let (r, g, b) = (linear(c.r), linear(c.g), linear(c.b))
        let y = f((0.2225045 * r + 0.7168786 * g + 0.0606169 * b) / yn)
        let (x, z) =
            r == g && g == b
            ? (y, y)
            : (
                f((0.4360747 * r + 0.3850649 * g + 0.1430804 * b) / xn),
                f((0.0139322 * r + 0.0971045 * g + 0.7141733 * b) / zn)
            )
        return (116 * y - 16, 500 * (x - y), 200 * (y - z))
    }

    static func hcl(_ c: StyleColor) -> (h: Double, c: Double, l: Double) {
        let (l, a, b) = lab(c)
        var h = Double.atan2(y: b, x: a) * 180 / .pi
        if h < 0 { h += 360 }
        let chroma = (a * a + b * b).squareRoot()
        return (chroma < 1e-9 ? .nan : h, chroma, l)
    }

    static func rgb(l: Double, a: Double, b: Double, alpha: Double) -> StyleColor {
        func inverse(_ t: Double) -> Double { t > t1 ? t * t * t : t2 * (t - t0) }
        func gamma(_ x: Double) -> Double { x <= 0.00304 ? 12.92 * x : 1.055 * Double.pow(x, 1 / 2.4) - 0.055 }
        let y0 = (l + 16) / 116
        let x = xn * inverse(y0 + a / 500)
        let y = yn * inverse(y0)
        let z = zn * inverse(y0 - b / 200)
        func clamp(_ v: Double) -> Double { Swift.min(Swift.max(v, 0), 1) }
        return StyleColor(
            r: clamp(gamma(3.1338561 * x - 1.6168667 * y - 0.4906146 * z)),
            g: clamp(gamma(-0.9787684 * x + 1.9161415 * y + 0.0334540 * z)),
            b: clamp(gamma(0.0719453 * x - 0.2289914 * y + 1.4052427 * z)), a: alpha)
    }
}
