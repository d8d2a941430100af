/// Where a map's time comes from, in seconds on a monotonic scale. Applications use
/// ``SystemClock``; tests use ``ManualClock`` and step it, so every animation is reproducible
/// frame by frame.
public protocol MapClock: AnyObject {
    /// The current time in seconds.
    var now: Double { get }
}

/// A clock that only moves when told to (the model is swift-nio's `EmbeddedEventLoop`).
public final class ManualClock: MapClock {
    /// The current time in seconds; it changes only through ``advance(by:)``.
    public private(set) var now: Double

    /// A clock stopped at `now` seconds (default 0), taken as given.
    public init(now: Double = 0) { self.now = now }

    /// Moves time forward by `seconds` (negative or non-finite amounts are ignored).
    public func advance(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        now += seconds
    }
}

/// The process's monotonic clock.
public final class SystemClock: MapClock {
    let origin = ContinuousClock.now

    /// A clock reading 0 now.
    public init() {}

    /// Seconds since this clock was created, from the monotonic `ContinuousClock`.
    public var now: Double {
        let d = ContinuousClock.now - origin
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}
