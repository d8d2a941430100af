import MeridianGeometry
import RealModule

/// Keeping the whole view inside bounds (MapLibre GL JS's `maxBounds`, MapLibre Native's screen
/// constraint, MapKit's camera boundary), beside the SDK's target-only ``CameraConstraints/targetBounds``.
extension CameraConstraints {
    /// `camera` with every constraint applied for a view of `size` and `padding`: first the
    /// zoom range and target bounds (``constrain(_:)``), then ``viewportBounds``: the zoom is
    /// raised until the ground seen by the whole frame (its four corners, the top ones taken on
    /// the farthest visible ground under tilt, as ``Viewport/visibleRegion`` does) fits the
    /// bounds, then the target is moved the least distance that brings all four corners inside.
    ///
    /// Bounds of the whole circle (`CoordinateBounds` spanning 360°) keep latitude only:
    /// the view crosses ±180° freely.
    ///
    /// Pure and idempotent. When even the maximum zoom cannot fit the view (bounds smaller
    /// than the view at ``zoomRange``'s maximum), the camera takes the maximum zoom and the
    /// target goes to the bounds' centre along each axis that does not fit. A `size` side that
    /// is not finite and positive skips the viewport step (there is no view to keep inside).
    public func constrain(_ camera: CameraPosition, size: ScreenSize, padding: EdgeInsets = .zero) -> CameraPosition {
        let constrained = constrain(camera)
        guard let bounds = viewportBounds, let west = bounds.west, let span = bounds.longitudeSpan,
            let south = bounds.south, let north = bounds.north,
            let size = try? size.validated(), let padding = try? padding.validated("padding")
        else { return constrained }
        // The bounds in the normalised world: x from west eastwards over the span, y down from north.
        // Bounds of the whole circle (a span of 360°) do not hold longitude at all: the view
        // crosses ±180° freely and only latitude is kept.
        let x0 = WebMercator.x(longitude: west)
        let x1 = x0 + span / 360
        let wholeCircle = span >= 360
        let y0 = WebMercator.y(latitude: north)
        let y1 = WebMercator.y(latitude: south)
        var result = constrained
        // Two passes: raising the zoom may let the tilt curve allow a different tilt (never
        // less), which changes the footprint; the second pass settles it.
        for _ in 0..<2 {
            let footprint = Self.footprint(result, size: size, padding: padding)
            let need =
                Swift.max(
                    wholeCircle ? 0 : (footprint.maxX - footprint.minX) / Swift.max(x1 - x0, 0),
                    (footprint.maxY - footprint.minY) / Swift.max(y1 - y0, 0))
                / WebMercator.worldSize(zoom: result.zoom)
            guard need > 1 + 1e-12 else { break }
            let zoom = need.isFinite ? result.zoom + Double.log2(need) : .infinity
            result = result.with(target: result.target, zoom: zoomRange.clamp(Swift.min(zoom, zoomRange.max)))
        }
        let f = Self.footprint(result, size: size, padding: padding)
        let world = WebMercator.worldSize(zoom: result.zoom)
        var target = WebMercator.project(result.target)  // (x moved to the copy nearest the bounds below)
        // The copy of the target nearest the bounds, then each axis clamped (centred where the
        // footprint is wider than the bounds).
        if !wholeCircle { target.x += ((x0 + x1) / 2 - target.x).rounded() }
        let x = wholeCircle ? target.x : Self.clamp(target.x, low: x0 - f.minX / world, high: x1 - f.maxX / world)
        let y = Self.clamp(target.y, low: y0 - f.minY / world, high: y1 - f.maxY / world)
        // A target that need not move keeps its exact coordinate (no projection round trip).
        guard x != target.x || y != target.y else { return result }
        let moved = WebMercator.unproject(MercatorPoint(x: x, y: y))
        return result.with(
            target: Coordinate(latitude: moved.latitude, longitude: Angle.wrapLongitude(moved.longitude)),
            zoom: result.zoom)
    }

    /// The ground corners of the whole frame as offsets from the target, in points at the
    /// camera's zoom (x east, y south): their extremes.
    static func footprint(
        _ camera: CameraPosition, size: ScreenSize, padding: EdgeInsets
    ) -> (minX: Double, maxX: Double, minY: Double, maxY: Double) {
        let offsets = Viewport(unchecked: camera, size: size, padding: padding).frameGroundOffsets()
        return (offsets.map(\.x).min()!, offsets.map(\.x).max()!, offsets.map(\.y).min()!, offsets.map(\.y).max()!)
    }

    /// `value` moved into [low, high]; the middle of the two when low > high.
    static func clamp(_ value: Double, low: Double, high: Double) -> Double {
        low > high ? (low + high) / 2 : Swift.min(Swift.max(value, low), high)
    }
}

extension Viewport {
    /// The ground under the whole frame's four corners (not only the padded rectangle), top
    /// corners taken on the farthest visible ground, as offsets from the target in points
    /// (x east, y south). Order: bottom-left, bottom-right, top-right, top-left.
    func frameGroundOffsets() -> [(x: Double, y: Double)] {
        let top = Swift.max(0, farGroundY)
        return [
            ScreenPoint(x: 0, y: size.height), ScreenPoint(x: size.width, y: size.height),
            ScreenPoint(x: size.width, y: top), ScreenPoint(x: 0, y: top),
        ].map { groundOffsetClampedToFar(at: $0) }
    }

    /// The coordinates under the whole frame's four corners (see `frameGroundOffsets()`):
    /// what ``CameraConstraints/viewportBounds`` keeps inside its bounds.
    public var frameGroundCorners: [Coordinate] {
        frameGroundOffsets().map { coordinate(groundOffsetX: $0.x, $0.y) }
    }
}
