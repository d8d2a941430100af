import MeridianGeometry
import RealModule

/// Fitting bounds or points into a view: the camera that shows a latitude/longitude rectangle,
/// or a set of points (a path, markers), as large as possible inside the padded view,
/// exactly, under any bearing and tilt.
///
/// A lat/lng rectangle is a rectangle in Web Mercator, and the camera maps the ground plane to
/// the screen projectively, so "every point of the bounds lies inside the view rectangle R" is
/// "the bounds' four corners lie inside the ground quadrilateral Q seen through R". Writing a
/// corner as `s·c + τ` (s = world size in points, τ = the target's offset) makes that 16 linear
/// inequalities in (s, τx, τy): the greatest zoom is a three-variable linear programme, solved
/// here exactly by enumerating its vertices. Among the targets that reach that zoom the one at
/// the centre of the feasible set is taken, so without tilt the bounds are centred. Points fit
/// the same way with each constraint taken at the point that reaches farthest towards its edge.
public enum CameraFit {
    /// Relative amount the world scale is backed off from the exact optimum, so every corner
    /// lies strictly inside even after the target is rounded to a Double coordinate
    /// (2^-24 ≈ 6e-8: 9e-8 of a zoom level, 6e-5 pt across a 1,000-point view).
    static let backoff = 0x1p-24

    /// The camera showing `bounds` as large as possible inside the view of `size`, within
    /// `padding` (the map's padding, which also places the target) plus `insets` (extra room
    /// for this fit), at `bearing` and `tilt`, with its zoom in `zoomRange`.
    ///
    /// - Insets that leave no room give the range's minimum zoom, centred on the bounds.
    /// - A single-point bounds gives the range's maximum zoom.
    /// - Bounds across the antimeridian are fitted across it.
    /// - When `tilt` exceeds the curve at the fitted zoom, the greatest tilt that the curve
    ///   allows at its own fitted zoom is used instead.
    /// - Padding and insets are in points, `bearing` in degrees (wrapped into [0, 360)) and
    ///   `tilt` in degrees (clamped into [0, 65] before the curve applies).
    /// - Returns: nil for empty bounds.
    /// - Throws: `InvalidArgument` naming `size.width` or `size.height` when not finite and
    ///   positive, or `padding.*`, `insets.*`, `bearing` or `tilt` when not finite.
    public static func camera(
        fitting bounds: CoordinateBounds, size: ScreenSize, padding: EdgeInsets = .zero, insets: EdgeInsets = .zero,
        bearing: Double = 0, tilt: Double = 0, zoomRange: ZoomRange = .absolute
    ) throws(InvalidArgument) -> CameraPosition? {
        let (frame, wanted) = try view(size: size, padding: padding, insets: insets, bearing: bearing, tilt: tilt)
        guard let south = bounds.south, let north = bounds.north, let west = bounds.west,
            let span = bounds.longitudeSpan
        else {
            return nil
        }
        return solve(
            FitShape(south: south, north: north, west: west, span: span), frame: frame, insets: insets,
            bearing: bearing, tilt: wanted, zoomRange: zoomRange)
    }

    /// The camera showing every one of `points` (not their bounding box: a diagonal path fits
    /// closer than its bounds do) as large as possible inside the view, exactly, under
    /// `bearing` and `tilt`; the same rules as ``camera(fitting:size:padding:insets:bearing:tilt:zoomRange:)``.
    /// Points across the antimeridian are fitted across it (their smallest longitude span).
    /// - Returns: nil for no points.
    /// - Throws: `InvalidArgument` as that function does, and for a non-finite point (named by
    ///   its index, e.g. `point 3.latitude`).
    public static func camera(
        fittingPoints points: [Coordinate], size: ScreenSize, padding: EdgeInsets = .zero, insets: EdgeInsets = .zero,
        bearing: Double = 0, tilt: Double = 0, zoomRange: ZoomRange = .absolute
    ) throws(InvalidArgument) -> CameraPosition? {
        let (frame, wanted) = try view(size: size, padding: padding, insets: insets, bearing: bearing, tilt: tilt)
        var valid: [Coordinate] = []
        for (i, p) in points.enumerated() { valid.append(try p.validated("point \(i)")) }
        guard let shape = FitShape(points: valid) else { return nil }
        return solve(shape, frame: frame, insets: insets, bearing: bearing, tilt: wanted, zoomRange: zoomRange)
    }

