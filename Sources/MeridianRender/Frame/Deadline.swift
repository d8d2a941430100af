/// A point in time by which a drawing must finish, on the monotonic `ContinuousClock` (a change
/// of the wall clock neither cuts a drawing short nor lets it run on), checked the same way at
/// every stage of a frame: ``check(_:)`` between stages, ``hasPassed`` in the rasterisers' loops.
///
/// ``never`` (the default of ``MapRenderer/deadline``) never passes and costs no clock read.
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

    /// Throws ``RenderError/deadlinePassed(_:)`` naming `stage` once the deadline has passed.
    public func check(_ stage: @autoclosure () -> String) throws(RenderError) {
        if hasPassed { throw .deadlinePassed(stage()) }
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
