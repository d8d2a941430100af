import Foundation
import Logging
import MeridianTestSupport
import MeridianTileFixtures
import MeridianTiles
import NIOConcurrencyHelpers
import ServiceLifecycle
import Testing

@testable import MeridianRemote

/// Revalidation is a service of the application's group: it asks the data server while the group
/// runs, and nothing once the group has shut down.
@Suite(.serialized, .enabled(if: BadServer.available, "needs python3"))
struct RevalidationServiceTests {
    @Test("revalidation asks the data server while its service group runs and never after the group shut down")
    func stopsWithItsGroup() async throws {
        let server = try BadServer(mode: "count")
        defer { server.stop() }
        // A line per request the server answers, counted as they come.
        let requests = NIOLockedValueBox(server.leftover.filter { $0 == "\n" }.count)
        let output = server.output
        let reader = Thread {
            while true {
                let chunk = output.availableData
                if chunk.isEmpty { return }
                requests.withLockedValue { $0 += chunk.filter { $0 == 10 }.count }
            }
        }
        reader.start()
        let url = server.url("count")
        defer { CircuitBreaker.shared.success(CircuitBreaker.origin(url)) }
        // Pinned: the archive is one the process reads.
        try await Task.detached { _ = try RemoteArchive.open(url) }.value
        // This archive only: the process's others (other suites' servers, some stalling) are not
        // this test's to wait on.
        let archive = RemoteArchive.shared(url)
        let group = ServiceGroup(
            services: [RevalidationService(every: 0.1) { [archive] }], gracefulShutdownSignals: [],
            logger: Logger(label: "test"))
        let running = Task { try await group.run() }
        // On a loaded machine a round may wait for a thread: wait for three rounds, at most 30 s.
        var waited = 0
        while requests.withLockedValue({ $0 }) < 4, waited < 300 {
            try await Task.sleep(for: .milliseconds(100))
            waited += 1
        }
        let whileRunning = requests.withLockedValue { $0 }
        await group.triggerGracefulShutdown()
        try await running.value
        let atStop = requests.withLockedValue { $0 }
        try await Task.sleep(for: .milliseconds(800))
        let after = requests.withLockedValue { $0 }
        // Several rounds while it ran (one request each, after the open's), none after it stopped.
        #expect(whileRunning >= 4, "requests while running: \(whileRunning)")
        #expect(after == atStop, "requests after the stop: \(after - atStop)")
    }
}
