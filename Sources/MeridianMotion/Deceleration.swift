import MeridianGeometry
import RealModule

/// The glide after a fling: the velocity decays exponentially, v(t) = v₀·e^(−t/τ), so the
/// distance travelled is v₀·τ·(1 − e^(−t/τ)); it ends when the speed falls below
/// ``stopSpeed``. A pure function of elapsed time.
public struct Deceleration: Hashable, Sendable {
    /// Initial velocity in points per second.
    public let velocity: ScreenVector
    /// Time constant τ in seconds.
    public let timeConstant: Double
    /// Speed, in points per second, at which the glide stops.
    public static let stopSpeed = 20.0
    /// Flings slower than this (points per second) do not glide at all.
    public static let minimumSpeed = 80.0

    /// A glide from `velocity` (points per second) with time constant τ in seconds, or nil when
    /// the velocity is slower than ``minimumSpeed`` or not finite, or `timeConstant` is not
    /// finite and positive.
    public init?(velocity: ScreenVector, timeConstant: Double = 0.325) {
        guard velocity.dx.isFinite, velocity.dy.isFinite, velocity.length >= Self.minimumSpeed,
            timeConstant.isFinite, timeConstant > 0
        else { return nil }
        self.velocity = velocity
        self.timeConstant = timeConstant
    }

    /// How long the glide lasts, in seconds.
    public var duration: Double { timeConstant * Double.log(velocity.length / Self.stopSpeed) }

    /// Distance travelled after `t` seconds, in points; `t` is clamped to [0, ``duration``]
    /// and NaN gives the whole glide.
    public func offset(at t: Double) -> ScreenVector {
        let time = min(max(t.isNaN ? duration : t, 0), duration)
        let f = timeConstant * (1 - Double.exp(-time / timeConstant))
        return ScreenVector(dx: velocity.dx * f, dy: velocity.dy * f)
    }
}
