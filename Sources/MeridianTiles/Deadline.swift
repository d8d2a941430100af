/// A point in time by which a drawing must finish, on the monotonic `ContinuousClock` (a change
/// of the wall clock neither cuts a drawing short nor lets it run on), checked the same way at
/// every stage of a frame (`check(_:)` between stages, ``hasPassed`` in the rasterisers' loops)
/// and by every read of a tile it makes (``Tileset/data(for:deadline:)``,
/// ``ByteSource/read(at:count:deadline:)``: a read from an HTTP server gives up at it).
///
/// ``never`` (the default of `MapRenderer.deadline`) never passes and costs no clock read.
public struct Deadline: Sendable, Hashable, Comparable {
    /// The instant, nil for ``never``.
    let instant: ContinuousClock.Instant?

    /// A deadline that never passes.
    public static let never = Deadline(instant: nil)

    /// The deadline at `instant` of the continuous clock.
    public init(_ instant: ContinuousClock.Instant) { self.instant = instant }

    private init(instant: ContinuousClock.Instant?) { self.instant = instant }

    /// The deadline `seconds` from now; a negative number gives one already passed, and NaN or
    /// infinity (or more than a year) gives ``never``.
    public static func after(seconds: Double) -> Deadline {
        guard seconds.isFinite, seconds < 365 * 86_400 else { return .never }
        return Deadline(ContinuousClock.now + .nanoseconds(Int64((seconds * 1e9).rounded())))
    }

    /// Whether the deadline has passed (reads the clock unless ``never``).
    public var hasPassed: Bool { instant.map { ContinuousClock.now > $0 } ?? false }

    /// Seconds until the deadline (0 or less once passed); nil for ``never``.
    public var secondsLeft: Double? {
        instant.map { at in
            let left = ContinuousClock.now.duration(to: at).components
            return Double(left.seconds) + Double(left.attoseconds) * 1e-18
        }
    }

    /// Earlier deadlines first; ``never`` after every instant.
    public static func < (a: Deadline, b: Deadline) -> Bool {
        switch (a.instant, b.instant) {
        case let (x?, y?): return x < y
        case (_?, nil): return true
        case (nil, _): return false
        }
    }
}
