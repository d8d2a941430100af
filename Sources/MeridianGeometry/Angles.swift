/// Angle helpers shared by every layer: degree/radian conversion and the wrap and clamp rules of
/// the behaviour contract (SPEC §1). All take and return degrees unless the name says radians.
public enum Angle {
    /// π / 180 (a computed constant, so hot loops need no lazy-global check).
    @inlinable public static var radiansPerDegree: Double { Double.pi / 180 }
    /// 180 / π.
    @inlinable public static var degreesPerRadian: Double { 180 / Double.pi }

    /// Degrees to radians.
    @inlinable public static func radians(_ degrees: Double) -> Double { degrees * radiansPerDegree }
    /// Radians to degrees.
    @inlinable public static func degrees(_ radians: Double) -> Double { radians * degreesPerRadian }

    /// Wraps a longitude into [-180, 180): 480, 840 and 1200 give 120; 180 gives -180.
    /// Non-finite input comes back unchanged (NaN stays NaN), so callers validate first.
    @inlinable
    public static func wrapLongitude(_ degrees: Double) -> Double {
        if degrees >= -180 && degrees < 180 { return degrees }
        let r = (degrees + 180).truncatingRemainder(dividingBy: 360)
        let w = (r < 0 ? r + 360 : r) - 180
        return w >= 180 ? -180 : w
    }

    /// Wraps an angle into [0, 360): -90 gives 270, 360 gives 0. Non-finite input is returned as is.
    @inlinable
    public static func wrap360(_ degrees: Double) -> Double {
        if degrees >= 0 && degrees < 360 { return degrees }
        let r = degrees.truncatingRemainder(dividingBy: 360)
        let w = r < 0 ? r + 360 : r
        return w >= 360 ? 0 : w
    }

    /// The signed difference `to - from` in degrees, taken the short way round, in [-180, 180)
    /// (a half turn gives -180). Non-finite input gives a non-finite result.
    @inlinable
    public static func shortestDelta(from: Double, to: Double) -> Double {
        wrapLongitude(to - from)
    }
}

/// The clamp rule of the behaviour contract (SPEC §1) as a method on `Double`.
extension Double {
    /// `self` clamped into `range`; NaN stays NaN.
    @inlinable
    public func clamped(to range: ClosedRange<Double>) -> Double {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
