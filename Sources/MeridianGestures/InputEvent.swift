import MeridianGeometry

/// Platform-neutral input: timestamped pointer (touch or mouse) and wheel events, so the same
/// recognisers drive a web page, a desktop window or UIKit. Times are seconds on any
/// monotonic clock; positions are screen points.
public enum InputEvent: Hashable, Sendable {
    /// A pointer (finger, mouse button) goes down. `id` tells simultaneous pointers apart.
    case down(id: Int, at: ScreenPoint, time: Double)
    case move(id: Int, to: ScreenPoint, time: Double)
    case up(id: Int, at: ScreenPoint, time: Double)
    /// The platform took the pointer away (no tap, no fling).
    case cancel(id: Int, time: Double)
    /// A wheel or trackpad scroll at a point: positive `delta` (points) zooms out.
    case wheel(at: ScreenPoint, delta: Double, time: Double)
    /// A key press (keyboard navigation).
    case key(Key, time: Double)

    public var time: Double {
        switch self {
        case let .down(_, _, t), let .move(_, _, t), let .up(_, _, t), let .cancel(_, t), let .wheel(_, _, t),
            let .key(_, t):
            return t
        }
    }
}

/// Keys that move the map: arrows scroll by ``GestureArbiter/keyScrollPoints`` (the camera
/// moves that way), plus and minus zoom by 1 about the centre.
public enum Key: Hashable, Sendable {
    case up, down, left, right, zoomIn, zoomOut
}

/// A change a gesture asks of the camera, relative to the current frame. The map applies it
/// through the viewport, under its constraints.
public enum CameraDelta: Hashable, Sendable {
    /// The ground under `from` moves to `to` (one-finger drag, two-finger centroid).
    case pan(from: ScreenPoint, to: ScreenPoint)
    /// Zoom changes by the amount; the ground under `around` stays there.
    case zoom(by: Double, around: ScreenPoint)
    /// Bearing changes by the degrees; the ground under `around` stays there.
    case rotate(by: Double, around: ScreenPoint)
    /// Tilt changes by the degrees (clamped to the curve by the map).
    case tilt(by: Double)
}

/// The gesture families of SPEC §7.
public enum GestureKind: Hashable, Sendable {
    case pan, pinch, tilt, doubleTap, twoFingerTap, doubleTapDrag, wheel
}

/// What the arbiter reports after an event.
public enum GestureOutput: Hashable, Sendable {
    /// A continuous gesture started: the map stops any animation and says willMove(gesture: true).
    case began(GestureKind)
    /// Camera changes to apply now, in order.
    case changed([CameraDelta])
    /// The continuous gesture ended; a fling carries its velocity in points per second.
    case ended(fling: ScreenVector?)
    /// A discrete gesture: animate a zoom by the amount about the point (double tap: +1 at the
    /// tap; two-finger tap: −1 about the fingers' centre).
    case animatedZoom(by: Double, around: ScreenPoint, kind: GestureKind)
    /// A single tap at the point (for overlay and map tap events).
    case tap(ScreenPoint)
    /// A key asks for an animated scroll of the camera by the vector (points, screen axes).
    case animatedScroll(ScreenVector)
    /// A key asks for an animated zoom by the amount about the padded centre.
    case animatedZoomAtCenter(by: Double)
}

/// Which gesture families are on (SPEC §7). Switches never limit code.
public struct GestureSettings: Hashable, Sendable {
    public var scroll = true
    public var zoom = true
    public var tilt = true
    public var rotate = true

    public init(scroll: Bool = true, zoom: Bool = true, tilt: Bool = true, rotate: Bool = true) {
        self.scroll = scroll
        self.zoom = zoom
        self.tilt = tilt
        self.rotate = rotate
    }

    /// Every family on or off at once (the SDK's `setAllGesturesEnabled`).
    public static func all(_ enabled: Bool) -> GestureSettings {
        GestureSettings(scroll: enabled, zoom: enabled, tilt: enabled, rotate: enabled)
    }

    /// The deltas these settings allow.
    public func filter(_ deltas: [CameraDelta]) -> [CameraDelta] {
        deltas.filter {
            switch $0 {
            case .pan: return scroll
            case .zoom: return zoom
            case .rotate: return rotate
            case .tilt: return tilt
            }
        }
    }
}
