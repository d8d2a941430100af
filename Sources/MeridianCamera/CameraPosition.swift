import MeridianGeometry
import RealModule

/// Where the camera is and how it looks: target, zoom, bearing and viewing angle (tilt).
///
/// An immutable value that is always valid. Building one clamps and wraps (SPEC §1–2):
/// latitude into [-85, 85], longitude into [-180, 180), zoom into [0, 24], bearing into
/// [0, 360), tilt into [0, ``TiltCurve/maxTilt(zoom:)``]. Non-finite numbers are rejected
/// with `InvalidArgument`.
///
/// ```swift
/// let camera = try CameraPosition(target: Coordinate(latitude: -33.8683, longitude: 151.2086), zoom: 16)
/// let tilted = try CameraPosition(target: camera.target, zoom: 6, bearing: 270, tilt: 45)
/// tilted.tilt   // 30: the most the curve allows at zoom 6
/// ```
public struct CameraPosition: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The latitude a camera target may reach, in degrees (a latitude of 100 becomes 85).
    public static let maxTargetLatitude = 85.0

    /// The ground point the camera looks at, drawn at the centre of the padded view.
    public let target: Coordinate
    /// Zoom level in [0, 24]: the world is 256 · 2^zoom points wide.
    public let zoom: Double
    /// Degrees clockwise from true north of the view's top edge, in [0, 360); 90 puts east up.
    public let bearing: Double
    /// Viewing angle in degrees from the nadir: 0 looks straight down. In [0, max tilt at zoom].
    public let tilt: Double

    /// Builds a camera from a target, a zoom level, a bearing in degrees clockwise from north
    /// and a tilt in degrees from the nadir, clamping and wrapping every value as the type's
    /// summary says.
    /// - Throws: `InvalidArgument` (not finite) naming the first non-finite number: `latitude`,
    ///   `longitude`, `zoom`, `bearing` or `tilt`.
    public init(target: Coordinate, zoom: Double, bearing: Double = 0, tilt: Double = 0) throws(InvalidArgument) {
        _ = try InvalidArgument.finite(target.latitude, "latitude")
        _ = try InvalidArgument.finite(target.longitude, "longitude")
        _ = try InvalidArgument.finite(zoom, "zoom")
        _ = try InvalidArgument.finite(bearing, "bearing")
        _ = try InvalidArgument.finite(tilt, "tilt")
        self.init(clamping: target, zoom: zoom, bearing: bearing, tilt: tilt)
    }

    /// The limits a camera is built within.
    public enum Limits: Sendable, Hashable {
        /// The SDK's (SPEC §1): tilt within ``TiltCurve/maxTilt(zoom:)``.
        case sdk
        /// MapLibre's, for a style's own camera and the styles drawn as MapLibre draws them:
        /// tilt (MapLibre's pitch) up to ``mapLibreMaxTilt`` at every zoom.
        case mapLibre
    }

    /// The greatest tilt MapLibre allows a map, degrees.
    public static let mapLibreMaxTilt = 85.0

    /// ``init(target:zoom:bearing:tilt:)`` within `limits`: the SDK's tilt curve, or MapLibre's
    /// 85° at every zoom (the other values clamped and wrapped as there). A camera built within
    /// MapLibre's limits is clamped to the curve again by any change (``changing(target:zoom:bearing:tilt:)``).
    /// - Throws: `InvalidArgument` as ``init(target:zoom:bearing:tilt:)``.
    public init(
        target: Coordinate, zoom: Double, bearing: Double = 0, tilt: Double = 0, limits: Limits
    ) throws(InvalidArgument) {
        try self.init(target: target, zoom: zoom, bearing: bearing, tilt: tilt)
        if limits == .mapLibre {
            self.init(clamping: target, zoom: zoom, bearing: bearing, tilt: tilt, maxTilt: Self.mapLibreMaxTilt)
        }
    }

    /// The clamping initialiser for values already known to be finite; `maxTilt` (degrees)
    /// replaces the curve's limit when given.
    init(clamping target: Coordinate, zoom: Double, bearing: Double, tilt: Double, maxTilt: Double? = nil) {
        let z = ZoomRange.absolute.clamp(zoom)
        self.target = Coordinate(
            latitude: target.latitude.clamped(to: -Self.maxTargetLatitude...Self.maxTargetLatitude),
            longitude: Angle.wrapLongitude(target.longitude))
        self.zoom = z
        self.bearing = Angle.wrap360(bearing)
        self.tilt = tilt.clamped(to: 0...(maxTilt ?? TiltCurve.maxTilt(zoom: z)))
    }

    /// A copy with some values replaced, clamped and wrapped again as in `init` (lowering the
    /// zoom may lower the tilt).
    /// - Throws: `InvalidArgument` (not finite) naming the first non-finite replacement, as
    ///   ``init(target:zoom:bearing:tilt:)`` does.
    public func changing(
        target: Coordinate? = nil, zoom: Double? = nil, bearing: Double? = nil, tilt: Double? = nil
    ) throws(InvalidArgument) -> CameraPosition {
        try CameraPosition(
            target: target ?? self.target, zoom: zoom ?? self.zoom,
            bearing: bearing ?? self.bearing, tilt: tilt ?? self.tilt)
    }

    /// A copy with some values replaced, clamped again (lowering the zoom may lower the tilt).
    func with(
        target: Coordinate? = nil, zoom: Double? = nil, bearing: Double? = nil, tilt: Double? = nil
    ) -> CameraPosition {
        CameraPosition(
            clamping: target ?? self.target, zoom: zoom ?? self.zoom,
            bearing: bearing ?? self.bearing, tilt: tilt ?? self.tilt)
    }

    /// A debugging form listing target, zoom, bearing and tilt.
    public var description: String {
        "CameraPosition(target: \(target), zoom: \(zoom), bearing: \(bearing), tilt: \(tilt))"
    }

    // Decoding goes through the validating initialiser, so a decoded camera is as valid as a built one.
    enum CodingKeys: String, CodingKey { case latitude, longitude, zoom, bearing, tilt }

    /// Decodes the flat keys `latitude`, `longitude` and `zoom`, and `bearing` and `tilt` when
    /// present (0 otherwise), through ``init(target:zoom:bearing:tilt:)``: the values are clamped
    /// and wrapped, and a non-finite one throws `InvalidArgument`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            target: Coordinate(
                latitude: c.decode(Double.self, forKey: .latitude),
                longitude: c.decode(Double.self, forKey: .longitude)),
            zoom: c.decode(Double.self, forKey: .zoom),
            bearing: c.decodeIfPresent(Double.self, forKey: .bearing) ?? 0,
            tilt: c.decodeIfPresent(Double.self, forKey: .tilt) ?? 0)
    }

    /// Encodes the flat keys `latitude`, `longitude`, `zoom`, `bearing` and `tilt` (degrees and
    /// zoom levels), the form ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(target.latitude, forKey: .latitude)
        try c.encode(target.longitude, forKey: .longitude)
        try c.encode(zoom, forKey: .zoom)
        try c.encode(bearing, forKey: .bearing)
        try c.encode(tilt, forKey: .tilt)
    }
}

