import MeridianCamera
import MeridianGeometry
import MeridianGestures
import MeridianMotion
import MeridianOverlays

/// The map (SPEC §4–5, §7–8): the one object with changing state. It holds the camera, the
/// frame and padding, the constraints, the running animation on an injected clock, gesture
/// input, overlays and an event observer; everything it computes comes from the value types
/// it orchestrates (`Viewport`, `CameraUpdate`, `CameraTransition`, `GestureArbiter`).
///
/// A map is not Sendable: it lives in one isolation domain (the main actor in an app, as a view
/// does, or an actor of its own, as each viewer session in the server); what it hands out is
/// a Sendable value.
///
/// ```swift
/// let clock = ManualClock()
/// let map = try MapView(options: MapOptions(frame: ScreenSize(width: 1024, height: 768)), clock: clock)
/// map.animate(with: .zoomIn)
/// clock.advance(by: 1.0 / 60); map.tick()    // one frame
/// ```
public final class MapView {
    /// The current camera (during an animation, the latest frame's).
    public private(set) var camera: CameraPosition
    /// The view's size in points.
    public private(set) var frame: ScreenSize
    /// Insets of the area that holds the target and the visible region, in points.
    public internal(set) var padding: EdgeInsets
    /// The zoom range, tilt range, target bounds and viewport bounds every camera change goes through.
    public private(set) var constraints: CameraConstraints
    /// Which gesture families user input may use (never limits code).
    public var gestureSettings: GestureSettings {
        get { arbiter.settings }
        set { arbiter.settings = newValue }
    }
    /// Receives the map's events, in order.
    public var onEvent: ((MapEvent) -> Void)?

    let clock: any MapClock
    var arbiter = GestureArbiter()
    var animation: RunningAnimation?
    var glide: Glide?
    var transactions: [AnimationOptions] = []
    /// Between a willMove and its idle.
    var moving = false
    var overlays: [OverlayID: Overlay] = [:]
    var nextOverlay = 1

    /// A map with the options' frame and camera (or target (0, 0) at the minimum zoom,
    /// bearing 0, tilt 0), the default zoom range [2, 21], and time from `clock`.
    /// A first camera outside the default zoom range is clamped into it.
    /// - Throws: `InvalidArgument` naming `frame.width` or `frame.height` when not finite and
    ///   positive, or `padding.top` (`.left`, `.bottom`, `.right`) when not finite.
    public init(options: MapOptions, clock: any MapClock = SystemClock()) throws(InvalidArgument) {
        frame = try options.frame.validated("frame")
        padding = try options.padding.validated("padding")
        constraints = CameraConstraints(zoomRange: .mapDefault)
        self.clock = clock
        if let given = options.camera {
            camera = constraints.constrain(given)
        } else {
            camera = try CameraPosition(target: Coordinate(latitude: 0, longitude: 0), zoom: ZoomRange.mapDefault.min)
        }
    }

    /// This frame's projection: camera, size and padding as an immutable value.
    public var projection: Viewport {
        // Size and padding were validated when set, the camera is always valid.
        (try? Viewport(camera: camera, size: frame, padding: padding))!
    }

    /// Sets the camera at once, constrained, with no animation (stops any animation or glide).
    public func setCamera(_ newCamera: CameraPosition) {
        snap(to: newCamera)
    }

    /// Applies an update at once (SPEC §3).
    /// - Throws: `InvalidArgument` for a non-finite number in it; the map is unchanged.
    public func moveCamera(_ update: CameraUpdate) throws(InvalidArgument) {
        snap(to: try update.applied(to: projection, constraints: constraints))
    }

    /// The camera that fits `bounds` in this map (bearing 0, tilt 0, frame, padding and zoom
    /// range respected) plus `insets` in points; nil for empty bounds. Does not move the map.
    /// - Throws: `InvalidArgument` naming `insets.top` (`.left`, `.bottom`, `.right`) when not finite.
    public func camera(
        for bounds: CoordinateBounds, insets: EdgeInsets = .zero
    ) throws(InvalidArgument) -> CameraPosition? {
        try CameraFit.camera(
            fitting: bounds, size: frame, padding: padding, insets: insets, zoomRange: constraints.zoomRange
        )
        .map(constrained)
    }

    /// Sets the zoom range (ends clamped into [0, 24]); a current zoom outside it moves to the
    /// nearest valid value (4 becomes 10 for 10–15), with events.
    /// - Throws: `InvalidArgument` naming `minZoom` or `maxZoom` when not finite, or `minZoom`
    ///   when it exceeds `maxZoom` after clamping; nothing changes.
    public func setMinZoom(_ minZoom: Double, maxZoom: Double) throws(InvalidArgument) {
        constraints.zoomRange = try ZoomRange(min: minZoom, max: maxZoom)
        reconstrain()
    }

    /// The lowest zoom the camera may take, in [0, 24] (default 2).
    public var minZoom: Double { constraints.zoomRange.min }
    /// The highest zoom the camera may take, in [0, 24] (default 21).
    public var maxZoom: Double { constraints.zoomRange.max }

