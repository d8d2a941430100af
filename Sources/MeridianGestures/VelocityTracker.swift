import MeridianGeometry

/// Estimates a pointer's velocity from its recent samples: the displacement over the last
/// ``window`` seconds divided by the time it took.
public struct VelocityTracker: Hashable, Sendable {
    /// How far back samples count, in seconds.
    public static let window = 0.1
    var samples: [(time: Double, point: ScreenPoint)] = []

    public init() {}

    public mutating func add(_ point: ScreenPoint, at time: Double) {
        samples.append((time, point))
        samples.removeAll { $0.time < time - Self.window }
    }

    /// Points per second, or zero without two samples spread in time.
    public var velocity: ScreenVector {
        guard let first = samples.first, let last = samples.last, last.time - first.time > 1e-3 else {
            return ScreenVector(dx: 0, dy: 0)
        }
        let dt = last.time - first.time
        return ScreenVector(dx: (last.point.x - first.point.x) / dt, dy: (last.point.y - first.point.y) / dt)
    }

    public static func == (a: VelocityTracker, b: VelocityTracker) -> Bool {
        a.samples.count == b.samples.count
            && zip(a.samples, b.samples).allSatisfy { $0.time == $1.time && $0.point == $1.point }
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(samples.count) }
}
