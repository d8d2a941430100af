import MeridianCamera
import MeridianGeometry
import MeridianMotion
import MeridianOverlays

/// What a map tells its observer (SPEC §4, §8).
///
/// Order: `willMove` when a movement starts (each snap, each animation started from rest or
/// replacing another, each gesture); `didChange` for every frame in which the camera changed,
/// always including the final position; `idle` once when no gesture, animation or glide is
/// left. A snap gives willMove, didChange, idle. A call that does not change the camera gives
/// nothing.
public enum MapEvent: Hashable, Sendable {
    /// A movement starts; `gesture` is true when a gesture moves the camera directly, false for
    /// snaps and animations (including one a gesture starts, such as a double-tap zoom).
    case willMove(gesture: Bool)
    /// The camera changed in this frame; the value is the new camera.
    case didChange(CameraPosition)
    /// Nothing moves any more (no gesture, animation or glide); the value is the camera at rest.
    case idle(CameraPosition)
    /// A tap on the map where no overlay was hit, at the ground coordinate under it.
    case tapMap(Coordinate)
    /// A tap that hit an overlay.
    case tapOverlay(OverlayID)
}

/// How the animations started inside a transaction run (the analogue of a Core Animation
/// transaction, SPEC §4).
public struct AnimationOptions {
    /// Seconds; nil means the default (0.3 s, or automatic for `fly`). Zero snaps, and so do
    /// negative and non-finite durations.
    public var duration: Double?
    /// How progress runs over the duration (default `TimingCurve.easeInOut`).
    public var curve: TimingCurve
    /// Called once when the animation ends: true when it reached its end, false when it was
    /// replaced, stopped by a gesture or by a camera set.
    public var completion: ((Bool) -> Void)?

    /// Options for the animations started in a transaction: a duration in seconds (nil for the
    /// default), a timing curve and a completion handler.
    public init(duration: Double? = nil, curve: TimingCurve = .easeInOut, completion: ((Bool) -> Void)? = nil) {
        self.duration = duration
        self.curve = curve
        self.completion = completion
    }

    /// The default camera animation length, in seconds.
    public static let defaultDuration = 0.3
}
