import MeridianGeometry

/// The limits a map puts on its camera (SPEC §5): a zoom range, and optionally bounds the
/// target may not leave. Tilt is always limited by ``TiltCurve``.
///
/// ``constrain(_:)`` is a pure function and idempotent: constraining twice changes nothing.
public struct CameraConstraints: Hashable, Sendable {
    /// The zooms the camera may take.
    public var zoomRange: ZoomRange
    /// Bounds the camera target stays inside, or nil for none. Empty bounds count as none.
    public var targetBounds: CoordinateBounds?

    public init(zoomRange: ZoomRange = .mapDefault, targetBounds: CoordinateBounds? = nil) {
        self.zoomRange = zoomRange
        self.targetBounds = targetBounds
    }

    /// No limits beyond the absolute zoom range.
    public static let none = CameraConstraints(zoomRange: .absolute)

    /// `camera` with its zoom moved into the range (lowering the tilt to the curve if needed)
    /// and its target moved to the nearest point of the target bounds.
    public func constrain(_ camera: CameraPosition) -> CameraPosition {
        camera.with(target: clampTarget(camera.target), zoom: zoomRange.clamp(camera.zoom))
    }

    /// The nearest point of ``targetBounds`` to `target` (latitude clamped; longitude kept when
    /// inside the span, else the nearer edge the short way round).
    public func clampTarget(_ target: Coordinate) -> Coordinate {
        guard let b = targetBounds, let south = b.south, let north = b.north, let west = b.west,
              let east = b.east, let span = b.longitudeSpan else { return target }
        let lat = target.latitude.clamped(to: south...north)
        guard Angle.wrap360(target.longitude - west) > span else {
            return Coordinate(latitude: lat, longitude: target.longitude)
        }
        let toWest = abs(Angle.shortestDelta(from: target.longitude, to: west))
        let toEast = abs(Angle.shortestDelta(from: target.longitude, to: east))
        return Coordinate(latitude: lat, longitude: toWest <= toEast ? west : Angle.wrapLongitude(east))
    }
}
