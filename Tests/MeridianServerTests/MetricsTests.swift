import Foundation
@testable import MeridianServer
import MeridianTestSupport
import Testing

@Suite(
    .enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "no default data: run scripts/build-data.sh"),
    .serialized)
struct MetricsTests {
    /// The value of one sample line (`name{labels} value`) in Prometheus text, or nil.
    static func sample(_ text: String, _ prefix: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap {
            $0.split(separator: " ").last.flatMap { Double($0) }
        }
    }

    @Test(
        "/metrics in the Prometheus text format: requests by route template and status, latency histograms, cache, sessions, queue"
    )
    func metrics() async throws {
        try await withLiveServer { base in
            let before = String(decoding: try await get(base + "/metrics").body, as: UTF8.self)
            // A route and status no other test of this process asks for (the registry is the process's).
            let probe = #"meridian_http_requests_total{route="/data/{source}/metadata.json",status="404"}"#
            let map = base + "/staticmap?center=60.17,24.94&zoom=15&size=64x64"
            _ = try await get(base + "/data/metrics-probe/metadata.json")
            _ = try await get(map)
            _ = try await get(map)
            _ = try await get(base + "/staticmap?size=64x64&zoom=99")
            _ = try await get(base + "/no/such/" + String(repeating: "x", count: 200))
            let response = try await get(base + "/metrics")
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(
                response.status == 200
                    && response.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
            #expect(Self.sample(text, probe) == (Self.sample(before, probe) ?? 0) + 1, "\(text.prefix(2000))")
            #expect(
                Self.sample(text, #"meridian_http_requests_total{route="/staticmap",status="400"}"#).map { $0 >= 1 }
                    == true)
            // A path no route matches is counted under one label, never its own.
            #expect(text.contains(#"status="404"}"#) && !text.contains("xxxxxxxx"))
            #expect(text.contains("# TYPE meridian_http_request_duration_seconds histogram"))
            #expect(Self.sample(text, "meridian_response_cache_hits_total").map { $0 >= 1 } == true)
            #expect(Self.sample(text, "meridian_response_cache_bytes").map { $0 > 0 } == true)
            // The gauges are the process's (other suites' servers, with sessions open, report into
            // the same registry): present and counts, not this server's own zero.
            #expect((Self.sample(text, "meridian_prepared_layers_bytes") ?? -1) >= 0)
            #expect(
                (Self.sample(text, "meridian_viewer_sessions") ?? -1) >= 0
                    && Self.sample(text, "meridian_drawing_queue") != nil)
        }
    }
}
