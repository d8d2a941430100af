import Foundation
import NIOConcurrencyHelpers

/// Failures counted per origin (scheme, host and port): after ``threshold`` in a row the origin is
/// left alone for ``cooldown`` seconds, every read of it failing at once, so a server that is down
/// costs each frame nothing instead of a timeout per tile. One success closes it again. Each
/// reader has its own (`RemoteContext`).
final class CircuitBreaker: Sendable {
    /// Failures in a row that open the breaker.
    static let threshold = 3
    /// Seconds an open breaker stays open.
    static let cooldown = 10.0

    private struct Origin {
        var failures = 0
        var openUntil: Date?
    }

    private let origins = NIOLockedValueBox<[String: Origin]>([:])

    /// The origin of `url`: its scheme, host and port (`http://127.0.0.1:8080`).
    static func origin(_ url: String) -> String {
        guard let u = URL(string: url), let scheme = u.scheme, let host = u.host else { return url }
        return "\(scheme)://\(host)" + (u.port.map { ":\($0)" } ?? "")
    }

    /// Seconds until `origin` may be asked again; nil when it may be now.
    func retryAfter(_ origin: String, now: Date = Date()) -> Int? {
        origins.withLockedValue { all in
            guard let until = all[origin]?.openUntil, until > now else { return nil }
            return max(1, Int(until.timeIntervalSince(now).rounded(.up)))
        }
    }

    /// A failed read of `origin`: the breaker opens at the ``threshold``-th in a row. Returns the
    /// seconds a client should wait (the cooldown when open, else 1).
    @discardableResult
    func failure(_ origin: String, now: Date = Date()) -> Int {
        origins.withLockedValue { all in
            var o = all[origin] ?? Origin()
            o.failures += 1
            if o.failures >= Self.threshold { o.openUntil = now.addingTimeInterval(Self.cooldown) }
            all[origin] = o
            return o.openUntil == nil ? 1 : Int(Self.cooldown)
        }
    }

    /// A good answer from `origin`: its count starts again.
    func success(_ origin: String) {
        origins.withLockedValue { $0[origin] = nil }
    }
}