    /// Sets the tilts the camera may take, in degrees within 0…65 (beyond the SDK; MapLibre's
    /// `minPitch`/`maxPitch`). The curve still lowers the tilt at low zooms; a current tilt
    /// outside the range moves into it, with events.
    /// - Throws: `InvalidArgument` naming `minTilt` or `maxTilt` when not finite or outside
    ///   0…65, or `minTilt` when it exceeds `maxTilt`; nothing changes.
    public func setMinTilt(_ minTilt: Double, maxTilt: Double) throws(InvalidArgument) {
        constraints.tiltRange = try CameraConstraints.tiltRange(min: minTilt, max: maxTilt)
        reconstrain()
    }

    /// The lowest tilt the camera may take, in degrees (default 0).
    public var minTilt: Double { constraints.tiltRange.lowerBound }
    /// The highest tilt the camera may take, in degrees (default 65; the curve allows less at
    /// low zooms).
    public var maxTilt: Double { constraints.tiltRange.upperBound }

    /// Bounds the camera target may not leave, by gestures or code; nil (or empty bounds)
    /// removes them. Setting them pulls the current target inside, with events.
    public var cameraTargetBounds: CoordinateBounds? {
        get { constraints.targetBounds }
        set {
            constraints.targetBounds = newValue?.isEmpty == true ? nil : newValue
            reconstrain()
        }
    }

    /// Bounds the ground seen by the whole view may not leave (MapLibre's `maxBounds`, beyond
    /// the SDK): the zoom rises and the target moves as little as needed to keep all four
    /// corners of the view inside (`CameraConstraints.constrain(_:size:padding:)`). Nil (or
    /// empty bounds) removes them. Setting them moves the current camera inside, with events.
    public var viewportBounds: CoordinateBounds? {
        get { constraints.viewportBounds }
        set {
            constraints.viewportBounds = newValue?.isEmpty == true ? nil : newValue
            reconstrain()
        }
    }

    /// Changes the padding; the target stays, the content moves on screen (no camera event,
    /// unless ``viewportBounds`` must move the camera to keep the view inside).
    /// - Throws: `InvalidArgument` naming `padding.top` (`.left`, `.bottom`, `.right`) when not
    ///   finite; nothing changes.
    public func setPadding(_ insets: EdgeInsets) throws(InvalidArgument) {
        padding = try insets.validated("padding")
        reconstrain()
    }

    /// Changes the view's size; the camera stays (unless ``viewportBounds`` must move it).
    /// - Throws: `InvalidArgument` naming `frame.width` or `frame.height` unless finite and
    ///   positive; nothing changes.
    public func setFrame(_ size: ScreenSize) throws(InvalidArgument) {
        frame = try size.validated("frame")
        reconstrain()
    }

    /// Whether two cameras would draw the same frame (SPEC §2).
    public func areEqualForRendering(_ a: CameraPosition, _ b: CameraPosition) -> Bool { a.rendersEqually(to: b) }

    // MARK: - Moving the camera, with events

    /// `camera` under every constraint, for this view's frame and padding.
    func constrained(_ camera: CameraPosition) -> CameraPosition {
        constraints.constrain(camera, size: frame, padding: padding)
    }

    func reconstrain() {
        let constrained = constrained(camera)
        if constrained != camera { snap(to: constrained) }
    }

    /// A snap: stop what runs, then willMove, didChange, idle, unless nothing changes.
    func snap(to newCamera: CameraPosition) {
        let target = constrained(newCamera)
        let stopped = stopMotion()
        guard target != camera else {
            if stopped { settle() }
            return
        }
        emit(.willMove(gesture: false))
        change(to: target)
        settle()
    }

    /// Stops the animation (completion false) and any glide; true if something was running.
    @discardableResult
    func stopMotion() -> Bool {
        let running = animation != nil || glide != nil
        let finished = animation?.options.completion
        animation = nil
        glide = nil
        finished?(false)
        return running
    }

    func emit(_ event: MapEvent) {
        if case .willMove = event { moving = true }
        onEvent?(event)
    }

    /// Moves to `newCamera` (already constrained) and says so if it differs.
    func change(to newCamera: CameraPosition) {
        guard newCamera != camera else { return }
        camera = newCamera
        emit(.didChange(newCamera))
    }

    /// Says idle once when nothing moves any more.
    func settle() {
        guard moving, animation == nil, glide == nil, !arbiter.isActive else { return }
        moving = false
        emit(.idle(camera))
    }
}

/// What a map starts with.
public struct MapOptions: Hashable, Sendable {
    /// The view's size in points: finite and positive.
    public var frame: ScreenSize
    /// The first camera (clamped into the default zoom range); nil for target (0, 0) at the
    /// minimum zoom.
    public var camera: CameraPosition?
    /// Insets, in points, of the area that holds the target: finite.
    public var padding: EdgeInsets

    /// Options with a frame and padding in points and an optional first camera, kept as given:
    /// ``MapView/init(options:clock:)`` checks them.
    public init(frame: ScreenSize, camera: CameraPosition? = nil, padding: EdgeInsets = .zero) {
        self.frame = frame
        self.camera = camera
        self.padding = padding
    }
}
