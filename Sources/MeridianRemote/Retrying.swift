import Foundation
import MeridianTiles
import NIOCore

/// Why one request of remote data failed: the object was replaced, it will fail again, or it may not.
enum RangeFailure: Error {
    case replaced
    case refused(String)
    case transient(String)
}

/// A request of `url` tried up to three times (backoff 0.1 s, then 0.3 s), every attempt within
/// one deadline of `timeout` seconds or `until` (a frame's), whichever comes first, behind the
/// origin's `CircuitBreaker`, counted in `RemoteCounters` (both of `context`, a reader's). A
/// deadline already passed asks nothing.
/// - Throws: `TileError.changed` when an attempt finds the object replaced (after `replaced`
///   ran); `TileError.unavailable` when the breaker is open, the answer is refused (not
///   retried: 404, no ranges) or the last attempt failed.
func retrying<T>(
    _ url: String, in context: RemoteContext, timeout: Int64, until frame: Deadline = .never, bytes: (T) -> Int,
    replaced: () -> Void,
    _ once: (NIODeadline) throws(RangeFailure) -> T
) throws(TileError) -> T {
    var deadline = NIODeadline.now() + .seconds(timeout)
    if let left = frame.secondsLeft {
        guard left > 0 else { throw .unavailable(url: url, reason: "the frame's deadline passed", retryAfter: 1) }
        deadline = min(deadline, NIODeadline.now() + .nanoseconds(Int64(min(left, Double(timeout)) * 1e9)))
    }
    let origin = CircuitBreaker.origin(url)
    let (counters, breaker) = (context.counters, context.breaker)
    if let wait = breaker.retryAfter(origin) {
        throw .unavailable(
            url: url, reason: "its server failed \(CircuitBreaker.threshold) times in a row", retryAfter: wait)
    }
    var last = "no answer"
    for attempt in 0...RemoteArchive.backoff.count {
        if attempt > 0 {
            let pause = RemoteArchive.backoff[attempt - 1]
            guard NIODeadline.now() + .milliseconds(Int64(pause * 1000)) < deadline else { break }
            Thread.sleep(forTimeInterval: pause)
        }
        let began = Date()
        do throws(RangeFailure) {
            let got = try once(deadline)
            counters.fetched(bytes: bytes(got), seconds: Date().timeIntervalSince(began))
            breaker.success(origin)
            return got
        } catch {
            counters.failed()
            switch error {
            case .replaced:
                replaced()
                throw .changed(url: url)
            case let .refused(reason):
                throw .unavailable(url: url, reason: reason, retryAfter: breaker.failure(origin))
            case let .transient(reason): last = reason
            }
        }
    }
    throw .unavailable(url: url, reason: last, retryAfter: breaker.failure(origin))
}
