/// A point on the Earth: latitude and longitude in degrees (WGS 84, treated as a sphere).
///
/// A plain value, like `CLLocationCoordinate2D`: it holds whatever it is given, and
/// ``isValid`` tells whether that is a real place. Entry points that take coordinates from
/// outside (cameras, projections, bounds) validate or normalise them and say what they do.
///
/// ```swift
/// let helsinki = Coordinate(latitude: 60.1699, longitude: 24.9384)
/// helsinki.wrapped.longitude   // 24.9384, already in [-180, 180)
/// ```
public struct Coordinate: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Degrees north of the equator; a real place has [-90, 90].
    public var latitude: Double
    /// Degrees east of Greenwich; any finite value names a place, canonical form [-180, 180).
    public var longitude: Double

    /// Creates a coordinate from latitude and longitude in degrees, kept exactly as given
    /// (no validation, wrapping or clamping; see ``validated(_:)`` and ``wrapped``).
    @inlinable
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Both numbers finite, latitude in [-90, 90] and longitude in [-180, 180].
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// Both numbers finite (any longitude wraps to a place; latitude may still be beyond a pole).
    public var isFinite: Bool { latitude.isFinite && longitude.isFinite }

    /// The same place with its longitude wrapped into [-180, 180) and latitude clamped to [-90, 90].
    public var wrapped: Coordinate {
        Coordinate(latitude: latitude.clamped(to: -90...90), longitude: Angle.wrapLongitude(longitude))
    }

    /// Throws `InvalidArgument` (``InvalidArgument/Problem/notFinite``, naming `parameter.latitude`
    /// or `parameter.longitude`) unless both numbers are finite; returns the coordinate wrapped
    /// (longitude into [-180, 180), latitude clamped to [-90, 90]).
    @inlinable
    public func validated(_ parameter: String = "coordinate") throws(InvalidArgument) -> Coordinate {
        _ = try InvalidArgument.finite(latitude, parameter + ".latitude")
        _ = try InvalidArgument.finite(longitude, parameter + ".longitude")
        return wrapped
    }

    /// The coordinate as `(latitude, longitude)` in degrees, as stored.
    public var description: String { "(\(latitude), \(longitude))" }
}
