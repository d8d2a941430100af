import MeridianCamera
import MeridianGeometry
import RealModule

/// A camera path from one position to another as a pure function of progress (SPEC §4).
///
/// `.ease`: all five attributes together: the target along a straight line in Web Mercator
/// (the short way across the antimeridian), zoom linearly, bearing along the shorter arc,
/// tilt linearly (clamped to the curve at each intermediate zoom).
/// `.fly`: van Wijk & Nuij (2003), "Smooth and efficient zooming and panning": the zoom
/// pulls out and back in along the optimal path for the curvature ρ, so a long move travels
/// at a far zoom. Bearing and tilt go as in `.ease`.
///
/// ``camera(at:)`` returns exactly `from` at progress 0 and exactly `to` at progress 1.
public struct CameraTransition: Hashable, Sendable {
    /// How the camera travels between the ends.
    public enum Path: Hashable, Sendable {
        /// Every attribute at once: the target along a straight line in Web Mercator, zoom and
        /// tilt linearly, bearing along the shorter arc.
        case ease
        /// The van Wijk & Nuij path, zooming out and back in. ρ: the trade-off between zooming
        /// and panning (√2 ≈ 1.42 is the paper's choice); a ρ that is not finite and positive
        /// uses ``CameraTransition/defaultRho``.
        case fly(rho: Double)
    }

    /// The camera at progress 0.
    public let from: CameraPosition
    /// The camera at progress 1.
    public let to: CameraPosition
    /// How the camera travels from ``from`` to ``to``.
    public let path: Path
    /// The view's size in points, which sets the fly path's screen-relative scale (w₀).
    public let viewSize: ScreenSize

    /// The ρ used by ``Path/fly(rho:)`` when none is given.
    public static let defaultRho = 1.42
    /// Fly speed for the automatic duration: how many view widths (of the path's length S)
    /// per second.
    public static let flySpeed = 1.2

    /// Creates a transition between two cameras in a view of `viewSize` points. Nothing is
    /// validated (both cameras are valid by construction); a `viewSize` that is not finite and
    /// positive makes a fly's in-between cameras meaningless.
    public init(from: CameraPosition, to: CameraPosition, path: Path = .ease, viewSize: ScreenSize) {
        self.from = from
        self.to = to
        self.path = path
        self.viewSize = viewSize
    }

    /// Start and end targets in normalised Mercator, the end moved by a whole world if that
    /// makes the trip shorter (across the antimeridian).
    var worldEnds: (MercatorPoint, MercatorPoint) {
        let a = WebMercator.project(from.target)
        var b = WebMercator.project(to.target)
        if b.x - a.x > 0.5 { b.x -= 1 } else if a.x - b.x > 0.5 { b.x += 1 }
        return (a, b)
    }

    /// The camera at `progress` ∈ [0, 1] (already shaped by a timing curve). Progress outside
    /// [0, 1] is clamped; NaN gives ``to``.
    public func camera(at progress: Double) -> CameraPosition {
        let p = progress.isNaN ? 1 : min(max(progress, 0), 1)
        if p == 0 { return from }
        if p == 1 { return to }
        let (a, b) = worldEnds
        let along: Double
        let zoom: Double
        switch path {
        case .ease:
            along = p
            zoom = from.zoom + (to.zoom - from.zoom) * p
        case let .fly(rho):
            let f = FlyPath(from: from, to: to, a: a, b: b, viewSize: viewSize, rho: rho)
            (along, zoom) = f.at(fraction: p)
        }
        let target = WebMercator.unproject(MercatorPoint(x: a.x + (b.x - a.x) * along, y: a.y + (b.y - a.y) * along))
        let bearing = from.bearing + Angle.shortestDelta(from: from.bearing, to: to.bearing) * p
        let tilt = from.tilt + (to.tilt - from.tilt) * p
        // Finite by construction: both ends are valid cameras.
        return (try? CameraPosition(target: target, zoom: zoom, bearing: bearing, tilt: tilt)) ?? to
    }

    /// The fly path's length S in view widths (0 for `.ease`), for an automatic duration.
    public var flyLength: Double {
        guard case let .fly(rho) = path else { return 0 }
        let (a, b) = worldEnds
        return FlyPath(from: from, to: to, a: a, b: b, viewSize: viewSize, rho: rho).S
    }

    /// A duration in seconds that flies at ``flySpeed`` view widths per second (at least 0.3 s;
    /// ``FlyOptions`` sets other speeds).
    public var automaticDuration: Double { FlyOptions.standard.duration(for: self) }
}

/// The van Wijk & Nuij optimal path, in their symbols: w₀, w₁ the view widths (in world units
/// at zoom 0) at the ends, u₁ the distance between the targets, ρ the curvature, S the length.
struct FlyPath {
    let w0: Double, w1: Double, u1: Double, rho: Double, r0: Double, S: Double
    let zoom0: Double

    init(
        from: CameraPosition, to: CameraPosition, a: MercatorPoint, b: MercatorPoint, viewSize: ScreenSize, rho: Double
    ) {
        let rho = rho.isFinite && rho > 0 ? rho : CameraTransition.defaultRho
        let width = max(viewSize.width, viewSize.height)
        let w0 = width / WebMercator.worldSize(zoom: from.zoom)
        let w1 = width / WebMercator.worldSize(zoom: to.zoom)
        let dx = b.x - a.x
        let dy = b.y - a.y
        let u1 = (dx * dx + dy * dy).squareRoot()
        (self.w0, self.w1, self.u1, self.rho, zoom0) = (w0, w1, u1, rho, from.zoom)
        if u1 < 1e-12 * max(w0, w1) {
            r0 = 0
            S = abs(Double.log(w1 / w0)) / rho
        } else {
            let rho2 = rho * rho
            // r_i = ln(−b_i + √(b_i² + 1)), b_i = (w₁² − w₀² ± ρ⁴u₁²) / (2·w_i·ρ²·u₁), + for i = 0.
            func r(_ wi: Double, _ sign: Double) -> Double {
                let bi = (w1 * w1 - w0 * w0 + sign * rho2 * rho2 * u1 * u1) / (2 * wi * rho2 * u1)
                return Double.log((bi * bi + 1).squareRoot() - bi)
            }
            r0 = r(w0, 1)
            S = (r(w1, -1) - r0) / rho
        }
    }

    /// (fraction of the way from a to b, zoom) at fraction `p` of the path length S.
    func at(fraction p: Double) -> (Double, Double) {
        let s = p * S
        if u1 < 1e-12 * max(w0, w1) {
            let k = w1 < w0 ? -1.0 : 1.0
            let w = w0 * Double.exp(k * rho * s)
            return (p, zoom0 + Double.log2(w0 / w))
        }
        let rho2 = rho * rho
        let u = w0 / rho2 * (Double.cosh(r0) * Double.tanh(rho * s + r0) - Double.sinh(r0))
        let w = w0 * Double.cosh(r0) / Double.cosh(rho * s + r0)
        return (u / u1, zoom0 + Double.log2(w0 / w))
    }
}
