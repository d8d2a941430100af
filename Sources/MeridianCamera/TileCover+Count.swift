import MeridianGeometry

/// How many tiles a cover holds, without making it: the counts of ``TileCover``'s covers (the
/// same tiles, the same errors and the same `limit`), in memory that does not grow with the
/// count. Bounds are counted in constant time (the world at zoom 30 is 2^60 tiles); a path, a
/// polygon or a circle in time and memory for the rows it crosses.
extension TileCover {
    /// How many tiles ``tiles(in:zoom:limit:)`` holds.
    public static func count(
        in bounds: CoordinateBounds, zoom z: Int, limit: Int = 1_000_000
    ) throws(InvalidArgument) -> Int {
        guard let (cols, rows) = try grid(in: bounds, zoom: z) else { return 0 }
        // Columns past a whole turn wrap onto ones already counted.
        let count = Swift.min(cols.count, 1 << z) * rows.count
        guard count <= limit else { throw tooMany(limit) }
        return count
    }

    /// How many tiles ``tiles(alongPath:zoom:limit:)`` holds.
    public static func count(
        alongPath path: [Coordinate], zoom z: Int, limit: Int = 1_000_000
    ) throws(InvalidArgument) -> Int {
        try spans(alongPath: path, zoom: z, limit: limit).count(zoom: z, limit: limit)
    }

    /// How many tiles ``tiles(inPolygon:zoom:limit:)`` holds.
    public static func count(
        inPolygon rings: [[Coordinate]], zoom z: Int, limit: Int = 1_000_000
    ) throws(InvalidArgument) -> Int {
        try spans(inPolygon: rings, zoom: z, limit: limit).count(zoom: z, limit: limit)
    }

    /// How many tiles ``tiles(around:meters:zoom:limit:)`` holds.
    public static func count(
        around center: Coordinate, meters: Double, zoom z: Int, limit: Int = 1_000_000
    ) throws(InvalidArgument) -> Int {
        let (c, radius) = try checkCircle(center, meters: meters)
        return try count(inPolygon: [circle(c, meters: radius)], zoom: z, limit: limit)
    }
}
