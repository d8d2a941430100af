import MeridianGeometry
import RealModule

/// One frame's view of the map: a camera, a view size and padding, with everything needed to
/// convert between the screen and the Earth computed once in `init` (SPEC §1, §6).
///
/// The camera model is a pinhole over the Mercator plane:
/// - the world is 256 · 2^zoom points wide; the target is drawn at the centre of the padded
///   rectangle (the frame inset by `padding`);
/// - the eye sits ``eyeDistance`` = 1.5 × the frame height from the target (vertical field
///   of view 2·atan(1/3) = 36.87°), looking at the target;
/// - bearing rotates the view clockwise from north; tilt leans the eye `tilt` degrees from
///   the nadir towards the bottom of the screen, so the top of the screen shows ground farther away.
///
/// A new camera is a new viewport; a viewport never changes.
///
/// ```swift
/// let camera = try CameraPosition(target: Coordinate(latitude: 60.17, longitude: 24.94), zoom: 15, bearing: 30, tilt: 45)
/// let viewport = try Viewport(camera: camera, size: ScreenSize(width: 1024, height: 768))
/// let p = try viewport.point(for: Coordinate(latitude: 60.1699, longitude: 24.9384))   // ScreenPoint?
/// ```
public struct Viewport: Hashable, Sendable {
    /// How much farther than the target the visible ground reaches under tilt: the far edge of
    /// the visible region lies where the ground is this many eye distances deep (things there
    /// look a tenth of their size at the target). Bounds the region when the horizon shows.
    public static let farDepthRatio = 10.0

    /// The camera this frame shows (a valid ``CameraPosition``: already clamped and wrapped).
    public let camera: CameraPosition
    /// The view's size in points.
    public let size: ScreenSize
    /// Insets of the area that holds the camera target and the visible region, in points.
    public let padding: EdgeInsets

    /// The world's width in points at the camera's zoom, 256 · 2^zoom.
    public let worldSize: Double
    /// Where the target is drawn: the centre of the padded rectangle, in points.
    public let center: ScreenPoint
    /// Distance from the eye to the target, in points: 1.5 × the frame height (the distance
    /// ``eyeDistance(height:fieldOfView:)`` gives for ``fieldOfView``).
    public let eyeDistance: Double

    /// The vertical field of view, degrees: 2·atan(1/3) = 36.8699°, fixed as the SDK fixes it
    /// (MapLibre's default is 36.87° too; it lets the value vary).
    public static let fieldOfView = Angle.degrees(2 * Double.atan(1.0 / 3))

    /// The eye's distance from the target, points, for a frame `height` points high seen
    /// through a vertical field of view of `fieldOfView` degrees (0 < fov < 180): the frame
    /// fills the view at the target's depth, so the distance is (height / 2) / tan(fov / 2).
    /// Zoom, tilt limits and the horizon follow from it as for the fixed value (``farGroundY``
    /// is where rays meet the ground at this distance). Any other angle gives NaN.
    public static func eyeDistance(height: Double, fieldOfView: Double) -> Double {
        guard fieldOfView > 0, fieldOfView < 180 else { return .nan }
        return height / 2 / Double.tan(Angle.radians(fieldOfView) / 2)
    }
    /// The target in the normalised Mercator world.
    public let targetWorld: MercatorPoint

    @usableFromInline let cosBearing: Double, sinBearing: Double
    @usableFromInline let cosTilt: Double, sinTilt: Double

    /// Builds the frame for `camera` in a view of `size` with `padding`.
    /// - Throws: `InvalidArgument` naming `size.width` or `size.height` when not finite and
    ///   positive, or `padding.top` (`.left`, `.bottom`, `.right`) when not finite. Padding wider
    ///   than the view is allowed (the padded centre is still defined).
    public init(camera: CameraPosition, size: ScreenSize, padding: EdgeInsets = .zero) throws(InvalidArgument) {
        self.init(unchecked: camera, size: try size.validated(), padding: try padding.validated("padding"))
    }

    init(unchecked camera: CameraPosition, size: ScreenSize, padding: EdgeInsets) {
        self.camera = camera
        self.size = size
        self.padding = padding
        worldSize = WebMercator.worldSize(zoom: camera.zoom)
        center = ScreenPoint(
            x: padding.left + (size.width - padding.left - padding.right) / 2,
            y: padding.top + (size.height - padding.top - padding.bottom) / 2)
        eyeDistance = 1.5 * size.height
        targetWorld = WebMercator.project(camera.target)
        let b = Angle.radians(camera.bearing)
        let t = Angle.radians(camera.tilt)
        cosBearing = Double.cos(b)
        sinBearing = Double.sin(b)
        cosTilt = Double.cos(t)
        sinTilt = Double.sin(t)
    }

    /// The same view with another camera (size and padding kept; they were validated already).
    public func with(camera: CameraPosition) -> Viewport {
        Viewport(unchecked: camera, size: size, padding: padding)
    }

    /// The padded rectangle's edges in points: left, top, right, bottom.
    public var paddedRect: (left: Double, top: Double, right: Double, bottom: Double) {
        (padding.left, padding.top, size.width - padding.right, size.height - padding.bottom)
    }

    /// The screen row of the horizon (the vanishing line of the ground), in points from the
    /// top (negative when above the view), or -∞ without tilt.
    public var horizonY: Double {
        sinTilt == 0 ? -.infinity : center.y - eyeDistance * cosTilt / sinTilt
    }

    /// The screen row of the farthest visible ground (see ``farDepthRatio``), in points from
    /// the top, or -∞ without tilt.
    public var farGroundY: Double {
        sinTilt == 0 ? -.infinity : center.y - (1 - 1 / Self.farDepthRatio) * eyeDistance * cosTilt / sinTilt
    }

    // MARK: - The camera step, on ground offsets from the target in points (x east, y south)

    /// Screen point of a ground offset from the target, in points at this zoom; nil behind the eye.
    @inlinable
    func screenPoint(groundOffsetX dx: Double, _ dy: Double) -> ScreenPoint? {
        let sx = dx * cosBearing + dy * sinBearing
        let sy = dy * cosBearing - dx * sinBearing
        let w = eyeDistance - sy * sinTilt
        guard w > 0 else { return nil }
        let k = eyeDistance / w
        return ScreenPoint(x: center.x + sx * k, y: center.y + sy * cosTilt * k)
    }

    /// Ground offset from the target (points at this zoom, x east, y south) under a screen
    /// point; nil when the point is on or above the horizon.
    @inlinable
    func groundOffset(at p: ScreenPoint) -> (x: Double, y: Double)? {
        let a = p.x - center.x
        let b = p.y - center.y
        let den = eyeDistance * cosTilt + b * sinTilt
        guard den > 0 else { return nil }
        let k = eyeDistance / den
        let sx = a * cosTilt * k
        let sy = b * k
        return (sx * cosBearing - sy * sinBearing, sx * sinBearing + sy * cosBearing)
    }

    /// The ground offset under `p`, with `p` first moved down to the farthest visible ground
    /// row when it lies above it (used by scrolling and the visible region).
    func groundOffsetClampedToFar(at p: ScreenPoint) -> (x: Double, y: Double) {
        let q = ScreenPoint(x: p.x, y: Swift.max(p.y, farGroundY))
        return groundOffset(at: q) ?? (0, 0)
    }
}
