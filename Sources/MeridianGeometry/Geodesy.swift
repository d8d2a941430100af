import RealModule

/// Great-circle geometry on a sphere of radius ``earthRadius`` (6 371 009 m, the mean radius
/// the SDK calls `kGMSEarthRadius`). Angles in degrees, distances in metres.
///
/// Inputs are coordinates as given (non-finite ones give NaN results); entry points that take
/// outside data validate before calling these.
public enum Geodesy {
    /// Mean Earth radius for great-circle geometry, in metres.
    public static let earthRadius = 6_371_009.0

    /// Great-circle distance in metres (haversine form, accurate for short and long arcs).
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        centralAngle(a, b) * earthRadius
    }

    /// The angle at the Earth's centre between two coordinates, in radians.
    static func centralAngle(_ a: Coordinate, _ b: Coordinate) -> Double {
        let phi1 = Angle.radians(a.latitude)
        let phi2 = Angle.radians(b.latitude)
        let dPhi = phi2 - phi1
        let dLambda = Angle.radians(b.longitude - a.longitude)
        let s1 = Double.sin(dPhi / 2)
        let s2 = Double.sin(dLambda / 2)
        let h = s1 * s1 + Double.cos(phi1) * Double.cos(phi2) * s2 * s2
        return 2 * Double.asin(min(1, h.squareRoot()))
    }

    /// Initial heading from `a` towards `b` along the great circle, degrees clockwise from
    /// north in [-180, 180) (the SDK's convention). Equal points give 0.
    public static func heading(from a: Coordinate, to b: Coordinate) -> Double {
        let phi1 = Angle.radians(a.latitude)
        let phi2 = Angle.radians(b.latitude)
        let dLambda = Angle.radians(b.longitude - a.longitude)
        let y = Double.sin(dLambda) * Double.cos(phi2)
        let x = Double.cos(phi1) * Double.sin(phi2) - Double.sin(phi1) * Double.cos(phi2) * Double.cos(dLambda)
        if x == 0 && y == 0 { return 0 }
        return Angle.wrapLongitude(Angle.degrees(Double.atan2(y: y, x: x)))
    }

    /// The coordinate reached by travelling `distance` metres from `origin` along the great
    /// circle with initial `heading` (degrees clockwise from north). Longitude in [-180, 180).
    public static func offset(_ origin: Coordinate, distance: Double, heading: Double) -> Coordinate {
        let delta = distance / earthRadius
        let theta = Angle.radians(heading)
        let phi1 = Angle.radians(origin.latitude)
        let lambda1 = Angle.radians(origin.longitude)
        let sinPhi2 = Double.sin(phi1) * Double.cos(delta) + Double.cos(phi1) * Double.sin(delta) * Double.cos(theta)
        let phi2 = Double.asin(sinPhi2.clamped(to: -1...1))
        let lambda2 =
            lambda1
            + Double.atan2(
                y: Double.sin(theta) * Double.sin(delta) * Double.cos(phi1),
                x: Double.cos(delta) - Double.sin(phi1) * sinPhi2)
        return Coordinate(latitude: Angle.degrees(phi2), longitude: Angle.wrapLongitude(Angle.degrees(lambda2)))
    }

    /// The point a `fraction` of the way from `a` to `b` along the great circle (spherical
    /// linear interpolation); 0 gives `a`, 1 gives `b`, values outside [0, 1] extrapolate.
    /// Antipodal points have no unique great circle; the result then follows the meridian of `a`.
    public static func interpolate(from a: Coordinate, to b: Coordinate, fraction: Double) -> Coordinate {
        let va = unitVector(a)
        let vb = unitVector(b)
        let omega = centralAngle(a, b)
        let sinOmega = Double.sin(omega)
        guard sinOmega > 1e-12 else {
            // Equal (or antipodal) points: interpolate the numbers directly.
            return Coordinate(
                latitude: a.latitude + (b.latitude - a.latitude) * fraction,
                longitude: Angle.wrapLongitude(
                    a.longitude + Angle.shortestDelta(from: a.longitude, to: b.longitude) * fraction))
        }
        let ka = Double.sin((1 - fraction) * omega) / sinOmega
        let kb = Double.sin(fraction * omega) / sinOmega
        let v = (ka * va.0 + kb * vb.0, ka * va.1 + kb * vb.1, ka * va.2 + kb * vb.2)
        let lat = Double.atan2(y: v.2, x: (v.0 * v.0 + v.1 * v.1).squareRoot())
        let lng = Double.atan2(y: v.1, x: v.0)
        return Coordinate(latitude: Angle.degrees(lat), longitude: Angle.wrapLongitude(Angle.degrees(lng)))
    }

    static func unitVector(_ c: Coordinate) -> (Double, Double, Double) {
        let phi = Angle.radians(c.latitude)
        let lambda = Angle.radians(c.longitude)
        return (Double.cos(phi) * Double.cos(lambda), Double.cos(phi) * Double.sin(lambda), Double.sin(phi))
    }

    /// Length of a path along great circles, in metres (0 for fewer than two points).
    public static func length<C: Collection>(of path: C) -> Double where C.Element == Coordinate {
        zip(path, path.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) }
    }

    /// Signed area of the closed path (last point joins the first) on the sphere, in square
    /// metres: positive when the path runs counter-clockwise seen from above the Earth.
    /// Each edge is a great-circle arc; the sum is of the signed areas between each edge and the
    /// equator, E = 2·atan(tan(Δλ/2)·(t₁+t₂)/(1+t₁t₂)) with t = tan(φ/2), exact for arcs.
    public static func signedArea<C: Collection>(of path: C) -> Double where C.Element == Coordinate {
        guard path.count >= 3 else { return 0 }
        var total = 0.0
        var previous = path[path.index(path.endIndex, offsetBy: -1)]
        for current in path {
            total += equatorTrapezoidExcess(previous, current)
            previous = current
        }
        return -total * earthRadius * earthRadius
    }

    /// Unsigned area of the closed path, in square metres.
    public static func area<C: Collection>(of path: C) -> Double where C.Element == Coordinate {
        abs(signedArea(of: path))
    }

    /// Signed area (steradians) between the arc a→b and the equator.
    static func equatorTrapezoidExcess(_ a: Coordinate, _ b: Coordinate) -> Double {
        let t1 = Double.tan(Angle.radians(a.latitude) / 2)
        let t2 = Double.tan(Angle.radians(b.latitude) / 2)
        let dLambda = Angle.radians(Angle.shortestDelta(from: a.longitude, to: b.longitude))
        let tanHalf = Double.tan(dLambda / 2)
        return 2 * Double.atan2(y: tanHalf * (t1 + t2), x: 1 + t1 * t2)
    }
}
