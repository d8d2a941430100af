import RealModule

/// A point of the spherical Web Mercator world (EPSG:3857) in normalised units: the world is
/// the unit square, x from 0 at 180° W growing east, y from 0 at the top edge (85.0511° N)
/// growing south. Multiply by ``WebMercator/worldSize(zoom:)`` to get world points at a zoom.
///
/// Kept distinct from ``ScreenPoint`` on purpose: a world point is on the map, a screen point
/// is in a view, and only a viewport converts between them.
public struct MercatorPoint: Hashable, Sendable, Codable {
    /// Normalised x: 0 at 180° W, 1 at 180° E, growing east. Values outside [0, 1] address
    /// other copies of the world.
    public var x: Double
    /// Normalised y: 0 at the top edge (85.0511° N), 1 at the bottom edge (85.0511° S),
    /// growing south.
    public var y: Double

    /// Creates a point from normalised Mercator x and y, kept as given.
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// Spherical Web Mercator (EPSG:3857), as the behaviour contract defines it (SPEC §1).
public enum WebMercator {
    /// The latitude of the world's top and bottom edges, atan(sinh π) in degrees. A coordinate
    /// beyond it projects onto the edge.
    public static let maxLatitude = 85.051_128_779_806_59
    /// Equatorial radius used for Mercator scale (metres per point), in metres (WGS 84).
    public static let earthRadius = 6_378_137.0
    /// Points across the world at zoom 0.
    public static let tileSize = 256.0

    /// The world's width and height in points at `zoom`: 256 · 2^zoom. Fractional zoom is valid.
    @inlinable
    public static func worldSize(zoom: Double) -> Double { tileSize * Double.exp2(zoom) }

    /// Normalised Mercator y of a latitude in degrees (clamped to ±``maxLatitude``):
    /// y = ½ − ln((1 + sin φ) / (1 − sin φ)) / 4π. (The log form, not atanh: glibc's log is
    /// about twice as fast, and y needs absolute, not relative, precision near the equator.)
    /// Always in [0, 1]: the clamp latitudes give exactly 0 and 1 (the formula's rounding would
    /// put them about 1e-15 outside), and NaN stays NaN.
    @inlinable
    public static func y(latitude: Double) -> Double {
        if latitude >= maxLatitude { return 0 }
        if latitude <= -maxLatitude { return 1 }
        let s = Double.sin(Angle.radians(latitude))
        return min(max(0.5 - Double.log((1 + s) / (1 - s)) / (4 * .pi), 0), 1)
    }

    /// Latitude in degrees of a normalised Mercator y. y outside [0, 1] gives latitudes beyond
    /// ±``maxLatitude`` (up to ±90).
    @inlinable
    public static func latitude(y: Double) -> Double {
        Angle.degrees(Double.atan(Double.sinh(.pi * (1 - 2 * y))))
    }

    /// Normalised Mercator x of a longitude in degrees. Not wrapped: 190° gives x > 1, so
    /// callers can address other copies of the world.
    @inlinable
    public static func x(longitude: Double) -> Double { (longitude + 180) / 360 }

    /// Projects a coordinate to the normalised world (latitude clamped, longitude not wrapped).
    @inlinable
    public static func project(_ c: Coordinate) -> MercatorPoint {
        MercatorPoint(x: x(longitude: c.longitude), y: y(latitude: c.latitude))
    }

    /// The coordinate of a normalised world point. Longitude is not wrapped; latitude is
    /// the inverse Mercator of y (beyond ±85.05° when y is outside [0, 1]).
    @inlinable
    public static func unproject(_ p: MercatorPoint) -> Coordinate {
        Coordinate(latitude: latitude(y: p.y), longitude: p.x * 360 - 180)
    }

    /// Ground metres spanned by one point at `latitude` (degrees) and `zoom`, using the
    /// equatorial radius: cos φ · 2πR / (256 · 2^zoom). Latitude is clamped to ±``maxLatitude``.
    @inlinable
    public static func metersPerPoint(latitude: Double, zoom: Double) -> Double {
        let phi = Angle.radians(latitude.clamped(to: -maxLatitude...maxLatitude))
        return Double.cos(phi) * 2 * .pi * earthRadius / worldSize(zoom: zoom)
    }
}