extension CameraPosition {
    /// Whether two cameras would draw the same frame: targets within a hundredth of a point at
    /// the larger zoom, zooms within 1e-6, bearings (the short way round) and tilts within 1e-6°.
    /// `==` stays exact.
    public func rendersEqually(to other: CameraPosition) -> Bool {
        let world = WebMercator.worldSize(zoom: Swift.max(zoom, other.zoom))
        let dx = Angle.shortestDelta(from: target.longitude, to: other.target.longitude) / 360 * world
        let dy = (WebMercator.y(latitude: target.latitude) - WebMercator.y(latitude: other.target.latitude)) * world
        return abs(dx) < 0.01 && abs(dy) < 0.01 && abs(zoom - other.zoom) < 1e-6
            && abs(Angle.shortestDelta(from: bearing, to: other.bearing)) < 1e-6 && abs(tilt - other.tilt) < 1e-6
    }

    /// The zoom at which `meters` on the ground at `coordinate` span `points` on screen (flat
    /// Mercator scale, equatorial radius). Not clamped: very large or small distances give
    /// zooms outside [0, 24].
    /// - Throws: `InvalidArgument` naming `coordinate.latitude` or `coordinate.longitude` when not
    ///   finite, or `meters` or `points` when not finite or not positive.
    public static func zoom(
        at coordinate: Coordinate, forMeters meters: Double, perPoints points: Double
    ) throws(InvalidArgument) -> Double {
        let c = try coordinate.validated()
        for (name, v) in [("meters", meters), ("points", points)] {
            guard try InvalidArgument.finite(v, name) > 0 else {
                throw InvalidArgument(parameter: name, value: v, problem: .inconsistent("must be positive"))
            }
        }
        let groundPerWorld =
            2 * Double.pi * WebMercator.earthRadius
            * Double.cos(Angle.radians(c.latitude.clamped(to: -WebMercator.maxLatitude...WebMercator.maxLatitude)))
        return Double.log2(points * groundPerWorld / (WebMercator.tileSize * meters))
    }
}
