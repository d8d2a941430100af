import MeridianGeometry

/// The limits a map puts on its camera (SPEC §5): a zoom range, optionally bounds the target
/// may not leave (the SDK's `cameraTargetBounds`), and optionally bounds the whole view may
/// not leave (``viewportBounds``, beyond the SDK). Tilt is always limited by ``TiltCurve``.
///
/// ``constrain(_:)`` and ``constrain(_:size:padding:)`` are pure functions and idempotent:
/// constraining twice changes nothing.
public struct CameraConstraints: Hashable, Sendable {
    /// The zooms the camera may take.
    public var zoomRange: ZoomRange
    /// Bounds the camera target stays inside, or nil for none. Empty bounds count as none.
    public var targetBounds: CoordinateBounds?
    /// Bounds the ground seen by the whole view stays inside (MapLibre's `maxBounds`), or nil
    /// for none; applied by ``constrain(_:size:padding:)``, which knows the view. Empty bounds
    /// count as none.
    public var viewportBounds: CoordinateBounds?
    /// The tilts the camera may take, in degrees, within the curve: a tilt is moved into this
    /// range, then lowered to ``TiltCurve`` at its zoom (the curve wins where they disagree).
    /// Set it through ``tiltRange(min:max:)``, which validates it.
    public var tiltRange: ClosedRange<Double>

    /// Creates constraints from a zoom range, optional target and viewport bounds, and a tilt
    /// range in degrees. The tilt range is clamped into ``allTilts`` (not validated: build it
    /// with ``tiltRange(min:max:)`` to reject bad ends).
    public init(
        zoomRange: ZoomRange = .mapDefault, targetBounds: CoordinateBounds? = nil,
        viewportBounds: CoordinateBounds? = nil,
        tiltRange: ClosedRange<Double> = Self.allTilts
    ) {
        self.zoomRange = zoomRange
        self.targetBounds = targetBounds
        self.viewportBounds = viewportBounds
        self.tiltRange = tiltRange.clamped(to: Self.allTilts)
    }

    /// Every tilt the curve can allow: 0° to its highest.
    public static let allTilts = 0...TiltCurve.table.map(\.maxTilt).max()!

    /// A tilt range from its ends in degrees.
    /// - Throws: `InvalidArgument` naming `minTilt` or `maxTilt` when not finite or outside
    ///   ``allTilts``, or `minTilt` when it exceeds `maxTilt`.
    public static func tiltRange(min: Double, max: Double) throws(InvalidArgument) -> ClosedRange<Double> {
        for (value, name) in [(min, "minTilt"), (max, "maxTilt")] {
            let v = try InvalidArgument.finite(value, name)
            guard allTilts.contains(v) else {
                throw InvalidArgument(
                    parameter: name, value: v,
                    problem: .outOfRange(lowerBound: allTilts.lowerBound, upperBound: allTilts.upperBound))
            }
        }
        guard min <= max else {
            throw InvalidArgument(
                parameter: "minTilt", value: min, problem: .inconsistent("minTilt \(min) is above maxTilt \(max)"))
        }
        return min...max
    }

    /// No limits beyond the absolute zoom range.
    public static let none = CameraConstraints(zoomRange: .absolute)

    /// `camera` with its zoom moved into the range, its tilt into ``tiltRange`` and under the
    /// curve, and its target moved to the nearest point of the target bounds. (Without a view, the
    /// ``viewportBounds`` are not applied: see ``constrain(_:size:padding:)``.)
    public func constrain(_ camera: CameraPosition) -> CameraPosition {
        camera.with(
            target: clampTarget(camera.target), zoom: zoomRange.clamp(camera.zoom),
            tilt: camera.tilt.clamped(to: tiltRange))
    }

    /// The nearest point of ``targetBounds`` to `target` (latitude clamped; longitude kept when
    /// inside the span, else the nearer edge the short way round).
    public func clampTarget(_ target: Coordinate) -> Coordinate {
        guard let b = targetBounds, let south = b.south, let north = b.north, let west = b.west,
            let east = b.east, let span = b.longitudeSpan
        else { return target }
        let lat = target.latitude.clamped(to: south...north)
        guard Angle.wrap360(target.longitude - west) > span else {
            return Coordinate(latitude: lat, longitude: target.longitude)
        }
        let toWest = abs(Angle.shortestDelta(from: target.longitude, to: west))
        let toEast = abs(Angle.shortestDelta(from: target.longitude, to: east))
        return Coordinate(latitude: lat, longitude: toWest <= toEast ? west : Angle.wrapLongitude(east))
    }
}