    /// The fit's zoom-independent frame at `bearing`, and the wanted tilt within the curve's
    /// highest; validates the arguments shared by both fits.
    static func view(
        size: ScreenSize, padding: EdgeInsets, insets: EdgeInsets, bearing: Double, tilt: Double
    ) throws(InvalidArgument) -> (Viewport, Double) {
        let frame = try Viewport(
            camera: try CameraPosition(
                target: Coordinate(latitude: 0, longitude: 0), zoom: 24,
                bearing: bearing, tilt: 0), size: size, padding: padding)
        _ = try insets.validated("insets")
        return (frame, try InvalidArgument.finite(tilt, "tilt").clamped(to: 0...TiltCurve.maxTilt(zoom: 24)))
    }

    /// The fit at `wanted` tilt, or the greatest tilt the curve allows at its own fitted zoom.
    static func solve(
        _ shape: FitShape, frame: Viewport, insets: EdgeInsets, bearing: Double, tilt wanted: Double,
        zoomRange: ZoomRange
    ) -> CameraPosition {
        func solve(_ t: Double) -> CameraPosition {
            fit(
                shape, frame: frame.with(camera: frame.camera.with(bearing: bearing, tilt: t)), insets: insets,
                zoomRange: zoomRange)
        }
        // The tilt curve depends on the fitted zoom: keep the wanted tilt when the curve allows
        // it there, else bisect for the greatest tilt that its own fit allows.
        let first = solve(wanted)
        if first.tilt >= wanted - 1e-9 { return first }
        var lo = 0.0
        var hi = wanted
        var best = solve(0)
        for _ in 0..<48 {
            let mid = (lo + hi) / 2
            let c = solve(mid)
            if TiltCurve.maxTilt(zoom: c.zoom) >= mid {
                lo = mid
                best = c
            } else {
                hi = mid
            }
        }
        return best
    }

    /// One fit at the frame's bearing and tilt (zoom-independent geometry of `frame`).
    static func fit(_ shape: FitShape, frame: Viewport, insets: EdgeInsets, zoomRange: ZoomRange) -> CameraPosition {
        let origin = shape.origin
        let sMin = WebMercator.worldSize(zoom: zoomRange.min)
        let sMax = WebMercator.worldSize(zoom: zoomRange.max)
        func camera(_ s: Double, _ tau: (x: Double, y: Double)) -> CameraPosition {
            let target = WebMercator.unproject(MercatorPoint(x: origin.x - tau.x / s, y: origin.y - tau.y / s))
            return frame.camera.with(target: target, zoom: Double.log2(s / WebMercator.tileSize))
        }
        let r = frame.paddedRect
        let rect = (
            left: r.left + insets.left, top: Swift.max(r.top + insets.top, frame.farGroundY),
            right: r.right - insets.right, bottom: r.bottom - insets.bottom
        )
        guard rect.right > rect.left, rect.bottom > rect.top else { return camera(sMin, (0, 0)) }
        let quad = [
            ScreenPoint(x: rect.left, y: rect.bottom), ScreenPoint(x: rect.right, y: rect.bottom),
            ScreenPoint(x: rect.right, y: rect.top), ScreenPoint(x: rect.left, y: rect.top),
        ]
        .map { frame.groundOffsetClampedToFar(at: $0) }
        let planes = HalfPlane.enclosing(quad, shape: shape)
        let sBest = Swift.min(maximumScale(planes) * (1 - backoff), sMax)
        let s = Swift.max(sBest, sMin)
        let tau =
            HalfPlane.centroid(of: planes, scale: s, seed: quad) ?? HalfPlane.centroid(of: planes, scale: 0, seed: quad)
            ?? (0, 0)
        return camera(s, tau)
    }

    /// The greatest s over the vertices of {a·s + n·τ ≤ c}; +∞ when only a point is fitted.
    static func maximumScale(_ planes: [HalfPlane]) -> Double {
        if planes.allSatisfy({ $0.a == 0 }) { return .infinity }
        var best = 0.0
        for i in planes.indices {
            for j in planes.indices where j > i {
                for k in planes.indices where k > j {
                    guard let v = HalfPlane.vertex(planes[i], planes[j], planes[k]),
                        planes.allSatisfy({ $0.holds(v, slack: 1e-9) })
                    else { continue }
                    best = Swift.max(best, v.s)
                }
            }
        }
        return best
    }
}
