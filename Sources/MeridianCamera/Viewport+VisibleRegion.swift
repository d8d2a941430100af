import MeridianGeometry

/// The ground seen through the padded view: four corners, near = bottom of the screen.
/// Without tilt a rectangle (rotated by the bearing); under tilt a trapezoid whose short side
/// is nearest the viewer.
public struct VisibleRegion: Hashable, Sendable {
    /// The ground under the padded view's bottom-left corner.
    public let nearLeft: Coordinate
    /// The ground under the padded view's bottom-right corner.
    public let nearRight: Coordinate
    /// The ground under the padded view's top-left corner, or on the farthest visible ground
    /// (``Viewport/farGroundY``) when that lies lower.
    public let farLeft: Coordinate
    /// The ground under the padded view's top-right corner, or on the farthest visible ground
    /// (``Viewport/farGroundY``) when that lies lower.
    public let farRight: Coordinate

    /// The corners in drawing order: near-left, near-right, far-right, far-left.
    public var corners: [Coordinate] { [nearLeft, nearRight, farRight, farLeft] }

    /// The smallest bounds containing the four corners.
    public var bounds: CoordinateBounds { CoordinateBounds(path: corners) }
}

extension Viewport {
    /// The screen corners of the visible ground, in points: the padded rectangle, with its top
    /// edge moved down to ``farGroundY`` where that lies lower. Order: near-left, near-right,
    /// far-right, far-left.
    public var visibleScreenCorners: [ScreenPoint] {
        let r = paddedRect
        let top = Swift.max(r.top, farGroundY)
        return [
            ScreenPoint(x: r.left, y: r.bottom), ScreenPoint(x: r.right, y: r.bottom),
            ScreenPoint(x: r.right, y: top), ScreenPoint(x: r.left, y: top),
        ]
    }

    /// The visible ground corners as offsets from the target in points (x east, y south),
    /// in the order of ``visibleScreenCorners``.
    func visibleGroundOffsets() -> [(x: Double, y: Double)] {
        visibleScreenCorners.map { groundOffsetClampedToFar(at: $0) }
    }

    /// The four ground corners of the padded view (SPEC §6). Corners above the farthest
    /// visible ground are taken on it.
    public var visibleRegion: VisibleRegion {
        let g = visibleGroundOffsets().map { coordinate(groundOffsetX: $0.x, $0.y) }
        return VisibleRegion(nearLeft: g[0], nearRight: g[1], farLeft: g[3], farRight: g[2])
    }

    /// Slack, in points, within which a projected point on an edge of the visible area still
    /// counts as inside (absorbs rounding of the corners themselves).
    public static let containsTolerance = 1e-6

    /// Whether `coordinate` is seen in the padded view: in front of the eye, inside the padded
    /// rectangle and no farther than the farthest visible ground (edges included, within
    /// ``containsTolerance``). Non-finite coordinates are not contained.
    public func contains(_ coordinate: Coordinate) -> Bool {
        guard let p = try? point(for: coordinate) else { return false }
        let r = paddedRect
        let e = Self.containsTolerance
        return p.x >= r.left - e && p.x <= r.right + e && p.y <= r.bottom + e
            && p.y >= Swift.max(r.top, farGroundY) - e
    }

    /// How many points `meters` on the ground at `coordinate` span at this zoom, before
    /// perspective (the Mercator scale at that latitude; tilt shrinks what lies farther away).
    /// Negative metres give negative points.
    /// - Throws: `InvalidArgument` naming `coordinate.latitude`, `coordinate.longitude` or
    ///   `meters` when not finite.
    public func points(forMeters meters: Double, at coordinate: Coordinate) throws(InvalidArgument) -> Double {
        let c = try coordinate.validated()
        return try InvalidArgument.finite(meters, "meters")
            / WebMercator.metersPerPoint(latitude: c.latitude, zoom: camera.zoom)
    }
}
