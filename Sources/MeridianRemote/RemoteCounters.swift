import Foundation
import Metrics

/// What remote archives cost, counted through swift-metrics (the server's `/metrics` shows them):
/// requests and their failures, bytes fetched, request latency, blocks found in the cache or
/// not, and archives found replaced. Each reader has its own handles (`RemoteContext`); the
/// metrics system adds up every reader's under one label.
final class RemoteCounters: Sendable {
    private let requests = Counter(label: "meridian_remote_requests_total")
    private let failures = Counter(label: "meridian_remote_failures_total")
    private let bytes = Counter(label: "meridian_remote_bytes_total")
    private let latency = Metrics.Timer(label: "meridian_remote_request_seconds")
    private let hits = Counter(label: "meridian_remote_cache_hits_total")
    private let misses = Counter(label: "meridian_remote_cache_misses_total")
    private let replacements = Counter(label: "meridian_remote_replaced_total")

    func fetched(bytes count: Int, seconds: Double) {
        requests.increment()
        bytes.increment(by: count)
        latency.recordNanoseconds(Int64(seconds * 1e9))
    }

    func failed() {
        requests.increment()
        failures.increment()
    }

    func read(hits found: Int, misses missing: Int) {
        if found > 0 { hits.increment(by: found) }
        if missing > 0 { misses.increment(by: missing) }
    }

    func replaced() { replacements.increment() }
}
