import MeridianGeometry

/// A closed range of zoom levels, always inside the absolute range [0, 24].
///
/// ```swift
/// let r = try ZoomRange(min: 10, max: 15)
/// r.clamp(4)   // 10
/// ```
public struct ZoomRange: Hashable, Sendable, Codable {
    /// Every zoom a camera can have: [0, 24]. Zoom 0 shows the world as 256 points square.
    public static let absolute = ZoomRange(uncheckedMin: 0, max: 24)
    /// A new map's range, the SDK's `kGMSMinZoomLevel`...`kGMSMaxZoomLevel`: [2, 21].
    public static let mapDefault = ZoomRange(uncheckedMin: 2, max: 21)

    /// Lowest zoom (farthest from the ground), in [0, 24].
    public let min: Double
    /// Highest zoom (closest to the ground), in [``min``, 24].
    public let max: Double

    init(uncheckedMin min: Double, max: Double) {
        self.min = min
        self.max = max
    }

    /// A range with both ends, in zoom levels, clamped into ``absolute``.
    /// - Throws: `InvalidArgument` naming `minZoom` or `maxZoom` when an end is not finite, or
    ///   `minZoom` (inconsistent) when `min > max` (compared after clamping).
    public init(min: Double, max: Double) throws(InvalidArgument) {
        let lo = try InvalidArgument.finite(min, "minZoom").clamped(to: 0...24)
        let hi = try InvalidArgument.finite(max, "maxZoom").clamped(to: 0...24)
        guard lo <= hi else {
            throw InvalidArgument(
                parameter: "minZoom", value: min, problem: .inconsistent("greater than maxZoom \(max)"))
        }
        self.init(uncheckedMin: lo, max: hi)
    }

    enum CodingKeys: String, CodingKey { case min, max }

    /// Decodes through ``init(min:max:)``, so a decoded range is as valid as a built one.
    /// - Throws: `DecodingError.dataCorrupted` for ends that are not finite or out of order.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(min: try c.decode(Double.self, forKey: .min), max: try c.decode(Double.self, forKey: .max))
        } catch let error as InvalidArgument {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: c.codingPath, debugDescription: error.description))
        }
    }

    /// `zoom` moved to the nearest value inside the range (NaN stays NaN).
    @inlinable public func clamp(_ zoom: Double) -> Double { zoom.clamped(to: min...max) }

    /// Whether `zoom` lies inside, ends included (never for NaN).
    public func contains(_ zoom: Double) -> Bool { zoom >= min && zoom <= max }
}

/// The greatest viewing angle (tilt) a camera may have at a zoom: 30° at zoom ≤ 10, 65° at
/// zoom ≥ 16, linear in between (SPEC §1). The one table every clamp reads.
public enum TiltCurve {
    /// (zoom, max tilt in degrees) breakpoints, zoom ascending; constant beyond both ends.
    public static let table: [(zoom: Double, maxTilt: Double)] = [(10, 30), (16, 65)]

    /// The greatest tilt in degrees allowed at `zoom` (piecewise linear through ``table``,
    /// constant beyond its ends; a NaN zoom gives the last entry, 65°).
    public static func maxTilt(zoom: Double) -> Double {
        guard let first = table.first, let last = table.last else { return 0 }
        if zoom <= first.zoom { return first.maxTilt }
        if zoom >= last.zoom { return last.maxTilt }
        for (a, b) in zip(table, table.dropFirst()) where zoom <= b.zoom {
            return a.maxTilt + (b.maxTilt - a.maxTilt) * (zoom - a.zoom) / (b.zoom - a.zoom)
        }
        return last.maxTilt
    }
}
