import Foundation
import MeridianServer
import MeridianTestSupport
import MeridianTiles
import NIOConcurrencyHelpers
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import MeridianRemote

/// `meridian serve` on data held by nginx: the data server stopped and started again under it.
@Suite(
    .serialized,
    .needsLoopbackNginx)
struct RemoteServeTests {
    /// Status, Retry-After and body length of a GET.
    static func get(_ url: String) async throws -> (status: Int, retryAfter: String?, bytes: Int) {
        var request = URLRequest(url: URL(string: url)!)
        request.cachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        return (http.statusCode, http.value(forHTTPHeaderField: "Retry-After"), data.count)
    }

    @Test(
        "data server stopped: a view drawn before is still answered, a new one is 503 with Retry-After; back, it is drawn"
    )
    func dataServerStops() async throws {
        var site: LoopbackNginx? = try LoopbackNginx()
        let base = site!.base
        // A reader of its own: the origin's breaker starts closed whatever an earlier test did.
        let service = try MapService(dataFolder: try RemoteData.folder(base + "/manifest.json", reader: RemoteReader()))
        let port = NIOLockedValueBox<Int?>(nil)
        let app = MeridianServer.application(service: service, host: "127.0.0.1", port: 0) { bound in
            port.withLockedValue { $0 = bound }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            while port.withLockedValue({ $0 }) == nil { try await Task.sleep(for: .milliseconds(20)) }
            let meridian = "http://127.0.0.1:\(port.withLockedValue { $0 }!)"
            let seen = meridian + "/staticmap?center=60.1699,24.9384&zoom=15&size=300x200"
            let unseen = meridian + "/staticmap?center=60.466,26.945&zoom=15&size=300x200"  // Kotka
            #expect(try await Self.get(seen).status == 200)
            site?.stop()
            site = nil
            let cached = try await Self.get(seen)
            #expect(cached.status == 200 && cached.bytes > 1000, "a view drawn before is answered")
            let down = try await Self.get(unseen)
            #expect(down.status == 503 && Int(down.retryAfter ?? "") ?? 0 >= 1, "\(down)")
            // The data server back on the same port: served again within the breaker's cooldown.
            let again = try LoopbackNginx(port: Int(URL(string: base)!.port!))
            defer { again.stop() }
            var answered = 0
            for _ in 0..<Int(CircuitBreaker.cooldown * 4 + 8) {
                answered = try await Self.get(unseen).status
                if answered == 200 { break }
                try await Task.sleep(for: .milliseconds(250))
            }
            #expect(answered == 200, "the server draws again without a restart")
            group.cancelAll()
        }
    }
}
