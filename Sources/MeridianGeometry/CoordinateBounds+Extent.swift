import RealModule

extension CoordinateBounds {
    /// These bounds grown about their centre to at least `meters` across, north–south and
    /// east–west (measured on ``Geodesy``'s sphere, east–west along the centre's parallel): a fit
    /// of the result never comes closer than that extent (math.gl's `fitBounds` `minExtent`,
    /// here in metres rather than world units). Bounds already that large are returned as they
    /// are; latitudes stop at ±90°, and a width past the whole parallel is the whole circle.
    /// Empty bounds stay empty.
    /// - Throws: `InvalidArgument` naming `minExtent` when `meters` is not finite or negative.
    public func grown(toAtLeast meters: Double) throws(InvalidArgument) -> CoordinateBounds {
        let m = try InvalidArgument.finite(meters, "minExtent")
        guard m >= 0 else {
            throw InvalidArgument(
                parameter: "minExtent", value: m, problem: .outOfRange(lowerBound: 0, upperBound: .infinity))
        }
        guard var south = south, var north = north, let span = longitudeSpan, let center else { return self }
        let degreesPerMeter = Angle.degrees(1 / Geodesy.earthRadius)
        let height = m * degreesPerMeter
        if north - south < height {
            let middle = (south + north) / 2
            (south, north) = (Swift.max(middle - height / 2, -90), Swift.min(middle + height / 2, 90))
        }
        // East–west: metres along the centre's parallel (a parallel near a pole is short).
        let parallel = Double.cos(Angle.radians(center.latitude))
        let width = parallel > 0 ? m * degreesPerMeter / parallel : .infinity
        guard span < width else {
            return CoordinateBounds(
                southWest: Coordinate(latitude: south, longitude: west!),
                northEast: Coordinate(latitude: north, longitude: west! + span))
        }
        guard width < 360 else {
            return CoordinateBounds(
                southWest: Coordinate(latitude: south, longitude: -180),
                northEast: Coordinate(latitude: north, longitude: 180))
        }
        return CoordinateBounds(
            southWest: Coordinate(latitude: south, longitude: center.longitude - width / 2),
            northEast: Coordinate(latitude: north, longitude: center.longitude + width / 2))
    }
}
