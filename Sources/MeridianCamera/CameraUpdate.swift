import MeridianGeometry

/// A change to a camera, relative to whatever camera it is applied to (SPEC §3).
/// Everything an update does not name is kept.
///
/// ```swift
/// let next = try CameraUpdate.zoomBy(2, focus: ScreenPoint(x: 100, y: 200)).applied(to: viewport)
/// let fitted = try CameraUpdate.fit(bounds, padding: 20).applied(to: viewport, constraints: constraints)
/// ```
public enum CameraUpdate: Hashable, Sendable {
    /// Zoom + 1 (clamped to the constraints' zoom range).
    case zoomIn
    /// Zoom − 1 (clamped to the constraints' zoom range).
    case zoomOut
    /// Zoom set to the value, in zoom levels (clamped to the constraints' zoom range).
    case zoomTo(Double)
    /// Zoom changed by the amount in zoom levels (negative and fractional allowed), the result
    /// clamped to the constraints' zoom range. With a focus point (in points), the
    /// ground under that screen point stays under it (bearing and tilt respected); a focus on
    /// or above the horizon zooms about the target instead.
    case zoomBy(Double, focus: ScreenPoint? = nil)
    /// Target set to the coordinate, and zoom too when given.
    case target(Coordinate, zoom: Double? = nil)
    /// The whole camera replaced.
    case camera(CameraPosition)
    /// The camera moved by the vector in screen points (x right, y down), so the map appears to
    /// move the other way. Under tilt the new target is the ground under the shifted centre,
    /// taken on the farthest visible ground if the shift goes beyond it.
    case scroll(by: ScreenVector)
    /// Bearing 0, tilt 0, and the greatest zoom at which the bounds fit inside the padded view
    /// with these extra insets, centred. Empty bounds make the update do nothing.
    case fit(CoordinateBounds, insets: EdgeInsets = EdgeInsets(all: 64))
    /// Beyond the SDK: like ``fit(_:insets:)`` but keeping the current bearing and tilt, exact
    /// under perspective (see ``CameraFit``).
    case fitKeepingOrientation(CoordinateBounds, insets: EdgeInsets = EdgeInsets(all: 64))
    /// Beyond the SDK: the greatest zoom at which every point (not their bounding box) fits
    /// inside the padded view with these insets, keeping the bearing and tilt, exact under
    /// perspective (``CameraFit/camera(fittingPoints:size:padding:insets:bearing:tilt:zoomRange:)``).
    /// No points make the update do nothing.
    case fitPoints([Coordinate], insets: EdgeInsets = EdgeInsets(all: 64))
    /// Beyond the SDK: the bearing turned by the degrees (clockwise positive; the result wraps
    /// into [0, 360)), the ground under the pivot staying under it (a two-finger rotation about
    /// their midpoint); about the target without a pivot, or when the pivot shows no ground.
    case rotate(by: Double, about: ScreenPoint? = nil)
    /// Beyond the SDK: the target moved so that the coordinate is drawn at the screen point
    /// (zoom, bearing and tilt kept; "put this place there"). A point above the ground under
    /// the current camera leaves the camera as it is.
    case place(Coordinate, at: ScreenPoint)

    /// The SDK's `fitBounds:withPadding:`: the same padding, in points, on every edge.
    public static func fit(_ bounds: CoordinateBounds, padding: Double) -> CameraUpdate {
        .fit(bounds, insets: EdgeInsets(all: padding))
    }

    /// The camera this update gives when applied to `viewport`'s camera, in its size and
    /// padding, under `constraints` (zoom range, target bounds, tilt curve).
    /// - Throws: `InvalidArgument` for a non-finite number in the update, naming it (e.g.
    ///   `zoom`, `zoomDelta`, `target.latitude`, `focus.x`, `degrees`, `insets.top`,
    ///   `point 3.latitude`); nothing is applied. Finite values are clamped and wrapped as
    ///   ``CameraPosition`` and `constraints` require.
    public func applied(
        to viewport: Viewport, constraints: CameraConstraints = .none
    ) throws(InvalidArgument) -> CameraPosition {
        let camera = viewport.camera
        let moved: CameraPosition
        switch self {
        case .zoomIn: moved = camera.with(zoom: camera.zoom + 1)
        case .zoomOut: moved = camera.with(zoom: camera.zoom - 1)
        case let .zoomTo(z): moved = camera.with(zoom: try InvalidArgument.finite(z, "zoom"))
        case let .zoomBy(d, focus):
            let zoom = constraints.zoomRange.clamp(camera.zoom + (try InvalidArgument.finite(d, "zoomDelta")))
            moved = try Self.zoom(viewport, to: zoom, keeping: focus?.validated("focus"))
        case let .target(c, zoom):
            moved = camera.with(
                target: try c.validated("target"),
                zoom: try zoom.map { z throws(InvalidArgument) in try InvalidArgument.finite(z, "zoom") })
        case let .camera(p): moved = p
        case let .scroll(v):
            let shifted = try (viewport.center + v).validated("scroll")
            let g = viewport.groundOffsetClampedToFar(at: shifted)
            moved = camera.with(target: viewport.coordinate(groundOffsetX: g.x, g.y))
        case let .fit(bounds, insets), let .fitKeepingOrientation(bounds, insets):
            let keep = if case .fitKeepingOrientation = self { true } else { false }
            guard
                let fitted = try CameraFit.camera(
                    fitting: bounds, size: viewport.size, padding: viewport.padding, insets: insets,
                    bearing: keep ? camera.bearing : 0, tilt: keep ? camera.tilt : 0, zoomRange: constraints.zoomRange)
            else { return camera }
            moved = fitted
        case let .fitPoints(points, insets):
            guard
                let fitted = try CameraFit.camera(
                    fittingPoints: points, size: viewport.size, padding: viewport.padding, insets: insets,
                    bearing: camera.bearing, tilt: camera.tilt, zoomRange: constraints.zoomRange)
            else { return camera }
            moved = fitted
        case let .rotate(degrees, pivot):
            let turned = camera.with(bearing: camera.bearing + (try InvalidArgument.finite(degrees, "degrees")))
            let p = try pivot?.validated("pivot")
            guard let p, let ground = viewport.worldPoint(for: p) else {
                moved = turned
                break
            }
            moved = viewport.anchoring(turned, ground: ground, at: p) ?? turned
        case let .place(c, p):
            let ground = WebMercator.project(try c.validated("coordinate"))
            var near = ground
            near.x -= (ground.x - viewport.targetWorld.x).rounded()  // the copy nearest the target
            moved = viewport.anchoring(camera, ground: near, at: try p.validated("point")) ?? camera
        }
        return constraints.constrain(moved, size: viewport.size, padding: viewport.padding)
    }

    /// The camera at `zoom` (tilt lowered to the curve if needed) that keeps the ground under
    /// `focus` where it is on screen; about the target when there is no focus or no ground there.
    static func zoom(
        _ viewport: Viewport, to zoom: Double, keeping focus: ScreenPoint?
    ) throws(InvalidArgument) -> CameraPosition {
        let zoomed = viewport.camera.with(zoom: zoom)
        guard let focus, let ground = viewport.worldPoint(for: focus) else { return zoomed }
        return viewport.anchoring(zoomed, ground: ground, at: focus) ?? zoomed
    }
}
