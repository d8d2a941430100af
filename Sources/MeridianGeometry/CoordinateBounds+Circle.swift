import RealModule

extension CoordinateBounds {
    /// The smallest bounds holding every point within `radius` metres of `center` on the
    /// ground (a spherical cap on ``Geodesy``'s sphere, radius ``Geodesy/earthRadius``): what
    /// Mapbox's and Turf's "bounds around a point" give.
    ///
    /// Latitudes run `radius / R` radians either side of the centre's. Longitudes run
    /// asin(sin(r / R) / cos φ) either side, the cap's widest point, which lies poleward of the
    /// centre's parallel. A cap that reaches a pole holds every longitude: the whole circle,
    /// from that pole down to the far latitude.
    ///
    /// - Parameters:
    ///   - center: a finite coordinate (latitude clamped to ±90°, longitude wrapped).
    ///   - radius: metres on the ground, finite, in [0, π × R] (half the circumference).
    /// - Throws: `InvalidArgument` naming `center` or `radius`.
    public init(around center: Coordinate, radius: Double) throws(InvalidArgument) {
        let c = try center.validated("center")
        let r = try InvalidArgument.finite(radius, "radius")
        let half = Double.pi * Geodesy.earthRadius
        guard r >= 0, r <= half else {
            throw InvalidArgument(parameter: "radius", value: r, problem: .outOfRange(lowerBound: 0, upperBound: half))
        }
        let angle = r / Geodesy.earthRadius
        let lat = Angle.radians(c.latitude)
        let south = Angle.degrees(Swift.max(lat - angle, -.pi / 2))
        let north = Angle.degrees(Swift.min(lat + angle, .pi / 2))
        // A pole inside the cap (or on its edge): every longitude.
        guard lat + angle < .pi / 2, lat - angle > -.pi / 2 else {
            self.init(
                southWest: Coordinate(latitude: south, longitude: -180),
                northEast: Coordinate(latitude: north, longitude: 180))
            return
        }
        let spread = Angle.degrees(Double.asin(Swift.min(1, Double.sin(angle) / Double.cos(lat))))
        self.init(
            southWest: Coordinate(latitude: south, longitude: c.longitude - spread),
            northEast: Coordinate(latitude: north, longitude: c.longitude + spread))
    }
}
