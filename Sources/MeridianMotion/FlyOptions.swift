import MeridianGeometry

/// How a fly travels (MapLibre GL JS `flyTo`'s `curve`, `speed`, `screenSpeed` and
/// `maxDuration`): the path's curvature and how fast it is flown.
///
/// The automatic duration is the path's length S (in view widths, ``CameraTransition/flyLength``)
/// divided by a speed V: `screenSpeed / curve` when a screen speed is given (view widths per
/// second, as if flown linearly), else `speed`; at least ``minimumDuration``. A duration above
/// `maxDuration` (the automatic one or a transaction's) makes the fly a jump: it snaps.
public struct FlyOptions: Hashable, Sendable {
    /// ρ, the zoom-out against pan trade-off (√2 ≈ 1.42 is the paper's choice; larger pulls
    /// out farther). Finite and positive.
    public let curve: Double
    /// The average speed along the path in view widths per second (MapLibre's default 1.2).
    public let speed: Double
    /// If set, the average speed in view widths per second assuming a linear timing curve;
    /// ``speed`` is then ignored.
    public let screenSpeed: Double?
    /// If set, seconds: a fly that would last longer snaps to its end instead.
    public let maxDuration: Double?

    /// The shortest automatic duration, in seconds.
    public static let minimumDuration = 0.3

    /// Creates fly options: the curvature ρ, speeds in view widths per second and a maximum
    /// duration in seconds.
    /// - Throws: `InvalidArgument` naming `curve`, `speed` or `screenSpeed` unless finite and
    ///   positive, or `maxDuration` unless finite and not negative.
    public init(
        curve: Double = CameraTransition.defaultRho, speed: Double = CameraTransition.flySpeed,
        screenSpeed: Double? = nil, maxDuration: Double? = nil
    ) throws(InvalidArgument) {
        self.curve = try Self.positive(curve, "curve")
        self.speed = try Self.positive(speed, "speed")
        self.screenSpeed = try screenSpeed.map { v throws(InvalidArgument) in try Self.positive(v, "screenSpeed") }
        if let maxDuration, !(maxDuration.isFinite && maxDuration >= 0) {
            throw InvalidArgument(
                parameter: "maxDuration", value: maxDuration,
                problem: maxDuration.isFinite ? .outOfRange(lowerBound: 0, upperBound: .infinity) : .notFinite)
        }
        self.maxDuration = maxDuration
    }

    /// The defaults: ρ 1.42, 1.2 view widths per second, no screen speed, no maximum.
    public static let standard = try! FlyOptions()

    /// The average speed V in view widths per second.
    public var velocity: Double { screenSpeed.map { $0 / curve } ?? speed }

    /// Seconds for a fly along `transition` (its length over ``velocity``, at least
    /// ``minimumDuration``), or 0 when that exceeds ``maxDuration``, or when it is not finite
    /// (a speed so small that the fly would never end snaps instead).
    public func duration(for transition: CameraTransition) -> Double {
        let seconds = Swift.max(Self.minimumDuration, transition.flyLength / velocity)
        return seconds.isFinite ? limited(seconds) : 0
    }

    /// `seconds`, or 0 when it exceeds ``maxDuration`` (the fly then snaps).
    public func limited(_ seconds: Double) -> Double {
        if let maxDuration, seconds > maxDuration { return 0 }
        return seconds
    }

    static func positive(_ v: Double, _ name: String) throws(InvalidArgument) -> Double {
        let x = try InvalidArgument.finite(v, name)
        guard x > 0 else {
            throw InvalidArgument(
                parameter: name, value: x,
                problem: .outOfRange(lowerBound: .leastNonzeroMagnitude, upperBound: .infinity))
        }
        return x
    }
}
